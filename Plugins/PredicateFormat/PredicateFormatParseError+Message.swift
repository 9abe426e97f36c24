// Every word the NSPredicate format parser says about a malformed predicate, in one place.

extension PredicateFormatParseErrorKind {
    /// The problem in words, without its position (`SelectorError` adds the column).
    package var message: String {
        switch self {
        case .expectedKeyPathAfterHash:
            return "expected a key path after '#'"
        case .unexpectedCharacter(let c):
            return "unexpected character '\(c)'"
        case .malformedNumber(let text):
            return "malformed number '\(text)'"
        case .unterminatedString(let quote):
            return "unterminated string: no closing \(quote)"
        case .malformedEscape(let letter, let digits):
            return "malformed escape: \\\(letter) takes \(digits) hex digits"
        case .emptyPredicate:
            return "empty predicate: write a comparison such as accessibilityLabel == 'OK'"
        case .expectedAndOrEnd:
            return "expected AND, OR or the end of the predicate"
        case .nestingTooDeep(let limit):
            return "predicate nested deeper than \(limit) levels of parentheses and NOT"
        case .unclosedParenthesis(let column):
            return "expected ')' to close the '(' at column \(column)"
        case .expectedOperator(let after):
            return "expected an operator (==, !=, <, <=, >, >=, BEGINSWITH, ENDSWITH, CONTAINS, LIKE, MATCHES, IN, BETWEEN) after \(after)"
        case .expectedModifierLetters:
            return "expected modifier letters after '[': [c], [d] or [cd]"
        case .unknownModifier(let letter):
            return "unknown modifier '\(letter)': write [c], [d] or [cd]"
        case .unclosedModifier(let column):
            return "expected ']' to close the modifier opened at column \(column)"
        case .expectedOperand(let role):
            return "expected \(role.expected)"
        case .arithmetic(let sign):
            return "arithmetic is not supported: '\(sign)' must be a number's sign"
        case .unsupportedKeyword(let keyword):
            return "\(keyword) is not supported: views have no collections or functions to apply it to"
        case .reservedKeyword(let role, let keyword, let written):
            return "expected \(role.expected), found the keyword \(keyword) (write #\(written) for a key path of that name)"
        case .substitutionVariable(let v):
            return "substitution variables (\(v)) are not supported: write the value itself"
        case .formatSpecifier(let f):
            return "format specifiers (\(f)) are not supported: write the value or key path itself"
        case .unexpectedSymbol(let role, let symbol):
            return "expected \(role.expected), found '\(symbol)'"
        case .nestedList:
            return "a {list} cannot hold another list"
        case .keyPathInList:
            return "a {list} holds values, not key paths"
        case .unclosedList(let column):
            return "expected ',' or '}' to close the list opened at column \(column)"
        case .incomparableConstants(let op):
            return "\(op) cannot compare these two constants (NSPredicate compares numbers with numbers, strings with strings, and anything with nil only for equality)"
        case .twoKeyPaths:
            return "comparing two key paths is not supported: one side must be a value"
        case .keyPathMustBeLeft(let op):
            return "\(op) takes the key path on its left: write it as keypath \(op) value"
        case .selfHasNoValue:
            return "SELF is the view itself and has no value to compare: compare one of its key paths, such as SELF.label"
        case .inNeedsList:
            return "IN takes a {list} of values on its right, such as {'OK', 'Done'}"
        case .betweenNeedsPair:
            return "BETWEEN takes a {lower, upper} pair on its right"
        case .betweenNeedsSameTypes:
            return "BETWEEN takes two numbers or two strings"
        case .listOnlyWithInOrBetween:
            return "a {list} goes only with IN or BETWEEN"
        case .needsStringNotNil(let op):
            return "\(op) compares strings: write a quoted string, not nil"
        case .needsStringNotNumber(let op):
            return "\(op) compares strings: write a quoted string, not a number"
        case .needsStringNotBool(let op):
            return "\(op) compares strings: write a quoted string, not YES or NO"
        case .invalidRegex(let message, let patternOffset):
            return "invalid regular expression: \(message) (at pattern byte \(patternOffset))"
        case .cannotCompareString(let op):
            return "\(op) cannot compare a string"
        case .evaluation(let error):
            return error.message
        }
    }
}

extension PredicateFormatParseErrorKind.OperandRole {
    /// What the parser wanted, as the object of "expected …".
    var expected: String {
        switch self {
        case .comparison: return "a comparison, '(' or NOT"
        case .value: return "a value: a quoted string, a number, YES, NO, nil or a {list}"
        case .listItem: return "a value in the list"
        }
    }
}
