// The general remainder of a node test (`NodeTest.rest`), laid out for the scan.
//
// A `ResolvedTest` is an enum tree whose payloads are arrays: matching a case copies its
// payload, which is a retain and a release, and `and`/`or` call a closure per part. Tested on a
// quarter of a million views (uiselector's `textStartsWith`, which reads `text` or, failing
// that, the label: an `or` of an `and`), that came to about 90 ns per view. Here the same tree
// is a flat array of ops in prefix order, each with the size of its subtree so that `and` and
// `or` can skip a part, and every column or mask it reads is an unsafe buffer pointer set up
// once per scan: a view costs a few loads per leaf. Leaves with no column (custom predicates'
// closures) keep their `ResolvedTest` and are tested as before.

/// A `ResolvedTest` as flat ops over column pointers (see the comment above).
struct FlatTest: @unchecked Sendable {
    // @unchecked: the arrays are never mutated after `init`, and `others` holds the same
    // immutable `ResolvedTest`s the matcher already shares across threads.

    enum Kind: UInt8 { case constant, stringID, stringMask, bools, numbers, nodeSet, other, and, or, not, firstPresent }

    /// One node of the test. `a` and `b` index the column arrays or carry a value, by kind.
    struct Op {
        var kind: Kind
        /// Ops in this op's subtree, itself included.
        var size: Int32 = 1
        /// stringID/stringMask: `ids` index; bools/numbers: column index; nodeSet: `sets`
        /// index; other: `others` index; and/or: number of parts; constant: 0 or 1.
        var a: Int32 = 0
        /// stringID: the wanted id; stringMask: `masks` index; bools: the wanted 0 or 1.
        var b: Int32 = 0
        var x: Double = 0
        var comparison: Comparison = .equal
        /// firstPresent: the fallback column's `ids` index and its `masks` index.
        var c: Int32 = 0
        var d: Int32 = 0
    }

    private(set) var ops: ContiguousArray<Op> = []
    /// Whether every op reads a column (no `other` closure): the test can then run a block of
    /// views at a time (`FlatReader.evaluate`), where every leaf is evaluated for every view.
    private(set) var columnsOnly = true
    /// Nesting of `and`/`or`/`not` (a leaf alone is 0): the block evaluation's scratch levels.
    private(set) var depth = 0
    private var ids: [ContiguousArray<Int32>] = []
    private var masks: [ContiguousArray<Bool>] = []
    private var bools: [ContiguousArray<Int8>] = []
    private var numbers: [ContiguousArray<Double>] = []
    private var sets: [ContiguousArray<UInt64>] = []
    private var others: ContiguousArray<ResolvedTest> = []

    /// More columns than this are set up through as many nested closures: past it the test
    /// stays a `ResolvedTest` (no real query comes near it).
    static let maxColumns = 24

    /// Nil when flattening gains nothing (a single closure) or the test reads too many columns.
    init?(_ test: ResolvedTest) {
        if case .closure = test { return nil }
        add(test, level: 0)
        if ids.count + masks.count + bools.count + numbers.count + sets.count > Self.maxColumns { return nil }
    }

