// Run's right-to-left match of a chain of descendant steps (`right-to-left`), as browsers match
// CSS: the last step scanned, the earlier ones checked on each match's ancestors.

extension Run {
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
    mutating func matchFromTheRight(_ steps: ArraySlice<Step>, from list: [NodeID]) throws(SelectorError) -> [NodeID] {
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

    /// About how many views of `reach` (`covered` in all) pass `test`, from runs of views spread
    /// evenly (`MatcherTuning.matchSampleRuns` of `matchSampleWidth`; through the scan kernel,
    /// whose set-up is paid once for all of them).
    func estimatedMatches(of test: NodeTest, in reach: [(Int32, Int32)], covered: Int) -> Int {
        let runs = max(1, tuning.matchSampleRuns), width = max(1, tuning.matchSampleWidth)
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
    func within(_ sorted: [NodeID], subtreesOf inputs: [NodeID], includeSelf: Bool) -> [NodeID] {
        Matcher.inside(sorted, subtreeRanges(of: inputs, includeSelf: includeSelf))
    }

    /// What descendant searches from every view of `list` scan, merged (`Matcher.merged`).
    ///
    /// A long list out of document order (a UISpec-order step's 125,655 cells) is put in order by
    /// marking it in a bitset and reading it back, rather than by sorting its ranges.
    func subtreeRanges(of list: [NodeID], includeSelf: Bool) -> [(Int32, Int32)] {
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
