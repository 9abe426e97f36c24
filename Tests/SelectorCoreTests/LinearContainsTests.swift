@testable import SelectorCore
import Testing

/// The built-in `contains` stays linear in the value whatever the needle (issue 28: a megabyte
/// label of `a` searched for `aaa…b` compared the needle at every position), and agrees with a
/// plain search on the inputs that reach its linear path.
@Suite("Built-in contains: linear on hostile values")
struct LinearContainsTests {
    /// A naive reference: every start position, every byte.
    static func reference(_ hay: [UInt8], _ needle: [UInt8]) -> Bool {
        if needle.isEmpty { return true }
        if hay.count < needle.count { return false }
        for p in 0...(hay.count - needle.count) where Array(hay[p..<(p + needle.count)]) == needle { return true }
        return false
    }

    @Test func kmpAgreesWithTheNaiveSearch() {
        var rng = SystemRandomNumberGenerator()
        var checked = 0
        for _ in 0..<3_000 {
            let alphabet: [UInt8] = [0x61, 0x62, 0x63]
            let hay = (0..<Int.random(in: 0...40, using: &rng)).map { _ in alphabet[Int.random(in: 0..<2, using: &rng)] }
            let needle = (0..<Int.random(in: 1...6, using: &rng)).map { _ in alphabet[Int.random(in: 0..<2, using: &rng)] }
            let got = hay.withUnsafeBufferPointer { h in
                needle.withUnsafeBufferPointer { ByteSearch.knuthMorrisPratt($0, in: h) != nil }
            }
            #expect(got == Self.reference(hay, needle), "\(needle) in \(hay)")
            checked += 1
        }
        #expect(checked == 3_000)
    }

    /// A value long enough to leave memchr/memcmp for the linear search part-way through, with
    /// the match before, at and after the point where it switches.
    @Test(arguments: [0, 100_000, 599_990, 998_999])
    func theSwitchKeepsMatchesFoundAnywhere(at offset: Int) {
        let needle = Array(repeating: UInt8(ascii: "a"), count: 1_000) + [UInt8(ascii: "b")]
        var hay = Array(repeating: UInt8(ascii: "a"), count: 1_000_000)
        hay[offset + 1_000] = UInt8(ascii: "b")
        let evaluator = BuiltinStringEvaluator(.contains(String(decoding: needle, as: UTF8.self)))
        #expect(hay.withUnsafeBufferPointer { evaluator.matches($0) })
        hay[offset + 1_000] = UInt8(ascii: "a")
        #expect(!hay.withUnsafeBufferPointer { evaluator.matches($0) })
    }

    /// The attack itself through the matcher: one view with a megabyte label, a 60 KB needle
    /// that almost matches everywhere, case-sensitive and not. It took minutes (10^6 starts ×
    /// 6·10^4 bytes); linear, it is milliseconds, so a generous bound cannot pass by luck.
    @Test(arguments: [false, true])
    func aMegabyteLabelAndANeedleThatAlmostMatchesEverywhere(caseInsensitive: Bool) throws {
        var builder = ViewTreeBuilder()
        let root = builder.addNode(className: "UIWindow")
        let label = builder.addNode(className: "UILabel", parent: root)
        builder.setString("accessibilityLabel", String(repeating: "a", count: 1_000_000), on: label)
        let tree = builder.build()
        let needle = String(repeating: "a", count: 60_000) + "b"
        let test: StringTest = caseInsensitive ? StringTest(.contains, needle, options: .caseInsensitive) : .contains(needle)
        var steps = ProgramBuilder(start: .document)
        steps.descendants(.string(property: "accessibilityLabel", test), unique: true)
        let program = steps.build()
        let started = ContinuousClock.now
        let found = try Matcher().select(program, in: tree)
        #expect(found.isEmpty)
        #expect(ContinuousClock.now - started < .seconds(20))
    }
}