    private mutating func add(_ test: ResolvedTest, level: Int) {
        let at = ops.count
        depth = max(depth, level)
        switch test {
        case .constant(let b): ops.append(Op(kind: .constant, a: b ? 1 : 0))
        case .stringID(let column, let id):
            ops.append(Op(kind: .stringID, a: Int32(ids.count), b: id))
            ids.append(column)
        case .stringMask(let column, let mask):
            ops.append(Op(kind: .stringMask, a: Int32(ids.count), b: Int32(masks.count)))
            ids.append(column)
            masks.append(ContiguousArray(mask))
        case .bools(let column, let want):
            ops.append(Op(kind: .bools, a: Int32(bools.count), b: want ? 1 : 0))
            bools.append(column)
        case .numbers(let column, let comparison, let x):
            ops.append(Op(kind: .numbers, a: Int32(numbers.count), x: x, comparison: comparison))
            numbers.append(column)
        case .nodeSet(let set):
            ops.append(Op(kind: .nodeSet, a: Int32(sets.count)))
            sets.append(ContiguousArray(set.words))
        case .or(let parts) where Self.firstPresent(parts) != nil:
            // "`a` when the view has it, else `b`" (uiselector's text methods read `text`, else
            // the label): `or(a ∈ A, and(not(has a), b ∈ B))` as one op, two column reads a view
            // instead of five ops.
            let (a, maskA, b, maskB) = Self.firstPresent(parts)!
            ops.append(Op(kind: .firstPresent, a: Int32(ids.count), b: Int32(masks.count),
                          c: Int32(ids.count + 1), d: Int32(masks.count + 1)))
            ids.append(a); ids.append(b)
            masks.append(ContiguousArray(maskA)); masks.append(ContiguousArray(maskB))
        case .and(let parts), .or(let parts):
            if case .and = test { ops.append(Op(kind: .and, a: Int32(parts.count))) }
            else { ops.append(Op(kind: .or, a: Int32(parts.count))) }
            for p in parts { add(p, level: level + 1) }
        case .not(let p):
            ops.append(Op(kind: .not))
            add(p, level: level + 1)
        case .closure, .classMask:
            // A class mask inside an and/or is closed over the class column by the resolver;
            // a bare one never reaches `rest`. Either way, the enum's own test handles it.
            ops.append(Op(kind: .other, a: Int32(others.count)))
            others.append(test)
            columnsOnly = false
        }
        ops[at].size = Int32(ops.count - at)
    }

    /// The columns and masks of `or(a ∈ A, and(not(has a), b ∈ B))`, where `has a` is a mask of
    /// every value of the same column as `a`; nil for any other shape.
    private static func firstPresent(_ parts: [ResolvedTest])
        -> (ContiguousArray<Int32>, [Bool], ContiguousArray<Int32>, [Bool])? {
        guard parts.count == 2, case .stringMask(let a, let maskA) = parts[0],
              case .and(let both) = parts[1], both.count == 2,
              case .not(let absent) = both[0], case .stringMask(let had, let all) = absent,
              case .stringMask(let b, let maskB) = both[1],
              !all.contains(false), all.count == maskA.count,
              a.withUnsafeBufferPointer({ x in had.withUnsafeBufferPointer { $0.baseAddress == x.baseAddress } })
        else { return nil }
        return (a, maskA, b, maskB)
    }

    /// Calls `body` with a reader whose pointers are valid for the call.
    func withReader<R>(_ body: (FlatReader) -> R) -> R {
        ops.withUnsafeBufferPointer { ops in
        others.withUnsafeBufferPointer { others in
        Self.withPointers(ids) { ids in
        Self.withPointers(masks) { masks in
        Self.withPointers(bools) { bools in
        Self.withPointers(numbers) { numbers in
        Self.withPointers(sets) { sets in
            body(FlatReader(ops: ops, ids: ids, masks: masks, bools: bools, numbers: numbers, sets: sets, others: others,
                            columnsOnly: columnsOnly, depth: depth))
        }}}}}}}
    }

    /// `body` with a buffer of pointers to each array's elements: the arrays' own
    /// `withUnsafeBufferPointer` calls, nested one per array, so every pointer is valid inside.
    private static func withPointers<T, R>(_ arrays: [ContiguousArray<T>],
                                           _ body: (UnsafeBufferPointer<UnsafeBufferPointer<T>>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: UnsafeBufferPointer<T>.self, capacity: max(1, arrays.count)) { slots in
            func nest(_ k: Int) -> R {
                if k == arrays.count { return body(UnsafeBufferPointer(rebasing: slots[..<arrays.count])) }
                return arrays[k].withUnsafeBufferPointer { p in
                    slots.initializeElement(at: k, to: p)
                    return nest(k + 1)
                }
            }
            return nest(0)
        }
    }
}

