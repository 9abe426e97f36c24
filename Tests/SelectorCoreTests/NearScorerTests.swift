@testable import SelectorCore
import Testing

/// The explainer's fast paths against their plain definitions: the byte-class bound against the
/// edit-distance table, and the descendant ranges against the matcher's own descendant step
/// (the distances themselves: EditDistanceTests).
@Suite("Explain: near-miss scoring and candidate ranges")
struct NearScorerTests {
    /// A deterministic generator (SplitMix64), so a failure names a reproducible case.
    struct Mix { var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func string(maxLength: Int, alphabet: [UInt8]) -> [UInt8] {
            (0..<Int(next() % UInt64(maxLength + 1))).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] }
        }
    }

    @Test("the scorer's ASCII path (byte classes, Myers) agrees with the Character path")
    func asciiAgreesWithCharacters() {
        var mix = Mix(state: 99)
        let alphabet = Array("Row 7-3xLOGinl ".utf8)
        for _ in 0..<3000 {
            let wanted = String(decoding: mix.string(maxLength: 10, alphabet: alphabet), as: UTF8.self)
            let actual = String(decoding: mix.string(maxLength: 12, alphabet: alphabet), as: UTF8.self)
            for containing in [false, true] {
                let slow = Closeness.score(actual: actual, wanted: wanted, containing: containing)
                let expected = slow <= 3 || slow - 10 <= max(2, wanted.count / 3) ? slow : nil
                #expect(NearScorer(wanted: wanted, containing: containing).score(actual) == expected,
                        "\(actual) vs \(wanted), containing: \(containing)")
            }
        }
        // Past the byte-class bound, though the lengths alone would allow it.
        #expect(NearScorer(wanted: "Row 7-3x", containing: false).score("Row 123-45") == nil)
        #expect(NearScorer(wanted: "Row 7-3x", containing: false).score("Row 7-3") == 3)
        #expect(NearScorer(wanted: "Row 7-3x", containing: false).score("Row 7-31") == 11)
        #expect(NearScorer(wanted: "Log In", containing: false).score("log in") == 1)
        #expect(NearScorer(wanted: "Log In", containing: false).score("Lo g In") == 2)
        // Not ASCII: the Character path.
        #expect(NearScorer(wanted: "Café", containing: false).score("Cafe") == 11)
    }

    @Test("bits of a range are set whole words at a time, the ends exactly")
    func setBits() {
        for (lo, hi) in [(0, 0), (0, 1), (3, 64), (63, 65), (64, 128), (5, 300), (130, 131)] {
            var words = [UInt64](repeating: 0, count: 6)
            words.withUnsafeMutableBufferPointer { Explainer.setBits(lo..<hi, in: $0) }
            for bit in 0..<384 {
                #expect((words[bit >> 6] >> UInt64(bit & 63)) & 1 == ((lo..<hi).contains(bit) ? 1 : 0), "\(lo)..<\(hi) bit \(bit)")
            }
        }
    }

    @Test("descendant ranges hold exactly the views the descendant step reaches", arguments: [false, true])
    func descendantRanges(includeSelf: Bool) throws {
        let tree = N("UIWindow", "w", [], [
            N("UIView", "A", [], [N("UILabel", "a1", label: "one"), N("UIView", "a2", [], [N("UIButton", "a21"), N("UIButton", "a22")])]),
            N("UIView", "B", [], [N("UILabel", "b1", label: "three")]),
            N("UIView", "C"),
        ]).build()
        let registry = EngineRegistry()
        let query = CompiledQuery(source: "", parts: [])
        let explainer = Explainer(registry: registry, tree: tree, query: query, deadline: nil)
        let axis: Axis = includeSelf ? .descendantsOrSelf : .descendants
        var mix = Mix(state: 3)
        var inputs: [[NodeID]] = [[-1], [0], [], Array(0..<Int32(tree.count)).reversed()]
        for _ in 0..<40 { inputs.append((0..<Int(mix.next() % 6)).map { _ in NodeID(mix.next() % UInt64(tree.count)) }) }
        for input in inputs {
            var run = registry.matcher.makeRun(in: tree, predicates: registry.predicates,
                                               budget: registry.limits.budget(treeSize: tree.count))
            let expected = Set(try run.run([.axis(axis, order: .document, filter: .any, unique: true)], from: input).filter { $0 >= 0 })
            let ranges = explainer.descendantRanges(input, includeSelf: includeSelf)
            let got = Explainer.Candidates.ranges(ranges)
            #expect(Set(got.list) == expected, "input \(input)")
            #expect(got.count == expected.count, "input \(input)")
            #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound < $1.lowerBound }, "disjoint and ascending: \(ranges)")
        }
    }
}
