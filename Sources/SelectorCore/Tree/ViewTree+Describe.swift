extension ViewTree {
    /// `UIButton "Log In" (uid 5)`: class, label and uid, as far as the view has them, the one way
    /// explanations, diffs and the locator gate's reasons name a view. A label longer than
    /// `labelBytes` UTF-8 bytes is cut to its head and its length, so that one long label cannot
    /// flood an answer.
    public func describe(_ node: NodeID, labelBytes: Int = SelectorLiteral.maxQuotedBytes) -> String {
        var s = className(of: node)
        if let label = label(of: node) { s += " " + SelectorLiteral.quotedClipped(label, maxBytes: labelBytes) }
        if let uid = uidString(of: node) { s += " (uid \(uid))" }
        return s
    }
}
