/// A predicate resolved against one tree: class names became a per-class mask, string tests a
/// per-distinct-value mask (or a single value id), so that testing a node is a few array loads.
enum ResolvedTest: @unchecked Sendable {
    // @unchecked: the payloads are immutable arrays and @Sendable closures, never mutated after
    // resolution. Only `not` is boxed, for the reason given on `Predicate.not`.
    case constant(Bool)
    case classMask([Bool])
    /// Node passes when `ids[node] == id`.
    case stringID(ContiguousArray<Int32>, Int32)
    /// Node passes when `ids[node] >= 0 && mask[ids[node]]`.
    case stringMask(ContiguousArray<Int32>, [Bool])
    case bools(ContiguousArray<Int8>, Bool)
    case numbers(ContiguousArray<Double>, Comparison, Double)
    case closure(@Sendable (Int32) -> Bool)
    /// Node passes when it is in the set (a structural predicate decided for the whole tree).
    case nodeSet(Bitset)
    case and([ResolvedTest])
    case or([ResolvedTest])
    indirect case not(ResolvedTest)

    /// The general (slow-path) test of one node.
    func test(_ i: Int32) -> Bool {
        switch self {
        case .constant(let b): return b
        case .classMask: preconditionFailure("class masks are tested with the class column")
        case .stringID(let ids, let id): return ids[Int(i)] == id
        case .stringMask(let ids, let mask):
            let v = ids[Int(i)]
            return v >= 0 && mask[Int(v)]
        case .bools(let col, let want):
            let v = col[Int(i)]
            return v >= 0 && ((v & 1) == 1) == want
        case .numbers(let col, let cmp, let x):
            let v = col[Int(i)]
            return !v.isNaN && cmp.holds(v, x)
        case .closure(let f): return f(i)
        case .nodeSet(let set): return i >= 0 && set.contains(Int(i))
        case .and(let parts): return parts.allSatisfy { $0.test(i) }
        case .or(let parts): return parts.contains { $0.test(i) }
        case .not(let p): return !p.test(i)
        }
    }
}
