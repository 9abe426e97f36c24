/// Every view's place in UISpec's order, computed once per tree on first use.
///
/// UISpec's descendant search from a view expands it by listing its children last to first, then
/// expands those children, last first (`R[A[a1,a2],B[b1]]` gives `B, A, b1, a2, a1`). Read
/// backwards that is: for each view in post-order, its children in document order. The order of
/// a search restricted to some matches is that whole-tree order restricted to them (a view with no
/// matching child adds nothing to either), and a search from one view lists exactly the whole
/// order's views inside its subtree. So a UISpec-order step is "the matches in each input's
/// subtree, sorted by `rank`", which a per-query walk of their ancestors no longer has to find.
///
/// Read forwards, the order lists a view's children (last first) and then, for each child in that
/// order, the child's descendants the same way; so a view's descendants are one run of ranks,
/// starting at its last child's (`firstDescendant`), and an input's matches are the matches
/// ranked in that run (`RankedMatches`).
public struct UISpecOrder: Sendable {
    /// `rank[v]`: where view v stands in the whole tree's UISpec order (from the document node).
    public let rank: ContiguousArray<Int32>
    /// `views[r]`: the view at rank r (the inverse of `rank`).
    public let views: ContiguousArray<Int32>
    /// `firstDescendant[v]`: the rank where v's descendants begin (its last child's); they fill
    /// the `subtreeEnd(v) - v - 1` ranks from there. 0 for a view without children.
    public let firstDescendant: ContiguousArray<Int32>

    init(_ tree: ViewTree) {
        let n = tree.count
        // The backwards order: each view in post-order lists its children; the document node
        // (whose children are the roots) comes last in post-order.
        var backwards = ContiguousArray<Int32>()
        backwards.reserveCapacity(n)
        tree.ends.withUnsafeBufferPointer { ends in
            func appendChildren(of v: Int) {
                var c = v + 1
                let end = Int(ends[v])
                while c < end { backwards.append(Int32(c)); c = Int(ends[c]) }
            }
            // Post-order without recursion: a view closes when the scan passes its end.
            var open: [Int] = []
            for v in 0..<n {
                while let top = open.last, Int(ends[top]) <= v { open.removeLast(); appendChildren(of: top) }
                open.append(v)
            }
            while let top = open.popLast() { appendChildren(of: top) }
        }
        backwards.append(contentsOf: tree.roots)
        var rank = ContiguousArray<Int32>(repeating: 0, count: n)
        var views = ContiguousArray<Int32>(repeating: 0, count: n)
        for (k, v) in backwards.enumerated() {
            let r = n - 1 - k
            rank[Int(v)] = Int32(r)
            views[r] = v
        }
        var firstDescendant = ContiguousArray<Int32>(repeating: 0, count: n)
        tree.parents.withUnsafeBufferPointer { parents in
            // A parent's last child is the last view, in document order, naming it.
            for v in 0..<n where parents[v] >= 0 { firstDescendant[Int(parents[v])] = rank[v] }
        }
        self.rank = rank
        self.views = views
        self.firstDescendant = firstDescendant
    }
}

/// A step's matches by UISpec rank, for a UISpec-order descendant step: an input's matches are
/// the ones whose rank lies in its descendants' run (`UISpecOrder.firstDescendant`), read in
/// rank order from that run alone.
///
/// Few matches are sorted by rank, and a run's are found by binary search; many are marked in a
/// bitset of ranks, and a run's are its set bits (a cell's eight descendants: one word). Either
/// way an input costs its run's words or a search and its matches, not a walk of its subtree or
/// a sort per input.
struct RankedMatches {
    /// The ranks, ascending, when sorted (few matches).
    let sortedRanks: [Int32]
    /// The marked ranks' words (many matches); empty when sorted.
    let marks: [UInt64]
    /// How many matches.
    let count: Int

