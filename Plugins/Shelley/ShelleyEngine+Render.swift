public import SelectorCore

extension ShelleyEngine {
    /// `view:'C' markedExactly:'x'` for each step, `child` before a child step, `index:N` for a
    /// pick. Shelley's class test is `isKindOfClass:` and `marked:` reads a no-break space as a
    /// space, so an exact class or a plain `contains` renders only where the proof finds no view
    /// that tells them apart. Shelley's filters are a conjunction of the label tests, the text
    /// tests and Boolean getters: `or`, `not`, ancestors and other properties have no filter.
    public func render(_ path: SearchPath) -> Rendering? {
        var words: [String] = []
        for step in path.steps {
            var conjuncts = step.filter.conjuncts
            let k = conjuncts.firstIndex { if case .memberOf = $0 { true } else if case .kindOf = $0 { true } else { false } }
            var className: String?
            if let k {
                if case .memberOf(let c) = conjuncts[k] { className = c }
                if case .kindOf(let c) = conjuncts[k] { className = c }
                conjuncts.remove(at: k)
            }
            switch step.link {
            case .descendant:
                guard let className else { return .cannotSay("a step without a class: Shelley's steps search for a class") }
                guard let q = quote(className) else { return .cannotSay("a class name holding both quotes") }
                words.append("view:\(q)")
            case .child:
                guard words.count > 0 else { return .cannotSay("the top-level views: Shelley starts below the windows") }
                words.append("child")
                if let className, let q = quote(className) { words.append("view:\(q)") }
            }
            for c in conjuncts {
                switch c {
                case let .string(PropertyName.accessibilityLabel, test) where test.operation == .equals && test.options.isEmpty:
                    guard let q = quote(test.value) else { return .cannotSay("a label holding both quotes") }
                    words.append("markedExactly:\(q)")
                case let .string(property, test) where test.operation == .contains && !test.value.isEmpty
                    && !test.options.contains(.caseInsensitive) && (property == PropertyName.accessibilityLabel || property == "text"):
                    guard let q = quote(test.value) else { return .cannotSay("a value holding both quotes") }
                    words.append("\(property == "text" ? "text" : "marked"):\(q)")
                case .bool(let property, true) where property.allSatisfy({ $0.isLetter || $0.isNumber }):
                    words.append(property)
                default:
                    return .cannotSay("the test \(c): Shelley's filters test labels, texts and Boolean getters")
                }
            }
        }
        if let pick = path.pick {
            guard pick >= 0 else { return .cannotSay("a pick from the end") }
            words.append("index:\(pick)")
        }
        return .selector(words.joined(separator: " "))
    }

    /// `s` quoted as this dialect reads it back; nil when it cannot be.
    private func quote(_ s: String) -> String? {
        switch dialect {
        case .strict: return SelectorLiteral.quoted(s, by: "'")
        case .compat: return ["'", "\""].first { !s.contains($0) }.map { "\($0)\(s)\($0)" }
        }
    }
}
