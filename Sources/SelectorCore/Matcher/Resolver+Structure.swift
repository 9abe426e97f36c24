// Predicates that depend on a node's place in the tree rather than its own columns: an ancestor
// test, an engine's structural test (`StructuralTest`: the window a frame is on, a cell's index
// path). Each is decided for every node in one preorder pass when the query resolves (parents come before children in the flat tree, so a
// node's answer can build on its parent's), and then tested per node as a bitset lookup.

extension Resolver {
    /// Some strict ancestor passes `inner`.
    mutating func resolveHasAncestor(_ inner: Predicate) throws(SelectorError) -> ResolvedTest {
        let test = try nodeTest(inner)
        if test.never { return .constant(false) }
        let n = tree.count, parents = tree.parents, classIDs = tree.classIDs
        var below = Bitset(count: n)
        var any = false
        for i in 0..<n {
            let p = Int(parents[i])
            if p >= 0 && (below.contains(p) || test.passes(Int32(p), classIDs: classIDs)) {
                below.insert(i); any = true
            }
        }
        statistics.nodesScanned += n
        try deadline.check()
        return any ? .nodeSet(below) : .constant(false)
    }

    /// `hasRelative`: the inner test once per node, then one pass over the parents. Children
    /// follow their parent in preorder, so a pass from the last node back has settled a node's
    /// whole subtree before it reaches the node.
    mutating func resolveHasRelative(_ relative: Relative, _ inner: Predicate) throws(SelectorError) -> ResolvedTest {
        let test = try nodeTest(inner)
        if test.never { return .constant(false) }
        let n = tree.count, parents = tree.parents, classIDs = tree.classIDs
        var out = Bitset(count: n)
        var any = false
        switch relative {
        case .parent:
            for i in 0..<n {
                let p = parents[i]
                if p >= 0 && test.passes(p, classIDs: classIDs) { out.insert(i); any = true }
            }
        case .child:
            for i in 0..<n {
                let p = Int(parents[i])
                if p >= 0 && test.passes(Int32(i), classIDs: classIDs) { out.insert(p); any = true }
            }
        case .descendant:
            for i in stride(from: n - 1, through: 0, by: -1) {
                let p = Int(parents[i])
                if p >= 0 && (out.contains(i) || test.passes(Int32(i), classIDs: classIDs)) { out.insert(p); any = true }
            }
        case .sibling:
            // Passing children per parent (the roots' under -1), then each node's less its own.
            var passing = [Int32](repeating: 0, count: n + 1)
            var passes = Bitset(count: n)
            for i in 0..<n where test.passes(Int32(i), classIDs: classIDs) {
                passes.insert(i)
                passing[Int(parents[i]) + 1] += 1
            }
            for i in 0..<n where passing[Int(parents[i]) + 1] - (passes.contains(i) ? 1 : 0) > 0 {
                out.insert(i); any = true
            }
        }
        statistics.nodesScanned += n
        try deadline.check()
        return any ? .nodeSet(out) : .constant(false)
    }

    /// An engine's structural test (`StructuralTest`), decided for every node at once.
    mutating func resolveStructural(_ test: any StructuralTest) throws(SelectorError) -> ResolvedTest {
        if let known = structuralAnswers[test.description] { return known }
        let passing = test.passingViews(in: TreeStructure(tree))
        statistics.nodesScanned += tree.count
        try deadline.check()
        let answer: ResolvedTest = passing.isEmpty ? .constant(false) : .nodeSet(passing.bits)
        structuralAnswers[test.description] = answer
        return answer
    }

    /// Every bit of `mask` set in a numeric property read as an integer.
    func resolveBits(_ property: String, _ mask: Int64) -> ResolvedTest {
        guard let column = tree.columns[property] else {
            // A frame's part (`accessibilityFrame.x`) is a number, as `number` reads it.
            guard let (frames, component) = tree.frameComponent(property) else { return .constant(false) }
            return .closure { i in
                let r = frames[Int(i)]
                let x = component.read(r)
                guard !r.isAbsent, x.isFinite, abs(x) < 9.0e18 else { return false }
                return Int64(x) & mask == mask
            }
        }
        switch column {
        case .numbers(let v):
            return .closure { i in
                let x = v[Int(i)]
                guard x.isFinite, abs(x) < 9.0e18 else { return false }
                return Int64(x) & mask == mask
            }
        case .generic:
            // Numbers only: a boolean is no bitmask, in a mixed column as in a boolean one.
            return .closure { [column] i in
                switch column.value(at: Int(i)) {
                case .int(let n)?: return n & mask == mask
                case .double(let x)?:
                    guard x.isFinite, abs(x) < 9.0e18 else { return false }
                    return Int64(x) & mask == mask
                default: return false
                }
            }
        default: return .constant(false)
        }
    }
}
