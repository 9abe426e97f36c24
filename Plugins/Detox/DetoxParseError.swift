import SelectorCore

/// A problem found while reading a Detox matcher, with its position; throw sites only say what
/// and where, the words live in `DetoxParseError+Message.swift`, and `DetoxEngine.compile` turns
/// it into a `SelectorError` once.
typealias DetoxParseError = EngineParseError<DetoxParseErrorKind>

/// What went wrong in a Detox matcher; the associated values are the parts of the message.
enum DetoxParseErrorKind: ParseErrorKind {
    /// A token the parser required at the cursor; worded in the message file.
    enum Expected: Equatable {
        case openParenthesis(after: String)
        case closingParenthesis(of: String)
        case dotAfterBy
        case traitList
        case traitListClose
    }

    case expected(Expected)
    case onlyAtIndex
    case secondAtIndex
    case textAfterMatcher
    case expectedIndex
    /// Matchers nested past `DetoxParser.maxDepth` (a syntax error, as it always was).
    case nestingTooDeep(limit: Int)
    case expectedMatcher
    case expectedMatcherName
    case ancestorWithDescendant
    case descendantWithDescendant
    case typeNotPattern
    case typeNeedsClassName
    case unknownTrait(String)
    case unknownMatcher(String)
    case needsStringOrRegex(matcher: String)
    case invalidRegex(pcre2Message: String)
    case expectedString
    case templateLiteral
    case badUnicodeEscape
    case unterminatedString
    case unterminatedRegex
    case unknownRegexFlag(Character)
    case noTraits

    /// Named even when the engine is called without the registry.
    static var engineName: String? { DetoxEngine.engineName }
}
