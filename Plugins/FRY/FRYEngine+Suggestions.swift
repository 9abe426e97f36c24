public import SelectorCore

extension FRYEngine {
    /// Identifier, then kind and label, then label, then kind alone; the registry keeps the first
    /// that selects exactly `node`.
    public func suggestions(for node: NodeID, in tree: ViewTree) -> [String] {
        let kind = "ofKind(\(tree.className(of: node)))"
        var candidates: [String] = []
        if let identifier = tree.string("accessibilityIdentifier", of: node), !identifier.isEmpty {
            candidates.append("FRY.lookup(accessibilityIdentifier(\(Self.literal(identifier))))")
        }
        if let label = tree.label(of: node), !label.isEmpty {
            let test = "accessibilityLabel(\(Self.literal(label)))"
            candidates += ["FRY.lookup([\(kind), \(test)])", "FRY.lookup(\(test))"]
        }
        candidates.append("FRY.lookup(\(kind))")
        return candidates
    }

    /// `s` as a double-quoted literal that reads back as `s`.
    public static func literal(_ s: String) -> String { SelectorLiteral.quoted(s, by: "\"") }
}
