package import SelectorCore

/// A problem found while reading a format string, with its position; throw sites only say what
/// and where, the words live in `PredicateFormatParseError+Message.swift`, and the conversion to
/// a `SelectorError` happens once, in `PredicateFormat.compile`.
package struct PredicateFormatParseError: Error, Equatable {
    /// What was expected where an operand was missing; worded in the message file.
    package enum OperandRole: Equatable, Sendable {
        /// The left side of a comparison (or the start of a predicate).
        case comparison
        /// The right side of a comparison.
        case value
        /// An item of a `{list}`.
        case listItem
    }

    /// What went wrong; the associated values are the parts of the message.
    package enum Kind: Equatable {
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
    }

    /// What went wrong.
    package var kind: Kind
    /// UTF-8 byte offset of the problem in the whole selector.
    package var offset: Int

    package init(_ kind: Kind, at offset: Int) { self.kind = kind; self.offset = offset }

    /// The error users see: a limit error for the nesting bound, a syntax error otherwise.
    package func selectorError(in selector: String) -> SelectorError {
        switch kind {
        case .evaluation(let error): return error
        case .nestingTooDeep: return SelectorError(.limit, message, selector: selector, offset: offset)
        default: return .syntax(message, at: offset, in: selector)
        }
    }

    /// The 1-based column of `offset` in `selector`, for messages that point back at an opening.
    static func column(of offset: Int, in selector: String) -> Int {
        SelectorError.syntax("", at: offset, in: selector).column ?? 1
    }
}
