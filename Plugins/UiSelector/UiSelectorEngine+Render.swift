public import SelectorCore

extension UiSelectorEngine {
    /// `new UiSelector().className("…").text("…")`, each later step a `.childSelector(…)` (any
    /// descendant, as UiAutomator searches it) and a one-step pick an `.instance(n)`. A UiSelector
    /// is a conjunction of its methods: a filter with `or`, `not`, an ancestor test or a property
    /// no method reads has no selector. `textContains` and `textStartsWith` ignore case as
    /// UiAutomator's do, so they render a case-sensitive test only where the proof finds no view
    /// that tells the two apart.
    public func render(_ path: SearchPath) -> Rendering? {
        var statements: [String] = []
        for (i, step) in path.steps.enumerated() {
            guard step.link == .descendant else { return .cannotSay("a child step (`/`): childSelector searches every descendant") }
            var text = "new UiSelector()"
            for c in step.filter.conjuncts {
                switch Self.method(c) {
                case .selector(let m): text += m
                case let other: return other
                }
            }
            if i == 0, let pick = path.pick, path.steps.count == 1 {
                guard pick >= 0 else { return .cannotSay("a pick from the end: instance(n) counts from the start") }
                text += ".instance(\(pick))"
            } else if path.pick != nil && path.steps.count > 1 {
                return .cannotSay("a pick after a childSelector")
            }
            statements.append(text)
        }
        return .selector(statements.dropFirst().reduce(statements[0]) { "\($0).childSelector(\($1))" })
    }

    /// One conjunct as a UiSelector method call, `.text("OK")`.
    static func method(_ p: Predicate) -> Rendering {
        func call(_ name: String, _ value: String) -> Rendering {
            guard let l = literal(value) else { return .cannotSay("a value ending in a backslash") }
            return .selector(".\(name)(\(l))")
        }
        switch p {
        case .memberOf(let c): return call("className", c)
        case .not(.memberOf("hierarchy")): return .selector("")
        case let .string(property, test) where test.options == .booleanAsText && test.operation == .equals
            && (test.value == "true" || test.value == "false"):
            return method(.bool(property: property, test.value == "true"))
        case let .string(property, test):
            guard !test.options.contains(.noBreakSpaceAsSpace) else { return .cannotSay("a no-break-space comparison") }
            let base: String
            switch property {
            case "text", PropertyName.accessibilityLabel: base = "text"
            case "content-desc": base = "description"
            case "resource-id", "accessibilityIdentifier": base = "resourceId"
            case "package": base = "packageName"
            default: return .cannotSay("the property `\(property)`: no UiSelector method reads it")
            }
            switch test.operation {
            case .equals where !test.options.contains(.caseInsensitive): return call(base, test.value)
            case .contains where base == "text" || base == "description": return call(base + "Contains", test.value)
            case .hasPrefix where base == "text" || base == "description": return call(base + "StartsWith", test.value)
            default: return .cannotSay("this comparison of `\(property)`")
            }
        case let .bool(property, value):
            guard let m = UiSelectorVocabulary.booleanMethods.first(where: { $0.value == property })?.key else {
                return .cannotSay("the flag `\(property)`: no UiSelector method reads it")
            }
            return .selector(".\(m)(\(value))")
        case .or: return .cannotSay("an `or` inside one selector")
        case .not: return .cannotSay("a negation")
        case .hasAncestor: return .cannotSay("a test of the view's ancestors")
        case .kindOf(let c): return .cannotSay("kindOf(\(c)): className is the exact class")
        default: return .cannotSay("the test \(p)")
        }
    }
}
