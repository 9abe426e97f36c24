import SelectorCore

/// A problem found while reading a Compose finder, with its position; throw sites only say what
/// and where, the words live in `ComposeParseError+Message.swift`, and `ComposeEngine.compile`
/// turns it into a `SelectorError` once.
typealias ComposeParseError = EngineParseError<ComposeParseErrorKind>

/// What went wrong in a Compose finder; the associated values are the parts of the message.
enum ComposeParseErrorKind: ParseErrorKind {
    /// A token the parser required at the cursor; worded in the message file.
    enum Expected: Equatable {
        case openParenthesis(after: String)
        case closingParenthesis(of: String)
        case closingIndex
        case notTakesNoArguments
    }

    case expected(Expected)
    case expectedIndex
    case expectedFinder
    case onRoot
    case unknownFinder(String)
    case pickNeedsCollection
    case expectedCallAfterDot
    case needsCollection(call: String)
    case needsOneNode(call: String)
    case notNavigation(call: String)
    case textAfterFinder
    case noSuchParameter(call: String, parameter: String, takes: [String])
    case argumentTwice(String)
    case positionalAfterNamed
    case tooManyArguments(call: String, count: Int)
    case needsBoolean(parameter: String)
    case missingArgument(call: String, parameter: String)
    case needsString(parameter: String)
    case stringTemplate
    case unterminatedRawString
    case unterminatedString
    case badUnicodeEscape
    case unknownEscape(String)
    /// Matchers nested past `ComposeParser.maxDepth` (a syntax error, as it always was).
    case nestingTooDeep(limit: Int)
    case expectedMatcherCall
    case badMatcherCall(String)
    case expectedFilter
    /// A filter whose meaning a recording cannot decide (`ComposeVocabulary.refused`).
    case refused(String)
    case unknownFilterListing(String)
    case severalValues(filter: String, property: String)
    case unknownFilter(String)

    /// Named even when the engine is called without the registry.
    static var engineName: String? { ComposeEngine.engineName }
}
