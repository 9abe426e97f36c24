// Objective-C names a BOOL property's getter `isNAME` (`hidden` → `isHidden`), and callers ask
// for either spelling: Frank's operations (`hidden`), UISpec's `should be NAME`. Dumps may record
// either key. This file is the one place that knows how the two spellings relate, so the
// operation getters and the engines' predicates cannot drift apart.

extension PropertyName {
    /// The `is` spelling of a BOOL getter, as Key-Value Coding forms it: `hidden` → `isHidden`;
    /// nil for an empty name.
    public static func isForm(of name: String) -> String? {
        guard let first = name.first else { return nil }
        return "is" + first.uppercased() + name.dropFirst()
    }

    /// Whether `name` is itself an `is` spelling (`isHidden`, not `isa` or `issue`).
    public static func isIsForm(_ name: String) -> Bool {
        guard name.hasPrefix("is"), let third = name.dropFirst(2).first else { return false }
        return third.isUppercase
    }
}

extension ViewTree {
    /// What the BOOL getter `name` answers for `node`: the recorded `name`, or else its `is`
    /// spelling. `name` wins when a dump recorded both.
    public func flagValue(_ name: String, of node: NodeID) -> JSONValue? {
        if let v = value(name, of: node) { return v }
        return PropertyName.isForm(of: name).flatMap { value($0, of: node) }
    }
}

extension Predicate {
    /// The BOOL getter `name` answers `value` (see `ViewTree.flagValue`): `name` is `value`, or
    /// the node has no `name` and its `is` spelling is `value`. Numbers read as non-zero.
    public static func flag(_ name: String, _ value: Bool = true) -> Predicate {
        guard let isForm = PropertyName.isForm(of: name) else { return .bool(property: name, value) }
        return .or([
            .bool(property: name, value),
            .and([.not(.hasProperty(name)), .bool(property: isForm, value)]),
        ])
    }

    /// The node answers the BOOL getter `name` at all: it has `name` or its `is` spelling.
    public static func respondsToFlag(_ name: String) -> Predicate {
        guard let isForm = PropertyName.isForm(of: name) else { return .hasProperty(name) }
        return .or([.hasProperty(name), .hasProperty(isForm)])
    }
}