/// A `FlatTest` read through pointers valid for one scan.
struct FlatReader {
    let ops: UnsafeBufferPointer<FlatTest.Op>
    let ids: UnsafeBufferPointer<UnsafeBufferPointer<Int32>>
    let masks: UnsafeBufferPointer<UnsafeBufferPointer<Bool>>
    let bools: UnsafeBufferPointer<UnsafeBufferPointer<Int8>>
    let numbers: UnsafeBufferPointer<UnsafeBufferPointer<Double>>
    let sets: UnsafeBufferPointer<UnsafeBufferPointer<UInt64>>
    let others: UnsafeBufferPointer<ResolvedTest>
    let columnsOnly: Bool
    let depth: Int

    /// Whether node `i` passes the whole test.
    @inline(__always) func test(_ i: Int) -> Bool { eval(0, i) }

    /// Whether node `i` passes op `pc`.
    func evalAt(_ pc: Int, _ i: Int) -> Bool { eval(pc, i) }

    private func eval(_ pc: Int, _ i: Int) -> Bool {
        let op = ops[pc]
        switch op.kind {
        case .constant: return op.a != 0
        case .stringID: return ids[Int(op.a)][i] == op.b
        case .stringMask:
            let v = ids[Int(op.a)][i]
            return v >= 0 && masks[Int(op.b)][Int(v)]
        case .bools:
            let v = bools[Int(op.a)][i]
            return v >= 0 && Int32(v & 1) == op.b
        case .numbers:
            let v = numbers[Int(op.a)][i]
            return !v.isNaN && op.comparison.holds(v, op.x)
        case .nodeSet: return sets[Int(op.a)][i >> 6] & (1 << UInt64(i & 63)) != 0
        case .other: return others[Int(op.a)].test(Int32(i))
        case .and:
            var child = pc + 1
            for _ in 0..<op.a {
                if !eval(child, i) { return false }
                child += Int(ops[child].size)
            }
            return true
        case .or:
            var child = pc + 1
            for _ in 0..<op.a {
                if eval(child, i) { return true }
                child += Int(ops[child].size)
            }
            return false
        case .not: return !eval(pc + 1, i)
        case .firstPresent:
            let v = ids[Int(op.a)][i]
            if v >= 0 { return masks[Int(op.b)][Int(v)] }
            let w = ids[Int(op.c)][i]
            return w >= 0 && masks[Int(op.d)][Int(w)]
        }
    }
}

// Block evaluation. Per view, `eval` dispatches on each op it reaches and recurses into `and` and
// `or`: about 20 ns a view for uiselector's `textStartsWith` (an `or` of three leaves over two
// columns), mostly mispredicted branches. Here a block of up to `blockSize` views that passed the
// column tests is evaluated one op at a time: each leaf fills a byte per view (gather, compare,
// no branch) and `and`/`or`/`not` combine the bytes with `&`, `|` and `^`, so each op is one
// tight loop. Every leaf is read for every view of the block (no short-circuit), which is why
// only tests made of column reads (`columnsOnly`) take this path: a closure may be costly.
extension FlatReader {
    /// Views evaluated together: the byte rows of every level stay in the L1 cache.
    static let blockSize = 512

