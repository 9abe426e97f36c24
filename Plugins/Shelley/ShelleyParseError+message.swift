extension ShelleyParseErrorKind {
    /// The problem in words, without its position (the column is added by `SelectorError`).
    package var message: String {
        switch self {
        case .unterminatedString(let q):
            return "unterminated string: no closing \(q)"
        case .unknownEscape(let e):
            return "unknown escape '\(e)' in string (use \\\\, \\', \\\", \\n, \\r, \\t or \\u{hex})"
        case .badUnicodeEscape(let e, .malformed):
            return "malformed unicode escape '\(e)' (write \\u{ with 1 to 8 hex digits and }, e.g. \\u{1F600})"
        case .badUnicodeEscape(let e, .beyondUnicode):
            return "unicode escape '\(e)' is beyond U+10FFFF, the last code point"
        case .badUnicodeEscape(let e, .surrogate):
            return "unicode escape '\(e)' is a UTF-16 surrogate (U+D800 to U+DFFF), not a character"
        case .badNumber(let text):
            return "bad number '\(text)' (write digits, optionally with one '.' between digits)"
        case .missingColon(let name):
            return "missing ':' after '\(name)'"
        case .emptySection:
            return "empty section: expected a name such as view, parent or marked:'text'"
        case .missingArgument(let name):
            return "missing argument after '\(name):' (expected a quoted string, a number, true/false or YES/NO)"
        case .indexNeedsNumber:
            return "index: needs a whole number, e.g. index:0"
        case .indexOutOfRange(let n, let wrapped):
            return "index:\(n < 9.2e18 ? String(Int64(n)) : String(n)) is past 4294967295: Shelley keeps its low 32 bits and would pick "
                + "element \(wrapped); write index:\(wrapped) if that is what you mean"
        case .notBoolean(let name, let returns):
            return "'\(name)' is not a Boolean predicate: it returns \(returns), not BOOL, and Shelley raises "
                + "\"wrong return type\" for it; compare it with a registered predicate or another engine"
        case .missingWhitespace(let c):
            return "unexpected '\(c)': separate sections with a space"
        case .takesNoArgument(let name):
            return "'\(name)' takes no argument"
        case .needsString(let name):
            return "\(name) needs a quoted string"
        case .viewNeedsClassName:
            return "view: needs a class name in quotes, e.g. view:'UIButton'"
        case .missingSpaceBefore(let name):
            return "missing space before '\(name):'"
        case .unknownName(let name, let suggestion?):
            return "unknown name '\(name)'; did you mean '\(suggestion)'?"
        case .unknownName(let name, nil):
            return "unknown name '\(name)': not a class shorthand, keyword, Boolean property (isX, hasX, canX) "
                + "or registered predicate; for any class write view:'ClassName'"
        case .noShorthand(let name, let className):
            return "unknown name '\(name)': \(className) has no shorthand; write view:'\(className)'"
        case .needsArgument(let name):
            return "'\(name)' needs an argument, e.g. \(name):\(name == "index" ? "0" : "'text'")"
        case .unknownFilter(let name, let suggestion?):
            return "unknown filter '\(name)'; did you mean '\(suggestion)'?"
        case .unknownFilter(let name, nil):
            return "unknown filter '\(name)': not one of marked:, markedExactly:, text:, placeholder:, view:, index: "
                + "or a registered predicate"
        case .missingParamater:
            return "missing paramater"
        case .expectedAColon:
            return "expected a :"
        case .noParameterForArguments:
            return "*** -[__NSArrayM objectAtIndex:]: index 0 beyond bounds for empty array"
        case .unrecognizedSelector(let receiver, let selector):
            return "-[\(receiver) \(selector)]: unrecognized selector sent to instance"
        }
    }
}
