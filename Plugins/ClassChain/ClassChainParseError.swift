import PredicateFormat
import SelectorCore

/// A problem found while reading a class chain, with its position; throw sites only say what and
/// where, the words live in `ClassChainParseError+Message.swift`, and `ChainParser.parse` turns it
/// into a `SelectorError` once.
struct ClassChainParseError: Error, Equatable {
    /// What went wrong; the associated values are the parts of the message.
    enum Kind: Equatable {
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
    }

    /// What went wrong.
    var kind: Kind
    /// UTF-8 byte offset of the problem.
    var offset: Int

    init(_ kind: Kind, at offset: Int) { self.kind = kind; self.offset = offset }

    /// The error users see: the predicate parser's own for an embedded predicate, else a syntax error.
    func selectorError(in selector: String) -> SelectorError {
        if case .predicate(let inner) = kind { return inner.selectorError(in: selector) }
        return .syntax(message, at: offset, in: selector)
    }
}
