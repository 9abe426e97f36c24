// Run's per-input walks: the children, siblings, following, preceding and ancestor-or-self axes
// from each view of a list, on `ViewTree.walk` (AxisWalk.swift), with the union shortcuts of the
// two axes whose per-input walks nest (`following`, `preceding`).

extension Run {
    /// Each input's nodes on `axis` passing `test`, in the axis's order, concatenated.
    ///
    /// Under `unique`, `following` walks only what no earlier input yielded: its nodes from one
    /// input are a suffix of the document, so the inputs' union so far is the suffix from the
    /// lowest start, and a new input adds the nodes from its start up to that one. Likewise
    /// `preceding` (`precedingNotYetWalked`): an earlier input's preceding nodes are all a later
    /// one's, so the union so far is the highest input's. Every other axis is walked per input
    /// and de-duplicated after (each walk charged as it ends, so a long list of inputs stops at
    /// the budget).
    mutating func walkEach(_ axis: Axis, from list: [NodeID], _ test: NodeTest,
                           unique: Bool) throws(SelectorError) -> [NodeID] {
        // The tree is read through a local copy and the nodes collected by a visitor: a closure
        // capturing `self` made each walk copy the whole `ViewTree` (a retain and release of every
        // column per input), and `//UIImageView/following-sibling::*` ran six times slower.
        let tree = self.tree
        var collector = AxisCollector(test: test, classIDs: tree.classIDs)
        var lowest = Int32(tree.count)
        var highest: NodeID = -1
        // The virtual document node (-1) has children (the roots); a walk on another axis from
        // it visits nothing.
        for v in list where v >= 0 || axis == .children {
            var visited: Int
            if axis == .following && unique {
                let start = tree.ends[Int(v)]
                visited = 0
                var j = start
                while j < lowest {
                    _ = collector.visit(j)
                    j += 1
                    visited += 1
                }
                lowest = min(lowest, start)
            } else if axis == .preceding && unique {
                visited = precedingNotYetWalked(v, after: &highest, tree, &collector)
            } else {
                visited = tree.walk(axis, from: v, &collector)
            }
            try meter.charge(visited)
            try meter.checkResults(collector.out.count)
        }
        return unique ? deduplicated(collector.out) : collector.out
    }

    /// The nodes on `v`'s `preceding` axis that the highest input so far (`highest`, -1 for
    /// none) did not have, nearest first, handed to `collector`; raises `highest` to `v`.
    /// Returns how many nodes it looked at.
    ///
    /// preceding(u) ⊆ preceding(v) for u < v (a node that ends before u ends before v), so an
    /// input at or below `highest` adds nothing. Above it, the new nodes are those from `v - 1`
    /// down to `highest` that end by `v`, then `highest`'s ancestors that end by `v` (each
    /// contains the last, so the first that does not end by `v` ends the climb). In that order
    /// they are what the walk from `v` would yield after removing the nodes already yielded, so
    /// the list equals the de-duplicated concatenation of the per-input walks; the per-input
    /// walk cost the tree's size for every input (102 switches, 10^4 views: 11 ms).
    private func precedingNotYetWalked(_ v: NodeID, after highest: inout NodeID, _ tree: ViewTree,
                                       _ collector: inout AxisCollector) -> Int {
        guard v > highest else { return 0 }
        var visited = 0
        var j = v - 1
        while j >= max(highest, 0) {
            visited += 1
            if tree.ends[Int(j)] <= v { _ = collector.visit(j) }
            j -= 1
        }
        if highest >= 0 {
            var a = tree.parents[Int(highest)]
            while a >= 0 && tree.ends[Int(a)] <= v {
                visited += 1
                _ = collector.visit(a)
                a = tree.parents[Int(a)]
            }
        }
        highest = v
        return visited
    }
}

/// `Run.walkEach`'s visitor: every node of the walk that passes the test, appended in order.
private struct AxisCollector: AxisVisitor {
    let test: NodeTest
    let classIDs: ContiguousArray<Int32>
    var out: [NodeID] = []

    @inline(__always) mutating func visit(_ node: NodeID) -> Bool {
        if test.passes(node, classIDs: classIDs) { out.append(node) }
        return true
    }
}
