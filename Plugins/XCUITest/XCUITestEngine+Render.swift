import PredicateFormat
public import SelectorCore

extension XCUITestEngine {
    /// `app.cells.buttons["Delete"].element(boundBy: 1)`: each step a type query (`.buttons`, or
    /// `children(matching: .button)` for a child step), an exact identifying value as a subscript
    /// (or `matching(identifier:)` after the first), the rest of the filter as
    /// `matching(NSPredicate(format: "…"))` (`FormatPrinter`), a pick or a position as
    /// `element(boundBy: n)`. A class names its XCUITest type (a UIKit class the type XCUITest gives
    /// it). The subscript matches identifier, label, value, title or placeholder, and a position
    /// among siblings is a pick from the query's matches here, so such renderings are candidates
    /// the proof keeps only where they select the source's views.
    public var rendersPositions: Bool { true }

    public func render(_ path: SearchPath) -> Rendering? {
        var text = "app"
        var steps = path.steps[...]
        // The path from the document may step to the application root first: `app` stands there.
        if steps.count > 1, let first = steps.first, first.link == .child, first.position == nil, first.pick ?? 0 == 0,
           Self.elementType(first.filter.conjuncts) == "application" {
            steps = steps.dropFirst()
        }
        for step in steps {
            var conjuncts = step.filter.conjuncts
            // The class tests name one type, which the type query says; else they stay tests.
            let type = Self.elementType(conjuncts) ?? "any"
            if type != "any" { conjuncts.removeAll { Self.typeName(of: $0) != nil } }
            if step.link == .child {
                text += ".children(matching: .\(type))"
            } else if type == "any" || type == "application" {
                text += ".descendants(matching: .\(type))"
            } else {
                text += "." + XCUITestVocabulary.plural(of: type)
            }
            var subscripted = false
            var rest: [Predicate] = []
            for c in conjuncts {
                switch c {
                case .any: continue
                case let .string(property, test) where Self.identifyingProperties.contains(property)
                        && test.operation == .equals && test.options.isEmpty:
                    // After a subscript the query is an element: another key needs matching(identifier:)
                    // before it, which only a query has, so it goes first.
                    if subscripted {
                        rest.append(c)
                    } else {
                        subscripted = true
                        text += "[\(Self.literal(test.value))]"
                    }
                default: rest.append(c)
                }
            }
            if !rest.isEmpty {
                guard !subscripted else { return .cannotSay("a subscript with further tests: the subscript ends the query") }
                let r = FormatPrinter.format(.all(rest.map(Self.xcuitestKeys)))
                guard case .selector(let format) = r else { return r }
                text += ".matching(NSPredicate(format: \(Self.literal(format))))"
            }
            let picks = [step.position, step.pick].compactMap { $0 }
            if picks.count > 1 { return .cannotSay("a position among siblings and a pick in one step") }
            if let n = picks.first {
                guard n >= 0 else { return .cannotSay("a pick from the end: element(boundBy:) counts from the start") }
                guard !subscripted else { return .cannotSay("a pick after a subscript, which names one view") }
                text += ".element(boundBy: \(n))"
            }
        }
        return .selector(text)
    }

    /// `p` with UIKit's property names as the keys XCUIElementAttributes has (`accessibilityLabel`
    /// → `label`), which the predicate parser's aliases read back from either recording.
    static func xcuitestKeys(_ p: Predicate) -> Predicate {
        let keys = ["accessibilityLabel": "label", "accessibilityIdentifier": "identifier", "accessibilityValue": "value",
                    "isEnabled": "enabled"]
        switch p {
        case let .string(property, test): return .string(property: keys[property] ?? property, test)
        case let .bool(property, value): return .bool(property: keys[property] ?? property, value)
        case .and(let parts): return .and(parts.map(xcuitestKeys))
        case .or(let parts): return .or(parts.map(xcuitestKeys))
        case .not(let inner): return .not(xcuitestKeys(inner))
        default: return p
        }
    }

    /// The properties a subscript compares with its key, as recordings keep them.
    static let identifyingProperties: Set<String> = [
        "accessibilityIdentifier", "name", "identifier", PropertyName.accessibilityLabel, "label",
        "accessibilityValue", "value", "title", "placeholderValue", "placeholder", "text",
    ]

    /// The type a class test names, if the conjunct is one.
    static func typeName(of p: Predicate) -> String? {
        switch p {
        case .memberOf(let c), .kindOf(let c): return XCUITestVocabulary.type(ofClass: c)
        case .or(let parts):
            let types = Set(parts.compactMap(typeName(of:)))
            return types.count == 1 && parts.allSatisfy({ typeName(of: $0) != nil }) ? types.first : nil
        default: return nil
        }
    }

    /// The one type the class tests among `conjuncts` name, or nil.
    static func elementType(_ conjuncts: [Predicate]) -> String? {
        let types = Set(conjuncts.compactMap(typeName(of:)))
        return types.count == 1 ? types.first : nil
    }
}
