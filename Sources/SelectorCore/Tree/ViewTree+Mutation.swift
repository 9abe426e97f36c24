extension ColumnBuilder {
    /// A builder holding an existing column's values, ready for edits.
    init(_ column: PropertyColumn) {
        switch column {
        case .strings(let ids, let pool): self = .strings(ids, pool)
        case .numbers(let v): self = .numbers(v)
        case .bools(let v): self = .bools(v)
        case .frames(let v): self = .frames(v)
        case .generic(let d): self = .generic(d)
        }
    }

    /// Removes the value at `node`.
    mutating func clear(at node: Int) {
        switch self {
        case .strings(var ids, let pool):
            self = .generic([:]); if node < ids.count { ids[node] = -1 }; self = .strings(ids, pool)
        case .numbers(var v):
            self = .generic([:]); if node < v.count { v[node] = .nan }; self = .numbers(v)
        case .bools(var v):
            self = .generic([:]); if node < v.count { v[node] = -1 }; self = .bools(v)
        case .frames(var v):
            self = .generic([:]); if node < v.count { v[node] = Rect.absent }; self = .frames(v)
        case .generic(var d):
            self = .generic([:]); d[Int32(node)] = nil; self = .generic(d)
        }
    }
}

extension ViewTree {
    /// A copy of the tree with property `name` set to `value` (removed when nil) on `nodes`.
    ///
    /// Only the edited column is copied; every other column is shared with this tree, so a host
    /// can swap the new snapshot in while readers finish with the old one.
    public func setting(_ name: String, to value: JSONValue?, on nodes: [NodeID]) -> ViewTree {
        precondition(!PropertyName.structural.contains(name), "\(name) is structure, not a property")
        var copy = self
        var builder: ColumnBuilder
        if let existing = columns[name] {
            builder = ColumnBuilder(existing)
        } else if let value {
            builder = ColumnBuilder(name: name, first: value)
            copy.propertyNames.append(name)
        } else {
            return self
        }
        for n in nodes {
            if let value { builder.set(value, at: Int(n)) } else { builder.clear(at: Int(n)) }
        }
        copy.columns[name] = builder.finish(count: count)
        return copy
    }
}
