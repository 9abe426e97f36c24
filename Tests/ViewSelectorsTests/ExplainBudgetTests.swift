@testable import SelectorCore
import SyntheticHierarchy
import Testing
import ViewSelectors

/// Issue 28, items 4 and 12: explaining stays within a bound per value, the query's budget, and
/// a bounded amount of bitset memory, whatever the labels and however many conjuncts.
@Suite("Explain within budget")
struct ExplainBudgetTests {
    static func registry(_ limits: SelectorLimits = SelectorLimits()) -> EngineRegistry {
        let registry = EngineRegistry(limits: limits)
        try! BuiltinEngines.register(in: registry)
        return registry
    }

    /// A window of labels: `Log In`, then each of `labels`.
    static func tree(_ labels: [String]) -> ViewTree {
        var b = ViewTreeBuilder()
        let window = b.addNode(className: "UIWindow")
        for label in ["Log In"] + labels {
            let view = b.addNode(className: "UILabel", parent: window)
            b.setString("accessibilityLabel", label, on: view)
        }
        return b.build()
    }

    static let megabyte = 1_000_000

    @Test("megabyte labels against long literals: linear, with the near misses inside the window")
    func megabyteLabels() throws {
        let labels = [
            String(repeating: "A", count: Self.megabyte),  // folded, every start matched 30,000 bytes
            String(repeating: " ", count: Self.megabyte),  // every start skipped a megabyte of spaces
            String(repeating: "é", count: Self.megabyte / 2),  // the Character path
            String(repeating: "x", count: 100) + "LOG IN NOW" + String(repeating: "b", count: Self.megabyte),
            String(repeating: "b", count: Self.megabyte) + "LOG IN",  // past the window
        ]
        let tree = Self.tree(labels)
        let registry = Self.registry()
        let start = ContinuousClock.now
        for literal in [String(repeating: "a", count: 30_000) + "b", "xy", String(repeating: "É", count: 20_000) + "x"] {
            let x = try registry.explain("view:'UILabel' marked:'\(literal)'", engine: "shelley", in: tree)
            #expect(x.count == 0)
            #expect(x.empty?.step == 1)
            // None of them is near these literals.
            #expect(x.nearMisses.isEmpty, "\(x.nearMisses.map(\.view))")
        }
        let x = try registry.explain("view:'UILabel' marked:'log in'", engine: "shelley", in: tree)
        // `Log In` and the long label holding `LOG IN` within its first 64 KiB, both same but for
        // case; the one holding it a megabyte in is not looked at that far.
        #expect(x.nearMisses.map(\.node) == [1, 5])
        #expect(x.nearMisses.map(\.closeness) == [1, 1])
        // The megabyte value is cut in words, not sent whole.
        #expect(x.text.utf8.count < 10_000)
        #expect(x.nearMisses[1].reason.contains("bytes)"))
        // Before: minutes (O(value × literal) per value). A generous bound for sanitizer runs.
        #expect(ContinuousClock.now - start < .seconds(20))
    }

    @Test("an equality literal against a megabyte label: rejected from the lengths, the close one kept")
    func equalityLiteral() throws {
        let tree = Self.tree([String(repeating: "a", count: Self.megabyte), String(repeating: "a", count: 200)])
        let x = try Self.registry().explain("view:'UILabel' markedExactly:'\(String(repeating: "a", count: 199))b'",
                                            engine: "shelley", in: tree)
        // The 200-byte label is one edit away (10 + 1); the megabyte one is nowhere near.
        #expect(x.nearMisses.map(\.node) == [3])
        #expect(x.nearMisses.first?.closeness == 11)
    }

