import PredicateFormat
import SelectorCore

/// A problem found while reading a FRY query, with its position; throw sites only say what and
/// where, the words live in `FRYParseError+Message.swift`, and the conversion to a
/// `SelectorError` happens once, in `FRYQuery.init(parsing:)` and `FRYEngine.compile`.
struct FRYParseError: Error, Equatable {
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

    /// What went wrong; the associated values are the parts of the message.
    enum Kind: Equatable {
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
    }

    /// What went wrong.
    var kind: Kind
    /// UTF-8 byte offset of the problem.
    var offset: Int

    init(_ kind: Kind, at offset: Int) { self.kind = kind; self.offset = offset }

    /// The error users see: the predicate parser's own for a format string, a usage error for a
    /// check, a limit error for the nesting bound, a syntax error otherwise.
    func selectorError(in selector: String) -> SelectorError {
        switch kind {
        case .predicate(let inner): return inner.selectorError(in: selector)
        case .checkInSelection: return SelectorError(.usage, message, selector: selector, offset: offset)
        case .nestingTooDeep: return SelectorError(.limit, message, selector: selector, offset: offset)
        default: return .syntax(message, at: offset, in: selector)
        }
    }
}
