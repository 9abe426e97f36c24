import SelectorCore
import Testing
import UiSelectorEngine
import ViewSelectorsTesting

/// Mutated selectors (a small in-process fuzz, deterministic): every input either compiles and runs
/// or fails with a positioned error inside the text; none crashes, hangs or overflows the stack.
@Suite struct UiSelectorRobustnessTests {
    /// A fixed linear congruential generator, so a failure reproduces.
    struct LCG {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(max(bound, 1)))
        }
    }

    static let tokens = ["new UiSelector()", ".childSelector(", ".fromParent(", "new UiScrollable(", ".scrollIntoView(",
                         ".text(", ".textMatches(", ".instance(", ".index(", "\"", "\\\"", ")", "(", ";", ".", "true",
                         "2147483648", "-1", "(((", ".*", "[", "\u{00A0}", "é", ">>", "android.widget.Button.class"]

    @Test func mutatedSelectorsFailCleanly() throws {
        let seeds = UiSelectorSemanticsTests.table.map(\.0) + UiSelectorErrorTests.table.map(\.0)
        var rng = LCG(state: 0x5EED)
        var compiled = 0, failed = 0
        for seed in seeds {
            for _ in 0..<40 {
                var bytes = Array(seed.utf8)
                for _ in 0...rng.next(3) {
                    switch rng.next(4) {
                    case 0 where !bytes.isEmpty:
                        let at = rng.next(bytes.count)
                        bytes.removeSubrange(at..<min(bytes.count, at + 1 + rng.next(6)))
                    case 1:
                        bytes.insert(contentsOf: Array(Self.tokens[rng.next(Self.tokens.count)].utf8), at: rng.next(bytes.count + 1))
                    case 2 where !bytes.isEmpty:
                        let at = rng.next(bytes.count), end = min(bytes.count, at + 1 + rng.next(20))
                        bytes.insert(contentsOf: Array(bytes[at..<end]), at: rng.next(bytes.count + 1))
                    default:
                        if !bytes.isEmpty { bytes[rng.next(bytes.count)] = UInt8(rng.next(128)) }
                    }
                }
                let text = String(decoding: bytes, as: UTF8.self)
                do {
                    for tree in [androidTree, wecom] { _ = try uiRegistry.select(text, engine: "uiselector", in: tree) }
                    compiled += 1
                } catch {
                    failed += 1
                    #expect(!error.message.isEmpty)
                    if let offset = error.offset { #expect(offset >= 0 && offset <= text.utf8.count, "\(text)") }
                    if error.kind == .syntax { #expect(error.column != nil, "\(text)") }
                }
            }
        }
        #expect(compiled > 100)
        #expect(failed > 100)
    }

    /// A catastrophic pattern stops at the match limit instead of running for minutes.
    @Test func catastrophicRegexIsALimitError() {
        let tree = N("android.widget.TextView", "t", [("text", .string(String(repeating: "a", count: 40) + "b"))])
            .build(hierarchy: .android)
        let error = #expect(throws: SelectorError.self) {
            _ = try uiRegistry.select(#"new UiSelector().textMatches("(a+)+")"#, engine: "uiselector", in: tree)
        }
        #expect(error?.kind == .limit)
        #expect(error?.message.hasPrefix("regex match limit exceeded in textMatches(\"(a+)+\")") == true)
    }
}
