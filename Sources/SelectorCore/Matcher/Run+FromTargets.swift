// Run's descendant step with a has-descendant test run from the test's matches (`from-targets`),
// and the ancestor marking it shares with the UISpec-order chains.

extension Run {
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
    mutating func fromTargets(_ filter: Predicate, _ withSelf: Bool, _ has: HasDescendantStep,
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

    /// Marks each of `matches` in `isMatch` and their proper ancestors in `holdsMatch` (stopping
    /// at the first ancestor already marked: the rest of its chain is marked with it); returns
    /// how many ancestors it marked, for the budget.
    @discardableResult
    func markAncestors(of matches: [NodeID], isMatch: inout Bitset, holdsMatch: inout Bitset) -> Int {
        var marked = 0
        // Through the words' pointers: `Bitset.insert` checks the array's uniqueness on every
        // insert, and this loop inserts once per ancestor.
        tree.parents.withUnsafeBufferPointer { parents in
        isMatch.words.withUnsafeMutableBufferPointer { im in
        holdsMatch.words.withUnsafeMutableBufferPointer { hm in
            for m in matches where m >= 0 {
                im[Int(m) >> 6] |= 1 << UInt64(Int(m) & 63)
                var p = Int(parents[Int(m)])
                while p >= 0 && hm[p >> 6] & (1 << UInt64(p & 63)) == 0 {
                    hm[p >> 6] |= 1 << UInt64(p & 63)
                    p = Int(parents[p])
                    marked += 1
                }
            }
        }}}
        return marked
    }
}
