extension UIQueryParseErrorKind {
    /// The problem in words, without its position (`SelectorError` adds the column).
    var message: String {
        switch self {
        case .emptyPath:
            return "empty path"
        case .emptyToken:
            return "empty token: separate tokens with exactly one space"
        case .unterminatedString(let quote):
            return "unterminated string: no closing \(quote)"
        case .stringNotWholeValue:
            return "a quoted string must be the whole value after ':'"
        case .textAfterString:
            return "unexpected text after a quoted string"
        case .secondColon(let token):
            return "unexpected second ':' in '\(token)' (quote strings that contain ':')"
        case .unknownToken(let name):
            return "unknown token '\(name)': not a traversal, class, filter or expectation word"
        case .misplacedExpectationWord(let word):
            return "'\(word)' is only allowed after 'should'"
        case .takesNoValue(let word):
            return "'\(word)' takes no value"
        case .missingValue(let name):
            return "filter '\(name):' has no value"
        case .badValue(let name, let got):
            return "'\(name):' needs a quoted string, YES, NO or an integer, got '\(got)'"
        case .indexNeedsInteger(let got):
            return got.map { "'index:' needs an integer, got '\($0)'" } ?? "'index:' needs an integer"
        case .needsString(let name, let what):
            return "'\(name):' needs a quoted \(what)"
        case .crashesUISpec(let name, let value, let kind):
            return "'\(name):\(value)' crashes UISpec: \(name) is \(kind), and \(value) reaches it as an object pointer; "
                + "write \(name):'text' to match text, or \(name):NO for views where it is nil"
        case .parentOfApplication:
            return "'parent' of the application: UIApplication has no superview (UISpec crashes); "
                + "select views first, e.g. label parent"
        case .withNeedsProperty:
            return "'with' must be followed by a property match such as text:'Hi'"
        case .incompleteExpectation(let word, let wanted):
            return "'\(word)' must be followed by \(wanted)"
        case .afterExpectation(let token):
            return "unexpected '\(token)' after the expectation"
        case .action(let token):
            return "'\(token)' is an action, not part of a path: send actions with the Frankly /map operation"
        case .expectationInSelection:
            return "a selection cannot contain an expectation ('should ...'): check it with `frankly expect`"
        case .noExpectation:
            return "no expectation: end the path with 'should exist', 'should be NAME' or 'should have prop:value'"
        }
    }
}
