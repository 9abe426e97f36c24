// Run's UISpec-order descendant steps (`reverse-walk`, `reverse-chain`): Frank's UISpec lists a
// selector's matches last child first; these kernels produce that order without walking child
// links, by ranks (`UISpecOrder`) on large trees.

extension Run {
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
    mutating func reverseChain(_ steps: ArraySlice<Step>, from start: [NodeID]) throws(SelectorError) -> [NodeID] {
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
    mutating func prepareReverseChain(_ tests: [(test: NodeTest, includeSelf: Bool, unique: Bool)],
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
                let tested = test.appendPassing(useful, classIDs: tree.classIDs, to: &matches)
                try meter.charge(tested + tree.count / 64)
            }
            j -= 1
        }
        return prepared.reversed()
    }

    /// UISpec's order.
    ///
    /// One merged (possibly parallel) scan over the union of the inputs' subtrees finds every
    /// match; two bitsets then answer "is this node a match" and "does this node's subtree hold a
    /// match" in O(1) (the second marks the ancestors of each match, stopping at the first already
    /// marked). The walk per input then descends only into children whose subtree holds a match,
    /// so its cost follows the ancestors of the matches, with no per-input scan or search: a step
    /// often has tens of thousands of small inputs (every cell of every table).
    mutating func reverseDescendants(of list: [NodeID], includeSelf: Bool, _ test: NodeTest,
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
    mutating func reverseDescendants(of list: [NodeID], _ step: PreparedReverseStep) throws(SelectorError) -> [NodeID] {
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
    mutating func reverseWalks(of list: [NodeID], _ step: PreparedReverseStep, marked: Bitset,
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
    mutating func joined(_ parts: [RankSliceKernel.Part]) throws(SelectorError) -> [NodeID] {
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
    func ranksClasses(below list: [NodeID], _ test: NodeTest) -> Bool {
        usesUISpecRanks && list.count == 1 && test.classMask != nil && test.stringIDs == nil
            && test.boolColumn == nil && test.rest == nil && !test.never
            && (list[0] < 0 || (list[0] == 0 && tree.subtreeEnd(of: 0) == tree.count))
    }

    /// A class test below an input that reaches every other view (the document, or a single
    /// root): the tree's class column laid out in UISpec order (`uispecRankedClasses`) is scanned
    /// by the ordinary kernels, threads included, and its hits, ranks in ascending order, are
    /// the answer once mapped back to views. `imageView` on 10^6 views then costs what
    /// `class_name` costs plus one read per match, not a sort of 130,000 matches.
    mutating func classesInUISpecOrder(below input: NodeID, includeSelf: Bool,
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
    var usesUISpecRanks: Bool { tree.count >= tuning.reverseRankMinimumViews }

    /// A step's matches (views, no repeats) by UISpec rank, for `rankSlices`: sorted by rank
    /// while at most one view in `rankSortViewsPerMatch` matches, else marked in a bitset of ranks.
    mutating func ranked(_ matches: [NodeID]) throws(SelectorError) -> RankedMatches {
        try ranked(count: matches.count) { body in for m in matches { body(Int(m)) } }
    }

    mutating func ranked(count: Int, members: ((Int) -> Void) -> Void) throws(SelectorError) -> RankedMatches {
        let sortUpTo = tree.count / max(1, tuning.rankSortViewsPerMatch)
        try meter.charge(count + (count <= sortUpTo ? 0 : tree.count / 64))
        return RankedMatches(count: count, sortUpTo: sortUpTo, order: tree.uispecOrder, members: members)
    }

    /// UISpec's order from the tree's ranks: for each input, itself when `includeSelf` and it
    /// passes `test`, then its matches, those of `ranked` in its run of descendants' ranks
    /// (`UISpecOrder` says why that is UISpec's order). No walk of the matches' ancestors and no
    /// sort per input: `tableViewCell imageView` is two class scans and a word per cell.
    mutating func rankSlices(of list: [NodeID], _ ranked: RankedMatches, includeSelf: Bool,
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
}
