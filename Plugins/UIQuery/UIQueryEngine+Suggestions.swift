public import SelectorCore

extension UIQueryEngine {
    /// Class and label (`view:'UIButton' marked:'Log In'`), then the class alone. UIQuery has one
    /// quote style per path and no escapes, so a label holding both quotes gets no label step.
    public func suggestions(for node: NodeID, in tree: ViewTree) -> [String] {
        let className = tree.className(of: node)
        guard let label = tree.label(of: node), !label.isEmpty else { return ["view:'\(className)'"] }
        guard let q = ["'", "\""].first(where: { !label.contains($0) }) else { return ["view:'\(className)'"] }
        // `marked:` means "contains", which the registry's uniqueness check and `index:` settle.
        return ["view:\(q)\(className)\(q) marked:\(q)\(label)\(q)", "view:\(q)\(className)\(q)"]
    }

    /// `… index:N`, counted in UISpec's result order (the selector's own).
    public func narrowed(_ selector: String, toResult position: Int) -> String? {
        "\(selector) index:\(position)"
    }
}
