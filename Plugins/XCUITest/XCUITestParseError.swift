import PredicateFormat
import SelectorCore

/// A problem found while reading an XCUITest query, with its position; throw sites only say
/// what and where, the words live in `XCUITestParseError+Message.swift`, and
/// `XCUITestEngine.compile` turns it into a `SelectorError` once.
typealias XCUITestParseError = EngineParseError<XCUITestParseErrorKind>

/// What went wrong in an XCUITest query; the associated values are the parts of the message.
enum XCUITestParseErrorKind: ParseErrorKind {
    /// Which string literal the parser wanted; worded in the message file.
    enum StringRole: Equatable { case string, identifier, bundleIdentifier, identifierOrNil, formatString }

    /// A token the parser required at the cursor; worded in the message file.
    enum Expected: Equatable {
        case openParenthesis(after: String)
        case closingParenthesis(of: String)
        case closingBacktick
        case equalsAfterName
        case closingSubscript
        case identifierAfterType
        case string(StringRole)
        case nameAfter(keyword: String)
        case dotSubscriptOrEnd
        case memberName
        case colonAfterIdentifier
        case xcuiElementType
        case elementType
        case elementTypeName
        case application
    }

    case expected(Expected)
    // Bounds (syntax errors, as they always were).
    case commentsTooDeep(limit: Int)
    case chainTooDeep(limit: Int)
    case argumentsTooDeep(limit: Int)
    case unterminatedComment
    case argumentLabel(call: String, label: String)
    case negativeIndex(call: String)
    case badIndex(call: String)
    case multilineString
    case unterminatedString
    case interpolation
    case badUnicodeBrace
    case badUnicodeDigits
    case invalidEscape
    case emptyQuery
    case textAfterSemicolon
    case subscriptOnElement
    case countOnElement
    case needsElement(member: String)
    case nothingMayFollow(member: String)
    case queryMemberOnElement(String)
    case elementArguments
    case arrayMember(String)
    case notAQuery(String)
    case unknownMember(String, suggestion: String?)
    case conditionArgument(call: String)
    case unknownElementType(String, suggestion: String?)
    case blockPredicate
    case formatArgumentNotLiteral
    case unknownPlaceholder
    case morePlaceholdersThanArguments
    case keyPathPlaceholder
    case numberPlaceholder(Character)
    case moreArgumentsThanPlaceholders
    /// The NSPredicate format string was refused; its offset is already in the whole selector.
    case predicate(PredicateFormatParseError)

    /// Named even when the engine is called without the registry.
    static var engineName: String? { XCUITestEngine.engineName }

    /// A format string's problem is reported as the predicate parser reports it.
    func embeddedError(in selector: String) -> SelectorError? {
        if case .predicate(let inner) = self { return inner.selectorError(in: selector) }
        return nil
    }
}
