public import SelectorCore

/// Core predicates printed as an NSPredicate format string: the filter of a rendered `predicate`
/// selector and of a class chain's backtick predicate (`SelectorEngine.render`).
///
/// A property prints as its key path (`name`, `label`, `accessibilityIdentifier`); the engines'
/// aliases then read it back from where the recordings keep it, and the translation proves that.
/// A format string tests one view: a test of its ancestors, an engine's matcher (a compiled
/// pattern), a custom or structural test and a no-break-space comparison have no format.
public enum FormatPrinter {
    /// `p` as a format string, or the part that has none.
    public static func format(_ p: Predicate) -> Rendering {
        switch p {
        case .any: return .selector("TRUEPREDICATE")
        case .none: return .selector("FALSEPREDICATE")
        case .memberOf(let c): return .selector("type == \(literal(c))")
        case .kindOf(let c): return .cannotSay("kindOf(\(c)): `type ==` is the exact class, not isKindOfClass:")
        case let .string(property, test):
            let key = property == "class" ? "type" : property
            guard isKeyPath(key) else { return .cannotSay("the property `\(property)` as a key path") }
            guard !test.options.contains(.noBreakSpaceAsSpace) else { return .cannotSay("a no-break-space comparison") }
            // `@visible='true'`: a boolean compares as 1 or 0 in a format string.
            if test.options.contains(.booleanAsText), test.operation == .equals, test.value == "true" || test.value == "false" {
                return .selector("\(key) == \(test.value == "true" ? 1 : 0)")
            }
            let flags = test.options.contains(.caseInsensitive) ? "[c]" : ""
            let op: String
            switch test.operation {
            case .equals: op = "=="
            case .contains: op = "CONTAINS"
            case .hasPrefix: op = "BEGINSWITH"
            case .hasSuffix: op = "ENDSWITH"
            case .matcher(let m): return .cannotSay("the engine matcher \(m.description)")
            }
            return .selector("\(key) \(op)\(flags) \(literal(test.value))")
        case let .bool(property, value):
            guard isKeyPath(property) else { return .cannotSay("the property `\(property)` as a key path") }
            return .selector("\(property) == \(value ? 1 : 0)")
        case let .number(property, comparison, value):
            guard isKeyPath(property) else { return .cannotSay("the property `\(property)` as a key path") }
            let number = value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
            return .selector("\(property) \(comparison.rawValue) \(number)")
        case .hasProperty(let property):
            guard isKeyPath(property) else { return .cannotSay("the property `\(property)` as a key path") }
            return .selector("\(property) != nil")
        case .custom(let name, _): return .cannotSay("the custom predicate \(name)")
        case .structural(let s): return .cannotSay("the structural test \(s.test.description)")
        case .bitsSet(let property, _): return .cannotSay("a bit test on \(property)")
        case .hasAncestor: return .cannotSay("a test of the view's ancestors: a format string tests one view")
        case .hasRelative: return .cannotSay("a test of the views around the view: a format string tests one view")
        case .and(let parts), .or(let parts):
            var out: [String] = []
            for part in parts {
                let r = format(part)
                guard case .selector(let e) = r else { return r }
                switch part {
                case .and, .or: out.append("(\(e))")
                default: out.append(e)
                }
            }
            if case .and = p { return .selector(out.joined(separator: " AND ")) }
            return .selector(out.joined(separator: " OR "))
        case .not(let inner):
            let r = format(inner)
            guard case .selector(let e) = r else { return r }
            return .selector("NOT (\(e))")
        }
    }

    /// `s` single-quoted so that it reads back as `s`.
    public static func literal(_ s: String) -> String { SelectorLiteral.quoted(s, by: "'", escapingNUL: true) }

    /// Whether `s` reads back as one key path: words of letters, digits and `_` joined by dots, none
    /// of them reserved.
    static func isKeyPath(_ s: String) -> Bool {
        let words = s.split(separator: ".", omittingEmptySubsequences: false)
        return !words.isEmpty && words.allSatisfy { w in
            guard let first = w.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
            return w.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
                && !FormatParser.reserved.contains(w.uppercased())
        }
    }
}