    /// The views of `members` (each a view of the tree, any order, no repeats), `count` of them,
    /// sorted by rank when `count <= sortUpTo`, else marked.
    init(count: Int, sortUpTo: Int, order: UISpecOrder, members: ((Int) -> Void) -> Void) {
        self.count = count
        if count <= sortUpTo {
            var ranks: [Int32] = []
            ranks.reserveCapacity(count)
            order.rank.withUnsafeBufferPointer { rank in members { ranks.append(rank[$0]) } }
            ranks.sort()
            sortedRanks = ranks
            marks = []
            return
        }
        var marks = Bitset(count: order.rank.count)
        order.rank.withUnsafeBufferPointer { rank in members { marks.insert(Int(rank[$0])) } }
        self.marks = marks.words
        sortedRanks = []
    }
}

/// The inner loop of a slice by rank (`Run.rankSlices`), over raw buffers: it runs once per input,
/// 125,000 times for `tableViewCell imageView`, where an array append's uniqueness and capacity
/// checks cost as much as the reads. Its output is a buffer it grows itself.
struct RankSliceKernel {
    let ends: UnsafeBufferPointer<Int32>
    let firstDescendant: UnsafeBufferPointer<Int32>
    let views: UnsafeBufferPointer<Int32>
    let sortedRanks: UnsafeBufferPointer<Int32>
    let marks: UnsafeBufferPointer<UInt64>

    /// One part of the inputs' output, and where it stopped (also a UISpec walk's part).
    struct Part {
        var out: [NodeID] = []
        /// Words, search steps, inputs and outputs.
        var work = 0
        /// It stopped early: past `maxResults`, the work allowed, or the deadline.
        var stopped = false
    }

    /// Calls `body` with a kernel over the tree's, the order's and the matches' buffers.
    static func withPointers<R>(tree: ViewTree, order: UISpecOrder, ranked: RankedMatches,
                                _ body: (RankSliceKernel) -> R) -> R {
        tree.ends.withUnsafeBufferPointer { ends in
            order.firstDescendant.withUnsafeBufferPointer { first in
                order.views.withUnsafeBufferPointer { views in
                    ranked.sortedRanks.withUnsafeBufferPointer { sorted in
                        ranked.marks.withUnsafeBufferPointer { marks in
                            body(RankSliceKernel(ends: ends, firstDescendant: first, views: views,
                                                 sortedRanks: sorted, marks: marks))
                        }
                    }
                }
            }
        }
    }

    /// For each of `inputs`: itself when `includeSelf` passes it, then its matches, in rank order.
    /// `room` is the first guess of the output's size; the part stops past `maxResults`
    /// results, past `allowance` work, or at the deadline (read every 1,024 inputs).
    func slices(of inputs: ArraySlice<NodeID>, includeSelf: (NodeID) -> Bool, room: Int, maxResults: Int,
                allowance: Int, deadline: MatchDeadline) -> Part {
        var part = Part()
        var buffer = UnsafeMutableBufferPointer<NodeID>.allocate(capacity: max(16, room))
        var at = 0
        var i = 0
        for v in inputs {
            // An input's whole output is written or none of it: with no room, the buffer
            // doubles and the input is written again.
            var next: Int?
            repeat {
                next = at
                if includeSelf(v) {
                    if at < buffer.count { buffer[at] = v; next = at + 1 } else { next = nil }
                }
                if let from = next { next = write(below: v, to: buffer, at: from, work: &part.work) }
                if next == nil {
                    let bigger = UnsafeMutableBufferPointer<NodeID>.allocate(capacity: buffer.count * 2)
                    _ = bigger.initialize(fromContentsOf: buffer[0..<at])
                    buffer.deallocate()
                    buffer = bigger
                }
            } while next == nil
            part.work += 1 + next! - at
            at = next!
            i += 1
            if at > maxResults || part.work > allowance || (i & 1023 == 0 && deadline.hasPassed) {
                part.stopped = true
                break
            }
        }
        part.out = Array(buffer[0..<at])
        buffer.deallocate()
        return part
    }

