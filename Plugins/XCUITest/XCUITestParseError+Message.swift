// Every word the `xcuitest` engine says about a malformed query, in one place (a format
// string's problems are PredicateFormat's words).

extension XCUITestParseErrorKind {
    /// The problem in words, without its position (`SelectorError` adds the column).
    var message: String {
        switch self {
        case .expected(let what):
            return "expected \(what.written)"
        case .commentsTooDeep(let limit):
            return "comments nested deeper than \(limit)"
        case .chainTooDeep(let limit):
            return "a query chained deeper than \(limit) members"
        case .argumentsTooDeep(let limit):
            return "arguments nested deeper than \(limit)"
        case .unterminatedComment:
            return "unterminated comment"
        case .argumentLabel(let call, let label):
            return "\(call) takes `\(label):` here"
        case .negativeIndex(let call):
            return "\(call) takes an index from 0"
        case .badIndex(let call):
            return "\(call) takes an index: a whole number from 0"
        case .multilineString:
            return "a multi-line string literal is not read here: write the string on one line"
        case .unterminatedString:
            return "unterminated string"
        case .interpolation:
            return "string interpolation is not a fixed string"
        case .badUnicodeBrace:
            return "\\u takes {hex digits}"
        case .badUnicodeDigits:
            return "\\u{…} takes 1 to 8 hex digits of a character"
        case .invalidEscape:
            return "invalid escape in a string literal"
        case .emptyQuery:
            return "empty query: write one such as app.buttons[\"Log In\"]"
        case .textAfterSemicolon:
            return "unexpected text after `;`"
        case .subscriptOnElement:
            return "a subscript needs a query: an XCUIElement has none (write .otherElements[…] or descendants(matching: .any)[…])"
        case .countOnElement:
            return "count is a query's: an XCUIElement has none"
        case .needsElement(let name):
            return "\(name) needs an element: end the query with .element, .firstMatch, [\"…\"] or .element(boundBy:)"
        case .nothingMayFollow(let name):
            return "an action or a property ends the query: nothing may follow \(name)"
        case .queryMemberOnElement(let name):
            return "\(name) is a query's: an XCUIElement has none (it already names one element)"
        case .elementArguments:
            return "element( takes boundBy: or matching:"
        case .arrayMember(let name):
            return "\(name) is an array: write .element(boundBy: n) for one view"
        case .notAQuery(let name):
            return "\(name) is no XCUITest query: write descendants(matching: .any)"
        case .unknownMember(let name, let suggestion):
            return "unknown member .\(name)" + (suggestion.map { " (did you mean .\($0)?)" } ?? "")
        case .conditionArgument(let call):
            return "\(call) takes an element type (.button) and an identifier, or an NSPredicate(format:)"
        case .unknownElementType(let name, let suggestion):
            return "unknown element type .\(name)" + (suggestion.map { " (did you mean .\($0)?)" } ?? "")
        case .blockPredicate:
            return "NSPredicate takes format: here (a block predicate runs code no recording has)"
        case .formatArgumentNotLiteral:
            return "a format argument must be a literal: a string, a number, true or false"
        case .unknownPlaceholder:
            return "unknown format placeholder"
        case .morePlaceholdersThanArguments:
            return "the format has more placeholders than arguments"
        case .keyPathPlaceholder:
            return "%K takes a key path string"
        case .numberPlaceholder(let spec):
            return "%\(spec) takes a number"
        case .moreArgumentsThanPlaceholders:
            return "more format arguments than placeholders"
        case .predicate(let inner):
            return inner.message
        }
    }
}

extension XCUITestParseErrorKind.Expected {
    /// The token, as the object of "expected …".
    var written: String {
        switch self {
        case .openParenthesis(let name): "`(` after \(name)"
        case .closingParenthesis(let name): "`)` closing \(name)"
        case .closingBacktick: "` closing the identifier"
        case .equalsAfterName: "`=` after the name"
        case .closingSubscript: "`]` closing the subscript"
        case .identifierAfterType: "`, identifier:` after the element type"
        case .string(let role): role.written
        case .nameAfter(let keyword): "a name after `\(keyword)`"
        case .dotSubscriptOrEnd: "`.`, `[` or the end of the query"
        case .memberName: "a member name after `.`"
        case .colonAfterIdentifier: "`:` after identifier"
        case .xcuiElementType: "XCUIElement.ElementType"
        case .elementType: "an element type such as .button"
        case .elementTypeName: "an element type name after `.`"
        case .application: "the application: app or XCUIApplication()"
        }
    }
}

extension XCUITestParseErrorKind.StringRole {
    /// The literal wanted, as the object of "expected …".
    var written: String {
        switch self {
        case .string: "a string in double quotes"
        case .identifier: "an identifier in double quotes"
        case .bundleIdentifier: "a bundle identifier in double quotes"
        case .identifierOrNil: "an identifier in double quotes, or nil"
        case .formatString: "a format string in double quotes"
        }
    }
}
