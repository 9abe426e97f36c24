public import SelectorCore

extension XPathEngine {
    /// Attributes that name a view, most telling first: Appium's identifiers (XCUITest `name`,
    /// Android `resource-id`), UIKit's, then the visible texts.
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
        let unique = own.filter { Self.selectSameAttribute($0, cls, upTo: NodeID(tree.count - 1), in: tree, matching: node) == 1 }
        out += unique.map { "//\(cls)[\($0)]" }
        out += own.filter { !unique.contains($0) }.map { "//\(cls)[\($0)]" }
        out.append("//\(cls)")
        if own.count > 1 { out.append("//\(cls)[\(own[0]) and \(own[1])]") }
        var p = tree.parents[Int(node)]
        while p >= 0 {
            if let anchor = Self.identifiers(of: p, in: tree).first {
                let anchorPath = "//\(tree.className(of: p))[\(anchor)]"
                if let first = own.first { out.append("\(anchorPath)//\(cls)[\(first)]") }
                out.append("\(anchorPath)//\(cls)")
                break
            }
            p = tree.parents[Int(p)]
        }
        // Position among every view of the class, in document order.
        if let id = tree.classes.id(of: cls) {
            var k = 0
            for i in 0...Int(node) where tree.classIDs[i] == id { k += 1 }
            if let first = own.first {
                var m = 0
                let all = Self.selectSameAttribute(first, cls, upTo: node, in: tree, matching: node)
                m = all
                if m > 0 { out.append("(//\(cls)[\(first)])[\(m)]") }
            }
            out.append("(//\(cls))[\(k)]")
        }
        out.append(Self.absolutePath(of: node, in: tree))
        return out
    }

    public func narrowed(_ selector: String, toResult position: Int) -> String? {
        "(\(selector))[\(position + 1)]"
    }

    /// `@a='v'` for each identifying attribute the view has with a non-empty string value.
    static func identifiers(of node: NodeID, in tree: ViewTree) -> [String] {
        var out: [String] = []
        for a in identifyingAttributes {
            guard let v = tree.value(a, of: node) else { continue }
            let text = XPathText.attribute(v)
            if text.isEmpty || text.count > 200 { continue }
            if case .object = v { continue }
            if case .array = v { continue }
            out.append("@\(a)=\(XPathLiteral.quoted(text))")
        }
        return out
    }

    /// How many views of the class up to `last` have the attribute of `test` with `node`'s text.
    private static func selectSameAttribute(_ test: String, _ cls: String, upTo last: NodeID, in tree: ViewTree,
                                            matching node: NodeID) -> Int {
        guard let eq = test.firstIndex(of: "=") else { return 0 }
        let name = String(test[test.index(after: test.startIndex)..<eq])
        guard let want = tree.value(name, of: node).map(XPathText.attribute), let id = tree.classes.id(of: cls) else { return 0 }
        var k = 0
        for i in 0...Int(last) where tree.classIDs[i] == id {
            if tree.value(name, of: NodeID(i)).map(XPathText.attribute) == want { k += 1 }
        }
        return k
    }

    /// `/A/B[2]/C`: each step the class with its position among same-class siblings when not alone.
    static func absolutePath(of node: NodeID, in tree: ViewTree) -> String {
        var steps: [String] = []
        var v = node
        while v >= 0 {
            let p = tree.parents[Int(v)]
            let siblings = p >= 0 ? tree.children(of: p) : tree.roots
            let same = siblings.filter { tree.classIDs[Int($0)] == tree.classIDs[Int(v)] }
            let cls = tree.className(of: v)
            if same.count > 1, let k = same.firstIndex(of: v) { steps.append("\(cls)[\(k + 1)]") } else { steps.append(cls) }
            v = p
        }
        return "/" + steps.reversed().joined(separator: "/")
    }
}
