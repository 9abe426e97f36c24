import SelectorCore
import SyntheticHierarchy
import Testing
import ViewSelectors

/// A query stopped by its budget answers the budget's error, never part of its answer: for every
/// engine, every work limit and step-result limit around the point where a query first fits
/// gives either the unlimited answer exactly or a `.limit` error, and a query that fits under a
/// limit also fits under every larger one.
@Suite("Budgets: an error or the whole answer, never a partial one")
struct BudgetEdgeTests {
    static let tree = SyntheticApp.generate(nodes: 3_000, seed: 7)

    /// One selector per engine's typical shapes: scans, chains, UISpec order, engine steps
    /// (xpath positions and node-set comparisons, uiselector index, fry first match), strings.
    static let queries: [(engine: String, selector: String)] = [
        ("shelley", "view:'UILabel' markedExactly:'Row 7-3'"),
        ("shelley", "tableViewCell button marked:'Delete'"),
        ("shelley", "tableViewCell label marked:'Row 1-1' parent tableViewCell view:'UIImageView'"),
        ("shelley_compat", "tableViewCell label"),
        ("uiquery", "tableView tableViewCell label"),
        ("uiquery", "view view"),
        ("regex", #"/^Row \d+-3$/"#),
        ("predicate", "type == 'UILabel' AND accessibilityLabel BEGINSWITH 'Row 7-'"),
        ("predicate", "accessibilityLabel LIKE 'Row *-1'"),
        ("fry", "FRY.lookup(ofKind(UITableViewCell)).lookup(ofKind(UIImageView))"),
        ("xpath", "//UITableView/UITableViewCell[2]"),
        ("xpath", "//UILabel[@accessibilityLabel = //UITableViewCell[2]//UILabel/@accessibilityLabel]"),
        ("xpath", "//UIButton[@accessibilityLabel='Delete'][ancestor::UITableViewCell]"),
        ("xpath", "//*[contains(concat(@accessibilityLabel, '-x'), '7-x')]"),
        ("uiselector", #"new UiSelector().className("UITableView").childSelector(new UiSelector().className("UITableViewCell").index(1))"#),
        ("uiselector", #"new UiSelector().className("UILabel").textStartsWith("Row 7-")"#),
    ]

    enum Outcome: Equatable { case answer([NodeID]), limit }

    static func run(_ q: (engine: String, selector: String), limits: SelectorLimits) throws -> Outcome {
        let registry = EngineRegistry(limits: limits)
        try BuiltinEngines.register(in: registry)
        do {
            return .answer(try registry.select(q.selector, engine: q.engine, in: tree))
        } catch let e where e.kind == .limit {
            return .limit
        }
    }

    /// The smallest limit under which the query answers (monotonic, so a binary search finds it),
    /// then every limit from a little below it to a little above: the whole answer or the error.
    static func checkAround(_ q: (engine: String, selector: String), full: [NodeID],
                            limits: (Int) -> SelectorLimits) throws {
        var lo = 0, hi = 1 << 30
        #expect(try run(q, limits: limits(hi)) == .answer(full), "\(q.engine): \(q.selector) under a huge limit")
        while lo + 1 < hi {
            let mid = (lo + hi) / 2
            switch try run(q, limits: limits(mid)) {
            case .limit: lo = mid
            case .answer(let nodes):
                #expect(nodes == full, "\(q.engine): \(q.selector) at limit \(mid) answered part of its answer")
                hi = mid
            }
        }
        for k in max(0, hi - 8)...(hi + 8) {
            let outcome = try run(q, limits: limits(k))
            if k < hi {
                #expect(outcome == .limit, "\(q.engine): \(q.selector) answered at \(k), under its threshold \(hi)")
            } else {
                #expect(outcome == .answer(full), "\(q.engine): \(q.selector) at \(k) (threshold \(hi))")
            }
        }
    }

    @Test("work limits", arguments: queries.indices)
    func work(_ i: Int) throws {
        let q = Self.queries[i]
        guard case .answer(let full) = try Self.run(q, limits: SelectorLimits()) else {
            Issue.record("\(q.selector) failed unlimited"); return
        }
        #expect(!full.isEmpty, "\(q.engine): \(q.selector) selects nothing on the test tree: it tests no budget")
        try Self.checkAround(q, full: full) { SelectorLimits(maxWork: $0) }
    }

    @Test("step-result limits", arguments: queries.indices)
    func stepResults(_ i: Int) throws {
        let q = Self.queries[i]
        guard case .answer(let full) = try Self.run(q, limits: SelectorLimits()) else {
            Issue.record("\(q.selector) failed unlimited"); return
        }
        try Self.checkAround(q, full: full) { SelectorLimits(maxStepResults: $0) }
    }

    @Test("a deadline already passed: the error, for every engine", arguments: queries.indices)
    func deadline(_ i: Int) throws {
        let q = Self.queries[i]
        let registry = EngineRegistry.standard()
        #expect(throws: SelectorError.self) {
            _ = try registry.select(q.selector, engine: q.engine, in: Self.tree,
                                    deadline: ContinuousClock.now.advanced(by: .seconds(-1)))
        }
    }
}
