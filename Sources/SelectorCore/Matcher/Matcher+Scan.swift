// The hot loops. Everything here runs once per node of a scanned range, so it reads the columns
// through unsafe buffer pointers (no bounds checks, no retain/release per node), keeps the common
// shapes — class only, class + one label value, class + a label mask — as separate loops the
// optimizer can vectorise, and falls back to the general `ResolvedTest` only after the cheap
// filters have passed.

extension Matcher {
    /// Appends to `out` every node in the given ranges passing `test`, in range order.
    ///
    /// The column pointers are set up once for all ranges: a step often scans tens of thousands of
    /// tiny ranges (the subtree of every cell), and per-range set-up used to dominate.
    func scan(_ ranges: ArraySlice<(Int32, Int32)>, _ test: NodeTest, _ tree: ViewTree, into out: inout [NodeID]) {
        guard !test.never, !ranges.isEmpty else { return }
        let compactionRange = configuration.tuning.compactionRange
        // The pointers are set up here rather than through `NodeTest.withPointers`: with this
        // body as that function's closure, the label scans ran 1.4 to 1.9 times slower
        // (`make bench-compare`, rows 3, 5 and class+label).
        let noMask: [Bool] = []
        let noIDs: ContiguousArray<Int32> = []
        let noBools: ContiguousArray<Int8> = []
        tree.classIDs.withUnsafeBufferPointer { cls in
        (test.classMask ?? noMask).withUnsafeBufferPointer { cm in
        (test.stringIDs ?? noIDs).withUnsafeBufferPointer { sids in
        (test.stringMask ?? noMask).withUnsafeBufferPointer { sm in
        (test.boolColumn ?? noBools).withUnsafeBufferPointer { bools in
            let shape = NodeTestShape(test)
            let columns = NodeTestPointers(classIDs: cls, classMask: cm, stringIDs: sids, stringMask: sm, bools: bools)
            let hasClass = shape.hasClass
            let hasString = shape.hasString
            let wanted = shape.wantedString
            let rest = test.rest
            if !hasString && !shape.hasBool, case .numbers(let numbers, let comparison, let x)? = rest {
                // `tag:3`, `@uid='500000'` on a number column: one compare a view, branch-free on
                // long ranges, with the class test when there is one. One loop per comparison:
                // with `Comparison.holds` inside, the switch stayed in the loop (1.3 ms against
                // 0.36 for `@uid='500000'` at 10^6 views). NaN (no value) fails all but `!=`.
                numbers.withUnsafeBufferPointer { values in
                    func run(_ holds: (Double) -> Bool) {
                        for (lo32, hi32) in ranges {
                            let lo = Int(lo32), hi = Int(hi32)
                            if hi - lo >= compactionRange {
                                if hasClass {
                                    Self.compact(lo, hi, into: &out) { i in
                                        Self.bit(cm[Int(cls[i])]) & Self.bit(holds(values[i])) != 0
                                    }
                                } else {
                                    Self.compact(lo, hi, into: &out) { holds(values[$0]) }
                                }
                            } else {
                                for i in lo..<hi where (!hasClass || cm[Int(cls[i])]) && holds(values[i]) {
                                    out.append(Int32(i))
                                }
                            }
                        }
                    }
                    switch comparison {
                    case .equal: run { $0 == x }
                    case .notEqual: run { $0 == $0 && $0 != x }
                    case .less: run { $0 < x }
                    case .lessOrEqual: run { $0 <= x }
                    case .greater: run { $0 > x }
                    case .greaterOrEqual: run { $0 >= x }
                    }
                }
                return
            }
            if let flat = test.flatRest {
                // General shape with a remainder: the column tests, then the flat remainder.
                flat.withReader { reader in
                    if reader.columnsOnly {
                        scanBlocks(ranges, columns, shape, reader, into: &out)
                        return
                    }
                    for (lo32, hi32) in ranges {
                        for i in Int(lo32)..<Int(hi32) where columns.passes(i, shape, rest: nil) && reader.test(i) {
                            out.append(Int32(i))
                        }
                    }
                }
                return
            }
            for (lo32, hi32) in ranges {
                let lo = Int(lo32), hi = Int(hi32)
                if rest == nil && shape.hasBool && !hasString && hi - lo >= compactionRange {
                    // `view isHidden`: the class and boolean tests, branch-free as below.
                    let want = shape.wantedBool
                    if hasClass {
                        Self.compact(lo, hi, into: &out) { i in
                            let b = bools[i]
                            return Self.bit(cm[Int(cls[i])]) & Self.bit(b >= 0) & Self.bit((b & 1) == want) != 0
                        }
                    } else {
                        Self.compact(lo, hi, into: &out) { i in
                            let b = bools[i]
                            return Self.bit(b >= 0) & Self.bit((b & 1) == want) != 0
                        }
                    }
                } else if rest != nil || shape.hasBool {
                    // General shape: the node test shared with `NodeTest.passes`.
                    for i in lo..<hi where columns.passes(i, shape, rest: rest) { out.append(Int32(i)) }
                } else if hasClass && !hasString {
                    if hi - lo >= compactionRange {
                        Self.compact(lo, hi, into: &out) { cm[Int(cls[$0])] }
                    } else {
                        for i in lo..<hi where cm[Int(cls[i])] { out.append(Int32(i)) }
                    }
                } else if hasString && wanted >= 0 {
                    // The label id is the more selective test: check it first.
                    if hasClass {
                        Self.findEqual(sids, wanted, lo, hi, into: &out) { cm[Int(cls[$0])] }
                    } else {
                        Self.findEqual(sids, wanted, lo, hi, into: &out) { _ in true }
                    }
                } else if hasString {
                    if hasClass && hi - lo >= compactionRange && test.fewValues {
                        // A mask few values pass (`text:'Row 1'`: one in nine): the value column
                        // alone first, then the class of the views kept. The combined loop read
                        // both 4 MB columns for every view (0.7 ms at 10^6 views, against 0.4
                        // for one column).
                        let start = out.count
                        Self.compact(lo, hi, into: &out) { i in
                            let v = sids[i]
                            return Self.bit(v >= 0) & Self.bit(sm[Int(max(v, 0))]) != 0
                        }
                        var kept = start
                        for k in start..<out.count where cm[Int(cls[Int(out[k])])] {
                            out[kept] = out[k]
                            kept += 1
                        }
                        out.removeLast(out.count - kept)
                    } else if hasClass && hi - lo >= compactionRange {
                        Self.compact(lo, hi, into: &out) { i in
                            // All three tests read and combined without a branch: `&&` became
                            // a jump on the class test, mispredicted for a quarter of the views
                            // (`label marked:'x'` took 2.3 ms where `view:'UILabel'` takes
                            // 0.4). A view with no value (-1) reads value 0's entry, and its
                            // `v >= 0` clears it.
                            let v = sids[i]
                            return Self.bit(cm[Int(cls[i])]) & Self.bit(v >= 0) & Self.bit(sm[Int(max(v, 0))]) != 0
                        }
                    } else if hasClass {
                        for i in lo..<hi where cm[Int(cls[i])] {
                            let v = sids[i]
                            if v >= 0 && sm[Int(v)] { out.append(Int32(i)) }
                        }
                    } else {
                        for i in lo..<hi {
                            let v = sids[i]
                            if v >= 0 && sm[Int(v)] { out.append(Int32(i)) }
                        }
                    }
                } else {
                    out.append(contentsOf: lo32..<hi32)
                }
            }
        }}}}}
    }

