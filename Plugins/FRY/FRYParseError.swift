import PredicateFormat
import SelectorCore

/// A problem found while reading a FRY query, with its position; throw sites only say what and
/// where, the words live in `FRYParseError+Message.swift`, and the conversion to a
/// `SelectorError` happens once, in `FRYQuery.init(parsing:)` and `FRYEngine.compile`.
typealias FRYParseError = EngineParseError<FRYParseErrorKind>

/// What went wrong in a FRY query; the associated values are the parts of the message.
enum FRYParseErrorKind: ParseErrorKind {
    /// A token the parser required at the cursor; worded in the message file.
    enum Expected: Equatable {
        case openParenthesis(after: String)
        /// `)` closing a call.
        case closing(String)
        /// `)` of a call that takes no arguments.
        case noArguments(String)
        case arrayContinuation
        case classBracketClose(className: String)
        case sectionRowComma
    }

    case expected(Expected)
    case textAfterQuery
    case expectedCall
    case afterCheck(FRYQuery.Check)
    case countNeedsNumber
    case unknownCall(String)
    case noLookup
    case expectedPredicate
    /// Arrays and helpers nested past `FRYParser.maximumNesting`: a `.limit` error.
    case nestingTooDeep(limit: Int)
    case expectedString
    case unterminatedString
    case helperNeedsString(helper: String)
    case helperNeedsClass(helper: String)
    case expectedClassKeyword(className: String)
    case expectedHelper
    case wrongArity(helper: String, arity: String)
    case unclosedHelper(helper: String)
    case unknownHelper(String)
    case helperNeedsParenthesis(helper: String)
    case traitNeedsName
    case unknownTrait(String)
    case needsSectionAndRow(helper: String)
    case numberTooLarge(helper: String)
    /// A check (`.count(2)`) where only a selection is wanted: a `.usage` error.
    case checkInSelection(FRYQuery.Check)
    /// A format string the NSPredicate parser refused; its offset is already in the whole selector.
    case predicate(PredicateFormatParseError)

    /// A check is well formed but not a selection; the nesting bound is a limit.
    var selectorErrorKind: SelectorError.Kind {
        switch self {
        case .checkInSelection: return .usage
        case .nestingTooDeep: return .limit
        default: return .syntax
        }
    }

    /// A format string's problem is reported as the predicate parser reports it.
    func embeddedError(in selector: String) -> SelectorError? {
        if case .predicate(let inner) = self { return inner.selectorError(in: selector) }
        return nil
    }
}