    /// Writes the matches among v's descendants (every view's for the document node, -1), in
    /// rank order, at `out[at...]`; returns where they end, or nil when `out` had no room for them
    /// all. Adds the words or search steps it read to `work`.
    @inline(__always) func write(below v: NodeID, to out: UnsafeMutableBufferPointer<NodeID>, at start: Int,
                                 work: inout Int) -> Int? {
        let lo: Int, hi: Int
        if v < 0 {
            lo = 0
            hi = ends.count
        } else {
            let size = Int(ends[Int(v)]) - Int(v) - 1
            if size == 0 { return start }
            lo = Int(firstDescendant[Int(v)])
            hi = lo + size
        }
        var at = start
        if marks.isEmpty {
            // Binary search for the run's first rank, then the ranks inside it.
            var a = 0, b = sortedRanks.count
            while a < b {
                let mid = (a + b) >> 1
                if Int(sortedRanks[mid]) < lo { a = mid + 1 } else { b = mid }
                work += 1
            }
            while a < sortedRanks.count && Int(sortedRanks[a]) < hi {
                if at == out.count { return nil }
                out[at] = views[Int(sortedRanks[a])]
                at += 1
                a += 1
            }
            return at
        }
        var w = lo >> 6
        let lastWord = (hi - 1) >> 6
        work += lastWord - w
        var bits = marks[w] & (~UInt64(0) << UInt64(lo & 63))
        if w == lastWord {
            // A run inside one word (a cell's few descendants): its first match is written
            // whether or not there is one, and kept only if there is, so the common case of none
            // or one takes no branch that guesses wrong.
            if hi & 63 != 0 { bits &= (UInt64(1) << UInt64(hi & 63)) - 1 }
            if at == out.count { return nil }
            let first = bits == 0 ? 0 : w << 6 + bits.trailingZeroBitCount
            out[at] = views[first]
            at += bits == 0 ? 0 : 1
            bits &= bits &- 1
            while bits != 0 {
                if at == out.count { return nil }
                out[at] = views[w << 6 + bits.trailingZeroBitCount]
                at += 1
                bits &= bits - 1
            }
            return at
        }
        // A longer run: its set bits, word by word.
        while true {
            if w == lastWord && hi & 63 != 0 { bits &= (UInt64(1) << UInt64(hi & 63)) - 1 }
            while bits != 0 {
                if at == out.count { return nil }
                out[at] = views[w << 6 + bits.trailingZeroBitCount]
                at += 1
                bits &= bits - 1
            }
            if w == lastWord { break }
            w += 1
            bits = marks[w]
        }
        return at
    }
}

/// Indexes derived from a tree's structure, built on first use and shared by the tree's copies
/// (a property change keeps the structure, so they stay true).
final class DerivedIndexes: Sendable {
    private let uispec = Locked<UISpecOrder?>(nil)
    private let rankedClasses = Locked<ViewTree?>(nil)

    init() {}

    /// The tree's UISpec order (12 bytes a view), built by the first caller.
    func uispecOrder(_ tree: ViewTree) -> UISpecOrder {
        Self.once(uispec) { UISpecOrder(tree) }
    }

    /// The tree's class column in UISpec order, as the only column of a tree (4 bytes a view).
    func rankedClasses(_ tree: ViewTree) -> ViewTree {
        let order = uispecOrder(tree)
        return Self.once(rankedClasses) {
            var classes = ContiguousArray<Int32>(repeating: 0, count: tree.count)
            tree.classIDs.withUnsafeBufferPointer { ids in
                for (r, v) in order.views.enumerated() { classes[r] = ids[Int(v)] }
            }
            return ViewTree(parents: tree.parents, ends: tree.ends, depths: tree.depths, classIDs: classes,
                            classes: tree.classes, columns: [:], propertyNames: [])
        }
    }

    /// The slot's value, built under its lock by the first caller.
    private static func once<T>(_ slot: Locked<T?>, _ build: () -> T) -> T {
        slot.withLock { value in
            if let value { return value }
            let built = build()
            value = built
            return built
        }
    }
}

extension ViewTree {
    /// Every view's place in UISpec's order (`UISpecOrder`), built on first use.
    public var uispecOrder: UISpecOrder { derived.uispecOrder(self) }

    /// A tree whose class column is this tree's in UISpec order (view `r` of it is the view of
    /// rank `r`), for scans that answer in UISpec order directly; only its class column is
    /// meaningful. Built on first use.
    var uispecRankedClasses: ViewTree { derived.rankedClasses(self) }
}
