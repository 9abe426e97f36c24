// Run's scans: descendants in document order (the parallel scan kernels of Matcher+Scan.swift,
// charged to the budget), a scan stopped at its pick, positions counted over a closed list, and
// ancestors. The other axes are walked per input in Run+Walks.swift.

extension Run {
    /// A matcher scan, charged to the budget.
    mutating func scan(_ ranges: [(Int32, Int32)], _ test: NodeTest, in scanned: ViewTree? = nil,
                       mapping: ContiguousArray<Int32>? = nil) throws(SelectorError) -> [NodeID] {
        let before = statistics.nodesScanned
        let found = matcher.scan(ranges: ranges, test, scanned ?? tree, statistics: &statistics, mapping: mapping)
        try meter.charge(statistics.nodesScanned - before + found.count)
        return found
    }


    /// The whole subtree span of `v` (the virtual document node spans the tree).
    @inline(__always) func span(_ v: NodeID) -> (Int32, Int32) {
        (max(v, 0), Int32(tree.subtreeEnd(of: v)))
    }

    /// The range a descendant search of `v` scans.
    @inline(__always) func scanRange(_ v: NodeID, includeSelf: Bool) -> (Int32, Int32) {
        let (a, b) = span(v)
        return (v < 0 || includeSelf ? a : a + 1, b)
    }

    mutating func descendants(of list: [NodeID], includeSelf: Bool, _ test: NodeTest,
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
    func lowerBound(_ intervals: [(Int32, Int32)], _ x: Int32) -> Int {
        var lo = 0, hi = intervals.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if intervals[mid].1 <= x { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    mutating func ancestors(of list: [NodeID], _ test: NodeTest, unique: Bool) throws(SelectorError) -> [NodeID] {
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

    /// A scan followed by `pick(n)` (Shelley's `label index:2`, UiSelector's `instance(2)`,
    /// XPath's `(//A)[3]`): the scan stops at the pick. Chunks of the inputs' subtree ranges are
    /// scanned by the ordinary kernels from the front (from the back for a negative `n`), each
    /// twice the last (from `MatcherTuning.scanToPickFirstChunk`), until `n` matches lie behind:
    /// the third label costs a few thousand views, not a scan of the tree, and a pick far away
    /// costs about one scan.
    mutating func scanToPick(_ filter: Predicate, includeSelf: Bool, _ n: Int,
                             from list: [NodeID]) throws(SelectorError) -> [NodeID] {
        choose(.scanToPick)
        let test = try resolver.nodeTest(filter)
        // A scan lists each view at most once, so a pick past the tree's size picks nothing (and
        // `index:55555555555555555555` must not overflow `n + 1`).
        if test.never || n >= tree.count || n < -tree.count { return [] }
        let ranges = subtreeRanges(of: list, includeSelf: includeSelf)
        let want = n >= 0 ? n + 1 : -n
        var seen = 0
        var chunk = max(1, tuning.scanToPickFirstChunk)
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
                chunk = min(chunk * 2, max(chunk, tuning.scanToPickLargestChunk))
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
    mutating func positionsInList(_ list: [NodeID], _ index: Int) throws(SelectorError) -> [NodeID] {
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
