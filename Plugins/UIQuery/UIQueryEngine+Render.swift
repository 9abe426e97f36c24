public import SelectorCore

extension UIQueryEngine {
    /// `view:'C' marked:'x'` for each step, `child` before a child step, `index:N`, `first` or
    /// `last` for a pick. UIQuery tests classes with `isKindOfClass:` and strings with "contains"
    /// only, so an exact class or an equality renders only where the proof finds no view that tells
    /// them apart; its results come in UISpec's order, which the proof compares. A filter is a
    /// conjunction of property matches: `or`, `not` and ancestor tests have none.
    public func render(_ path: SearchPath) -> Rendering? {
        var words: [String] = []
        for step in path.steps {
            var conjuncts = step.filter.conjuncts
            let k = conjuncts.firstIndex { if case .memberOf = $0 { true } else if case .kindOf = $0 { true } else { false } }
            var className = "UIView"
            if let k {
                if case .memberOf(let c) = conjuncts[k] { className = c }
                if case .kindOf(let c) = conjuncts[k] { className = c }
                conjuncts.remove(at: k)
            }
            if step.link == .child {
                guard !words.isEmpty else { return .cannotSay("the top-level views: UIQuery starts below the application") }
                words.append("child")
            }
            var matches: [(String, String)] = [("view", className)]
            var flags: [String] = []
            for c in conjuncts {
                switch c {
                case let .string(property, test) where (test.operation == .equals || test.operation == .contains)
                    && test.options.isEmpty && !test.value.isEmpty && property.allSatisfy({ $0.isLetter || $0.isNumber }):
                    matches.append((property == PropertyName.accessibilityLabel ? "marked" : property, test.value))
                case let .string(property, test) where test.options == .booleanAsText && test.operation == .equals
                    && (test.value == "true" || test.value == "false") && property.allSatisfy({ $0.isLetter || $0.isNumber }):
                    flags.append("\(property):\(test.value == "true" ? "YES" : "NO")")
                case let .bool(property, value) where property.allSatisfy({ $0.isLetter || $0.isNumber }):
                    flags.append("\(property):\(value ? "YES" : "NO")")
                case let .number(property, .equal, value) where value == value.rounded() && abs(value) < 1e15
                    && property.allSatisfy({ $0.isLetter || $0.isNumber }):
                    flags.append("\(property):\(Int64(value))")
                default:
                    return .cannotSay("the test \(c): UIQuery's filters are property matches")
                }
            }
            // One quote style a path, no escapes.
            guard let q = ["'", "\""].first(where: { q in matches.allSatisfy { !$0.1.contains(q) } }) else {
                return .cannotSay("values holding both quotes")
            }
            words += matches.map { "\($0.0):\(q)\($0.1)\(q)" } + flags
        }
        if let pick = path.pick {
            words.append(pick == 0 ? "first" : pick == -1 ? "last" : pick > 0 ? "index:\(pick)" : "")
            if pick < -1 { return .cannotSay("a pick from the end other than the last") }
        }
        return .selector(words.joined(separator: " "))
    }
}
