public import SelectorCore

extension XPathEngine {
    /// Attributes that name a view, most telling first: Appium's identifiers (XCUITest `name`,
    /// Android `resource-id`), UIKit's, then the visible texts; filtered per recording by
    /// `ViewTree.recordedNames`.
    static let identifyingAttributes = ["name", "resource-id", "accessibilityIdentifier", "label", "content-desc",
                                        "accessibilityLabel", "text", "value", "uid"]

    /// Ready-made XPaths for `node`, most telling first: the class with one identifying
    /// attribute (in `identifyingAttributes` order), the class alone, under the nearest identifiable ancestor, then by position among
    /// the class's views and last the absolute path with positions. The registry keeps the first
    /// that selects `node` alone.
    public func suggestions(for node: NodeID, in tree: ViewTree) -> [String] {
        guard node >= 0, Int(node) < tree.count else { return [] }
        let cls = tree.className(of: node)
        var out: [String] = []
        let own = Self.identifiers(of: node, in: tree)
        // Attributes that tell the view from every other of its class first, in preference order.
        let unique = own.filter { Self.selectSameAttribute($0, cls, upTo: NodeID(tree.count - 1), in: tree) == 1 }
        out += unique.map { "//\(cls)[\($0)]" }
        out += own.filter { !unique.contains($0) }.map { "//\(cls)[\($0)]" }
        out.append("//\(cls)")
        if own.count > 1 { out.append("//\(cls)[\(own[0]) and \(own[1])]") }
        for p in tree.ancestors(of: node) {
            if let anchor = Self.identifiers(of: p, in: tree).first {
                let anchorPath = "//\(tree.className(of: p))[\(anchor)]"
                if let first = own.first { out.append("\(anchorPath)//\(cls)[\(first)]") }
                out.append("\(anchorPath)//\(cls)")
                break
            }
        }
        // Position among every view of the class, in document order.
        if let first = own.first {
            let m = Self.selectSameAttribute(first, cls, upTo: node, in: tree)
            if m > 0 { out.append("(//\(cls)[\(first)])[\(m)]") }
        }
        out.append("(//\(cls))[\(Self.count(.memberOf(cls), on: .descendants, from: [-1], upTo: node, in: tree))]")
        out.append(Self.absolutePath(of: node, in: tree))
        return out
    }

    public func narrowed(_ selector: String, toResult position: Int) -> String? {
        "(\(selector))[\(position + 1)]"
    }

    /// XPath's `|`: the node-sets' union, in document order.
    public func union(of selectors: [String]) -> String? {
        selectors.isEmpty ? nil : selectors.joined(separator: " | ")
    }

    /// `@a='v'` for each identifying attribute the view has with a non-empty string value, among
    /// the names the recording itself carries (`ViewTree.recordedNames`: on an XCUITest or
    /// UiAutomator page source never the loader's `uid` or UIKit copies, which Appium's page
    /// source lacks).
    static func identifiers(of node: NodeID, in tree: ViewTree) -> [String] {
        var out: [String] = []
        for a in tree.recordedNames(identifyingAttributes) {
            guard let v = tree.value(a, of: node) else { continue }
            let text = XPathText.attribute(v)
            if text.isEmpty || text.count > 200 { continue }
            if case .object = v { continue }
            if case .array = v { continue }
            out.append("@\(a)=\(XPathLiteral.quoted(text))")
        }
        return out
    }

    /// How many views up to `last` `//cls[test]` selects (`test` is one of `identifiers(of:in:)`),
    /// as this engine runs it: the count is the position the suggestion writes.
    private static func selectSameAttribute(_ test: String, _ cls: String, upTo last: NodeID, in tree: ViewTree) -> Int {
        guard let program = try? XPathEngine().compile("//\(cls)[\(test)]"),
              let found = try? Matcher(configuration: .serial).select(program, in: tree) else { return 0 }
        return found.lowerBound(Int(last) + 1)
    }

    /// How many of the views on `axis` from `inputs` that pass `filter` come at or before `last`,
    /// by the core's matcher (suggestions count positions; they do not walk the tree).
    static func count(_ filter: Predicate, on axis: Axis, from inputs: [NodeID], upTo last: NodeID, in tree: ViewTree) -> Int {
        var b = ProgramBuilder(start: .document)
        b.axis(axis, filter: filter, unique: true)
        b.sortInDocumentOrder()
        let found = (try? Matcher(configuration: .serial).select(b.build(), in: tree, from: inputs, budget: .unlimited)) ?? []
        return found.lowerBound(Int(last) + 1)
    }

    /// `/A/B[2]/C`: each step the class with its position among same-class siblings when not alone.
    static func absolutePath(of node: NodeID, in tree: ViewTree) -> String {
        var steps: [String] = []
        for v in [node] + tree.ancestors(of: node) {
            let cls = tree.className(of: v)
            let same = count(.memberOf(cls), on: .siblings, from: [v], upTo: NodeID(tree.count), in: tree)
            let before = count(.memberOf(cls), on: .precedingSiblings, from: [v], upTo: NodeID(tree.count), in: tree)
            steps.append(same > 0 ? "\(cls)[\(before + 1)]" : cls)
        }
        return "/" + steps.reversed().joined(separator: "/")
    }
}
