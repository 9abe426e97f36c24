public import SelectorCore

extension UiSelectorEngine {
    /// Resource id, description, text, class with text, then class with instance (always unique);
    /// the registry keeps the first that selects exactly `node`.
    /// Statements separated by `;`, as Appium's UiAutomator strategy takes several selectors:
    /// each one's views in turn.
    public func union(of selectors: [String]) -> String? {
        selectors.isEmpty ? nil : selectors.joined(separator: "; ")
    }

    public func suggestions(for node: NodeID, in tree: ViewTree) -> [String] {
        let className = tree.className(of: node)
        guard className != "hierarchy" else { return [] }
        let prefix = "new UiSelector()"
        var candidates: [String] = []
        func add(_ method: String, _ sources: [String]) {
            guard let value = Self.read(sources, of: node, in: tree), !value.isEmpty,
                  let literal = Self.literal(value) else { return }
            candidates.append("\(prefix).\(method)(\(literal))")
        }
        add("resourceId", UiSelectorVocabulary.resourceID)
        add("description", UiSelectorVocabulary.description)
        add("text", UiSelectorVocabulary.text)
        guard let classLiteral = Self.literal(className) else { return candidates }
        if let text = Self.read(UiSelectorVocabulary.text, of: node, in: tree), !text.isEmpty, let literal = Self.literal(text) {
            candidates.append("\(prefix).className(\(classLiteral)).text(\(literal))")
        }
        // The views of the class before this one, by the core's scan.
        var b = ProgramBuilder(start: .document)
        b.descendants(.memberOf(className), unique: true)
        let instance = ((try? Matcher(configuration: .serial).select(b.build(), in: tree)) ?? []).lowerBound(Int(node))
        candidates.append("\(prefix).className(\(classLiteral)).instance(\(instance))")
        return candidates
    }

    /// The value a text method reads: the first of `sources` the node has (only the first on an
    /// Android node, as `UiSelectorVocabulary.firstPresent` compiles it), read from names the
    /// recording carries only (`ViewTree.recordedNames`, issue 41's rule): on a page source a
    /// loader copy is read as the attribute it copies, and a label the loader derives is not read.
    static func read(_ sources: [String], of node: NodeID, in tree: ViewTree) -> String? {
        let android = ["package", "resource-id", "content-desc"].contains { tree.value($0, of: node) != nil }
        let recorded = tree.recordedNames(android ? Array(sources.prefix(1)) : sources)
        for source in recorded where tree.value(source, of: node) != nil {
            return tree.string(source, of: node)
        }
        return nil
    }

    /// `s` as a double-quoted string Appium reads back as `s` (`"` written `\"`, other characters
    /// as they are); nil when `s` ends in a backslash, which no such literal can hold.
    public static func literal(_ s: String) -> String? {
        if s.hasSuffix("\\") { return nil }
        var out = "\""
        for ch in s {
            if ch == "\"" { out += "\\\"" } else { out.append(ch) }
        }
        return out + "\""
    }
}