    @Test("scoring is charged to the query's work budget: past it, the budget error, not a partial ranking")
    func scoringChargesWork() throws {
        // 200 distinct 60 KB labels: each scored value costs about a thousand units of work.
        let labels = (0..<200).map { String(repeating: "A", count: 60_000) + String($0) }
        let tree = Self.tree(labels)
        let selector = "view:'UILabel' marked:'zz'"
        let limits = SelectorLimits(maxWork: 50_000)
        // The query alone is well within the budget...
        #expect(try Self.registry(limits).select(selector, engine: "shelley", in: tree).isEmpty)
        // ...its explanation is not.
        let error = #expect(throws: SelectorError.self) {
            try Self.registry(limits).explain(selector, engine: "shelley", in: tree)
        }
        #expect(error?.kind == .limit)
        #expect(error?.message.contains("SelectorLimits.maxWork") == true, "\(String(describing: error))")
        // With the default budget it answers.
        let x = try Self.registry().explain(selector, engine: "shelley", in: tree)
        #expect(x.count == 0 && x.nearMisses.isEmpty)
    }

    @Test("a deadline that passes while values are scored stops it with the budget error")
    func deadline() throws {
        // 60 MB of distinct labels: the query reads them with memchr in milliseconds; scoring
        // them took a second or more in a debug build, past the 50 ms deadline.
        let labels = (0..<1_500).map { String(repeating: "A", count: 40_000) + String($0) }
        let tree = Self.tree(labels)
        let registry = Self.registry()
        let start = ContinuousClock.now
        do {
            let x = try registry.explain("view:'UILabel' marked:'zz'", engine: "shelley", in: tree,
                                         deadline: .now.advanced(by: .milliseconds(50)))
            Issue.record("60 MB of labels scored within 50 ms? \(x.count), \(ContinuousClock.now - start)")
        } catch {
            #expect(error.kind == .deadline)
            #expect(error.message.contains("time budget"), "\(error)")
        }
        #expect(ContinuousClock.now - start < .seconds(20))
    }

    @Test("3,000 conjuncts on 10^5 views: at most 65 bitsets, and the near misses still found")
    func manyConjuncts() throws {
        let tree = SyntheticApp.generate(nodes: 100_000)
        // Most views fail two of the first three tests, so the per-node tests of the conjuncts
        // past the bitsets run on the few `Row 1-…` labels only.
        var conjuncts = ["type == 'UILabel'", "accessibilityLabel BEGINSWITH 'Row 1-'", "accessibilityLabel == 'Row 1-1x'"]
        conjuncts += (1...2_997).map { "uid != -\($0)" }
        let selector = conjuncts.joined(separator: " AND ")
        #expect(selector.utf8.count < 64 * 1024)
        let x = try Self.registry(SelectorLimits(maxWork: 1 << 40)).explain(selector, engine: "predicate", in: tree)
        #expect(x.count == 0)
        let words = (tree.count + 63) / 64
        // One bitset per conjunct was 3,000 × 12.5 KB = 37.5 MB here (375 MB at 10^6 views).
        #expect(x.bitsetBytes > 0)
        #expect(x.bitsetBytes <= (Explainer.maxBitsets + 1) * words * 8)
        #expect(x.nearMisses.first?.reason == #"accessibilityLabel is "Row 1-1", wanted "Row 1-1x""#)
    }

    @Test("a conjunct past the bitsets is found as the one a near miss fails")
    func conjunctPastTheBitsets() throws {
        // The only test `Log In` fails is the 101st, past the 64 given a bitset: it is found by
        // the per-node tests of the conjuncts past them.
        var conjuncts = ["type == 'UILabel'"]
        conjuncts += (1...99).map { "accessibilityLabel != 'q\($0)'" }
        conjuncts.append("accessibilityLabel == 'Log in'")
        let tree = Self.tree((0..<9).map { "Other \($0)" })
        let x = try Self.registry().explain(conjuncts.joined(separator: " AND "), engine: "predicate", in: tree)
        #expect(x.count == 0)
        #expect(x.bitsetBytes > 0)  // the bitset path, not the per-node one
        #expect(x.nearMisses.map(\.node) == [1])
        #expect(x.nearMisses.first?.test == #"accessibilityLabel == "Log in""#)
        #expect(x.fix?.selector.hasSuffix("accessibilityLabel == 'Log In'") == true)
    }
}
