public import SelectorCore

extension RegexEngine {
    /// Class and anchored label (`UIButton /^Log In$/`), then the class alone; each again under the
    /// nearest labelled ancestor, since the language has no index to tell equal views apart.
    public func suggestions(for node: NodeID, in tree: ViewTree) -> [String] {
        var candidates = [Self.step(tree.className(of: node), tree.label(of: node))]
        if let label = tree.label(of: node), !label.isEmpty { candidates.append(tree.className(of: node)) }
        if let context = tree.ancestors(of: node).first(where: { tree.label(of: $0)?.isEmpty == false }) {
            let prefix = Self.step(tree.className(of: context), tree.label(of: context))
            candidates += candidates.map { prefix + " " + $0 }
        }
        return candidates
    }

    private static func step(_ className: String, _ label: String?) -> String {
        guard let label, !label.isEmpty else { return className }
        return "\(className) /^\(escaped(label))$/"
    }

    /// `label` as a literal inside `/…/`.
    static func escaped(_ s: String) -> String {
        var out = ""
        for ch in s {
            switch ch {
            case "\\", "^", "$", ".", "|", "?", "*", "+", "(", ")", "[", "]", "{", "}", "/", "#":
                out.append("\\"); out.append(ch)
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default: out.append(ch)
            }
        }
        return out
    }
}
