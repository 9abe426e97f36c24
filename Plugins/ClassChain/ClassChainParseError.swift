import PredicateFormat
import SelectorCore

/// A problem found while reading a class chain, with its position; throw sites only say what and
/// where, the words live in `ClassChainParseError+Message.swift`, and `ChainParser.parse` turns it
/// into a `SelectorError` once.
typealias ClassChainParseError = EngineParseError<ClassChainParseErrorKind>

/// What went wrong in a class chain; the associated values are the parts of the message.
enum ClassChainParseErrorKind: ParseErrorKind {
    case emptyChain
    case expectedSeparator
    case doubleStarNeedsSlash
    /// No class name or `*` where a step starts; `atEnd` when the selector ended there.
    case expectedClassName(atEnd: Bool)
    case secondIndex
    case predicateAfterIndex
    case expectedIndexOrPredicate
    case zeroIndex
    case unclosedBracket(openedAtColumn: Int)
    case unterminatedPredicate(marker: String)
    case emptyPredicate
    /// The NSPredicate inside backticks or dollars was refused; its offset is already in the
    /// whole selector.
    case predicate(PredicateFormatParseError)

    /// An embedded predicate's problem is reported as the predicate parser reports it.
    func embeddedError(in selector: String) -> SelectorError? {
        if case .predicate(let inner) = self { return inner.selectorError(in: selector) }
        return nil
    }
}
