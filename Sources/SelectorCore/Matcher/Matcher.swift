/// How the matcher spreads work over cores, and the thresholds that pick its strategies.
public struct MatcherConfiguration: Sendable, Equatable {
    /// Most threads a scan uses (1: always serial).
    public var maxThreads: Int
    /// Every threshold that chooses a strategy (Docs/Matcher.md lists them with the strategies).
    public var tuning: MatcherTuning

    /// Scans over fewer nodes than this stay serial (`tuning.parallelThreshold`).
    public var parallelThreshold: Int {
        get { tuning.parallelThreshold }
        set { tuning.parallelThreshold = newValue }
    }
    /// Distinct-value evaluations over fewer values than this stay serial (`tuning.parallelValueThreshold`).
    public var parallelValueThreshold: Int {
        get { tuning.parallelValueThreshold }
        set { tuning.parallelValueThreshold = newValue }
    }

    public init(maxThreads: Int = MatcherConfiguration.processorCount, parallelThreshold: Int = 262_144,
                parallelValueThreshold: Int = 16_384) {
        var tuning = MatcherTuning()
        tuning.parallelThreshold = parallelThreshold
        tuning.parallelValueThreshold = parallelValueThreshold
        self.init(maxThreads: maxThreads, tuning: tuning)
    }

    public init(maxThreads: Int = MatcherConfiguration.processorCount, tuning: MatcherTuning) {
        self.maxThreads = max(1, maxThreads)
        self.tuning = tuning
    }

    /// Online CPUs of this machine.
    public static var processorCount: Int { Parallel.processorCount }

    /// Never parallel.
    public static let serial = MatcherConfiguration(maxThreads: 1)
}

/// The thresholds that choose among the matcher's strategies, in one place so a test can force
/// each strategy (0 or `Int.max`) and a benchmark can sweep them. Every strategy gives the same
/// list; these only decide which is cheaper. Docs/Matcher.md says where each default comes from.
public struct MatcherTuning: Sendable, Equatable {
    /// Scans over fewer nodes than this stay serial: below it, waking threads costs more than it
    /// saves. 2^18 from the sweep in Docs/Performance.md (`make scaling`): on 2 cores the cheapest
    /// scan (one label-id compare a node) gains from a second thread from about 2^19 nodes on.
    public var parallelThreshold = 262_144
    /// Distinct-value evaluations (regexes, substrings) over fewer values than this stay serial.
    public var parallelValueThreshold = 16_384
    /// Ranges at least this long are scanned branch-free (`compact`); below it the set-up costs
    /// more than the branches it saves.
    public var compactionRange = 4_096
    /// A list of at least this many ranges (and the next two conditions) is scanned as its hull.
    public var hullMinimumRanges = 1_024
    /// ... when its ranges average fewer views than this ...
    public var hullMaximumAverageRange = 32
    /// ... and the hull is at most this many times the views the ranges cover.
    public var hullMaximumSpread = 2
    /// A run of at least this many de-duplicating document-order descendant steps is matched
    /// right to left (the last step's matches, then an ancestor walk each).
    public var rightToLeftMinimumSteps = 2
    /// Right to left only when the sample predicts fewer than one match per this many views
    /// reached, per step walked (the walks cost about 100 ns a match, a scan 1 ns a view).
    public var rightToLeftViewsPerMatch = 256
    /// When the last step's matches turn out more than one per this many views (per step), the
    /// sample was far off: the earlier steps run left to right and the scan is reused.
    public var rightToLeftFallbackViewsPerMatch = 64
    /// Reaches of at most this many views are not sampled (taken as few matches).
    public var rightToLeftUnsampledReach = 8_192
    /// A run of at least this many UISpec-order descendant steps is prepared backwards first.
    public var reverseChainMinimumSteps = 2
    /// UISpec-order descendant steps on trees of at least this many views read each input's
    /// matches from its run of the tree's UISpec ranks (built once per tree, 12 bytes a view)
    /// instead of walking their ancestors.
    public var reverseRankMinimumViews = 16_384
    /// A run of UISpec-order descendant steps is prepared backwards from its last step's matches
    /// while there is at most one per this many views reached; with more (on a tree with UISpec
    /// ranks) its steps run one by one (`Run.reverseChain`).
    public var reverseChainViewsPerMatch = 64
    /// A UISpec-order step's matches are sorted by rank while at most one view in this many
    /// matches; more are marked in a bitset of ranks (`RankedMatches`).
    public var rankSortViewsPerMatch = 1_024
    /// A UISpec-order step's walks, slices by rank (`Run.rankSlices`) and ranks mapped back to
    /// views run on threads from this many inputs (or ranks) per thread.
    public var parallelWalkInputs = 16_384
    /// A descendant search from the roots whose filter requires an ancestor passing Q runs as
    /// the chain "Q, then the rest below it" (`RunPlanner.ancestorTestAsChain`) instead of deciding the
    /// ancestor test for every view.
    public var ancestorTestAsChain = true
    /// A descendant step followed by a has-descendant test (`Step.hasDescendant`) runs from the
    /// test's matches (`Run.fromTargets`) instead of testing every view the step lists.
    public var descendantTestFromTargets = true
    /// ... walking the targets' ancestors while there is at most one target per this many views
    /// scanned (0: always).
    public var descendantTestViewsPerTarget = 256
    /// A position among the siblings passing a test, right after a descendant step with that
    /// test (XPath's `//A[k]`), is counted over the step's output (`Run.positionsInList`) instead
    /// of by sibling hops.
    public var positionsInList = true
    /// A descendant scan followed by a pick stops at the picked view (`Run.scanToPick`) instead of
    /// listing every match.
    public var pickStopsScan = true
    /// ... scanning chunks of this many views first, each chunk twice the last up to
    /// `scanToPickLargestChunk`: a pick near the front costs a chunk, one far away about a scan.
    public var scanToPickFirstChunk = 4_096
    public var scanToPickLargestChunk = 1 << 20
    /// The right-to-left plan estimates a test's matches from `matchSampleRuns` runs of
    /// `matchSampleWidth` views spread over the reach (`Run.estimatedMatches`).
    public var matchSampleRuns = 32
    public var matchSampleWidth = 64
    /// A class test with an exact-value test compacts the class's views first when fewer than one
    /// value in this many passes (`NodeTest.fewValues`, `compactionRange`).
    public var fewValuesPerValue = 4

    public init() {}
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
        run.plan = statistics.plan
        defer {
            statistics.stringEvaluations += run.resolver.statistics.stringEvaluations
            statistics.nodesScanned += run.statistics.nodesScanned + run.resolver.statistics.nodesScanned
            statistics.parallelScans += run.statistics.parallelScans + run.resolver.statistics.parallelScans
            statistics.hullScans += run.statistics.hullScans + run.resolver.statistics.hullScans
            statistics.mostThreads = max(statistics.mostThreads, run.statistics.mostThreads,
                                         run.resolver.statistics.mostThreads)
            statistics.plan = run.plan
        }
        var list = try run.run(program.steps, from: roots ?? startNodes(program.start, in: tree))
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
