// One node's axis, walked in the axis's order: every `Axis` from a single node, used by the
// matcher's sibling, following, preceding and ancestor-or-self steps (`axis-walk`), by
// `Step.axisPosition` and by engine steps through `StepContext.forEach(on:from:)`. The matcher's
// children, parent, siblings and ancestors steps keep their own loops, which also give
// `TraversalOrder.reverse` and stop a de-duplicating ancestor walk at a seen ancestor.
//
// The tree is stored in preorder with each node's subtree end, so a node's next sibling is
// `ends[v]`, a parent's children are `p + 1, ends[p + 1], ...` up to `ends[p]`, everything after
// `v`'s subtree is `ends[v] ..< count`, and the nodes before `v` that are not its ancestors are
// those `j < v` whose subtree ends at or before `v`. No walk allocates, except the preceding
// siblings, which are found front to back and handed out nearest first.

/// What a walk hands each node to: a struct kept by the caller across walks, so a hot loop over
/// many inputs neither builds a closure per input nor copies the resolved test into one (a
/// closure capturing a `NodeFilter` retained its arrays for every input: `//UITableViewCell/*[last()]`
/// took 7.2 ms on 10^6 views that way, 3.0 with a visitor).
protocol AxisVisitor {
    /// Takes one node of the axis; false stops the walk.
    mutating func visit(_ node: NodeID) -> Bool
}

/// A closure as a visitor, for callers that visit once.
struct ClosureVisitor: AxisVisitor {
    let body: (NodeID) -> Bool
    @inline(__always) mutating func visit(_ node: NodeID) -> Bool { body(node) }
}

extension ViewTree {
    /// Calls `body` with each node on `axis` from `node`, in the axis's order; see
    /// `walk(_:from:_:)` with a visitor.
    @inline(__always)
    func walk(_ axis: Axis, from node: NodeID, _ body: (NodeID) -> Bool) -> Int {
        withoutActuallyEscaping(body) { body in
            var visitor = ClosureVisitor(body: body)
            return walk(axis, from: node, &visitor)
        }
    }

    /// Hands each node on `axis` from `node` to `visitor`, in the axis's order (`Axis`; children,
    /// siblings and descendants in document order), until it returns false. Returns how many
    /// nodes were visited, for the budget. The virtual document node (-1) has descendants and
    /// children (the roots) only, and is never yielded.
    @inline(__always)
    func walk<V: AxisVisitor>(_ axis: Axis, from node: NodeID, _ visitor: inout V) -> Int {
        var visited = 0
        switch axis {
        case .descendants, .descendantsOrSelf:
            if axis == .descendantsOrSelf && node >= 0 {
                visited += 1
                if !visitor.visit(node) { return visited }
            }
            var j = node + 1
            let end = Int32(subtreeEnd(of: node))
            while j < end {
                visited += 1
                if !visitor.visit(j) { break }
                j += 1
            }
        case .children:
            var c = node + 1
            let end = Int32(subtreeEnd(of: node))
            while c < end {
                visited += 1
                if !visitor.visit(c) { break }
                c = ends[Int(c)]
            }
        case .parent:
            guard node >= 0 else { break }
            let p = parents[Int(node)]
            if p >= 0 { visited = 1; _ = visitor.visit(p) }
        case .ancestors, .ancestorsOrSelf:
            guard node >= 0 else { break }
            var p = axis == .ancestorsOrSelf ? node : parents[Int(node)]
            while p >= 0 {
                visited += 1
                if !visitor.visit(p) { break }
                p = parents[Int(p)]
            }
        case .siblings:
            guard node >= 0 else { break }
            let p = parents[Int(node)]
            var c = p + 1
            let end = Int32(subtreeEnd(of: p))
            while c < end {
                visited += 1
                if c != node && !visitor.visit(c) { break }
                c = ends[Int(c)]
            }
        case .followingSiblings:
            guard node >= 0 else { break }
            let end = Int32(subtreeEnd(of: parents[Int(node)]))
            var c = ends[Int(node)]
            while c < end {
                visited += 1
                if !visitor.visit(c) { break }
                c = ends[Int(c)]
            }
        case .precedingSiblings:
            guard node >= 0 else { break }
            var earlier: [NodeID] = []
            var c = parents[Int(node)] + 1
            while c < node {
                earlier.append(c)
                c = ends[Int(c)]
            }
            for s in earlier.reversed() where !visitor.visit(s) { break }
            visited = earlier.count
        case .following:
            guard node >= 0 else { break }
            var j = ends[Int(node)]
            let end = Int32(count)
            while j < end {
                visited += 1
                if !visitor.visit(j) { break }
                j += 1
            }
        case .preceding:
            guard node >= 0 else { break }
            var j = node - 1
            while j >= 0 {
                visited += 1
                // Ancestors end after `node`; every other earlier node ends at or before it.
                if ends[Int(j)] <= node && !visitor.visit(j) { break }
                j -= 1
            }
        }
        return visited
    }
}
