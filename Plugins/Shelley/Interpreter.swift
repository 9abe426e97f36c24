package import SelectorCore

/// Gives each `Section` its meaning, following `SYParser interpretSectionIntoFilter` in the compat
/// dialect and refusing everything odd in the strict one.
package enum Interpreter {
    /// The filter `section` stands for; `names` says what else a strict selector may call.
    package static func filter(for section: Section, dialect: ShelleyDialect,
                               names: StrictNames = StrictNames()) throws(ShelleyParseError) -> ShelleyFilter {
        switch dialect {
        case .compat: return try compatFilter(for: section)
        case .strict: return try strictFilter(for: section, names: names)
        }
    }

    /// Shelley's order: a shorthand or keyword needs no arguments and looks only at the first
    /// name; `view` and `index` need exactly one argument; anything else is a predicate.
    private static func compatFilter(for section: Section) throws(ShelleyParseError) -> ShelleyFilter {
        let arguments = section.arguments
        if arguments.isEmpty {
            guard let first = section.names.first else { throw .missingParamater(at: section.end) }
            if let keyword = keyword(first.text, dialect: .compat) { return keyword }
        } else {
            guard let first = section.names.first else { throw .noParameterForArguments(at: section.end) }
            if arguments.count == 1 && first.text == "view" {
                switch arguments[0].value {
                case .string(let className): return .kind(className)
                default: throw .unrecognizedSelector(receiver: "__NSCFNumber", selector: "length", at: arguments[0].offset)
                }
            }
            if arguments.count == 1 && first.text == "index" {
                switch arguments[0].value {
                case .number(let n): return .index(unsignedIntValue(n))
                default:
                    throw .unrecognizedSelector(receiver: "__NSCFString", selector: "unsignedIntValue", at: arguments[0].offset)
                }
            }
        }
        return .predicate(predicate(named: section.selectorName, arguments.map(\.value)))
    }

    private static func strictFilter(for section: Section, names: StrictNames) throws(ShelleyParseError) -> ShelleyFilter {
        guard let first = section.names.first else { throw .emptySection(at: section.offset) }
        let arguments = section.arguments
        if arguments.isEmpty {
            if let keyword = keyword(first.text, dialect: .strict) { return keyword }
            try names.checkBare(first)
            return .predicate(.custom(name: first.text, arguments: []))
        }
        if section.names.count > 1, Vocabulary.singleArgumentNames.contains(first.text) {
            throw .missingSpaceBefore(section.names[1].text, at: section.names[1].offset)
        }
        if first.text != "view", keyword(first.text, dialect: .strict) != nil {
            throw .takesNoArgument(first.text, at: first.offset)
        }
        let argument = arguments[0]
        switch first.text {
        case "view":
            guard case .string(let className) = argument.value, !className.isEmpty else {
                throw .viewNeedsClassName(at: argument.offset)
            }
            return .kind(className)
        case "index":
            guard case .number(let n) = argument.value, n == n.rounded(.towardZero) else {
                throw .indexNeedsNumber(at: argument.offset)
            }
            return .index(n < Double(Int.max) ? Int(n) : Int.max)
        default:
            let name = section.selectorName
            if Vocabulary.stringPredicates[name] != nil {
                guard case .string = argument.value else { throw .needsString(name, at: argument.offset) }
            } else {
                try names.checkFilter(name, at: first.offset)
            }
            return .predicate(predicate(named: name, arguments.map(\.value)))
        }
    }

    /// The filter a bare word names, if it is a shorthand or keyword of `dialect`.
    private static func keyword(_ word: String, dialect: ShelleyDialect) -> ShelleyFilter? {
        if let className = Vocabulary.shorthands[word] { return .kind(className) }
        switch word {
        case "parent": return .parent
        case "first": return .index(0)
        case "descendant": return .descendant
        default: break
        }
        guard dialect == .strict else { return nil }
        switch word {
        case "last": return .index(-1)
        case "child": return .child
        case "sibling": return .sibling
        default: return nil
        }
    }

    /// The test a predicate section stands for. Shelley's own string predicates become core
    /// string tests; any other name is left to the core's predicate registry (a zero-argument
    /// name falls back to the boolean property of that name, as `isHidden` does).
    package static func predicate(named name: String, _ arguments: [Argument]) -> Predicate {
        if let property = Vocabulary.stringPredicates[name], arguments.count == 1 {
            // Shelley would pass a number as an NSString* (undefined behaviour); match nothing.
            guard case .string(let text) = arguments[0] else { return .none }
            if name == "markedExactly:" { return .string(property: property, .equals(text)) }
            // `rangeOfString:` never finds an empty string.
            if text.isEmpty { return .none }
            return .string(property: property, StringTest(.contains, text, options: .noBreakSpaceAsSpace))
        }
        return .custom(name: name, arguments: arguments.map(json))
    }

    private static func json(_ argument: Argument) -> JSONValue {
        switch argument {
        case .string(let s): return .string(s)
        case .boolean(let b): return .bool(b)
        case .number(let n):
            if n == n.rounded(.towardZero), abs(n) < 9.0e15 { return .int(Int64(n)) }
            return .double(n)
        }
    }

    /// `-[NSNumber unsignedIntValue]`: truncates toward zero, then keeps the low 32 bits.
    static func unsignedIntValue(_ n: Double) -> Int {
        guard n < 9.2e18 else { return Int.max }
        return Int(UInt32(truncatingIfNeeded: Int64(n)))
    }
}
