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
            guard let first = section.names.first else { throw ShelleyParseError(.missingParamater, at: section.end) }
            if let keyword = keyword(first.text, dialect: .compat) { return keyword }
            return getter(section.selectorName, at: first.offset)
        } else {
            guard let first = section.names.first else { throw ShelleyParseError(.noParameterForArguments, at: section.end) }
            if arguments.count == 1 && first.text == "view" {
                switch arguments[0].value {
                case .string(let className): return .kind(className)
                default: throw ShelleyParseError(.unrecognizedSelector(receiver: "__NSCFNumber", selector: "length"), at: arguments[0].offset)
                }
            }
            if arguments.count == 1 && first.text == "index" {
                switch arguments[0].value {
                case .number(let n): return .index(unsignedIntValue(n))
                default:
                    throw ShelleyParseError(.unrecognizedSelector(receiver: "__NSCFString", selector: "unsignedIntValue"), at: arguments[0].offset)
                }
            }
        }
        return .predicate(predicate(named: section.selectorName, arguments.map(\.value)))
    }

    private static func strictFilter(for section: Section, names: StrictNames) throws(ShelleyParseError) -> ShelleyFilter {
        guard let first = section.names.first else { throw ShelleyParseError(.emptySection, at: section.offset) }
        let arguments = section.arguments
        if arguments.isEmpty {
            if let keyword = keyword(first.text, dialect: .strict) { return keyword }
            if !names.isRegistered(first.text), let getter = Vocabulary.nonBooleanGetters[first.text] {
                throw ShelleyParseError(.notBoolean(first.text, returns: getter.returns), at: first.offset)
            }
            try names.checkBare(first)
            if names.isRegistered(first.text) { return .predicate(.custom(name: first.text, arguments: [])) }
            return getter(first.text, at: first.offset)
        }
        if section.names.count > 1, Vocabulary.singleArgumentNames.contains(first.text) {
            throw ShelleyParseError(.missingSpaceBefore(section.names[1].text), at: section.names[1].offset)
        }
        if first.text != "view", keyword(first.text, dialect: .strict) != nil {
            throw ShelleyParseError(.takesNoArgument(first.text), at: first.offset)
        }
        let argument = arguments[0]
        switch first.text {
        case "view":
            guard case .string(let className) = argument.value, !className.isEmpty else {
                throw ShelleyParseError(.viewNeedsClassName, at: argument.offset)
            }
            return .kind(className)
        case "index":
            guard case .number(let n) = argument.value, n == n.rounded(.towardZero) else {
                throw ShelleyParseError(.indexNeedsNumber, at: argument.offset)
            }
            // Shelley keeps the low 32 bits (`unsignedIntValue`): 4294967296 would pick element 0.
            guard n <= Double(UInt32.max) else {
                throw ShelleyParseError(.indexOutOfRange(n, wrapsTo: unsignedIntValue(n)), at: argument.offset)
            }
            return .index(Int(n))
        default:
            let name = section.selectorName
            if Vocabulary.stringPredicates[name] != nil {
                guard case .string = argument.value else { throw ShelleyParseError(.needsString(name), at: argument.offset) }
            } else {
                try names.checkFilter(name, at: first.offset)
            }
            return .predicate(predicate(named: name, arguments.map(\.value)))
        }
    }

    /// A bare word that is no keyword: a getter Shelley sends to each view and reads as a BOOL.
    /// UIKit's Boolean properties are BOOLs; `isNotAnimating` is Shelley's own; any other word
    /// is checked first, since Shelley raises "wrong return type" for a view that answers it with
    /// anything else (`alpha`, a recorded string).
    private static func getter(_ word: String, at offset: Int) -> ShelleyFilter {
        if word == "isNotAnimating" { return .predicate(Vocabulary.notAnimating) }
        let test = Predicate.custom(name: word, arguments: [])
        if Vocabulary.booleanProperties.contains(word) { return .predicate(test) }
        let check = ShelleyReturnTypeCheck(name: word, classes: Vocabulary.nonBooleanGetters[word]?.classes ?? [],
                                           offset: offset)
        return .checkedPredicate(test, check)
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
            let test = Predicate.string(property: property, StringTest(.contains, text, options: .noBreakSpaceAsSpace))
            // Only the classes Shelley gives the method to respond; other views never pass.
            guard let classes = Vocabulary.stringPredicateClasses[name] else { return test }
            return .all([classes.count == 1 ? .kindOf(classes[0]) : .or(classes.map { .kindOf($0) }), test])
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
