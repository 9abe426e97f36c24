/// One evaluation of a program: applies steps to node lists.
///
/// Every loop whose output can outgrow its input (one input's children, siblings, ancestors or
/// descendants appended per input) checks the budget after each input, so a query that multiplies
/// its results stops at the limit instead of after exhausting memory.
struct Run {
    let matcher: Matcher
    let tree: ViewTree
    var resolver: Resolver
    var meter: BudgetMeter
    var statistics = MatchStatistics()
    /// The list the query's first step started from (its start point's nodes, or a chain part's
    /// roots), for engine steps that re-run part of the program (`StepContext.queryRoots`).
    var queryRoots: [NodeID]?
    /// The plan being recorded, when the caller asked for one (`MatchStatistics.plan`).
    var plan: MatchPlan?
    /// How deep in union members and engine sub-programs the steps now running are.
    var depth = 0
    /// The strategy the step just applied ran, and why, for the plan.
    var chosen: (strategy: MatchStrategy, detail: String?) = (.filter, nil)
    /// When the list is a descendant step's output, that step's filter: the list then holds, with
    /// each of its views, every sibling passing the filter (`positionsInList`).
    var listClosedUnder: Predicate?
    var tuning: MatcherTuning { matcher.configuration.tuning }

    mutating func apply(_ step: Step, to list: [NodeID]) throws(SelectorError) -> [NodeID] {
        switch step {
        case let .axis(axis, order, filter, unique):
            let test = try resolver.nodeTest(filter)
            if test.never { return [] }
            switch axis {
            case .descendants, .descendantsOrSelf:
                let withSelf = axis == .descendantsOrSelf
                if order == .reverse { choose(.reverseWalk) }
                return order == .document
                    ? try descendants(of: list, includeSelf: withSelf, test, unique: unique)
                    : try reverseDescendants(of: list, includeSelf: withSelf, test, unique: unique)
            case .children:
                choose(.children)
                if order == .document { return try walkEach(.children, from: list, test, unique: unique) }
                var out: [NodeID] = []
                for v in list {
                    let kids = children(of: v)
                    for k in kids.reversed() where passes(k, test) { out.append(k) }
                    try meter.charge(kids.count)
                    try meter.checkResults(out.count)
                }
                return unique ? deduplicated(out) : out
            case .ancestors:
                choose(.ancestors)
                return try ancestors(of: list, test, unique: unique)
            case .parent:
                choose(.parent)
                var out: [NodeID] = []
                for v in list where v >= 0 {
                    let p = tree.parents[Int(v)]
                    if p >= 0 && passes(p, test) { out.append(p) }
                }
                return unique ? deduplicated(out) : out
            case .siblings:
                choose(.siblings)
                if order == .document { return try walkEach(.siblings, from: list, test, unique: unique) }
                var out: [NodeID] = []
                for v in list where v >= 0 {
                    let p = tree.parents[Int(v)]
                    let kids = p < 0 ? tree.roots : tree.children(of: p)
                    for k in kids.reversed() where k != v && passes(k, test) { out.append(k) }
                    try meter.charge(kids.count)
                    try meter.checkResults(out.count)
                }
                return unique ? deduplicated(out) : out
            case .followingSiblings, .precedingSiblings, .following, .preceding, .ancestorsOrSelf:
                choose(.axisWalk)
                return try walkEach(axis, from: list, test, unique: unique)
            }
        case .filter(let p):
            choose(.filter)
            let test = try resolver.nodeTest(p)
            return matcher.filter(list, test, tree, statistics: &statistics)
        case .pick(let n):
            choose(.pick)
            let k = n >= 0 ? n : list.count + n
            return k >= 0 && k < list.count ? [list[k]] : []
        case .deduplicate:
            choose(.deduplicate)
            return deduplicated(list)
        case .sortInDocumentOrder:
            choose(.sort)
            return list.sortedUnique()
        case .siblingPosition(let step)
            where tuning.positionsInList && step.position.exempt == .none && step.position.among == listClosedUnder:
            choose(.siblingCount)
            return try positionsInList(list, step.position.index)
        case .siblingPosition(let step):
            return try runKernel(step, list, .siblingPosition)
        case .nthDescendant(let step):
            return try runKernel(step, list, .nthDescendant)
        case .axisPosition(let step):
            return try runKernel(step, list, .axisPosition)
        case .hasDescendant(let step):
            return try runKernel(step, list, .hasDescendant)
        case .engine(let step):
            depth += 1
            var context = StepContext(run: self)
            defer {
                self = context.run
                depth -= 1
                choose(.engine, step.description)
            }
            return try step.apply(to: list, in: &context)
        case let .relation(relation, program):
            // The references run from where the query started, as Maestro computes a relation's
            // anchors over the same views as its candidates; their plan entries nest below.
            depth += 1
            let references: [NodeID]
            do {
                defer { depth -= 1 }
                references = try run(program.steps, from: queryRoots ?? list)
            }
            choose(.relation, "\(references.filter { $0 >= 0 }.count) reference views")
            return try related(list, relation, references)
        case .deepest:
            choose(.deepest)
            return try deepestViews(list)
        case .sort(let key):
            choose(.stableSort)
            return try sorted(list, by: key)
        case .union(let programs):
            depth += 1
            defer { depth -= 1; choose(.union) }
            var out: [NodeID] = []
            for program in programs {
                let part = try run(program.steps, from: list)
                out.append(contentsOf: part)
                try meter.checkResults(out.count)
            }
            return deduplicated(out.filter { $0 >= 0 })
        }
    }

