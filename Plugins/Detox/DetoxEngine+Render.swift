public import SelectorCore

extension DetoxEngine {
    /// `element(by.type('B').and(by.label('x')).withAncestor(by.type('A')))`: the last step's filter
    /// as the matcher, each earlier step an ancestor of it, a last pick as `.atIndex(n)`. Detox's
    /// ancestor is any ancestor and its index counts in frame order, so a child step or a pick is a
    /// candidate the proof keeps only where the readings agree on the recordings.
    public func render(_ path: SearchPath) -> Rendering? {
        var matcher: String?
        for step in path.steps {
            let own: String
            switch Self.matcher(step.filter) {
            case .selector(let m): own = m
            case let other: return other
            }
            matcher = matcher.map { "\(own).withAncestor(\($0))" } ?? own
        }
        guard let matcher else { return .cannotSay("an empty path") }
        var text = "element(\(matcher))"
        if let pick = path.pick {
            guard pick >= 0 else { return .cannotSay("a pick from the end: atIndex counts from the start") }
            text += ".atIndex(\(pick))"
        }
        return .selector(text)
    }

    /// A filter as one Detox matcher: its conjuncts joined by `.and(…)`.
    static func matcher(_ p: Predicate) -> Rendering {
        var parts: [String] = []
        var ancestors: [String] = []
        for c in p.conjuncts {
            if case .hasAncestor(let inner) = c {
                guard case .selector(let m) = matcher(inner) else { return matcher(inner) }
                ancestors.append(m)
                continue
            }
            switch conjunct(c) {
            case .selector(let m): if !m.isEmpty { parts.append(m) }
            case let other: return other
            }
        }
        guard let first = parts.first else { return .cannotSay("a step without a test Detox can say") }
        var out = first
        for m in parts.dropFirst() { out += ".and(\(m))" }
        for a in ancestors { out += ".withAncestor(\(a))" }
        return .selector(out)
    }

    /// One test as `by.…(…)`; "" for a test every view Detox sees passes.
    static func conjunct(_ p: Predicate) -> Rendering {
        switch p {
        case .any, .not(.memberOf("hierarchy")): return .selector("")
        case .memberOf(let c), .kindOf(let c):
            guard let l = literal(c) else { return .cannotSay("a class name Detox cannot quote") }
            return .selector("by.type(\(l))")
        case let .string(property, test):
            let name: String
            switch property {
            case "accessibilityIdentifier", "tag": name = "id"
            case PropertyName.accessibilityLabel, "content-desc": name = "label"
            case "text": name = "text"
            case "accessibilityValue", "value": name = "value"
            default: return .cannotSay("the property `\(property)`: no Detox matcher reads it")
            }
            guard let argument = argument(test) else { return .cannotSay("this comparison of `\(property)`") }
            return .selector("by.\(name)(\(argument))")
        case .bitsSet("accessibilityTraits", let mask):
            let names = DetoxVocabulary.canonicalTraits.filter { mask & $0.bit != 0 }
            guard names.reduce(Int64(0), { $0 | $1.bit }) == mask, !names.isEmpty else { return .cannotSay("these trait bits") }
            return .selector("by.traits([" + names.map { "'\($0.name)'" }.joined(separator: ", ") + "])")
        case .or: return .cannotSay("an `or`: Detox matchers have no union")
        case .not: return .cannotSay("a negation")
        default: return .cannotSay("the test \(p)")
        }
    }

    /// A string literal for an exact test, a regex literal for the others; nil for a test neither says.
    static func argument(_ test: StringTest) -> String? {
        if test.operation == .equals && test.options.isEmpty { return literal(test.value) }
        guard test.options.subtracting(.caseInsensitive).isEmpty else { return nil }
        var quoted = ""
        for ch in test.value {
            if "\\^$.|?*+()[]{}/".contains(ch) { quoted.append("\\") }
            if ch == "\n" { quoted += "\\n"; continue }
            quoted.append(ch)
        }
        let flags = test.options.contains(.caseInsensitive) ? "i" : ""
        switch test.operation {
        case .equals: return "/^\(quoted)$/\(flags)"
        case .contains: return test.value.isEmpty ? nil : "/\(quoted)/\(flags)"
        case .hasPrefix: return test.value.isEmpty ? nil : "/^\(quoted)/\(flags)"
        case .hasSuffix: return test.value.isEmpty ? nil : "/\(quoted)$/\(flags)"
        case .matcher: return nil
        }
    }
}
