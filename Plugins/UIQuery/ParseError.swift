import SelectorCore

/// A problem found while reading a path, with its position; turned into a `SelectorError` at the
/// module boundary (the wording lives in `ParseError+Message.swift`).
typealias ParseError = EngineParseError<UIQueryParseErrorKind>

/// What went wrong in a path; the associated values are the parts of the message.
enum UIQueryParseErrorKind: ParseErrorKind {
    case emptyPath
    case emptyToken
    case unterminatedString(quote: Character)
    case stringNotWholeValue
    case textAfterString
    case secondColon(token: String)
    case unknownToken(String)
    case misplacedExpectationWord(String)
    case takesNoValue(String)
    case missingValue(name: String)
    case badValue(name: String, got: String)
    case indexNeedsInteger(got: String?)
    case needsString(name: String, what: String)
    /// YES or a non-zero integer for a property that holds an object: UISpec crashes.
    case crashesUISpec(name: String, value: String, kind: String)
    case withNeedsProperty
    /// `parent` while the selection is the application, which has no superview.
    case parentOfApplication
    case incompleteExpectation(word: String, wanted: String)
    case afterExpectation(String)
    case action(String)
    case expectationInSelection
    case noExpectation

    /// Actions and expectations are well-formed UISpec asked of the wrong command.
    var selectorErrorKind: SelectorError.Kind {
        switch self {
        case .action, .expectationInSelection, .noExpectation: return .usage
        default: return .syntax
        }
    }

    /// Named even when the engine is called without the registry.
    static var engineName: String? { UIQueryEngine.engineName }
}
