public import SelectorCore

// The search-path printer (`SelectorEngine.render`): `//A[@p='v']/B`, `(…)[n]` for a pick. XPath
// says every core test but `isKindOfClass:` (its name test is the exact class), case-insensitive
// and no-break-space comparisons, engine matchers, custom and structural tests.

extension XPathEngine {
    /// A step's position is its `[k]`; a pick before another step wraps the path so far, `(//A)[2]/B`.
    public var rendersPositions: Bool { true }

    public func render(_ path: SearchPath) -> Rendering? {
        var text = ""
        for step in path.steps {
            text += step.link == .descendant ? "//" : "/"
            var conjuncts = step.filter.conjuncts
            // The class as the step's name test when the filter names exactly one.
            var name = "*"
            if let i = conjuncts.firstIndex(where: { if case .memberOf(let c) = $0 { Self.isName(c) } else { false } }),
               case .memberOf(let c) = conjuncts[i] {
                name = c
                conjuncts.remove(at: i)
            }
            text += name
            for c in conjuncts {
                switch Self.expression(c) {
                case .selector(let e): text += "[\(e)]"
                case let other: return other
                }
            }
            // After the filter's predicates: `A[@p][2]` counts the `A[@p]` siblings, as the
            // position does.
            if let position = step.position { text += "[\(Self.position(position))]" }
            if let pick = step.pick { text = "(\(text))[\(Self.position(pick))]" }
        }
        return .selector(text)
    }

    /// A position from 0 (negative from the last) as XPath's 1-based one: `2`, `last()`, `last()-1`.
    static func position(_ index: Int) -> String {
        index >= 0 ? "\(index + 1)" : index == -1 ? "last()" : "last()-\(-index - 1)"
    }

    /// `p` as an XPath boolean expression about the context view.
    static func expression(_ p: Predicate) -> Rendering {
        // `@class` is the class name where the engine reads it as a string.
        func attribute(_ name: String) -> String? { isName(name) ? "@" + name : nil }
        switch p {
        case .any: return .selector("true()")
        case .none: return .selector("false()")
        case .memberOf(let c): return .selector("name()=\(XPathLiteral.quoted(c))")
        case .kindOf(let c): return .cannotSay("kindOf(\(c)): an XPath name test is the exact class, not isKindOfClass:")
        case let .string(property, test):
            guard let a = attribute(property) else { return .cannotSay("the property `\(property)` as an attribute name") }
            // Reading a recorded boolean as its text is how XPath reads every attribute.
            guard test.options.subtracting(.booleanAsText).isEmpty else {
                return .cannotSay("a case-insensitive or no-break-space comparison")
            }
            let v = XPathLiteral.quoted(test.value)
            switch test.operation {
            case .equals: return .selector("\(a)=\(v)")
            // `contains(@a, '')` holds where `@a` is missing; the core's test does not.
            case .contains where !test.value.isEmpty: return .selector("contains(\(a),\(v))")
            case .hasPrefix where !test.value.isEmpty: return .selector("starts-with(\(a),\(v))")
            case .hasSuffix where !test.value.isEmpty: return .selector("ends-with(\(a),\(v))")
            case .contains, .hasPrefix, .hasSuffix: return .selector(a)
            case .matcher(let m): return .cannotSay("the engine matcher \(m.description)")
            }
        case let .bool(property, value):
            guard let a = attribute(property) else { return .cannotSay("the property `\(property)` as an attribute name") }
            return .selector("\(a)='\(value)'")
        case let .number(property, comparison, value):
            guard let a = attribute(property) else { return .cannotSay("the property `\(property)` as an attribute name") }
            return .selector("\(a)\(comparison == .equal ? "=" : comparison.rawValue)\(XPathText.number(value))")
        case .hasProperty(let property):
            guard let a = attribute(property) else { return .cannotSay("the property `\(property)` as an attribute name") }
            return .selector(a)
        case .custom(let name, _): return .cannotSay("the custom predicate \(name)")
        case .structural(let s): return .cannotSay("the structural test \(s.test.description)")
        case .bitsSet(let property, _): return .cannotSay("a bit test on \(property)")
        case .and(let parts), .or(let parts):
            var out: [String] = []
            for part in parts {
                guard case .selector(let e) = expression(part) else { return expression(part) }
                switch part {
                case .and, .or: out.append("(\(e))")
                default: out.append(e)
                }
            }
            if case .and = p { return .selector(out.joined(separator: " and ")) }
            return .selector(out.joined(separator: " or "))
        case .not(let inner):
            guard case .selector(let e) = expression(inner) else { return expression(inner) }
            return .selector("not(\(e))")
        case .hasAncestor(let inner):
            guard case .selector(let e) = expression(inner) else { return expression(inner) }
            return .selector("ancestor::*[\(e)]")
        case let .hasRelative(relative, inner):
            guard case .selector(let e) = expression(inner) else { return expression(inner) }
            switch relative {
            case .parent: return .selector("parent::*[\(e)]")
            case .child: return .selector("*[\(e)]")
            case .descendant: return .selector("descendant::*[\(e)]")
            case .sibling: return .selector("preceding-sibling::*[\(e)] or following-sibling::*[\(e)]")
            }
        }
    }

    /// Whether `s` reads back as one name test or attribute name (an XML name: no `$`, no space).
    static func isName(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return s.unicodeScalars.allSatisfy { $0 == "_" || $0 == "-" || $0 == "." || $0.properties.isAlphabetic
            || ("0"..."9").contains($0) }
    }
}
