import SelectorCore

/// A problem found while reading or compiling an XPath expression, with its position; throw
/// sites only say what and where, the words live in `XPathParseError+Message.swift`, and
/// `XPathEngine.compile` turns it into a `SelectorError` once. (Errors while evaluating stay
/// the evaluator's own.)
typealias XPathParseError = EngineParseError<XPathParseErrorKind>

/// What went wrong in an XPath expression; the associated values are the parts of the message.
enum XPathParseErrorKind: ParseErrorKind {
    /// A token as the messages name it ("found …").
    enum Found: Equatable {
        case end
        case literal(String)
        case number(Double)
        case name(String)
        case variable(String)
        /// Punctuation or an operator, as written.
        case symbol(String)
    }

    case emptyExpression
    case unexpected(Found)
    case bangWithoutEquals
    case unexpectedColon
    case unterminatedLiteral
    case unexpectedCharacter(String)
    case namespacePrefix
    /// `token` (punctuation such as `')'`) was required.
    case expected(token: String, found: Found)
    /// Parentheses, predicates and calls nested past `XPathParser.maxNesting`: a `.limit` error.
    case nestingTooDeep(limit: Int)
    case unionOfNonNodeSet(XType)
    case predicateOnNonNodeSet(XType)
    case slashAfterNonNodeSet(XType)
    case expectedStepAtEnd
    case unknownAxis(String)
    case notANodeTest(String)
    case expectedNodeTest(found: Found)
    case emptyPredicate
    case variable(String)
    case unknownFunction(String)
    case arity(function: String, takes: ClosedRange<Int>, given: Int)
    case needsNodeSet(function: String, got: XType)
    case unknownRegexFlag(function: String, flag: String, allowsQ: Bool)
    /// `replace()`'s replacement refused; the wording is `XPathReplacement`'s, shared with evaluation.
    case badReplacement(String)
    case invalidRegex(pcre2Message: String)
    case patternMatchesEmpty(function: String)
    case notNodeSet(XType)
    case selectsAttributes

    /// The nesting bound is a limit, not malformed text.
    var selectorErrorKind: SelectorError.Kind {
        if case .nestingTooDeep = self { return .limit }
        return .syntax
    }
}
