// The steps Maestro's selectors need (issue 33), for any engine: a relation to the views of a
// reference program (spatial: below, above, left of, right of; structural: parent of), the
// deepest views of a list, and stable reorderings by frame or by a boolean property.
//
// Cost: a relation gathers one number from its references (the smallest top edge for `below`:
// a view is below *some* reference exactly when it is below the highest one) or marks their
// parents, then passes over the inputs once, so it costs references + inputs, never their
// product. `deepest` sorts the list at most once: in document order a view has a descendant in
// the list exactly when the next listed view lies inside its subtree.

extension Run {
    /// The inputs that stand in `relation` to at least one of `references`, in order.
    mutating func related(_ list: [NodeID], _ relation: Relation, _ references: [NodeID]) throws(SelectorError) -> [NodeID] {
        try meter.charge(list.count + references.count)
        if relation == .parentOf {
            var isParent = Bitset(count: tree.count)
            for r in references where r >= 0 {
                let p = tree.parents[Int(r)]
                if p >= 0 { isParent.insert(Int(p)) }
            }
            return list.filter { $0 >= 0 && isParent.contains(Int($0)) }
        }
        guard let frames = tree.absoluteFrames() else { return [] }
        // The one reference edge that decides: a view is below some reference exactly when it is
        // below the highest, and so on. NaN edges (no frame: x is NaN) take no part.
        let useY = relation == .below || relation == .above
        let wantGreater = relation == .below || relation == .rightOf
        var bound = wantGreater ? Double.infinity : -Double.infinity
        var any = false
        for r in references where r >= 0 {
            let f = frames[Int(r)]
            let edge = useY ? f.y : f.x
            guard !f.x.isNaN, !edge.isNaN else { continue }
            any = true
            bound = wantGreater ? min(bound, edge) : max(bound, edge)
        }
        guard any else { return [] }
        return list.filter { v in
            guard v >= 0 else { return false }
            let f = frames[Int(v)]
            guard !f.x.isNaN else { return false }
            let edge = useY ? f.y : f.x
            return wantGreater ? edge > bound : edge < bound
        }
    }

    /// The views of `list` none of whose descendants is in `list`, in order, repeats kept.
    mutating func deepestViews(_ list: [NodeID]) throws(SelectorError) -> [NodeID] {
        let ends = tree.ends
        if list.isStrictlyAscending {
            try meter.charge(list.count)
            var out: [NodeID] = []
            out.reserveCapacity(list.count)
            for (k, v) in list.enumerated() where v >= 0 {
                if k + 1 < list.count && list[k + 1] < ends[Int(v)] { continue }
                out.append(v)
            }
            return out
        }
        let sorted = list.sortedUnique()
        try meter.charge(list.count + sorted.count)
        var holdsOne = Bitset(count: tree.count)
        for (k, v) in sorted.enumerated() where v >= 0 && k + 1 < sorted.count && sorted[k + 1] < ends[Int(v)] {
            holdsOne.insert(Int(v))
        }
        return list.filter { $0 >= 0 && !holdsOne.contains(Int($0)) }
    }

    /// `list` reordered stably by `key`.
    mutating func sorted(_ list: [NodeID], by key: SortKey) throws(SelectorError) -> [NodeID] {
        try meter.charge(list.count)
        switch key {
        case .trueFirst(let property):
            let yes = try resolver.nodeTest(.bool(property: property, true))
            let no = try resolver.nodeTest(.bool(property: property, false))
            var first: [NodeID] = [], second: [NodeID] = [], rest: [NodeID] = []
            for v in list {
                if v >= 0 && yes.passes(v, classIDs: tree.classIDs) { first.append(v) }
                else if v >= 0 && no.passes(v, classIDs: tree.classIDs) { second.append(v) }
                else { rest.append(v) }
            }
            return first + second + rest
        case .frameTopLeft:
            let frames = tree.absoluteFrames() ?? []
            // Without a frame (or with an edge that is not a number): after every frame.
            func key(_ v: NodeID) -> (Double, Double) {
                guard v >= 0, Int(v) < frames.count else { return (.infinity, .infinity) }
                let f = frames[Int(v)]
                guard !f.x.isNaN, !f.y.isNaN else { return (.infinity, .infinity) }
                return (f.y, f.x)
            }
            let keys = list.map(key)
            // The position breaks ties, so the sort is stable whatever the algorithm; views
            // without a frame compare equal to each other (both keys infinite).
            let order = keys.indices.sorted { a, b in
                let (ka, kb) = (keys[a], keys[b])
                if ka.0 != kb.0 { return ka.0 < kb.0 }
                if ka.1 != kb.1 { return ka.1 < kb.1 }
                return a < b
            }
            return order.map { list[$0] }
        }
    }
}

extension ViewTree {
    /// Every view's absolute frame (`accessibilityFrame`), a NaN `x` where it has none; nil when
    /// no view records one. A column the loader had to keep generic (a value that is not a
    /// frame among frames) is read value by value, so its frames count as they read.
    func absoluteFrames() -> ContiguousArray<Rect>? {
        switch columns[PropertyName.accessibilityFrame] {
        case .frames(let frames)?: return frames
        case .generic(let values)?:
            var frames = ContiguousArray(repeating: Rect.absent, count: count)
            for (node, value) in values { if let r = Rect(json: value) { frames[Int(node)] = r } }
            return frames
        default: return nil
        }
    }
}
