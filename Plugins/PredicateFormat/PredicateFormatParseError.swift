package import SelectorCore

/// A problem found while reading a format string, with its position in the whole selector;
/// throw sites only say what and where, the words live in
/// `PredicateFormatParseError+Message.swift`, and the conversion to a `SelectorError` happens
/// once, in `PredicateFormat.compile` (or in the engine that embeds the format string).
package typealias PredicateFormatParseError = EngineParseError<PredicateFormatParseErrorKind>

/// What went wrong in a format string; the associated values are the parts of the message.
package enum PredicateFormatParseErrorKind: ParseErrorKind {
    /// What was expected where an operand was missing; worded in the message file.
    package enum OperandRole: Equatable, Sendable {
        /// The left side of a comparison (or the start of a predicate).
        case comparison
        /// The right side of a comparison.
        case value
        /// An item of a `{list}`.
        case listItem
    }

    // The lexer.
    case expectedKeyPathAfterHash
    case unexpectedCharacter(String)
    case malformedNumber(String)
    case unterminatedString(quote: Character)
    case malformedEscape(letter: Character, digits: Int)
    // The parser.
    case emptyPredicate
    case expectedAndOrEnd
    /// Parentheses and NOTs nested past `PredicateFormat.maximumNesting`: a `.limit` error.
    case nestingTooDeep(limit: Int)
    case unclosedParenthesis(openedAtColumn: Int)
    case expectedOperator(after: String)
    case expectedModifierLetters
    case unknownModifier(Character)
    case unclosedModifier(openedAtColumn: Int)
    case expectedOperand(OperandRole)
    case arithmetic(sign: String)
    case unsupportedKeyword(String)
    case reservedKeyword(OperandRole, keyword: String, written: String)
    case substitutionVariable(String)
    case formatSpecifier(String)
    case unexpectedSymbol(OperandRole, symbol: String)
    case nestedList
    case keyPathInList
    case unclosedList(openedAtColumn: Int)
    // The comparison compiler.
    case incomparableConstants(op: String)
    case twoKeyPaths
    case keyPathMustBeLeft(op: String)
    case selfHasNoValue
    case inNeedsList
    case betweenNeedsPair
    case betweenNeedsSameTypes
    case listOnlyWithInOrBetween
    case needsStringNotNil(op: String)
    case needsStringNotNumber(op: String)
    case needsStringNotBool(op: String)
    case invalidRegex(message: String, patternOffset: Int)
    case cannotCompareString(op: String)
    /// Evaluating a constant comparison (`'a' MATCHES 'a'`) failed (a match limit, a
    /// deadline): that error, passed through unchanged.
    case evaluation(SelectorError)

    /// The nesting bound is a limit, not malformed text.
    package var selectorErrorKind: SelectorError.Kind {
        if case .nestingTooDeep = self { return .limit }
        return .syntax
    }

    /// An evaluation's error is already the public one.
    package func embeddedError(in selector: String) -> SelectorError? {
        if case .evaluation(let error) = self { return error }
        return nil
    }
}
