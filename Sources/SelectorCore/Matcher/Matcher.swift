/// How the matcher spreads work over cores.
public struct MatcherConfiguration: Sendable, Equatable {
    /// Most threads a scan uses (1: always serial).
    public var maxThreads: Int
    /// Scans over fewer nodes than this stay serial: below it, waking threads costs more than it
    /// saves. 2^18 from the sweep in Docs/Performance.md (`make scaling`): on 2 cores the cheapest
    /// scan (one label-id compare a node) gains from a second thread from about 2^19 nodes on.
    public var parallelThreshold: Int
    /// Distinct-value evaluations (regexes, substrings) over fewer values than this stay serial.
    public var parallelValueThreshold: Int

    public init(maxThreads: Int = MatcherConfiguration.processorCount, parallelThreshold: Int = 262_144,
                parallelValueThreshold: Int = 16_384) {
        self.maxThreads = max(1, maxThreads)
        self.parallelThreshold = parallelThreshold
        self.parallelValueThreshold = parallelValueThreshold
    }

    /// Online CPUs of this machine.
    public static var processorCount: Int { Parallel.processorCount }

    /// Never parallel.
    public static let serial = MatcherConfiguration(maxThreads: 1)
}

/// Runs compiled programs over trees.
///
/// Results are an ordered list of node ids, identical whatever the thread count: parallel scans
/// split the covered node ranges into contiguous chunks and concatenate the chunks' outputs in order.
public struct Matcher: Sendable {
    public var configuration: MatcherConfiguration

    public init(configuration: MatcherConfiguration = MatcherConfiguration()) {
        self.configuration = configuration
    }

    /// The nodes `program` selects in `tree`, starting from `roots` when given (chaining) or the
    /// program's start point, within `budget` (by default `SelectorLimits()`'s, with no deadline).
    public func select(_ program: SelectorProgram, in tree: ViewTree, from roots: [NodeID]? = nil,
                       predicates: PredicateRegistry = PredicateRegistry(),
                       budget: QueryBudget? = nil) throws(SelectorError) -> [NodeID] {
        var stats = MatchStatistics()
        return try select(program, in: tree, from: roots, predicates: predicates, budget: budget, statistics: &stats)
    }

    /// As `select(_:in:from:predicates:budget:)`, also filling in counters.
    public func select(_ program: SelectorProgram, in tree: ViewTree, from roots: [NodeID]? = nil,
                       predicates: PredicateRegistry = PredicateRegistry(), budget: QueryBudget? = nil,
                       statistics: inout MatchStatistics) throws(SelectorError) -> [NodeID] {
        let budget = budget ?? SelectorLimits().budget(treeSize: tree.count)
        let meter = BudgetMeter(budget)
        var run = Run(matcher: self, tree: tree,
                      resolver: Resolver(tree: tree, predicates: predicates, matcher: self, deadline: meter.deadline),
                      meter: meter)
        var list = try run.run(program.steps, from: roots ?? startNodes(program.start, in: tree))
        statistics.stringEvaluations += run.resolver.statistics.stringEvaluations
        statistics.nodesScanned += run.statistics.nodesScanned + run.resolver.statistics.nodesScanned
        statistics.parallelScans += run.statistics.parallelScans
        // The virtual document node is a starting point only.
        if list.contains(where: { $0 < 0 }) { list.removeAll(where: { $0 < 0 }) }
        return list
    }

    /// The input of a program's first step.
    public func startNodes(_ start: StartPoint, in tree: ViewTree) -> [NodeID] {
        guard tree.count > 0 else { return [] }
        switch start {
        case .document: return [-1]
        case .roots: return tree.roots
        case .windows:
            let roots = tree.roots
            if roots.count == 1 && tree.isKind(0, of: "UIApplication") { return tree.children(of: 0) }
            return roots
        case .application:
            let roots = tree.roots
            if roots.count == 1 && tree.isKind(0, of: "UIApplication") { return [0] }
            return [-1]
        }
    }
}
