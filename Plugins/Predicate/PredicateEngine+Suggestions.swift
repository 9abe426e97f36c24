public import SelectorCore

extension PredicateEngine {
    /// Identifier, then class and label, then label, then class alone; the registry keeps the
    /// first that selects exactly `node`.
    /// `(A) OR (B)`: a view passing either format string, in document order.
    public func union(of selectors: [String]) -> String? {
        selectors.isEmpty ? nil : selectors.map { "(\($0))" }.joined(separator: " OR ")
    }

    public func suggestions(for node: NodeID, in tree: ViewTree) -> [String] {
        let type = "type == \(Self.literal(tree.className(of: node)))"
        var candidates: [String] = []
        if let identifier = tree.string("accessibilityIdentifier", of: node), !identifier.isEmpty {
            candidates.append("accessibilityIdentifier == \(Self.literal(identifier))")
        }
        if let label = tree.label(of: node), !label.isEmpty {
            let test = "accessibilityLabel == \(Self.literal(label))"
            candidates += ["\(type) AND \(test)", test]
        }
        candidates.append(type)
        return candidates
    }

    /// `s` as a single-quoted literal that reads back as `s`.
    public static func literal(_ s: String) -> String { SelectorLiteral.quoted(s, by: "'", escapingNUL: true) }
}
