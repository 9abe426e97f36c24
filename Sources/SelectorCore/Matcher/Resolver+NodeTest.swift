// A conjunction split into the scan kernel's columns (class mask, one string column, one bool
// column) and the general remainder, which the kernel tests last.

extension Resolver {
    mutating func nodeTest(_ p: Predicate) throws(SelectorError) -> NodeTest {
        var test = NodeTest()
        let parts: [Predicate]
        switch p {
        case .and(let ps): parts = ps
        default: parts = [p]
        }
        var rest: [ResolvedTest] = []
        // A nested `and` (an `or` whose other arms resolved to false, as uiselector's
        // "`text`, else the label" does on a tree without `text` on the class) is taken apart, so
        // its column tests reach the scan's fast path instead of the general remainder.
        for part in parts {
            var pending = [try resolve(part)]
            while let r = pending.popLast() {
                switch r {
                case .constant(true): continue
                case .constant(false): test.never = true; return test
                case .and(let subs): pending.append(contentsOf: subs.reversed())
                case .classMask(let m) where test.classMask == nil:
                    if !m.contains(true) { test.never = true; return test }
                    test.classMask = m
                case .classMask(let m):
                    test.classMask = zip(test.classMask!, m).map { $0 && $1 }
                    if !test.classMask!.contains(true) { test.never = true; return test }
                case .stringID(let ids, let id) where test.stringIDs == nil:
                    test.stringIDs = ids; test.stringID = id
                case .stringMask(let ids, let mask) where test.stringIDs == nil:
                    if !mask.contains(true) { test.never = true; return test }
                    test.stringIDs = ids; test.stringMask = mask
                case .bools(let column, let want) where test.boolColumn == nil:
                    test.boolColumn = column; test.boolWanted = want
                default:
                    rest.append(r)
                }
            }
        }
        if !rest.isEmpty { test.rest = rest.count == 1 ? rest[0] : .and(rest) }
        if test.classMask != nil, let mask = test.stringMask {
            // Bytes summed rather than a filter per element: a mask has a value per label.
            let passing = mask.withUnsafeBufferPointer { m in
                m.withMemoryRebound(to: UInt8.self) { $0.reduce(0) { $0 &+ Int($1) } }
            }
            test.fewValues = passing * max(1, matcher.configuration.tuning.fewValuesPerValue) < mask.count
        }
        return test
    }
}
