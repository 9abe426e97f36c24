public import SelectorCore

extension MaestroEngine {
    /// One search step as a Maestro selector: its text and id tests as `text:` and `id:` regexes
    /// (an equality as the escaped value, a substring as `.*value.*`), its flags as the state
    /// keys. Each later step nests the one before as `childOf` (Maestro searches the first match
    /// of the parent only, which the proof checks). Maestro has no class test and no pick in
    /// document order (`index` counts by position on screen), and its `text:` reads text, hint
    /// and accessibility text together and ignores case: the translation keeps the rendering
    /// only where the views agree.
    public func render(_ path: SearchPath) -> Rendering? {
        guard path.pick == nil else { return .cannotSay("a pick by position in the result: Maestro's index counts by position on screen") }
        var selector: String?
        for step in path.steps {
            guard step.link == .descendant else { return .cannotSay("a child step: Maestro searches a parent's whole subtree") }
            var fields: [String] = []
            for c in step.filter.conjuncts {
                switch Self.field(c) {
                case .selector(let f): if !fields.contains(f) { fields.append(f) }
                case let other: return other
                }
            }
            if let parent = selector { fields.append("childOf: \(parent)") }
            selector = "{" + fields.joined(separator: ", ") + "}"
        }
        return selector.map(Rendering.selector)
    }

    /// One conjunct as a Maestro key and value, `text: OK`.
    static func field(_ p: Predicate) -> Rendering {
        switch p {
        case let .string(property, test) where test.options.contains(.booleanAsText) && test.operation == .equals
            && (test.value == "true" || test.value == "false"):
            return field(.bool(property: property, test.value == "true"))
        case let .string(property, test):
            guard !test.options.contains(.noBreakSpaceAsSpace) else { return .cannotSay("a no-break-space comparison") }
            let key: String
            if MaestroVocabulary.textSources.contains(property) { key = "text" }
            else if MaestroVocabulary.id.contains(property) || property == "name" { key = "id" }
            else { return .cannotSay("the property `\(property)`: Maestro reads only texts and ids") }
            let v = YAMLWriter.regexLiteral(test.value)
            let pattern: String
            switch test.operation {
            case .equals: pattern = v
            case .contains: pattern = ".*" + v + ".*"
            case .hasPrefix: pattern = v + ".*"
            case .hasSuffix: pattern = ".*" + v
            case .matcher: return .cannotSay("an engine's own string test on `\(property)`")
            }
            return .selector("\(key): \(YAMLWriter.scalar(pattern))")
        case let .bool(property, value):
            let names: [(String, [String])] = [("enabled", MaestroVocabulary.enabled), ("selected", MaestroVocabulary.selected),
                                               ("checked", MaestroVocabulary.checked), ("focused", MaestroVocabulary.focused)]
            guard let key = names.first(where: { $0.1.contains(property) })?.0 else {
                return .cannotSay("the flag `\(property)`: Maestro's state keys are enabled, selected, checked and focused")
            }
            return .selector("\(key): \(value)")
        case .kindOf(let c), .memberOf(let c): return .cannotSay("a class test (\(c)): Maestro selects by text, id and state")
        case .or: return .cannotSay("an `or` inside one selector")
        case .not: return .cannotSay("a negation")
        case .hasAncestor: return .cannotSay("a test of the view's ancestors")
        default: return .cannotSay("the test \(p)")
        }
    }
}
