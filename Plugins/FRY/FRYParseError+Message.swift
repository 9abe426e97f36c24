// Every word the `fry` engine says about a malformed query, in one place (a format string's
// problems are PredicateFormat's words).

extension FRYParseErrorKind {
    /// The problem in words, without its position (`SelectorError` adds the column).
    var message: String {
        switch self {
        case .expected(let what):
            return "expected \(what.written)"
        case .textAfterQuery:
            return "unexpected text after the query; expected `.` and a call"
        case .expectedCall:
            return "expected a call such as lookup(...)"
        case .afterCheck(let check):
            return "nothing may follow the check \(check)"
        case .countNeedsNumber:
            return "count takes a whole number"
        case .unknownCall(let name):
            return "unknown call `\(name)`; expected lookup, lookupByAccessibilityLabel, shallow, count, present or absent"
        case .noLookup:
            return "a FRY query starts with lookup(...) or lookupByAccessibilityLabel(...)"
        case .expectedPredicate:
            return "expected a predicate: a helper, a format string or an array"
        case .nestingTooDeep(let limit):
            return "nested deeper than \(limit) levels"
        case .expectedString:
            return "expected a string in double quotes"
        case .unterminatedString:
            return "unterminated string"
        case .helperNeedsString(let helper):
            return "\(helper) takes a string in double quotes"
        case .helperNeedsClass(let helper):
            return "\(helper) takes a class name: UIButton or [UIButton class]"
        case .expectedClassKeyword(let name):
            return "expected `class` in [\(name) class]"
        case .expectedHelper:
            return "expected a predicate: a helper such as ofKind(UIButton), a format string or an array"
        case .wrongArity(let helper, let arity):
            return "\(helper) takes \(arity)"
        case .unclosedHelper(let helper):
            return "expected `)` closing \(helper)"
        case .unknownHelper(let name):
            return "unknown helper `\(name)`; expected one of ofKind, accessibilityLabel, accessibilityValue, accessibilityIdentifier, accessibilityTrait, atSectionAndRow, parentViewOfClass, isVisible, isOnScreen"
        case .helperNeedsParenthesis(let name):
            return "expected `(` after \(name)"
        case .traitNeedsName:
            return "accessibilityTrait takes a trait name such as UIAccessibilityTraitButton"
        case .unknownTrait(let raw):
            return "unknown trait `\(raw)`; expected one of \(FRYTraits.names.sorted().joined(separator: ", "))"
        case .needsSectionAndRow(let helper):
            return "\(helper) takes a section and a row, whole numbers such as atSectionAndRow(0, 5)"
        case .numberTooLarge(let helper):
            return "\(helper): the number is too large"
        case .checkInSelection(let check):
            return "`.\(check)` is a check, not a selection: run it with `frankly expect --engine fry`"
        case .predicate(let inner):
            return inner.message
        }
    }
}

extension FRYParseErrorKind.Expected {
    /// The token, as the object of "expected …".
    var written: String {
        switch self {
        case .openParenthesis(let name): "`(` after \(name)"
        case .closing(let name): "`)` closing \(name)"
        case .noArguments(let name): "`)`: \(name) takes no arguments"
        case .arrayContinuation: "`,` or `]` in the array"
        case .classBracketClose(let name): "`]` closing [\(name) class]"
        case .sectionRowComma: "`,`: atSectionAndRow takes a section and a row"
        }
    }
}
