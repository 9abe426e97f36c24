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
        // Only names the recording carries (`ViewTree.recordedName(for:)`, issue 41's rule): on an
        // XCUITest page source `name` and `label`, what WebDriverAgent's predicates read; on a
        // UiAutomator one `resource-id`, and no label (the loader derives it).
        var candidates: [String] = []
        if let identifierKey = tree.recordedName(for: "accessibilityIdentifier"),
           let identifier = tree.string("accessibilityIdentifier", of: node), !identifier.isEmpty {
            candidates.append("\(identifierKey) == \(Self.literal(identifier))")
        }
        if let labelKey = tree.recordedName(for: PropertyName.accessibilityLabel),
           let label = tree.label(of: node), !label.isEmpty {
            let test = "\(labelKey) == \(Self.literal(label))"
            candidates += ["\(type) AND \(test)", test]
        }
        candidates.append(type)
        return candidates
    }

    /// `s` as a single-quoted literal that reads back as `s`.
    public static func literal(_ s: String) -> String { SelectorLiteral.quoted(s, by: "'", escapingNUL: true) }
}
