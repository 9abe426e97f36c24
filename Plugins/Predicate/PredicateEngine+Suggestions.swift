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
        // An XCUITest page source's `name` and `label` are what WebDriverAgent's predicates read
        // (the loader copies them under UIKit's names, `ViewTree.copiedColumns`): say those.
        let identifierKey = tree.copiedColumns["accessibilityIdentifier"] == "name" ? "name" : "accessibilityIdentifier"
        let labelKey = tree.copiedColumns[PropertyName.accessibilityLabel] == "label" ? "label" : "accessibilityLabel"
        var candidates: [String] = []
        if let identifier = tree.string("accessibilityIdentifier", of: node), !identifier.isEmpty {
            candidates.append("\(identifierKey) == \(Self.literal(identifier))")
        }
        if let label = tree.label(of: node), !label.isEmpty {
            let test = "\(labelKey) == \(Self.literal(label))"
            candidates += ["\(type) AND \(test)", test]
        }
        candidates.append(type)
        return candidates
    }

    /// `s` as a single-quoted literal that reads back as `s`.
    public static func literal(_ s: String) -> String { SelectorLiteral.quoted(s, by: "'", escapingNUL: true) }
}
