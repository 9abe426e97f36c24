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

    enum Kind: UInt8 { case constant, stringID, stringMask, bools, numbers, nodeSet, other, and, or, not }

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
    }

    private(set) var ops: ContiguousArray<Op> = []
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
        add(test)
        if ids.count + masks.count + bools.count + numbers.count + sets.count > Self.maxColumns { return nil }
    }

    private mutating func add(_ test: ResolvedTest) {
        let at = ops.count
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
        case .and(let parts), .or(let parts):
            if case .and = test { ops.append(Op(kind: .and, a: Int32(parts.count))) }
            else { ops.append(Op(kind: .or, a: Int32(parts.count))) }
            for p in parts { add(p) }
        case .not(let p):
            ops.append(Op(kind: .not))
            add(p)
        case .closure, .classMask:
            // A class mask inside an and/or is closed over the class column by the resolver;
            // a bare one never reaches `rest`. Either way, the enum's own test handles it.
            ops.append(Op(kind: .other, a: Int32(others.count)))
            others.append(test)
        }
        ops[at].size = Int32(ops.count - at)
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
            body(FlatReader(ops: ops, ids: ids, masks: masks, bools: bools, numbers: numbers, sets: sets, others: others))
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

    /// Whether node `i` passes the whole test.
    @inline(__always) func test(_ i: Int) -> Bool { eval(0, i) }

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
        }
    }
}
