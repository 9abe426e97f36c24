public import SelectorCore

extension XPathEngine {
    /// The tree as the XML document the engine's expressions read: one element per view, named by
    /// its class, with one attribute per property in the tree's property order, valued as
    /// `XPathText.attribute` writes it. No text nodes and no whitespace between elements.
    ///
    /// It is what Appium calls the page source; the tests hand it to libxml2 to compare results,
    /// and a host may serve it so that a user can try an expression elsewhere.
    public static func pageSource(of tree: ViewTree) -> String {
        var names: [String] = [], columns: [PropertyColumn] = []
        for n in tree.propertyNames {
            guard let c = tree.columns[n] else { continue }
            names.append(n); columns.append(c)
        }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        var open: [Int32] = []
        func close(upTo node: Int32) {
            while let top = open.last, Int(node) >= tree.subtreeEnd(of: top) {
                out += "</" + tree.className(of: top) + ">"
                open.removeLast()
            }
        }
        for i in 0..<Int32(tree.count) {
            close(upTo: i)
            out += "<" + tree.className(of: i)
            for (k, c) in columns.enumerated() {
                guard let v = c.value(at: Int(i)) else { continue }
                out += " " + names[k] + "=\"" + XMLEscaping.escaped(XPathText.attribute(v)) + "\""
            }
            if tree.subtreeEnd(of: i) == Int(i) + 1 { out += "/>" } else { out += ">"; open.append(i) }
        }
        close(upTo: Int32.max)
        return out + "\n"
    }
}
