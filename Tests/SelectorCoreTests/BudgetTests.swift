import SelectorCore
import SyntheticHierarchy
import Testing

/// The matcher's budget (issue #16, item 8): results per step, total work and the deadline are
/// enforced while a query runs, whatever the engine, and turn into `.limit` errors.
@Suite struct BudgetTests {
    /// `repeats` descendant steps that keep duplicates, in UISpec's order: UIQuery's `view view ...`.
    static func multiplying(_ repeats: Int) -> SelectorProgram {
        var b = ProgramBuilder(start: .windows)
        for _ in 0..<repeats { b.descendants(order: .reverse, unique: false) }
        return b.build()
    }

    static let tree = SyntheticApp.generate(nodes: 20_000)

    @Test func aQueryThatMultipliesItsResultsStopsAtTheStepLimit() throws {
        let error = #expect(throws: SelectorError.self) {
            try Matcher().select(Self.multiplying(8), in: Self.tree)
        }
        #expect(error?.kind == .limit)
        #expect(error?.message.contains("SelectorLimits.maxStepResults") == true)
        // The default limit scales with the tree: 8 × 20,000 is below 2^20, so 2^20 applies.
        #expect(error?.message.contains("more than 1048576 intermediate results") == true)
    }

    @Test func theSameQueryWithoutDuplicatesIsWithinBudget() throws {
        var b = ProgramBuilder(start: .windows)
        for _ in 0..<8 { b.descendants(order: .reverse, unique: true) }
        #expect(try Matcher().select(b.build(), in: Self.tree).count > 0)
    }

    @Test func siblingsOfEveryChildOfAWideParentHitTheStepLimit() throws {
        // 3,000 siblings of 3,000 children: 9 million results from 3,001 nodes.
        let wide = N("UIWindow", "w", [], (0..<3000).map { N("UILabel", "l\($0)") }).build()
        var b = ProgramBuilder(start: .windows)
        b.axis(.children, unique: false)
        b.axis(.siblings, unique: false)
        let error = #expect(throws: SelectorError.self) { try Matcher().select(b.build(), in: wide) }
        #expect(error?.kind == .limit)
    }

    @Test func uniqueAncestorsOfADeepChainAreChargedTheNodesWalkedNotTheirDepths() throws {
        // 20,000 views in one chain: the depths add up to 2 × 10^8, past the work limit (2^24),
        // while a unique ancestor walk visits each view once.
        var b = ViewTreeBuilder()
        var parent: ViewTreeBuilder.Handle? = nil
        for _ in 0..<20_000 { parent = b.addNode(className: "UIView", parent: parent) }
        let chain = b.build()
        var p = ProgramBuilder(start: .roots)
        p.descendants(unique: true)
        p.axis(.ancestors, unique: true)
        #expect(try Matcher().select(p.build(), in: chain).count == 19_999)
    }

    @Test func theWorkLimitCountsNodesScanned() throws {
        var b = ProgramBuilder(start: .roots)
        b.descendants(.kindOf("UIButton"), unique: true)
        let budget = QueryBudget(maxStepResults: .max, maxWork: 1000)
        let error = #expect(throws: SelectorError.self) { try Matcher().select(b.build(), in: Self.tree, budget: budget) }
        #expect(error?.message.contains("SelectorLimits.maxWork") == true)
        #expect(try Matcher().select(b.build(), in: Self.tree, budget: .unlimited).count > 0)
    }

    @Test func aPassedDeadlineStopsTheQueryWithATimeBudgetError() throws {
        let registry = EngineRegistry()
        try registry.register(ClassNameEngine())
        let past = ContinuousClock.now.advanced(by: .seconds(-1))
        let error = #expect(throws: SelectorError.self) {
            try registry.select("UILabel", engine: "classname", in: Self.tree, deadline: past)
        }
        #expect(error?.kind == .deadline)
        #expect(error?.message.contains("time budget") == true)
        #expect(try registry.select("UILabel", engine: "classname", in: Self.tree).count > 0)
    }

    @Test func aTimeBudgetInTheLimitsAppliesToEveryQuery() throws {
        let registry = EngineRegistry(limits: SelectorLimits(timeBudget: .zero))
        try registry.register(ClassNameEngine())
        let error = #expect(throws: SelectorError.self) { try registry.select("UILabel", engine: "classname", in: Self.tree) }
        #expect(error?.message.contains("time budget") == true)
    }

    @Test func stringEvaluationsStopAtTheDeadline() throws {
        // A string test over every distinct label: the deadline is read between values.
        var b = ProgramBuilder(start: .roots)
        b.descendants(.string(property: "accessibilityLabel", .contains("Row")), unique: true)
        let past = ContinuousClock.now.advanced(by: .seconds(-1))
        let budget = QueryBudget(maxStepResults: .max, maxWork: .max, deadline: past)
        let error = #expect(throws: SelectorError.self) { try Matcher().select(b.build(), in: Self.tree, budget: budget) }
        #expect(error?.message.contains("time budget") == true)
    }
}
