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