    /// Applies `steps` in turn from `start`, each step's output charged to the budget: the one
    /// loop every program, union member and engine sub-program runs through. The planner
    /// (`RunPlanner`) chooses the strategy for the next steps; this loop executes it and records
    /// one plan entry for it.
    mutating func run(_ steps: [Step], from start: [NodeID]) throws(SelectorError) -> [NodeID] {
        if queryRoots == nil { queryRoots = start }
        let planner = RunPlanner(tree: tree, tuning: tuning)
        var list = start
        var k = 0
        while k < steps.count {
            if k > 0, case let .axis(.descendants, _, filter, _) = steps[k - 1] {
                listClosedUnder = filter
            } else {
                listClosedUnder = nil
            }
            let planned = planner.next(steps, at: k, list: list)
            k = planned.steps.upperBound
            if planned.kind == .skip {
                record(skipped: planned.steps)
                continue
            }
            let open = beginEntry(planned.steps, inputs: list.count)
            list = try execute(planned, steps, from: list)
            finishEntry(open, outputs: list.count)
            if planned.kind != .reverseChain { try meter.endStep(list.count) }
        }
        return list
    }

    /// Runs what the planner chose.
    private mutating func execute(_ planned: PlannedRun, _ steps: [Step], from list: [NodeID]) throws(SelectorError) -> [NodeID] {
        switch planned.kind {
        case .skip:
            return list
        case .step:
            return try apply(steps[planned.steps.lowerBound], to: list)
        case let .scanToPick(filter, includeSelf, n):
            return try scanToPick(filter, includeSelf: includeSelf, n, from: list)
        case .ancestorTestAsChain(let chain):
            let out = try matchFromTheRight(chain[...], from: list)
            if plan != nil { chosen.detail = "the ancestor test as a chain" + (chosen.detail.map { "; " + $0 } ?? "") }
            return out
        case let .fromTargets(filter, includeSelf, test):
            return try fromTargets(filter, includeSelf, test, from: list)
        case .rightToLeft:
            return try matchFromTheRight(steps[planned.steps], from: list)
        case .reverseChain:
            return try reverseChain(steps[planned.steps], from: list)
        }
    }

    /// A plan entry begun: where it sits, and the counters before it.
    struct OpenEntry {
        var index: Int
        var scanned: Int
        var hullScans: Int
        var mostThreads: Int
    }

