import SelectorCore

/// A problem found while reading an Espresso matcher or giving it its meaning, with its
/// position; throw sites only say what and where, the words live in
/// `EspressoParseError+Message.swift`, and `EspressoEngine.compile` turns it into a
/// `SelectorError` once.
typealias EspressoParseError = EngineParseError<EspressoParseErrorKind>

/// What went wrong in an Espresso matcher; the associated values are the parts of the message.
enum EspressoParseErrorKind: ParseErrorKind {
    // The parser.
    case unterminatedBacktickName
    case expectedOnViewOrMatcher
    case unknownReceiver(call: String)
    case onData
    case onViewArity
    case textAfterMatcher
    case expectedInteraction
    case inRoot
    case onlyPerformOrCheck
    case openParenthesisAfterInteraction(String)
    case unterminatedString
    case unclosedParenthesis
    /// Calls nested past `EspressoParser.maxDepth` (a syntax error, as it always was).
    case nestingTooDeep(limit: Int)
    case expectedMatcher
    case characterLiteral
    case expectedClassAfterColons
    case expectedMemberAfterDot
    case unexpectedClassMember(String)
    case expectedNameAfterDot
    case unclosedCall(String)
    case expectedWholeNumber
    case expectedString
    case kotlinTemplate
    case badUnicodeEscape
    case unknownEscape(String)
    // The vocabulary.
    case expectedViewMatcher
    case takesOneArgument(String)
    case takesNoArgument(String)
    case withSubstringNeedsString
    case badVisibility
    case badParentIndex
    case matcherInsideMatcher(String)
    /// A matcher Espresso has that reads what a recording does not hold (`EspressoVocabulary.unreadable`).
    case unreadable(String)
    case stringMatcherAsViewMatcher(String)
    case unknownViewMatcher(String)
    case resourceText(matcher: String)
    case withIdNeedsId
    case numericId
    case expectedClassLiteral
    case takesString(String)
    case takesRegex(String)
    case invalidRegex(pcre2Message: String)
    case viewMatcherAsStringMatcher(owner: String, matcher: String)
    case unknownStringMatcher(String)
    case needsStringMatcher(owner: String)

    /// Named even when the engine is called without the registry.
    static var engineName: String? { EspressoEngine.engineName }
}
