// Every word the `class_chain` engine says about a malformed chain, in one place (the embedded
// predicates' words are PredicateFormat's).

extension ClassChainParseErrorKind {
    /// The problem in words, without its position (`SelectorError` adds the column).
    var message: String {
        switch self {
        case .emptyChain:
            return "empty class chain"
        case .expectedSeparator:
            return "expected '/', '**/' or '[' after the step"
        case .doubleStarNeedsSlash:
            return "'**' must be followed by '/'"
        case .expectedClassName(let atEnd):
            return atEnd ? "expected a class name or '*' at the end" : "expected a class name or '*'"
        case .secondIndex:
            return "a step takes one index (WebDriverAgent refuses a second)"
        case .predicateAfterIndex:
            return "predicates come before the index (WebDriverAgent applies the index last)"
        case .expectedIndexOrPredicate:
            return "expected an index or a `predicate` inside '[…]'"
        case .zeroIndex:
            return "class-chain indexes start at 1 (use -1 for the last)"
        case .unclosedBracket(let column):
            return "expected ']' to close the '[' at column \(column)"
        case .unterminatedPredicate(let marker):
            return "unterminated predicate: missing closing '\(marker)'"
        case .emptyPredicate:
            return "empty predicate"
        case .predicate(let inner):
            return inner.message
        }
    }
}
