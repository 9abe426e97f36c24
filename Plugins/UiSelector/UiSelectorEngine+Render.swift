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
        case .any, .not(.memberOf("hierarchy")): return .selector("")
        // UiAutomator reads these on every view (empty where there is none); only the page
        // source's `hierarchy` element lacks them, and no UiSelector selects it.
        case .hasProperty(let property) where base(property) != nil: return .selector("")
        // `@text!=''`: a value that is there and not empty.
        case let .not(.string(property, test)) where test.operation == .equals && test.value.isEmpty && test.options.isEmpty:
            guard let base = base(property) else { return .cannotSay("the property `\(property)`: no UiSelector method reads it") }
            return call(base + "Matches", "(?s).+")
        case let .string(property, test) where test.options == .booleanAsText && test.operation == .equals
            && (test.value == "true" || test.value == "false"):
            return method(.bool(property: property, test.value == "true"))
        case let .string(property, test):
            guard !test.options.contains(.noBreakSpaceAsSpace) else { return .cannotSay("a no-break-space comparison") }
            guard let base = base(property) else { return .cannotSay("the property `\(property)`: no UiSelector method reads it") }
            switch test.operation {
            case .equals where !test.options.contains(.caseInsensitive): return call(base, test.value)
            case .contains where base == "text" || base == "description": return call(base + "Contains", test.value)
            case .hasPrefix where base == "text" || base == "description": return call(base + "StartsWith", test.value)
            default:
                // `contains(@class,'TextView')`: the `…Matches` method, the value quoted for Java.
                guard let pattern = pattern(test) else { return .cannotSay("this comparison of `\(property)`") }
                return call(base + "Matches", pattern)
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

    /// The method family reading `property`: `text`, `description`, `resourceId`, `className`,
    /// `packageName`; nil when no UiSelector method reads it.
    static func base(_ property: String) -> String? {
        switch property {
        case "text", PropertyName.accessibilityLabel: "text"
        case "content-desc": "description"
        case "resource-id", "accessibilityIdentifier": "resourceId"
        case "class": "className"
        case "package": "packageName"
        default: nil
        }
    }

    /// A Java regular expression a whole value matches where `test` holds (UiAutomator's `…Matches`
    /// call `String.matches`); nil for an engine matcher or a value it cannot quote. A character
    /// that means something to a regex is written as a one-character class (`[.]`), not escaped:
    /// a backslash would have to survive UiAutomator2's string reading too.
    static func pattern(_ test: StringTest) -> String? {
        guard test.options.subtracting(.caseInsensitive).isEmpty else { return nil }
        var quoted = ""
        for ch in test.value {
            switch ch {
            case "\\", "[", "]", "^": return nil
            case ".", "{", "}", "(", ")", "*", "+", "?", "$", "|": quoted += "[\(ch)]"
            default: quoted.append(ch)
            }
        }
        let flags = test.options.contains(.caseInsensitive) ? "(?si)" : "(?s)"
        switch test.operation {
        case .equals: return flags + quoted
        case .contains: return flags + ".*" + quoted + ".*"
        case .hasPrefix: return flags + quoted + ".*"
        case .hasSuffix: return flags + ".*" + quoted
        case .matcher: return nil
        }
    }
}