    /// Starts the plan entry of steps `range` (0-based), when a plan is recorded.
    mutating func beginEntry(_ range: Range<Int>, inputs: Int) -> OpenEntry? {
        guard plan != nil else { return nil }
        let open = OpenEntry(index: plan!.entries.count, scanned: statistics.nodesScanned,
                             hullScans: statistics.hullScans, mostThreads: statistics.mostThreads)
        appendEntry(range, inputs: inputs)
        statistics.mostThreads = 0
        choose(.filter)
        return open
    }

    /// Notes the strategy the step ran; the detail is formatted only when a plan is recorded, so
    /// a query that records none pays for no string.
    mutating func choose(_ strategy: MatchStrategy, _ detail: @autoclosure () -> String? = nil) {
        chosen = (strategy, plan == nil ? nil : detail())
    }

    /// Completes an entry with what `chosen` and the counters say now.
    mutating func finishEntry(_ open: OpenEntry?, outputs: Int) {
        guard let open, plan != nil else { return }
        plan!.entries[open.index].strategy = chosen.strategy
        plan!.entries[open.index].detail = chosen.detail
        plan!.entries[open.index].outputs = outputs
        plan!.entries[open.index].scanned = statistics.nodesScanned - open.scanned
        plan!.entries[open.index].hullScans = statistics.hullScans - open.hullScans
        plan!.entries[open.index].threads = max(1, statistics.mostThreads)
        statistics.mostThreads = max(open.mostThreads, statistics.mostThreads)
    }

    /// Records steps `range` (0-based) as not run.
    mutating func record(skipped range: Range<Int>) {
        guard plan != nil, !range.isEmpty else { return }
        appendEntry(range, inputs: 0)
    }

    /// Appends a `skipped` entry for steps `range` (0-based, numbered from 1 in the plan) at this
    /// depth and chain part; `finishEntry` fills in what ran.
    mutating func appendEntry(_ range: Range<Int>, inputs: Int) {
        var entry = MatchPlan.Entry(depth: depth, steps: (range.lowerBound + 1)...range.upperBound,
                                    strategy: .skipped, inputs: inputs, outputs: 0)
        entry.part = plan!.part
        plan!.entries.append(entry)
    }

    /// One of the core's own kernels (`CoreStep`) on `list`, its sub-programs' entries nested
    /// below its own, recorded as `strategy`.
    mutating func runKernel(_ step: some CoreStep, _ list: [NodeID],
                            _ strategy: MatchStrategy) throws(SelectorError) -> [NodeID] {
        depth += 1
        var context = StepContext(run: self)
        defer {
            self = context.run
            depth -= 1
            choose(strategy, step.description)
        }
        return try step.apply(to: list, in: &context)
    }

    @inline(__always) func passes(_ i: NodeID, _ test: NodeTest) -> Bool {
        test.passes(i, classIDs: tree.classIDs)
    }

    func children(of v: NodeID) -> [NodeID] {
        v < 0 ? tree.roots : tree.children(of: v)
    }

    func deduplicated(_ list: [NodeID]) -> [NodeID] { list.firstOccurrences(treeSize: tree.count) }
}


/// `a × b × c` for non-negative factors, `Int.max` when it would overflow (a tuning of `Int.max`
/// means "never").
func saturatingProduct(_ a: Int, _ b: Int, _ c: Int) -> Int {
    let (ab, o1) = a.multipliedReportingOverflow(by: b)
    let (abc, o2) = ab.multipliedReportingOverflow(by: c)
    return o1 || o2 ? .max : abc
}

/// An engine step the matcher runs even when the list before it is empty, where it skips every
/// other step: a check that an earlier step found something (UISpec refuses a `prop:value` filter
/// on an empty selection), which may throw or return the empty list.
public protocol EmptyInputEngineStep: EngineStep {}

extension StepContext {
    /// The list the query's first step started from: the program's start nodes, or the roots a
    /// `>>` chain handed this part; nil outside a query run. An engine step that re-runs a part
    /// of its program (`select(_:from:)`) starts it here.
    public var queryRoots: [NodeID]? { run.queryRoots }
}
