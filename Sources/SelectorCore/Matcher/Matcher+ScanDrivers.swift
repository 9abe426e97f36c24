// The scans' drivers: how a set of ranges or a list is split over threads, when ranges are
// scanned as their hull, and a string test evaluated once per distinct value. The per-node loops
// they call are in Matcher+Scan.swift.

extension Matcher {
    /// Scans sorted, disjoint ranges in order, on several threads when they cover enough nodes.
    /// With `mapping`, each hit `i` is replaced by `mapping[i]` on the thread that found it (a
    /// scan of the class column in UISpec order gives ranks; its caller wants views).
    func scan(ranges: [(Int32, Int32)], _ test: NodeTest, _ tree: ViewTree,
              statistics: inout MatchStatistics, mapping: ContiguousArray<Int32>? = nil) -> [NodeID] {
        let total = ranges.reduce(0) { $0 + Int($1.1 - $1.0) }
        func mapped(_ hits: consuming [NodeID]) -> [NodeID] {
            guard let mapping else { return hits }
            var hits = hits
            mapping.withUnsafeBufferPointer { map in
                hits.withUnsafeMutableBufferPointer { h in for k in h.indices { h[k] = map[Int(h[k])] } }
            }
            return hits
        }
        if let hull = sparseHull(ranges, total: total, test) {
            // Many short ranges (the subtrees of 100,000 table cells): each costs a loop set-up
            // and a handful of node tests, which cost more than testing the nodes between them.
            // One scan of the ranges' hull runs on the long-range fast paths; a merge with the
            // ranges (both in order) keeps the hits inside one.
            statistics.hullScans += 1
            return mapped(Self.inside(scan(ranges: [hull], test, tree, statistics: &statistics), ranges))
        }
        statistics.nodesScanned += total
        let threads = min(configuration.maxThreads, max(1, total / max(1, configuration.parallelThreshold / 2)))
        guard threads > 1, total >= configuration.parallelThreshold else {
            var out: [NodeID] = []
            scan(ranges[...], test, tree, into: &out)
            return mapped(out)
        }
        statistics.parallelScans += 1
        statistics.mostThreads = max(statistics.mostThreads, threads)
        // Cut the covered nodes into `threads` contiguous pieces of equal size; piece k scans its
        // share of each range. Concatenating pieces in order gives the serial result.
        let per = (total + threads - 1) / threads
        var pieces: [[(Int32, Int32)]] = Array(repeating: [], count: threads)
        var piece = 0, room = per
        for (lo, hi) in ranges {
            var a = Int(lo)
            while a < Int(hi) {
                let take = min(room, Int(hi) - a)
                pieces[piece].append((Int32(a), Int32(a + take)))
                a += take
                room -= take
                if room == 0 && piece < threads - 1 { piece += 1; room = per }
            }
        }
        let parts = Parallel.map(chunks: threads) { k in
            var out: [NodeID] = []
            scan(pieces[k][...], test, tree, into: &out)
            return mapped(out)
        }
        var out: [NodeID] = []
        out.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for p in parts { out.append(contentsOf: p) }
        return out
    }

    /// The hull of `ranges` when scanning it whole is the cheaper way to scan them: many ranges
    /// (`hullMinimumRanges`, by default 1,024) averaging few nodes (under 32), covering a large
    /// part of the hull (half), ascending and disjoint, and a test on the scan's fast paths (a
    /// general remainder costs the same per node in either way, so the nodes between the ranges
    /// would be pure loss).
    func sparseHull(_ ranges: [(Int32, Int32)], total: Int, _ test: NodeTest) -> (Int32, Int32)? {
        let tuning = configuration.tuning
        guard ranges.count >= max(2, tuning.hullMinimumRanges), test.rest == nil,
              total / max(1, tuning.hullMaximumAverageRange) < ranges.count,
              let first = ranges.first, let last = ranges.last, last.1 > first.0,
              Int(last.1 - first.0) / max(1, tuning.hullMaximumSpread) <= total else { return nil }
        for k in 1..<ranges.count where ranges[k].0 < ranges[k - 1].1 {
            return nil
        }
        return (first.0, last.1)
    }

