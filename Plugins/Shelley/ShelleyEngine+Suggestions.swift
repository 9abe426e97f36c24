public import SelectorCore

extension ShelleyEngine {
    /// Class and exact label (`view:'UIButton' markedExactly:'Log In'`), then the class alone; the
    /// registry keeps the first that is unique, with an `index:` when that makes it so.
    public func suggestions(for node: NodeID, in tree: ViewTree) -> [String] {
        let className = tree.className(of: node)
        let plain = "view:'\(className)'"
        guard let label = tree.label(of: node), !label.isEmpty else { return [plain] }
        switch dialect {
        case .strict:
            return ["\(plain) markedExactly:\(SelectorLiteral.quoted(label, by: "'"))", plain]
        case .compat:
            // Compat Shelley has no escapes: quote with whichever quote the label lacks, or give
            // up on the label.
            guard let q = ["'", "\""].first(where: { !label.contains($0) }) else { return [plain] }
            return ["\(plain) markedExactly:\(q)\(label)\(q)", plain]
        }
    }

    /// `… index:N`: Shelley's `index:` counts in the selector's own result order.
    public func narrowed(_ selector: String, toResult position: Int) -> String? {
        "\(selector) index:\(position)"
    }
}
