extension ViewTree {
    /// A copy of the tree with property `name` set to `value` (removed when nil) on `nodes`.
    ///
    /// Only the edited column is copied; every other column is shared with this tree, so a host
    /// can swap the new snapshot in while readers finish with the old one. Values of a string
    /// column that no node holds any more are dropped once they add up (`ColumnBuilder.compactIfGrown`),
    /// so editing a column forever does not grow it forever.
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
        builder.compactIfGrown()
        copy.columns[name] = builder.finish(count: count)
        return copy
    }
}