    /// `result[k]` = 1 when `views[k]` passes op `pc`, else 0. `scratch` holds a row of
    /// `blockSize` bytes for each level below this op.
    func evaluate(_ pc: Int, _ views: UnsafePointer<Int32>, _ n: Int, into result: UnsafeMutablePointer<UInt8>,
                  scratch: UnsafeMutablePointer<UInt8>) {
        let op = ops[pc]
        switch op.kind {
        case .constant:
            result.update(repeating: op.a != 0 ? 1 : 0, count: n)
        case .stringID:
            let column = ids[Int(op.a)].baseAddress!
            let wanted = op.b
            for k in 0..<n { result[k] = Matcher.bit(column[Int(views[k])] == wanted) }
        case .stringMask:
            let column = ids[Int(op.a)].baseAddress!
            let mask = masks[Int(op.b)]
            guard let m = mask.baseAddress, !mask.isEmpty else {
                result.update(repeating: 0, count: n); return
            }
            for k in 0..<n {
                // No value (-1) reads value 0's entry, and `v >= 0` clears it.
                let v = column[Int(views[k])]
                result[k] = Matcher.bit(v >= 0) & Matcher.bit(m[Int(max(v, 0))])
            }
        case .bools:
            let column = bools[Int(op.a)].baseAddress!
            let wanted = Int8(op.b)
            for k in 0..<n {
                let v = column[Int(views[k])]
                result[k] = Matcher.bit(v >= 0) & Matcher.bit((v & 1) == wanted)
            }
        case .numbers:
            let column = numbers[Int(op.a)].baseAddress!
            for k in 0..<n {
                let v = column[Int(views[k])]
                result[k] = Matcher.bit(!v.isNaN) & Matcher.bit(op.comparison.holds(v, op.x))
            }
        case .nodeSet:
            let words = sets[Int(op.a)].baseAddress!
            for k in 0..<n {
                let i = Int(views[k])
                result[k] = UInt8(truncatingIfNeeded: (words[i >> 6] >> UInt64(i & 63)) & 1)
            }
        case .other:
            let test = others[Int(op.a)]
            for k in 0..<n { result[k] = Matcher.bit(test.test(views[k])) }
        case .and, .or:
            if op.a == 0 { result.update(repeating: op.kind == .and ? 1 : 0, count: n); return }
            var child = pc + 1
            evaluate(child, views, n, into: result, scratch: scratch + Self.blockSize)
            let isAnd = op.kind == .and
            for _ in 1..<Int(op.a) {
                child += Int(ops[child].size)
                evaluate(child, views, n, into: scratch, scratch: scratch + Self.blockSize)
                if isAnd { for k in 0..<n { result[k] &= scratch[k] } }
                else { for k in 0..<n { result[k] |= scratch[k] } }
            }
        case .not:
            evaluate(pc + 1, views, n, into: result, scratch: scratch)
            for k in 0..<n { result[k] ^= 1 }
        case .firstPresent:
            let first = ids[Int(op.a)].baseAddress!, fallback = ids[Int(op.c)].baseAddress!
            let maskA = masks[Int(op.b)], maskB = masks[Int(op.d)]
            guard let ma = maskA.baseAddress, let mb = maskB.baseAddress, !maskA.isEmpty, !maskB.isEmpty else {
                for k in 0..<n { result[k] = evalOne(pc, Int(views[k])) }
                return
            }
            for k in 0..<n {
                let i = Int(views[k])
                let v = first[i], w = fallback[i]
                result[k] = (Matcher.bit(v >= 0) & Matcher.bit(ma[Int(max(v, 0))]))
                    | (Matcher.bit(v < 0) & Matcher.bit(w >= 0) & Matcher.bit(mb[Int(max(w, 0))]))
            }
        }
    }

    private func evalOne(_ pc: Int, _ i: Int) -> UInt8 { Matcher.bit(evalAt(pc, i)) }

    /// Appends the views of `views[0..<n]` (n ≤ `blockSize`) passing the whole test, in order.
    func filter(_ views: UnsafeMutablePointer<Int32>, _ n: Int, result: UnsafeMutablePointer<UInt8>,
                scratch: UnsafeMutablePointer<UInt8>, into out: inout [NodeID]) {
        evaluate(0, views, n, into: result, scratch: scratch)
        var kept = 0
        for k in 0..<n {
            views[kept] = views[k]
            kept &+= Int(result[k])
        }
        out.append(contentsOf: UnsafeBufferPointer(start: views, count: kept))
    }
}
