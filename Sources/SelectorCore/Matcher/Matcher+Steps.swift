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
    private var tuning: MatcherTuning { matcher.configuration.tuning }

    private mutating func apply(_ step: Step, to list: [NodeID]) throws(SelectorError) -> [NodeID] {
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
                var out: [NodeID] = []
                for v in list {
                    let kids = children(of: v)
                    if order == .reverse { for k in kids.reversed() where passes(k, test) { out.append(k) } }
                    else { for k in kids where passes(k, test) { out.append(k) } }
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
                var out: [NodeID] = []
                for v in list where v >= 0 {
                    let p = tree.parents[Int(v)]
                    let kids = p < 0 ? tree.roots : tree.children(of: p)
                    let ordered = order == .reverse ? Array(kids.reversed()) : kids
                    for k in ordered where k != v && passes(k, test) { out.append(k) }
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
    /// loop every program, union member and engine sub-program runs through.
    ///
    /// Runs of steps that are cheaper matched together are planned here, by `MatcherTuning`: two
    /// or more document-order descendant steps from sorted inputs go right to left
    /// (`matchFromTheRight`), two or more UISpec-order ones together (`reverseChain`).
    mutating func run(_ steps: [Step], from start: [NodeID]) throws(SelectorError) -> [NodeID] {
        if queryRoots == nil { queryRoots = start }
        var list = start
        var k = 0
        while k < steps.count {
            if k > 0, case let .axis(.descendants, _, filter, _) = steps[k - 1] {
                listClosedUnder = filter
            } else {
                listClosedUnder = nil
            }
            if list.isEmpty {
                // Nothing follows from nothing, except a step that must see the empty list (a
                // check that an earlier step found something): run it, skipping those before it.
                guard let j = steps[k...].firstIndex(where: Self.runsOnEmptyInput) else {
                    record(skipped: k..<steps.count)
                    break
                }
                record(skipped: k..<j)
                let open = beginEntry(j...j, inputs: 0)
                list = try apply(steps[j], to: list)
                finishEntry(open, outputs: list.count)
                try meter.endStep(list.count)
                k = j + 1
                continue
            }
            if tuning.pickStopsScan, k + 1 < steps.count, case .pick(let n) = steps[k + 1],
               let (filter, withSelf) = scanInDocumentOrder(steps[k], from: list) {
                let open = beginEntry(k...(k + 1), inputs: list.count)
                list = try scanToPick(filter, includeSelf: withSelf, n, from: list)
                finishEntry(open, outputs: list.count)
                try meter.endStep(list.count)
                k += 2
                continue
            }
            if tuning.ancestorTestAsChain, let pair = ancestorTestAsChain(steps[k], from: list) {
                let open = beginEntry(k...k, inputs: list.count)
                list = try matchFromTheRight(pair[...], from: list)
                if plan != nil {
                    chosen.detail = "the ancestor test as a chain" + (chosen.detail.map { "; " + $0 } ?? "")
                }
                finishEntry(open, outputs: list.count)
                try meter.endStep(list.count)
                k += 1
                continue
            }
            if tuning.descendantTestFromTargets, k + 1 < steps.count,
               let pair = descendantTestPair(steps[k], steps[k + 1], from: list) {
                let open = beginEntry(k...(k + 1), inputs: list.count)
                list = try fromTargets(pair.filter, pair.withSelf, pair.test, from: list)
                finishEntry(open, outputs: list.count)
                try meter.endStep(list.count)
                k += 2
                continue
            }
            // A first step without de-duplication gives the same views when its inputs' subtrees
            // are disjoint (shelley's first step, from the one window).
            var chain = Self.isDocumentDescendantStep(steps[k], unique: true)
                || (Self.isDocumentDescendantStep(steps[k], unique: false) && areDisjointSubtrees(list)) ? 1 : 0
            while chain > 0, k + chain < steps.count, Self.isDocumentDescendantStep(steps[k + chain], unique: true) { chain += 1 }
            if chain >= max(2, tuning.rightToLeftMinimumSteps), list.isStrictlyAscending {
                let open = beginEntry(k...(k + chain - 1), inputs: list.count)
                list = try matchFromTheRight(steps[k..<(k + chain)], from: list)
                finishEntry(open, outputs: list.count)
                try meter.endStep(list.count)
                k += chain
                continue
            }
            chain = 0
            while k + chain < steps.count, Self.isReverseDescendantStep(steps[k + chain]) { chain += 1 }
            if chain >= max(2, tuning.reverseChainMinimumSteps) {
                let open = beginEntry(k...(k + chain - 1), inputs: list.count)
                list = try reverseChain(steps[k..<(k + chain)], from: list)
                finishEntry(open, outputs: list.count)
                k += chain
                continue
            }
            let open = beginEntry(k...k, inputs: list.count)
            list = try apply(steps[k], to: list)
            finishEntry(open, outputs: list.count)
            try meter.endStep(list.count)
            k += 1
        }
        return list
    }

    /// A descendant search from the roots (or the document) whose filter requires an ancestor
    /// passing Q, `//A[ancestor::C]` or FRY's `parentViewOfClass`, as the two-step chain "Q or
    /// self, then A below it", which `matchFromTheRight` plans; nil for any other step.
    ///
    /// Resolved as a predicate, `hasAncestor` is decided for every view of the tree in a preorder
    /// pass before the scan; as a chain it costs what `tableViewCell imageView` costs. Why it is
    /// exact: every ancestor of a view under a root lies in that root's subtree, root included,
    /// so "has a proper ancestor passing Q" is "is a proper descendant of a view passing Q, found
    /// from the roots including themselves"; a root itself has no ancestor and passes neither.
    /// The roots are disjoint and ascending, so both forms list each view once, in document order.
    private func ancestorTestAsChain(_ step: Step, from list: [NodeID]) -> [Step]? {
        guard case let .axis(axis, .document, filter, _) = step,
              axis == .descendants || axis == .descendantsOrSelf else { return nil }
        let parts: [Predicate]
        switch filter {
        case .and(let p): parts = p
        case .hasAncestor: parts = [filter]
        default: return nil
        }
        guard let at = parts.firstIndex(where: { if case .hasAncestor = $0 { return true } else { return false } }),
              case .hasAncestor(let q) = parts[at] else { return nil }
        if list != [-1] {
            var previous = Int32.min
            for v in list {
                guard v >= 0, v > previous, tree.parents[Int(v)] < 0 else { return nil }
                previous = v
            }
        }
        var rest = parts
        rest.remove(at: at)
        let filterBelow: Predicate = rest.isEmpty ? .any : rest.count == 1 ? rest[0] : .and(rest)
        return [.axis(.descendantsOrSelf, order: .document, filter: q, unique: true),
                .axis(.descendants, order: .document, filter: filterBelow, unique: true)]
    }

    /// A descendant step followed by "has a descendant passing P" (class chain's `**/A[$P$]`,
    /// XPath's `A[.//P]` after a path), from inputs whose subtrees are disjoint: the pair
    /// `fromTargets` runs; nil for any other pair.
    private func descendantTestPair(_ step: Step, _ next: Step,
                                    from list: [NodeID]) -> (filter: Predicate, withSelf: Bool, test: HasDescendantStep)? {
        guard case let .axis(axis, .document, filter, _) = step, axis == .descendants || axis == .descendantsOrSelf,
              case .hasDescendant(let test) = next,
              list.isStrictlyAscending, areDisjointSubtrees(list) else { return nil }
        return (filter, axis == .descendantsOrSelf, test)
    }

    /// The views below `list` passing `filter` that have a descendant passing the test's
    /// predicate, found from those descendants (the targets) when they are few.
    ///
    /// `**/UITableViewCell[$type == 'UILabel' AND label == 'Row 7-3'$]` listed all 125,655 cells
    /// only to keep the five holding that label. Every engine's pair (XPath's `//A[.//B]` too)
    /// gets this plan: the targets are scanned over the inputs' subtrees, their ancestors marked
    /// (`markAncestors`: each view visited once), and the marked views passing `filter` inside
    /// those subtrees kept. Why it is exact: a view below the inputs holds a target
    /// exactly when it is an ancestor of one, and its targets lie in its own subtree, which the
    /// scan covers. With many targets (over one per `descendantTestViewsPerTarget` views
    /// scanned) the walks would cost more than a scan: the views passing `filter` are scanned
    /// and kept by a merge with the targets, both in document order.
    private mutating func fromTargets(_ filter: Predicate, _ withSelf: Bool, _ has: HasDescendantStep,
                                      from list: [NodeID]) throws(SelectorError) -> [NodeID] {
        let test = try resolver.nodeTest(filter)
        let target = try resolver.nodeTest(has.predicate)
        if test.never || target.never { choose(.fromTargets); return [] }
        let reach = subtreeRanges(of: list, includeSelf: withSelf)
        let covered = reach.reduce(0) { $0 + Int($1.1 - $1.0) }
        // A target counts for itself only with `includingSelf`; a view passing `filter` at the
        // top of the reach can hold targets only below it, which the reach also covers.
        let targets = try scan(reach, target)
        if targets.isEmpty { choose(.fromTargets); return [] }
        let perTarget = tuning.descendantTestViewsPerTarget
        if perTarget == 0 || targets.count <= covered / perTarget {
            choose(.fromTargets, "\(targets.count) targets, their ancestors walked")
            var isTarget = Bitset(count: tree.count)
            var holdsTarget = Bitset(count: tree.count)
            let walked = markAncestors(of: targets, isMatch: &isTarget, holdsMatch: &holdsTarget)
            let marked = has.includingSelf ? Bitset.union(isTarget, holdsTarget) : holdsTarget
            var found: [NodeID] = []
            var tested = 0
            for (lo, hi) in reach {
                var v = marked.next(from: Int(lo), below: Int(hi))
                while v < Int(hi) {
                    if passes(NodeID(v), test) { found.append(NodeID(v)) }
                    tested += 1
                    v = marked.next(from: v + 1, below: Int(hi))
                }
            }
            try meter.charge(walked + targets.count + tested + tree.count / 64)
            return found
        }
        choose(.fromTargets, "\(targets.count) targets: the views scanned and kept by a merge")
        let views = try scan(reach, test)
        var out: [NodeID] = []
        var j = 0
        for v in views {
            // The first target after the view (or at it, with `includingSelf`) is in its subtree
            // exactly when any is.
            while j < targets.count && (targets[j] < v || (!has.includingSelf && targets[j] == v)) { j += 1 }
            if j == targets.count { break }
            if targets[j] < tree.ends[Int(v)] { out.append(v) }
        }
        try meter.charge(views.count + targets.count)
        return out
    }

    /// A plan entry begun: where it sits, and the counters before it.
    struct OpenEntry {
        var index: Int
        var scanned: Int
        var hullScans: Int
        var mostThreads: Int
    }

    /// Starts the plan entry of steps `range` (0-based), when a plan is recorded.
    private mutating func beginEntry(_ range: ClosedRange<Int>, inputs: Int) -> OpenEntry? {
        guard plan != nil else { return nil }
        let open = OpenEntry(index: plan!.entries.count, scanned: statistics.nodesScanned,
                             hullScans: statistics.hullScans, mostThreads: statistics.mostThreads)
        appendEntry(range.lowerBound..<(range.upperBound + 1), inputs: inputs)
        statistics.mostThreads = 0
        choose(.filter)
        return open
    }

    /// Notes the strategy the step ran; the detail is formatted only when a plan is recorded, so
    /// a query that records none pays for no string.
    private mutating func choose(_ strategy: MatchStrategy, _ detail: @autoclosure () -> String? = nil) {
        chosen = (strategy, plan == nil ? nil : detail())
    }

    /// Completes an entry with what `chosen` and the counters say now.
    private mutating func finishEntry(_ open: OpenEntry?, outputs: Int) {
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
    private mutating func record(skipped range: Range<Int>) {
        guard plan != nil, !range.isEmpty else { return }
        appendEntry(range, inputs: 0)
    }

    /// Appends a `skipped` entry for steps `range` (0-based, numbered from 1 in the plan) at this
    /// depth and chain part; `finishEntry` fills in what ran.
    private mutating func appendEntry(_ range: Range<Int>, inputs: Int) {
        var entry = MatchPlan.Entry(depth: depth, steps: (range.lowerBound + 1)...range.upperBound,
                                    strategy: .skipped, inputs: inputs, outputs: 0)
        entry.part = plan!.part
        plan!.entries.append(entry)
    }

    /// One of the core's own kernels (`CoreStep`) on `list`, its sub-programs' entries nested
    /// below its own, recorded as `strategy`.
    private mutating func runKernel(_ step: some CoreStep, _ list: [NodeID],
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

    private static func runsOnEmptyInput(_ step: Step) -> Bool {
        if case .engine(let e) = step { return e is any EmptyInputEngineStep }
        return false
    }

    private static func isDocumentDescendantStep(_ step: Step, unique: Bool) -> Bool {
        if case .axis(let axis, .document, _, unique) = step, axis == .descendants || axis == .descendantsOrSelf { return true }
        return false
    }

    /// Whether `list` is ascending with no view inside another's subtree.
    private func areDisjointSubtrees(_ list: [NodeID]) -> Bool {
        var end: Int32 = .min
        for v in list {
            if v < 0 { return list.count == 1 }
            if v < end { return false }
            end = tree.ends[Int(v)]
        }
        return true
    }

    /// A chain of document-order descendant steps without repeats (`tableViewCell button
    /// marked:'Delete'`), matched right to left as browsers match CSS when the last step's
    /// matches are few: its test is scanned over everything the chain can reach, and each match
    /// is kept when the earlier steps' tests hold on a chain of its ancestors ending at an input.
    /// Left to right, every step but the last scanned its inputs' subtrees (all 125,655 cells,
    /// then their subtrees) only for the last step's few matches to use them.
    ///
    /// Why the greedy walk is exact: each step's output is the views passing its test inside the
    /// previous output's subtrees, in document order, so a match is in the result exactly when
    /// such a chain exists, and taking the nearest ancestor passing each test leaves the most
    /// ancestors for the tests above it. The views a walk passes on its way to step k-1's
    /// ancestor share that ancestor, so they are marked with its answer and later walks stop
    /// at them: the walks visit each view at most once.
    ///
    /// With many matches (a sample of the reach predicts over one for each 256 views per step
    /// walked) the walks would cost more than the scans they save, and the steps run left to
    /// right; when the sample was far off (over one in 64 found), the last step keeps the matches
    /// already found inside its inputs' subtrees instead of scanning again.
    private mutating func matchFromTheRight(_ steps: ArraySlice<Step>, from list: [NodeID]) throws(SelectorError) -> [NodeID] {
        var tests: [NodeTest] = []
        var withSelf: [Bool] = []
        var unique: [Bool] = []
        for step in steps {
            guard case let .axis(axis, _, filter, u) = step else { preconditionFailure("a chain holds axis steps") }
            tests.append(try resolver.nodeTest(filter))
            withSelf.append(axis == .descendantsOrSelf)
            unique.append(u)
        }
        if tests.contains(where: { $0.never }) { return [] }
        // `list` is ascending, so the virtual document node (-1), which reaches everything, is first.
        let fromDocument = list.first == -1
        let reach = subtreeRanges(of: list, includeSelf: withSelf[0])
        let covered = reach.reduce(0) { $0 + Int($1.1 - $1.0) }
        let last = tests.count - 1
        // The walks are a few dependent loads each (a cache miss apiece on a large tree: about
        // 100 ns a match where a scan costs 1 ns a view), so they pay only for under one match
        // per 256 views reached per step walked. A sample of the reach tells which side of that
        // the last step is before anything is scanned.
        // Steps 0..<count left to right; each output but the chain's last is charged as a step's
        // (the caller charges that one).
        func leftToRight(_ count: Int) throws(SelectorError) -> [NodeID] {
            var inputs = list
            for n in 0..<count {
                if inputs.isEmpty { return [] }
                inputs = try descendants(of: inputs, includeSelf: withSelf[n], tests[n], unique: unique[n])
                if n < last { try meter.endStep(inputs.count) }
            }
            return inputs
        }
        let estimate = estimatedMatches(of: tests[last], in: reach, covered: covered)
        let unsampledReach = tuning.rightToLeftUnsampledReach
        func sampled() -> String {
            covered <= unsampledReach
                ? "\(MatchPlan.grouped(covered)) views reached, not sampled"
                : "about \(MatchPlan.grouped(estimate)) last-step matches in \(MatchPlan.grouped(covered)) views, sampled"
        }
        if saturatingProduct(estimate, last, tuning.rightToLeftViewsPerMatch) > covered {
            let out = try leftToRight(tests.count)
            choose(.leftToRight, sampled())
            return out
        }
        let matches = try scan(reach, tests[last])
        choose(.rightToLeft, sampled())
        if matches.isEmpty { return [] }
        if saturatingProduct(matches.count, last, tuning.rightToLeftFallbackViewsPerMatch) > covered {
            // The sample was far off: left to right after all, reusing the scan for the last step.
            let inputs = try leftToRight(last)
            choose(.rightToLeftFallback, sampled() + "; found \(MatchPlan.grouped(matches.count))")
            return within(matches, subtreesOf: inputs, includeSelf: withSelf[last])
        }
        var walk = RightToLeftWalk(tree: tree, tests: tests, withSelf: withSelf, inputs: fromDocument ? nil : list)
        var out: [NodeID] = []
        tree.parents.withUnsafeBufferPointer { parents in
            for m in matches where walk.holds(level: last - 1, from: withSelf[last] ? m : parents[Int(m)], parents) {
                out.append(m)
            }
        }
        try meter.charge(walk.walked)
        return out
    }

    /// About how many views of `reach` (`covered` in all) pass `test`, from 32 runs of 64 views
    /// spread evenly (through the scan kernel, whose set-up is paid once for all of them).
    private func estimatedMatches(of test: NodeTest, in reach: [(Int32, Int32)], covered: Int) -> Int {
        let runs = 32, width = 64
        if covered <= tuning.rightToLeftUnsampledReach { return 0 }
        // At least 1: a reach of fewer than `runs` views, sampled when a tuning asks for it,
        // would otherwise step by 0 and never end (found by the `reference` fuzz target).
        let stride = max(1, covered / runs)
        var sample: [(Int32, Int32)] = []
        var offset = 0
        for (lo, hi) in reach {
            var i = Int(lo) + offset
            while i < Int(hi) {
                sample.append((Int32(i), Int32(min(Int(hi), i + width))))
                i += stride
            }
            offset = i - Int(hi)
        }
        var hits: [NodeID] = []
        matcher.scan(sample[...], test, tree, into: &hits)
        let sampled = sample.reduce(0) { $0 + Int($1.1 - $1.0) }
        return hits.count * covered / max(1, sampled)
    }

    /// The views of `sorted` inside the subtree of one of `inputs` (or one of them, with
    /// `includeSelf`), in order: a descendant step whose scan was already made.
    private func within(_ sorted: [NodeID], subtreesOf inputs: [NodeID], includeSelf: Bool) -> [NodeID] {
        Matcher.inside(sorted, subtreeRanges(of: inputs, includeSelf: includeSelf))
    }

    /// What descendant searches from every view of `list` scan, merged (`Matcher.merged`).
    ///
    /// A long list out of document order (a UISpec-order step's 125,655 cells) is put in order by
    /// marking it in a bitset and reading it back, rather than by sorting its ranges.
    private func subtreeRanges(of list: [NodeID], includeSelf: Bool) -> [(Int32, Int32)] {
        if list.count >= max(64, tree.count / 64), !list.isStrictlyAscending {
            if list.contains(where: { $0 < 0 }) { return [scanRange(-1, includeSelf: includeSelf)] }
            let marks = Bitset(count: tree.count, members: list)
            var ordered: [NodeID] = []
            ordered.reserveCapacity(list.count)
            marks.forEachMember { ordered.append(NodeID($0)) }
            return Matcher.merged(ordered.map { scanRange($0, includeSelf: includeSelf) })
        }
        return Matcher.merged(list.map { scanRange($0, includeSelf: includeSelf) })
    }

    private static func isReverseDescendantStep(_ step: Step) -> Bool {
        if case .axis(let axis, .reverse, _, _) = step, axis == .descendants || axis == .descendantsOrSelf { return true }
        return false
    }

    /// One prepared UISpec-order descendant step: its test, and the matches it may emit.
    struct PreparedReverseStep {
        var test: NodeTest
        var includeSelf: Bool
        var unique: Bool
        /// The views passing `test` that the step may emit (here: the ones leading to a result).
        var isMatch: Bitset
        var matchCount: Int
        /// The proper ancestors of those views: a walk descends only into these.
        var holdsMatch: Bitset
        /// The step's whole output, when preparing found it (a first step from the document,
        /// scanned in UISpec order and kept to the useful views).
        var output: [NodeID]?
    }

    /// A run of UISpec-order descendant steps (`tableView tableViewCell label`).
    ///
    /// The last step is scanned first, over the first inputs' whole reach. Few matches (at most
    /// one per `reverseChainViewsPerMatch` views reached), or a tree without UISpec ranks: the
    /// chain is prepared backwards from them (`prepareReverseChain`) and then run forwards, each
    /// step emitting only views that lead to a result. Many matches on a tree with ranks: the
    /// steps run one by one, each input's matches a slice of them by rank (`rankSlices`), and the
    /// last step reuses the scan; marking 128,000 image views' ancestors would cost more than
    /// listing every cell.
    private mutating func reverseChain(_ steps: ArraySlice<Step>, from start: [NodeID]) throws(SelectorError) -> [NodeID] {
        var tests: [(test: NodeTest, includeSelf: Bool, unique: Bool)] = []
        for step in steps {
            guard case let .axis(axis, _, filter, unique) = step else { continue }
            tests.append((try resolver.nodeTest(filter), axis == .descendantsOrSelf, unique))
        }
        // Every view a step of the chain can reach: the first inputs' subtrees, inputs included
        // (a later step that includes self may test one of them).
        let reach = subtreeRanges(of: start, includeSelf: true)
        let reached = reach.reduce(0) { $0 + Int($1.1 - $1.0) }
        let last = try scan(reach, tests[tests.count - 1].test)
        var list = start
        if usesUISpecRanks && last.count > reached / max(1, tuning.reverseChainViewsPerMatch) {
            for (j, t) in tests.enumerated() {
                if list.isEmpty { break }
                list = j == tests.count - 1
                    ? try rankSlices(of: list, ranked(last), includeSelf: t.includeSelf, t.test, unique: t.unique)
                    : try reverseDescendants(of: list, includeSelf: t.includeSelf, t.test, unique: t.unique)
                try meter.endStep(list.count)
            }
            choose(.reverseRank, "step by step: the last step matches \(last.count) of \(reached) views")
            return list
        }
        let prepared = try prepareReverseChain(tests, last: last, from: start)
        for p in prepared {
            if list.isEmpty { break }
            list = try reverseDescendants(of: list, p)
            try meter.endStep(list.count)
        }
        let ranks = usesUISpecRanks
        choose(.reverseChain, ranks ? "slices by UISpec rank" : nil)
        return list
    }

    /// The matches of each step of a chain of UISpec-order descendant steps, found backwards.
    ///
    /// Without it, `tableView tableViewCell label text:'Row 1'` lists all 125,655 cells in
    /// UISpec's order (a walk per table view) only for the third step to find that one cell in
    /// nine holds a matching label. A view in a step's output matters only if the next step finds
    /// something from it: a match of the next step below it (or the view itself, when the next
    /// step includes self). So from the last step's matches (`last`, scanned over the first
    /// step's whole reach), their ancestors are marked, and each earlier step's matches are the
    /// marked views passing its test; the steps then run forward as before, each from its real
    /// inputs, so order and repeats are UISpec's. The result is the same; the work follows the
    /// views that lead to a result. A step reads these sets only below its inputs, so matches
    /// outside every input (from the wider scan) are never emitted.
    private mutating func prepareReverseChain(_ tests: [(test: NodeTest, includeSelf: Bool, unique: Bool)],
                                              last: [NodeID],
                                              from list: [NodeID]) throws(SelectorError) -> [PreparedReverseStep] {
        var prepared: [PreparedReverseStep] = []
        var matches = last
        var j = tests.count - 1
        while true {
            var isMatch = Bitset(count: tree.count)
            var holdsMatch = Bitset(count: tree.count)
            try meter.charge(markAncestors(of: matches, isMatch: &isMatch, holdsMatch: &holdsMatch))
            prepared.append(PreparedReverseStep(test: tests[j].test, includeSelf: tests[j].includeSelf,
                                                unique: tests[j].unique, isMatch: isMatch, matchCount: matches.count,
                                                holdsMatch: holdsMatch))
            if j == 0 { break }
            // Step j-1's useful outputs: views this step finds something from.
            let useful = tests[j].includeSelf ? Bitset.union(isMatch, holdsMatch) : holdsMatch
            if j == 1 && ranksClasses(below: list, tests[0].test) {
                // A first step that scans the class column in UISpec order is run here, kept to
                // the useful views: it needs no bitset of its matches.
                let output = try classesInUISpecOrder(below: list[0], includeSelf: tests[0].includeSelf, tests[0].test)
                    .filter { $0 >= 0 && useful.contains(Int($0)) }
                prepared.append(PreparedReverseStep(test: tests[0].test, includeSelf: tests[0].includeSelf,
                                                    unique: tests[0].unique, isMatch: Bitset(count: 0), matchCount: 0,
                                                    holdsMatch: Bitset(count: 0), output: output))
                break
            }
            let test = tests[j - 1].test
            matches.removeAll(keepingCapacity: true)
            if !test.never {
                var tested = 0
                var i = useful.next(from: 0, below: tree.count)
                while i < tree.count {
                    if passes(NodeID(i), test) { matches.append(NodeID(i)) }
                    tested += 1
                    i = useful.next(from: i + 1, below: tree.count)
                }
                try meter.charge(tested + tree.count / 64)
            }
            j -= 1
        }
        return prepared.reversed()
    }

    /// Marks each of `matches` in `isMatch` and their proper ancestors in `holdsMatch` (stopping
    /// at the first ancestor already marked: the rest of its chain is marked with it); returns
    /// how many ancestors it marked, for the budget.
    @discardableResult
    func markAncestors(of matches: [NodeID], isMatch: inout Bitset, holdsMatch: inout Bitset) -> Int {
        var marked = 0
        tree.parents.withUnsafeBufferPointer { parents in
            for m in matches where m >= 0 {
                isMatch.insert(Int(m))
                var p = parents[Int(m)]
                while p >= 0 && !holdsMatch.contains(Int(p)) {
                    holdsMatch.insert(Int(p))
                    p = parents[Int(p)]
                    marked += 1
                }
            }
        }
        return marked
    }

    @inline(__always) private func passes(_ i: NodeID, _ test: NodeTest) -> Bool {
        test.passes(i, classIDs: tree.classIDs)
    }

    private func children(of v: NodeID) -> [NodeID] {
        v < 0 ? tree.roots : tree.children(of: v)
    }

    /// A matcher scan, charged to the budget.
    private mutating func scan(_ ranges: [(Int32, Int32)], _ test: NodeTest, in scanned: ViewTree? = nil,
                               mapping: ContiguousArray<Int32>? = nil) throws(SelectorError) -> [NodeID] {
        let before = statistics.nodesScanned
        let found = matcher.scan(ranges: ranges, test, scanned ?? tree, statistics: &statistics, mapping: mapping)
        try meter.charge(statistics.nodesScanned - before + found.count)
        return found
    }

    /// The whole subtree span of `v` (the virtual document node spans the tree).
    @inline(__always) private func span(_ v: NodeID) -> (Int32, Int32) {
        (max(v, 0), Int32(tree.subtreeEnd(of: v)))
    }

    /// The range a descendant search of `v` scans.
    @inline(__always) private func scanRange(_ v: NodeID, includeSelf: Bool) -> (Int32, Int32) {
        let (a, b) = span(v)
        return (v < 0 || includeSelf ? a : a + 1, b)
    }

    private mutating func descendants(of list: [NodeID], includeSelf: Bool, _ test: NodeTest,
                                      unique: Bool) throws(SelectorError) -> [NodeID] {
        // Fast path: inputs in document order. Their subtrees are then disjoint or nested; nested
        // ones add nothing new under `unique` (and cannot occur otherwise), so one ordered scan of
        // the merged ranges yields exactly the per-input concatenation.
        var ranges: [(Int32, Int32)] = []
        ranges.reserveCapacity(list.count)
        var previous = Int32.min, coveredEnd = Int32.min
        var ordered = true, nested = false
        for v in list {
            if v < previous { ordered = false; break }
            previous = v
            let (start, end) = span(v)
            if start < coveredEnd { nested = true; continue }
            ranges.append(scanRange(v, includeSelf: includeSelf))
            coveredEnd = end
        }
        if ordered && (unique || !nested) {
            choose(.scan)
            return try scan(ranges, test)
        }
        var out: [NodeID] = []
        if !unique {
            choose(.perInputScan)
            for v in list {
                let (lo, hi) = scanRange(v, includeSelf: includeSelf)
                out.append(contentsOf: try scan([(lo, hi)], test))
                try meter.checkResults(out.count)
            }
            return out
        }
        // Unordered inputs with de-duplication (e.g. after `parent`, nearest first): scan each
        // input's range minus what earlier inputs already scanned, so every node is visited once.
        choose(.gapScan)
        var covered: [(Int32, Int32)] = []
        for v in list {
            let (lo, hi) = scanRange(v, includeSelf: includeSelf)
            guard lo < hi else { continue }
            var first = lowerBound(covered, lo)
            if first < covered.count && covered[first].0 <= lo && covered[first].1 >= hi { continue }
            var gaps: [(Int32, Int32)] = []
            var cursor = lo, j = first
            while j < covered.count && covered[j].0 < hi {
                if covered[j].0 > cursor { gaps.append((cursor, covered[j].0)) }
                cursor = max(cursor, covered[j].1)
                j += 1
            }
            if cursor < hi { gaps.append((cursor, hi)) }
            out.append(contentsOf: try scan(gaps, test))
            // Ranges of a tree nest or are disjoint, so [lo, hi) swallows covered[first..<j].
            if first < covered.count && covered[first].0 < lo { first += 1 }
            covered.replaceSubrange(first..<max(first, j), with: [(lo, hi)])
        }
        return out
    }

    /// Index of the first interval whose end is past `x`.
    private func lowerBound(_ intervals: [(Int32, Int32)], _ x: Int32) -> Int {
        var lo = 0, hi = intervals.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if intervals[mid].1 <= x { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// UISpec's order.
    ///
    /// One merged (possibly parallel) scan over the union of the inputs' subtrees finds every
    /// match; two bitsets then answer "is this node a match" and "does this node's subtree hold a
    /// match" in O(1) (the second marks the ancestors of each match, stopping at the first already
    /// marked). The walk per input then descends only into children whose subtree holds a match,
    /// so its cost follows the ancestors of the matches, with no per-input scan or search: a step
    /// often has tens of thousands of small inputs (every cell of every table).
    private mutating func reverseDescendants(of list: [NodeID], includeSelf: Bool, _ test: NodeTest,
                                             unique: Bool) throws(SelectorError) -> [NodeID] {
        if ranksClasses(below: list, test) {
            choose(.reverseRank, "the class column scanned in UISpec order")
            return try classesInUISpecOrder(below: list[0], includeSelf: includeSelf, test)
        }
        let matches = try scan(subtreeRanges(of: list, includeSelf: false), test)
        if usesUISpecRanks {
            choose(.reverseRank)
            return try rankSlices(of: list, ranked(matches), includeSelf: includeSelf, test, unique: unique)
        }
        var isMatch = Bitset(count: tree.count)
        var holdsMatch = Bitset(count: tree.count)
        try meter.charge(markAncestors(of: matches, isMatch: &isMatch, holdsMatch: &holdsMatch))
        return try reverseDescendants(of: list, PreparedReverseStep(test: test, includeSelf: includeSelf, unique: unique,
                                                                    isMatch: isMatch, matchCount: matches.count,
                                                                    holdsMatch: holdsMatch))
    }

    /// A prepared UISpec-order step: its output if preparing found it, else each input's matches
    /// as slices by rank on a tree with ranks, or walks.
    private mutating func reverseDescendants(of list: [NodeID], _ step: PreparedReverseStep) throws(SelectorError) -> [NodeID] {
        if let output = step.output { return output }
        let test = step.test, includeSelf = step.includeSelf
        if step.matchCount == 0 {
            var out: [NodeID] = []
            for v in list where includeSelf && v >= 0 && passes(v, test) { out.append(v) }
            try meter.checkResults(out.count)
            return step.unique ? deduplicated(out) : out
        }
        if usesUISpecRanks {
            let ranked = try ranked(count: step.matchCount) { step.isMatch.forEachMember($0) }
            return try rankSlices(of: list, ranked, includeSelf: includeSelf, test, unique: step.unique)
        }
        let marked = Bitset.union(step.isMatch, step.holdsMatch)
        let threads = max(1, min(matcher.configuration.maxThreads, list.count / max(1, tuning.parallelWalkInputs)))
        if threads > 1 {
            choose(.reverseChain, "walks on \(threads) threads")
            statistics.mostThreads = max(statistics.mostThreads, threads)
        }
        return try reverseWalks(of: list, step, marked: marked, threads: threads)
    }

    /// The walks of a UISpec-order step, one per input, on `threads` threads (one for a few
    /// inputs; several for many, such as 88,000 cells with one image view each): each thread takes
    /// a contiguous part of the inputs and its own output, and the parts are joined in order, so
    /// the list is the same whatever the threads. Each part stops at the step's result limit, the
    /// work the query has left, or the deadline (read every 1,024 inputs); the joined work is then
    /// charged, which throws the budget's error.
    private mutating func reverseWalks(of list: [NodeID], _ step: PreparedReverseStep, marked: Bitset,
                                       threads: Int) throws(SelectorError) -> [NodeID] {
        typealias Part = RankSliceKernel.Part
        let test = step.test, includeSelf = step.includeSelf
        let isMatch = step.isMatch, holdsMatch = step.holdsMatch
        let classIDs = tree.classIDs, ends = tree.ends
        let maxResults = meter.maxStepResults, allowance = meter.maxWork - meter.work, deadline = meter.deadline
        let per = (list.count + threads - 1) / threads
        let parts = Parallel.map(chunks: threads) { k -> Part in
            var part = Part()
            var walk = ReverseWalk()
            ends.withUnsafeBufferPointer { ends in
                for i in min(list.count, k * per)..<min(list.count, (k + 1) * per) {
                    let v = list[i]
                    if includeSelf && v >= 0 && test.passes(v, classIDs: classIDs) { part.out.append(v) }
                    if v >= 0 && !holdsMatch.contains(Int(v)) { continue }
                    let before = part.out.count
                    walk.run(from: v, ends: ends, isMatch: isMatch, holdsMatch: holdsMatch, marked: marked, out: &part.out)
                    part.work += part.out.count - before
                    if part.out.count > maxResults || part.work > allowance || (i & 1023 == 0 && deadline.hasPassed) {
                        part.stopped = true
                        break
                    }
                }
            }
            return part
        }
        let out = try joined(parts)
        return step.unique ? deduplicated(out) : out
    }

    /// The parts of a step run on threads, joined in order, each one's work charged to the
    /// budget (which throws its error) and a part that stopped early reading the deadline.
    private mutating func joined(_ parts: [RankSliceKernel.Part]) throws(SelectorError) -> [NodeID] {
        var out: [NodeID] = []
        out.reserveCapacity(parts.reduce(0) { $0 + $1.out.count })
        for part in parts {
            out.append(contentsOf: part.out)
            try meter.charge(part.work)
            try meter.checkResults(out.count)
            if part.stopped { try meter.deadline.check() }
        }
        return out
    }

    /// Whether a UISpec-order step from `list` with `test` scans the class column in UISpec
    /// order: ranks are in use, the test is a class test alone, and the one input reaches every
    /// other view.
    private func ranksClasses(below list: [NodeID], _ test: NodeTest) -> Bool {
        usesUISpecRanks && list.count == 1 && test.classMask != nil && test.stringIDs == nil
            && test.boolColumn == nil && test.rest == nil && !test.never
            && (list[0] < 0 || (list[0] == 0 && tree.subtreeEnd(of: 0) == tree.count))
    }

    /// A class test below an input that reaches every other view (the document, or a single
    /// root): the tree's class column laid out in UISpec order (`uispecRankedClasses`) is scanned
    /// by the ordinary kernels, threads included, and its hits, ranks in ascending order, are
    /// the answer once mapped back to views. `imageView` on 10^6 views then costs what
    /// `class_name` costs plus one read per match, not a sort of 130,000 matches.
    private mutating func classesInUISpecOrder(below input: NodeID, includeSelf: Bool,
                                               _ test: NodeTest) throws(SelectorError) -> [NodeID] {
        // The ranks are mapped to views by the scan's own threads, each its part, in place (a
        // second list of 130,000 cost a third as much again as the scan, a second round of
        // threads a tenth).
        var out = try scan([(0, Int32(tree.count))], test, in: tree.uispecRankedClasses,
                           mapping: tree.uispecOrder.views)
        // The input itself is a match only when it passes; a descendant search lists it first
        // with `includeSelf`, never among its descendants.
        if input >= 0 && passes(input, test), let at = out.firstIndex(of: input) {
            out.remove(at: at)
            if includeSelf { out.insert(input, at: 0) }
        }
        try meter.checkResults(out.count)
        return out
    }

    /// Whether UISpec-order steps read the tree's ranks (`UISpecOrder`) instead of walking.
    private var usesUISpecRanks: Bool { tree.count >= tuning.reverseRankMinimumViews }

    /// A step's matches (views, no repeats) by UISpec rank, for `rankSlices`: sorted by rank
    /// while at most one view in `rankSortViewsPerMatch` matches, else marked in a bitset of ranks.
    private mutating func ranked(_ matches: [NodeID]) throws(SelectorError) -> RankedMatches {
        try ranked(count: matches.count) { body in for m in matches { body(Int(m)) } }
    }

    private mutating func ranked(count: Int, members: ((Int) -> Void) -> Void) throws(SelectorError) -> RankedMatches {
        let sortUpTo = tree.count / max(1, tuning.rankSortViewsPerMatch)
        try meter.charge(count + (count <= sortUpTo ? 0 : tree.count / 64))
        return RankedMatches(count: count, sortUpTo: sortUpTo, order: tree.uispecOrder, members: members)
    }

    /// UISpec's order from the tree's ranks: for each input, itself when `includeSelf` and it
    /// passes `test`, then its matches, those of `ranked` in its run of descendants' ranks
    /// (`UISpecOrder` says why that is UISpec's order). No walk of the matches' ancestors and no
    /// sort per input: `tableViewCell imageView` is two class scans and a word per cell.
    private mutating func rankSlices(of list: [NodeID], _ ranked: RankedMatches, includeSelf: Bool,
                                     _ test: NodeTest, unique: Bool) throws(SelectorError) -> [NodeID] {
        // Many inputs run on threads, each a contiguous part with its own output, joined in
        // order: the list is the same whatever the threads.
        let threads = max(1, min(matcher.configuration.maxThreads, list.count / max(1, tuning.parallelWalkInputs)))
        if threads > 1 { statistics.mostThreads = max(statistics.mostThreads, threads) }
        let per = (list.count + threads - 1) / threads
        let order = tree.uispecOrder, classIDs = tree.classIDs
        let maxResults = meter.maxStepResults, allowance = meter.maxWork - meter.work, deadline = meter.deadline
        // Sized for inputs whose subtrees are disjoint: each match at most once.
        let room = ranked.count / threads + (includeSelf ? per : 0)
        let parts = RankSliceKernel.withPointers(tree: tree, order: order, ranked: ranked) { kernel in
            Parallel.map(chunks: threads) { k in
                kernel.slices(of: list[min(list.count, k * per)..<min(list.count, (k + 1) * per)],
                              includeSelf: { includeSelf && $0 >= 0 && test.passes($0, classIDs: classIDs) },
                              room: room, maxResults: maxResults, allowance: allowance, deadline: deadline)
            }
        }
        let out = try joined(parts)
        return unique ? deduplicated(out) : out
    }

    private mutating func ancestors(of list: [NodeID], _ test: NodeTest, unique: Bool) throws(SelectorError) -> [NodeID] {
        var out: [NodeID] = []
        var seen = unique ? Bitset(count: tree.count) : Bitset(count: 0)
        for v in list where v >= 0 {
            var p = tree.parents[Int(v)]
            var walked = 0
            while p >= 0 {
                // Under `unique`, a seen ancestor's own ancestors were all seen with it.
                if unique {
                    if seen.contains(Int(p)) { break }
                    seen.insert(Int(p))
                }
                if passes(p, test) { out.append(p) }
                p = tree.parents[Int(p)]
                walked += 1
            }
            // The nodes actually walked: charging the depth would bill a unique walk, which stops
            // at the first seen ancestor, quadratically on a deep tree.
            try meter.charge(walked)
            try meter.checkResults(out.count)
        }
        return out
    }

    /// Each input's nodes on `axis` passing `test`, in the axis's order, concatenated.
    ///
    /// Under `unique`, `following` walks only what no earlier input yielded: its nodes from one
    /// input are a suffix of the document, so the inputs' union so far is the suffix from the
    /// lowest start, and a new input adds the nodes from its start up to that one. Every other
    /// axis is walked per input and de-duplicated after (each walk charged as it ends, so a long
    /// list of inputs stops at the budget).
    private mutating func walkEach(_ axis: Axis, from list: [NodeID], _ test: NodeTest,
                                   unique: Bool) throws(SelectorError) -> [NodeID] {
        var out: [NodeID] = []
        var lowest = Int32(tree.count)
        for v in list where v >= 0 {
            var visited: Int
            if axis == .following && unique {
                let start = tree.ends[Int(v)]
                visited = 0
                var j = start
                while j < lowest {
                    if passes(j, test) { out.append(j) }
                    j += 1
                    visited += 1
                }
                lowest = min(lowest, start)
            } else {
                visited = tree.walk(axis, from: v) { k in
                    if passes(k, test) { out.append(k) }
                    return true
                }
            }
            try meter.charge(visited)
            try meter.checkResults(out.count)
        }
        return unique ? deduplicated(out) : out
    }

    private func deduplicated(_ list: [NodeID]) -> [NodeID] { list.firstOccurrences(treeSize: tree.count) }

    /// A descendant step whose output is its inputs' subtrees scanned in document order, once
    /// each: document order, from inputs in document order, de-duplicating or with disjoint
    /// subtrees. Its filter and whether it includes the inputs; nil for any other step.
    private func scanInDocumentOrder(_ step: Step, from list: [NodeID]) -> (Predicate, Bool)? {
        guard case let .axis(axis, .document, filter, unique) = step, axis == .descendants || axis == .descendantsOrSelf,
              list.isStrictlyAscending, unique || areDisjointSubtrees(list) else { return nil }
        return (filter, axis == .descendantsOrSelf)
    }

    /// A scan followed by `pick(n)` (Shelley's `label index:2`, UiSelector's `instance(2)`,
    /// XPath's `(//A)[3]`): the scan stops at the pick. Chunks of the inputs' subtree ranges are
    /// scanned by the ordinary kernels from the front (from the back for a negative `n`), each
    /// twice the last (from 4,096 views), until `n` matches lie behind: the third label costs a
    /// few thousand views, not a scan of the tree, and a pick far away costs about one scan.
    private mutating func scanToPick(_ filter: Predicate, includeSelf: Bool, _ n: Int,
                                     from list: [NodeID]) throws(SelectorError) -> [NodeID] {
        choose(.scanToPick)
        let test = try resolver.nodeTest(filter)
        // A scan lists each view at most once, so a pick past the tree's size picks nothing (and
        // `index:55555555555555555555` must not overflow `n + 1`).
        if test.never || n >= tree.count || n < -tree.count { return [] }
        let ranges = subtreeRanges(of: list, includeSelf: includeSelf)
        let want = n >= 0 ? n + 1 : -n
        var seen = 0
        var chunk = 4_096
        for (lo, hi) in n >= 0 ? ranges : ranges.reversed() {
            var from = n >= 0 ? lo : hi
            while n >= 0 ? from < hi : from > lo {
                let part = n >= 0 ? (from, Int32(min(Int(hi), Int(from) + chunk)))
                                  : (Int32(max(Int(lo), Int(from) - chunk)), from)
                let found = try scan([part], test)
                if seen + found.count >= want {
                    return [n >= 0 ? found[want - 1 - seen] : found[found.count - (want - seen)]]
                }
                seen += found.count
                from = n >= 0 ? part.1 : part.0
                chunk = min(chunk * 2, 1 << 20)
            }
        }
        return []
    }

    /// `Step.siblingPosition` on a list that holds, with each view, every sibling passing the
    /// position's `among` (a descendant step's output with that filter: `//A[k]`), so positions
    /// are counted over the list itself, without hopping over the siblings that fail.
    ///
    /// Why the list is closed: a view below the step's inputs has its parent at or below an
    /// input, so all that parent's children passing the filter are below the input too, and on
    /// the list. One pass over the views in document order with a stack of the parents still
    /// open: in preorder the parents whose subtree holds the current view are its ancestors,
    /// nested, so its parent is on top of the stack or new, and a parent leaves the stack once a
    /// view past its subtree arrives. The count per parent is the view's ordinal among its
    /// siblings on the list; a position from the end needs the family's total, known when the
    /// parent leaves. The list keeps its order and repeats.
    private mutating func positionsInList(_ list: [NodeID], _ index: Int) throws(SelectorError) -> [NodeID] {
        // The list's order is read once: in order, it is its own sorted copy and the answer.
        let ascending = list.isStrictlyAscending
        let members = ascending ? list : list.sortedUnique()
        // Positions from the front are decided as each view arrives, the last as its family
        // closes; other positions from the end keep each view's ordinal and family until the
        // family's total is known.
        let fromTheEnd = index < -1
        var ordinal = [Int32](repeating: 0, count: fromTheEnd ? members.count : 0)
        var family = [Int32](repeating: 0, count: fromTheEnd ? members.count : 0)
        var totals = [Int32](repeating: 0, count: fromTheEnd ? members.count : 0)
        var picked: [NodeID] = []
        // The stack in raw buffers with a depth: this loop runs once per view of the list
        // (253,381 for `//UILabel[2]` on 10^6 views), where a growable array of tuples cost
        // eight times as much. It never holds more entries than the list has views.
        let capacity = members.count + 1
        let openParent = UnsafeMutablePointer<NodeID>.allocate(capacity: capacity)
        let openEnd = UnsafeMutablePointer<NodeID>.allocate(capacity: capacity)
        let openFamily = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        let openCount = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        let openLast = UnsafeMutablePointer<NodeID>.allocate(capacity: capacity)
        defer {
            openParent.deallocate(); openEnd.deallocate(); openFamily.deallocate()
            openCount.deallocate(); openLast.deallocate()
        }
        var depth = 0
        var families: Int32 = 0
        let size = NodeID(tree.count)
        tree.parents.withUnsafeBufferPointer { parents in
            tree.ends.withUnsafeBufferPointer { ends in
                ordinal.withUnsafeMutableBufferPointer { ordinal in
                    family.withUnsafeMutableBufferPointer { family in
                        totals.withUnsafeMutableBufferPointer { totals in
                            for (i, v) in members.enumerated() where v >= 0 {
                                let p = parents[Int(v)]
                                while depth > 0 && openEnd[depth - 1] <= v {
                                    depth -= 1
                                    if fromTheEnd { totals[Int(openFamily[depth])] = openCount[depth] }
                                    else if index == -1 { picked.append(openLast[depth]) }
                                }
                                if depth > 0 && openParent[depth - 1] == p {
                                    openCount[depth - 1] += 1
                                    openLast[depth - 1] = v
                                } else {
                                    openParent[depth] = p
                                    openEnd[depth] = p >= 0 ? ends[Int(p)] : size
                                    openFamily[depth] = families
                                    openCount[depth] = 1
                                    openLast[depth] = v
                                    families += 1
                                    depth += 1
                                }
                                let at = openCount[depth - 1] - 1
                                if index >= 0 && Int(at) == index { picked.append(v) }
                                if fromTheEnd { ordinal[i] = at; family[i] = openFamily[depth - 1] }
                            }
                            while depth > 0 {
                                depth -= 1
                                if fromTheEnd { totals[Int(openFamily[depth])] = openCount[depth] }
                                else if index == -1 { picked.append(openLast[depth]) }
                            }
                        }
                    }
                }
            }
        }
        if fromTheEnd {
            for (i, v) in members.enumerated() where v >= 0 && Int(ordinal[i]) - Int(totals[Int(family[i])]) == index {
                picked.append(v)
            }
        }
        try meter.charge(members.count)
        // Families close innermost first, so the last views come out of order.
        if index == -1 { picked.sort() }
        if ascending { return picked }
        let kept = Bitset(count: tree.count, members: picked)
        return list.filter { $0 >= 0 && kept.contains(Int($0)) }
    }
}

/// `a × b × c` for non-negative factors, `Int.max` when it would overflow (a tuning of `Int.max`
/// means "never").
func saturatingProduct(_ a: Int, _ b: Int, _ c: Int) -> Int {
    let (ab, o1) = a.multipliedReportingOverflow(by: b)
    let (abc, o2) = ab.multipliedReportingOverflow(by: c)
    return o1 || o2 ? .max : abc
}

/// The walk of one input in UISpec's order, without chasing child links.
///
/// UISpec expands a node by listing its matching children last to first, then pushes its
/// children that hold matches so the last is expanded first. That order, reversed, is: for each
/// holder in left-to-right post-order, its matching children in document order. This walk
/// produces the reversed form in one forward pass over the marked nodes (matches and holders) of
/// the input's subtree, read from the `marked` bitset, then reverses it.
///
/// Why it is correct: every ancestor of a match is a holder, so the first marked node after a
/// closed subtree is a child of the innermost open holder, and the open holders form a stack
/// (each frame keeps where its matching children start in `pending`). Why it is fast: the next
/// node comes from a bitset scan, not from `ends[j]` of the node before, so the loads no longer
/// wait on each other (the child-link walk spent about half its time on that dependent load).
struct ReverseWalk {
    private var frames: [(end: Int32, start: Int)] = []
    private var pending: [NodeID] = []
    private var emitted: [NodeID] = []

    mutating func run(from v: NodeID, ends: UnsafeBufferPointer<Int32>, isMatch: Bitset, holdsMatch: Bitset,
                      marked: Bitset, out: inout [NodeID]) {
        let lo = v < 0 ? 0 : Int(v) + 1
        let hi = v < 0 ? ends.count : Int(ends[Int(v)])
        // One match below the input (a cell's one matching label, the common case) is the
        // whole answer: no stack to keep.
        let first = isMatch.next(from: lo, below: hi)
        if first == hi { return }
        if isMatch.next(from: first + 1, below: hi) == hi {
            out.append(NodeID(first))
            return
        }
        frames.removeAll(keepingCapacity: true)
        pending.removeAll(keepingCapacity: true)
        emitted.removeAll(keepingCapacity: true)
        frames.append((end: Int32(hi), start: 0))
        var c = marked.next(from: lo, below: hi)
        while c < hi {
            while frames[frames.count - 1].end <= c { close() }
            if isMatch.contains(c) { pending.append(NodeID(c)) }
            if holdsMatch.contains(c) { frames.append((end: ends[c], start: pending.count)) }
            c = marked.next(from: c + 1, below: hi)
        }
        while !frames.isEmpty { close() }
        // Element loops rather than `append(contentsOf:)` a slice or a reversed view: those
        // retained and released the buffer per call, a tenth of a walk-heavy query's time.
        var k = emitted.count
        while k > 0 { k -= 1; out.append(emitted[k]) }
    }

    private mutating func close() {
        let start = frames.removeLast().start
        for k in start..<pending.count { emitted.append(pending[k]) }
        pending.removeLast(pending.count - start)
    }
}

/// The ancestor walks of `Run.matchFromTheRight`, remembered per level.
///
/// Level j asks: starting at a view and going up, is there a view passing step j's test whose
/// own walk at level j-1 succeeds (level -1: is there an input)? Every view a search passes
/// without passing the test reaches the same answer, so all of them are marked with it
/// (`good`/`dead` per level) and a later search stops at the first marked one: each level visits
/// a view at most once, however many matches share its ancestors.
struct RightToLeftWalk {
    private let tests: [NodeTest]
    private let classIDs: ContiguousArray<Int32>
    private let withSelf: [Bool]
    private var isInput: Bitset
    private let fromDocument: Bool
    /// Index j + 1 for level j.
    private var good: [Bitset]
    private var dead: [Bitset]
    private var path: [Int32] = []
    /// Views visited, for the work budget.
    private(set) var walked = 0

    init(tree: ViewTree, tests: [NodeTest], withSelf: [Bool], inputs: [NodeID]?) {
        self.tests = tests
        classIDs = tree.classIDs
        self.withSelf = withSelf
        fromDocument = inputs == nil
        isInput = Bitset(count: inputs == nil ? 0 : tree.count)
        for v in inputs ?? [] where v >= 0 { isInput.insert(Int(v)) }
        good = Array(repeating: Bitset(count: tree.count), count: tests.count)
        dead = good
    }

    mutating func holds(level j: Int, from start: Int32, _ parents: UnsafeBufferPointer<Int32>) -> Bool {
        if j < 0 && fromDocument { return true }
        let base = path.count
        var q = start
        var answer = false
        while q >= 0 {
            if good[j + 1].contains(Int(q)) { answer = true; break }
            if dead[j + 1].contains(Int(q)) { break }
            path.append(q)
            walked += 1
            if j < 0 {
                if isInput.contains(Int(q)) { answer = true; break }
            } else if tests[j].passes(q, classIDs: classIDs) {
                answer = holds(level: j - 1, from: withSelf[j] ? q : parents[Int(q)], parents)
                break
            }
            q = parents[Int(q)]
        }
        for k in base..<path.count {
            if answer { good[j + 1].insert(Int(path[k])) } else { dead[j + 1].insert(Int(path[k])) }
        }
        path.removeLast(path.count - base)
        return answer
    }
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