    /// Keeps the nodes of `list` passing `test`, in order.
    func filter(_ list: [NodeID], _ test: NodeTest, _ tree: ViewTree, statistics: inout MatchStatistics) -> [NodeID] {
        if test.never { return [] }
        let classes = tree.classIDs
        let threads = min(configuration.maxThreads, list.count / max(1, configuration.parallelThreshold / 4))
        guard threads > 1 else { return list.filter { test.passes($0, classIDs: classes) } }
        statistics.parallelScans += 1
        statistics.mostThreads = max(statistics.mostThreads, threads)
        let per = (list.count + threads - 1) / threads
        let parts = Parallel.map(chunks: threads) { k in
            list[min(list.count, k * per)..<min(list.count, (k + 1) * per)].filter { test.passes($0, classIDs: classes) }
        }
        return parts.flatMap { $0 }
    }

    /// Evaluates a string test once per distinct value of `pool`; the mask is indexed by value id.
    ///
    /// `statistics.stringEvaluations` counts the evaluations actually made (an engine matcher's own
    /// counter when it has one), so a benchmark can show it equals the distinct values, not the nodes.
    ///
    /// Past `deadline` it stops with the budget's error: an engine's matcher (a regex) is checked
    /// after every value, since one value may cost milliseconds; the built-in tests, which cost
    /// nanoseconds, every 4,096 values.
    func evaluate(_ test: StringTest, over pool: StringPool, deadline: MatchDeadline = MatchDeadline(nil),
                  statistics: inout MatchStatistics) throws(SelectorError) -> [Bool] {
        let count = pool.count
        guard count > 0 else { return [] }
        var test = test
        if test.options.contains(.noBreakSpaceAsSpace) && !pool.containsNoBreakSpace {
            test.options.remove(.noBreakSpaceAsSpace)
        }
        let threads = min(configuration.maxThreads, max(1, count / max(1, configuration.parallelValueThreshold)))
        let per = (count + threads - 1) / threads
        typealias Part = Result<(mask: [Bool], evaluations: Int), SelectorError>
        let parts: [Part] = pool.withValueBytes { bytes, offsets in
            let evaluateRange = { (lo: Int, hi: Int) -> Part in
                var mask = [Bool](repeating: false, count: max(0, hi - lo))
                if case .matcher(let m) = test.operation {
                    let evaluator = m.makeEvaluator()
                    evaluator.useDeadline(QueryDeadline(deadline))
                    let readsNoBreakSpace = test.options.contains(.noBreakSpaceAsSpace)
                    do throws(SelectorError) {
                        for k in lo..<hi {
                            if deadline.hasPassed { throw QueryBudget.deadlineError }
                            let s = UnsafeBufferPointer(rebasing: bytes[Int(offsets[k])..<Int(offsets[k + 1])])
                            if readsNoBreakSpace, let read = BuiltinStringEvaluator.noBreakSpacesAsSpaces(s) {
                                // The option is the subject's reading, so an engine's matcher sees
                                // the value as read, as the built-in tests do.
                                mask[k - lo] = try read.withUnsafeBufferPointer { (r) throws(SelectorError) in
                                    try evaluator.matches(r)
                                }
                            } else {
                                mask[k - lo] = try evaluator.matches(s)
                            }
                        }
                    } catch {
                        return .failure(error)
                    }
                    return .success((mask, evaluator.evaluations))
                }
                let builtin = BuiltinStringEvaluator(test)
                let start = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
                let passed = mask.withUnsafeMutableBufferPointer { m in
                    for k in lo..<hi {
                        if k & 4095 == 0, deadline.hasPassed { return true }
                        let a = Int(offsets[k]), b = Int(offsets[k + 1])
                        m[k - lo] = builtin.matches(UnsafeBufferPointer(start: start + a, count: b - a))
                    }
                    return false
                }
                if passed { return .failure(QueryBudget.deadlineError) }
                return .success((mask, hi - lo))
            }
            if threads == 1 { return [evaluateRange(0, count)] }
            return Parallel.map(chunks: threads) { k in evaluateRange(min(count, k * per), min(count, (k + 1) * per)) }
        }
        var mask: [Bool] = []
        mask.reserveCapacity(count)
        for p in parts {
            let part = try p.get()
            mask.append(contentsOf: part.mask)
            statistics.stringEvaluations += part.evaluations
        }
        return mask
    }
}
