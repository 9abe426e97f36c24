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

    mutating func apply(_ step: Step, to list: [NodeID]) throws(SelectorError) -> [NodeID] {
        switch step {
        case let .axis(axis, order, filter, unique):
            let test = try resolver.nodeTest(filter)
            if test.never { return [] }
            switch axis {
            case .descendants, .descendantsOrSelf:
                let withSelf = axis == .descendantsOrSelf
                return order == .document
                    ? try descendants(of: list, includeSelf: withSelf, test, unique: unique)
                    : try reverseDescendants(of: list, includeSelf: withSelf, test, unique: unique)
            case .children:
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
                return try ancestors(of: list, test, unique: unique)
            case .parent:
                var out: [NodeID] = []
                for v in list where v >= 0 {
                    let p = tree.parents[Int(v)]
                    if p >= 0 && passes(p, test) { out.append(p) }
                }
                return unique ? deduplicated(out) : out
            case .siblings:
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
            }
        case .filter(let p):
            let test = try resolver.nodeTest(p)
            return matcher.filter(list, test, tree)
        case .pick(let n):
            let k = n >= 0 ? n : list.count + n
            return k >= 0 && k < list.count ? [list[k]] : []
        case .deduplicate:
            return deduplicated(list)
        case .sortInDocumentOrder:
            return list.sortedUnique()
        case .engine(let step):
            var context = StepContext(run: self)
            defer { self = context.run }
            return try step.apply(to: list, in: &context)
        case .union(let programs):
            var out: [NodeID] = []
            for program in programs {
                let part = try run(program.steps, from: list)
                out.append(contentsOf: part)
                try meter.checkResults(out.count)
            }
            return deduplicated(out.filter { $0 >= 0 })
        }
    }

    /// Applies `steps` in turn from `start`, each step's output charged to the budget.
    ///
    /// A run of two or more UISpec-order descendant steps (`tableView tableViewCell label`) is
    /// prepared backwards first (`prepareReverseChain`), so each of its steps walks only to the
    /// views that lead to a result.
    mutating func run(_ steps: [Step], from start: [NodeID]) throws(SelectorError) -> [NodeID] {
        var list = start
        var k = 0
        while k < steps.count && !list.isEmpty {
            var chain = 0
            while k + chain < steps.count, Self.isReverseDescendantStep(steps[k + chain]) { chain += 1 }
            if chain >= 2 {
                let prepared = try prepareReverseChain(steps[k..<(k + chain)], from: list)
                for p in prepared {
                    if list.isEmpty { break }
                    list = try reverseDescendants(of: list, p)
                    try meter.endStep(list.count)
                }
                k += chain
                continue
            }
            list = try apply(steps[k], to: list)
            try meter.endStep(list.count)
            k += 1
        }
        return list
    }

    private static func isReverseDescendantStep(_ step: Step) -> Bool {
        if case .axis(let axis, .reverse, _, _) = step, axis == .descendants || axis == .descendantsOrSelf { return true }
        return false
    }

    /// One prepared UISpec-order descendant step: its test, and the matches its walk may emit.
    struct PreparedReverseStep {
        var test: NodeTest
        var includeSelf: Bool
        var unique: Bool
        /// The views passing `test` that the walk may emit (here: the ones leading to a result).
        var isMatch: Bitset
        /// The proper ancestors of those views: the walk descends only into these.
        var holdsMatch: Bitset
        var anyMatch: Bool
    }

    /// The matches of each step of a chain of UISpec-order descendant steps, found backwards.
    ///
    /// Without it, `tableView tableViewCell label text:'Row 1'` lists all 125,655 cells in
    /// UISpec's order (a walk per table view) only for the third step to find that one cell in
    /// nine holds a matching label. A view in a step's output matters only if the next step finds
    /// something from it: a match of the next step below it (or the view itself, when the next
    /// step includes self). So the last step is scanned first, over the first step's whole reach,
    /// its matches' ancestors marked, and each earlier step's matches are the marked views
    /// passing its test; the walks then run forward as before, each from its real inputs, so
    /// order and repeats are UISpec's. The result is the same; the work follows the views that
    /// lead to a result. Only walks read these sets, and a walk stays inside its input's subtree,
    /// so matches outside every input (from the wider scan) are never emitted.
    private mutating func prepareReverseChain(_ steps: ArraySlice<Step>,
                                              from list: [NodeID]) throws(SelectorError) -> [PreparedReverseStep] {
        var tests: [(test: NodeTest, includeSelf: Bool, unique: Bool)] = []
        for step in steps {
            guard case let .axis(axis, _, filter, unique) = step else { continue }
            tests.append((try resolver.nodeTest(filter), axis == .descendantsOrSelf, unique))
        }
        // Every view a step of the chain can reach: the first inputs' subtrees, inputs included
        // (a later step that includes self may test one of them).
        var ordered = list
        if !ordered.isSorted(by: <=) { ordered.sort() }
        var reach: [(Int32, Int32)] = []
        for v in ordered {
            let r = span(v)
            if let last = reach.last, r.0 < last.1 { reach[reach.count - 1].1 = max(last.1, r.1); continue }
            reach.append(r)
        }
        var prepared: [PreparedReverseStep] = []
        var matches = try scan(reach, tests[tests.count - 1].test)
        var j = tests.count - 1
        while true {
            var isMatch = Bitset(count: tree.count)
            var holdsMatch = Bitset(count: tree.count)
            markAncestors(of: matches, isMatch: &isMatch, holdsMatch: &holdsMatch)
            prepared.append(PreparedReverseStep(test: tests[j].test, includeSelf: tests[j].includeSelf,
                                                unique: tests[j].unique, isMatch: isMatch,
                                                holdsMatch: holdsMatch, anyMatch: !matches.isEmpty))
            if j == 0 { break }
            // Step j-1's useful outputs: views this step finds something from.
            let useful = tests[j].includeSelf ? Bitset.union(isMatch, holdsMatch) : holdsMatch
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
    /// at the first ancestor already marked: the rest of its chain is marked with it).
    private func markAncestors(of matches: [NodeID], isMatch: inout Bitset, holdsMatch: inout Bitset) {
        tree.parents.withUnsafeBufferPointer { parents in
            for m in matches where m >= 0 {
                isMatch.insert(Int(m))
                var p = parents[Int(m)]
                while p >= 0 && !holdsMatch.contains(Int(p)) {
                    holdsMatch.insert(Int(p))
                    p = parents[Int(p)]
                }
            }
        }
    }

    @inline(__always) private func passes(_ i: NodeID, _ test: NodeTest) -> Bool {
        test.passes(i, classIDs: tree.classIDs)
    }

    private func children(of v: NodeID) -> [NodeID] {
        v < 0 ? tree.roots : tree.children(of: v)
    }

    /// A matcher scan, charged to the budget.
    private mutating func scan(_ ranges: [(Int32, Int32)], _ test: NodeTest) throws(SelectorError) -> [NodeID] {
        let before = statistics.nodesScanned
        let found = matcher.scan(ranges: ranges, test, tree, statistics: &statistics)
        try meter.charge(statistics.nodesScanned - before + found.count)
        return found
    }

    /// The whole subtree span of `v` (the virtual document node spans the tree).
    @inline(__always) private func span(_ v: NodeID) -> (Int32, Int32) {
        v < 0 ? (0, Int32(tree.count)) : (v, tree.ends[Int(v)])
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
            return try scan(ranges, test)
        }
        var out: [NodeID] = []
        if !unique {
            for v in list {
                let (lo, hi) = scanRange(v, includeSelf: includeSelf)
                out.append(contentsOf: try scan([(lo, hi)], test))
                try meter.checkResults(out.count)
            }
            return out
        }
        // Unordered inputs with de-duplication (e.g. after `parent`, nearest first): scan each
        // input's range minus what earlier inputs already scanned, so every node is visited once.
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
        // Subtree ranges nest or are disjoint, so ordering them by start is ordering the inputs by
        // id. UISpec's order makes a step's output descending more often than not (siblings
        // reversed, level by level), so check for that before paying for a sort.
        var ordered = list
        if !ordered.isSorted(by: <=) {
            if ordered.isSorted(by: >=) { ordered.reverse() } else { ordered.sort() }
        }
        let ranges = ordered.map { scanRange($0, includeSelf: false) }
        var merged: [(Int32, Int32)] = []
        merged.reserveCapacity(ranges.count)
        for r in ranges where r.0 < r.1 {
            if let last = merged.last, r.0 <= last.1 {
                merged[merged.count - 1].1 = max(last.1, r.1)
            } else {
                merged.append(r)
            }
        }
        let matches = try scan(merged, test)
        var isMatch = Bitset(count: tree.count)
        var holdsMatch = Bitset(count: tree.count)
        markAncestors(of: matches, isMatch: &isMatch, holdsMatch: &holdsMatch)
        return try reverseDescendants(of: list, PreparedReverseStep(test: test, includeSelf: includeSelf, unique: unique,
                                                                    isMatch: isMatch, holdsMatch: holdsMatch,
                                                                    anyMatch: !matches.isEmpty))
    }

    /// The walks of a UISpec-order step whose matches are known.
    private mutating func reverseDescendants(of list: [NodeID], _ step: PreparedReverseStep) throws(SelectorError) -> [NodeID] {
        let test = step.test, includeSelf = step.includeSelf
        var out: [NodeID] = []
        if !step.anyMatch {
            for v in list where includeSelf && v >= 0 && passes(v, test) { out.append(v) }
            try meter.checkResults(out.count)
            return step.unique ? deduplicated(out) : out
        }
        let isMatch = step.isMatch, holdsMatch = step.holdsMatch
        let marked = Bitset.union(isMatch, holdsMatch)
        var walk = ReverseWalk()
        try tree.ends.withUnsafeBufferPointer { (ends) throws(SelectorError) in
            for v in list {
                if includeSelf && v >= 0 && passes(v, test) { out.append(v) }
                if v >= 0 && !holdsMatch.contains(Int(v)) { continue }
                let before = out.count
                walk.run(from: v, ends: ends, isMatch: isMatch, holdsMatch: holdsMatch, marked: marked, out: &out)
                try meter.charge(out.count - before)
                try meter.checkResults(out.count)
            }
        }
        return step.unique ? deduplicated(out) : out
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

    private func deduplicated(_ list: [NodeID]) -> [NodeID] {
        if list.count < 2 { return list }
        var seen = Bitset(count: tree.count + 1)
        var out: [NodeID] = []
        out.reserveCapacity(list.count)
        for v in list {
            let key = Int(v) + 1  // room for the virtual node -1
            if !seen.contains(key) { seen.insert(key); out.append(v) }
        }
        return out
    }
}

/// A fixed-size set of small integers.
struct Bitset: Sendable {
    private(set) var words: [UInt64]
    init(count: Int) { words = [UInt64](repeating: 0, count: (count + 63) / 64) }
    @inline(__always) func contains(_ i: Int) -> Bool { words[i >> 6] & (1 << UInt64(i & 63)) != 0 }
    @inline(__always) mutating func insert(_ i: Int) { words[i >> 6] |= 1 << UInt64(i & 63) }

    /// The members of either set (same size).
    static func union(_ a: Bitset, _ b: Bitset) -> Bitset {
        var u = a
        for w in u.words.indices { u.words[w] |= b.words[w] }
        return u
    }

    /// The least member in `from..<end`, or `end` when there is none.
    @inline(__always) func next(from i: Int, below end: Int) -> Int {
        if i >= end { return end }
        var w = i >> 6
        var bits = words[w] & (~UInt64(0) << UInt64(i & 63))
        let lastWord = (end - 1) >> 6
        while bits == 0 {
            w += 1
            if w > lastWord { return end }
            bits = words[w]
        }
        return min((w << 6) + bits.trailingZeroBitCount, end)
    }
}

extension Array where Element == NodeID {
    /// Document order without duplicates. Lists are often sorted or nearly so already (a
    /// descendant step's output): a check for that, then at worst one sort and one pass dropping
    /// adjacent repeats, with no hashing per result. Engine steps use it too.
    package func sortedUnique() -> [NodeID] {
        var out = self
        if !out.isSorted(by: <=) {
            if out.isSorted(by: >=) { out.reverse() } else { out.sort() }
        }
        var kept = 0
        for i in out.indices where kept == 0 || out[i] != out[kept - 1] {
            out[kept] = out[i]; kept += 1
        }
        out.removeLast(out.count - kept)
        return out
    }

    /// Whether every adjacent pair satisfies `areInOrder`.
    func isSorted(by areInOrder: (NodeID, NodeID) -> Bool) -> Bool {
        var k = 1
        while k < count {
            if !areInOrder(self[k - 1], self[k]) { return false }
            k += 1
        }
        return true
    }
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