    /// The views of `ranges` passing the column tests, gathered into blocks without a branch,
    /// each block then run through the remainder an op at a time (`FlatReader.filter`).
    private func scanBlocks(_ ranges: ArraySlice<(Int32, Int32)>, _ columns: NodeTestPointers, _ shape: NodeTestShape,
                            _ reader: FlatReader, into out: inout [NodeID]) {
        let size = FlatReader.blockSize
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: size) { views in
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: size * (reader.depth + 2)) { bytes in
            let v = views.baseAddress!, result = bytes.baseAddress!, scratch = result + size
            let classOnly = shape.hasClass && !shape.hasString && !shape.hasBool
            var n = 0
            for (lo32, hi32) in ranges {
                var i = Int(lo32)
                let hi = Int(hi32)
                while i < hi {
                    // Up to the room left in the block: every view is written, and the count
                    // advances only for those passing.
                    let stop = min(hi, i + (size - n))
                    if classOnly {
                        // The common shape (`className("UILabel")` and a remainder), as a loop
                        // of its own: through `passes` the shape's flags stayed in the loop.
                        while i < stop {
                            v[n] = Int32(truncatingIfNeeded: i)
                            n &+= Int(Self.bit(columns.classMask[Int(columns.classIDs[i])]))
                            i += 1
                        }
                    } else {
                        while i < stop {
                            v[n] = Int32(truncatingIfNeeded: i)
                            n &+= Int(Self.bit(columns.passes(i, shape, rest: nil)))
                            i += 1
                        }
                    }
                    if n == size {
                        reader.filter(v, n, result: result, scratch: scratch, into: &out)
                        n = 0
                    }
                }
            }
            if n > 0 { reader.filter(v, n, result: result, scratch: scratch, into: &out) }
        }}
    }

    /// Appends the nodes of `lo..<hi` whose value id is `wanted` and that pass `keep`: sixteen
    /// ids compared at once without a branch, and only a block that holds `wanted` looked at view
    /// by view. The exact-label scan (`view:'UILabel' markedExactly:'Row 7-3'`, one view in 10^5)
    /// was a compare and a branch per view, and its speed swung 1.5-2x with where the linker put
    /// the loop (the same instructions ran at 0.04 or 0.15 ms at 10^5 views in two builds whose
    /// only difference was elsewhere in the module); a branch per sixteen views does not.
    @inline(__always)
    static func findEqual(_ ids: UnsafeBufferPointer<Int32>, _ wanted: Int32, _ lo: Int, _ hi: Int,
                          into out: inout [NodeID], _ keep: (Int) -> Bool) {
        guard hi > lo, let base = ids.baseAddress, hi <= ids.count else { return }
        let raw = UnsafeRawPointer(base)
        let block = SIMD16<Int32>(repeating: wanted)
        var i = lo
        while i &+ 16 <= hi {
            let values = raw.loadUnaligned(fromByteOffset: i &* 4, as: SIMD16<Int32>.self)
            if any(values .== block) {
                for j in i..<(i &+ 16) where ids[j] == wanted && keep(j) { out.append(Int32(truncatingIfNeeded: j)) }
            }
            i &+= 16
        }
        while i < hi {
            if ids[i] == wanted && keep(i) { out.append(Int32(truncatingIfNeeded: i)) }
            i &+= 1
        }
    }

    /// A Bool's byte (0 or 1), for combining tests with `&` instead of a branching `&&`.
    @inline(__always) static func bit(_ b: Bool) -> UInt8 { unsafeBitCast(b, to: UInt8.self) }

    /// Appends the nodes of `lo..<hi` passing `keep`, without a branch per node: every node is
    /// written to the next free slot and the slot advances only when it passes. A quarter of the
    /// views passing (`view:'UILabel'`) is the worst case for the branch predictor, and there this
    /// is about twice as fast as a conditional append. The buffer is sized for the whole range
    /// and left uninitialised beyond what is written.
    @inline(__always)
    static func compact(_ lo: Int, _ hi: Int, into out: inout [NodeID], _ keep: (Int) -> Bool) {
        let found = [NodeID](unsafeUninitializedCapacity: hi - lo) { buffer, count in
            var k = 0
            for i in lo..<hi {
                buffer[k] = Int32(truncatingIfNeeded: i)
                // A Bool's byte is 0 or 1; adding it (rather than `keep(i) ? 1 : 0`, which the
                // optimiser turns back into a branch) keeps the loop free of branches.
                k &+= Int(unsafeBitCast(keep(i), to: UInt8.self))
            }
            count = k
        }
        if out.isEmpty { out = found } else { out.append(contentsOf: found) }
    }
}
