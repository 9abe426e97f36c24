import SelectorCore

/// A ready-made selector for one view in one engine, checked by running it.
struct SelectorSuggestion: Sendable, Equatable {
    var engine: String
    var selector: String
    /// How many views the selector selects (with repeats, as `/map` counts them).
    var count: Int
    /// Whether it selects exactly this view.
    var unique: Bool

    var json: JSONValue {
        .object([("engine", .string(engine)), ("selector", .string(selector)),
                 ("count", .int(Int64(count))), ("unique", .bool(unique))])
    }
}

/// Writes selectors for a view in the built-in engines' languages, then runs each candidate and
/// keeps the first that selects exactly that view.
///
/// The candidates, most readable first: class and exact label (`view:'UIButton' markedExactly:'Log In'`
/// in `shelley`), then, where the language has one, the same with a position
/// (`... index:2`), the position counted in the candidate's own result order; `regex` has no
/// index, so it tries the nearest labelled ancestor as a context step instead. A view without a
/// label gets class plus position. Engines this type does not know get no suggestion.
enum SelectorSuggester {
    static func suggestions(for node: NodeID, in tree: ViewTree, registry: EngineRegistry) -> [SelectorSuggestion] {
        registry.names.compactMap { suggestion(engine: $0, for: node, in: tree, registry: registry) }
    }

    static func suggestion(engine: String, for node: NodeID, in tree: ViewTree,
                           registry: EngineRegistry) -> SelectorSuggestion? {
        guard let language = Language(engine: engine) else { return nil }
        let className = tree.className(of: node)
        let label = tree.label(of: node).flatMap { $0.isEmpty ? nil : $0 }
        var candidates = [language.selector(className: className, label: label)].compactMap { $0 }
        if label != nil, let plain = language.selector(className: className, label: nil) { candidates.append(plain) }
        if language == .regex, let context = labelledAncestor(of: node, in: tree),
           let step = language.selector(className: tree.className(of: context), label: tree.label(of: context)) {
            candidates += candidates.map { step + " " + $0 }
        }

        var fallback: SelectorSuggestion?
        for candidate in candidates {
            guard let selected = try? registry.select(candidate, engine: engine, in: tree) else { continue }
            if selected == [node] { return SelectorSuggestion(engine: engine, selector: candidate, count: 1, unique: true) }
            guard let position = selected.firstIndex(of: node) else { continue }
            if language.hasIndex {
                let indexed = candidate + " index:\(position)"
                if let again = try? registry.select(indexed, engine: engine, in: tree), again == [node] {
                    return SelectorSuggestion(engine: engine, selector: indexed, count: 1, unique: true)
                }
            }
            if fallback == nil {
                fallback = SelectorSuggestion(engine: engine, selector: candidate, count: selected.count, unique: false)
            }
        }
        return fallback
    }

    /// The nearest ancestor with a non-empty accessibility label.
    static func labelledAncestor(of node: NodeID, in tree: ViewTree) -> NodeID? {
        tree.ancestors(of: node).first { tree.label(of: $0)?.isEmpty == false }
    }

    /// The syntax of one built-in engine.
    enum Language: Equatable {
        case shelley, shelleyCompat, uiquery, regex

        init?(engine: String) {
            switch engine {
            case "shelley": self = .shelley
            case "shelley_compat": self = .shelleyCompat
            case "uiquery": self = .uiquery
            case "regex": self = .regex
            default: return nil
            }
        }

        var hasIndex: Bool { self != .regex }

        /// Class, and label when given; nil when the label cannot be written in this language.
        func selector(className: String, label: String?) -> String? {
            switch self {
            case .shelley:
                guard let label else { return "view:'\(className)'" }
                return "view:'\(className)' markedExactly:'\(Self.shelleyEscaped(label))'"
            case .shelleyCompat:
                // No escapes: quote with whichever quote the label lacks.
                guard let label else { return "view:'\(className)'" }
                guard let q = ["'", "\""].first(where: { !label.contains($0) }) else { return nil }
                return "view:'\(className)' markedExactly:\(q)\(label)\(q)"
            case .uiquery:
                // One quote style per path, no escapes; `marked:` is "contains", so an index may follow.
                guard let label else { return "view:'\(className)'" }
                guard let q = ["'", "\""].first(where: { !label.contains($0) }) else { return nil }
                return "view:\(q)\(className)\(q) marked:\(q)\(label)\(q)"
            case .regex:
                guard let label else { return className }
                return "\(className) /^\(Self.regexEscaped(label))$/"
            }
        }

        static func shelleyEscaped(_ s: String) -> String {
            var out = ""
            for ch in s {
                switch ch {
                case "\\": out += "\\\\"
                case "'": out += "\\'"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                default: out.append(ch)
                }
            }
            return out
        }

        static func regexEscaped(_ s: String) -> String {
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
}
