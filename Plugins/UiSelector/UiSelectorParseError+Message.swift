// Every word the `uiselector` engine says about a malformed selector, in one place (PCRE2's own
// complaints about a pattern pass through as PCRE2 words them).

extension UiSelectorParseErrorKind {
    /// The problem in words, without its position (`SelectorError` adds the column).
    var message: String {
        switch self {
        case .emptySelector:
            return "empty selector; expected new UiSelector() and its methods"
        case .emptyStatement:
            return "empty statement; expected new UiSelector() before `;`"
        case .textAfterSelector:
            return "unexpected text after the selector; expected `.` and a method, or `;`"
        case .expectedConstructor:
            return "expected `new UiSelector()` or `new UiScrollable(new UiSelector()...)`"
        case .constructorTakesNoArguments:
            return "new UiSelector() takes no arguments"
        case .nestingTooDeep(let limit):
            return "selectors nested deeper than \(limit) levels"
        case .needsSelectorArgument(let method):
            return "\(method) takes a UiSelector such as new UiSelector().text(\"OK\")"
        case .expectedConstructorAndMethods:
            return "expected new UiSelector() and its methods"
        case .expectedMethod:
            return "expected a UiSelector method such as text(\"OK\")"
        case .unknownMethod(let name):
            return "unknown UiSelector method `\(name)`; expected one of \(UiSelectorVocabulary.methods.joined(separator: ", "))"
        case .openParenthesis(let name):
            return "expected `(` after \(name)"
        case .closeScrollableConstructor:
            return "expected `)` closing new UiScrollable(...)"
        case .invalidRegex(let method, let pcre2Message):
            return "invalid regular expression in \(method): \(pcre2Message)"
        case .needsBoolean(let method):
            return "\(method) takes true or false"
        case .oneArgument(let method):
            return "\(method) takes one argument"
        case .unclosedCall(let method):
            return "expected `)` closing \(method)"
        case .needsString(let method, let role):
            return "\(method) takes \(role.wanted)"
        case .unterminatedString:
            return "unterminated string"
        case .numberTooLarge(let method):
            return "\(method) takes a whole number up to \(Int32.max)"
        case .needsWholeNumber(let method):
            return "\(method) takes a whole number"
        case .negativeNumber(let method):
            return "\(method) takes a whole number from 0"
        case .needsClassName:
            return "className takes a class name: \"android.widget.Button\" or android.widget.Button"
        case .classNameWithClassSuffix:
            return "className takes the class name without `.class` (Appium looks it up with Class.forName)"
        case .expectedScrollableMethod:
            return "expected a UiScrollable method such as scrollIntoView(...)"
        case .unknownScrollableMethod(let name):
            return "UiScrollable has no `\(name)` method; its public methods are "
                + UiScrollableVocabulary.names.joined(separator: ", ")
        case .scrollableMismatch(let name, let given, let overloads):
            // Appium's refusal (`… doesn't have suitable method …`), with the overloads that exist.
            let givenText = given.isEmpty ? "no arguments" : given.map(\.written).joined(separator: ", ")
            let signatures = overloads.map { "\(name)(\($0.map(\.rawValue).joined(separator: ", ")))" }
            var message = "UiScrollable has no method \(name) taking \(givenText); it has " + signatures.joined(separator: " and ")
            if overloads.allSatisfy({ $0.contains(.double) || $0.contains(.object) }) {
                message += " (Appium cannot pass a \(overloads[0].contains(.double) ? "double" : "UiObject") to it)"
            }
            return message
        case .scrollableNeedsUiObject:
            // Appium's message (UiScrollableParser).
            return "Last method called on a UiScrollable object must return a UiObject object"
        case .unclosedScrollableArguments(let method):
            return "expected `,` or `)` closing \(method)"
        case .negativeChildInstance:
            return "getChildByInstance takes an instance from 0"
        }
    }
}

extension UiSelectorParseErrorKind.StringRole {
    /// What the method takes, as the object of "takes …".
    var wanted: String {
        switch self {
        case .text: "a string in double quotes"
        case .regex: "a regular expression in double quotes"
        case .className: "a class name"
        }
    }
}

extension UiSelectorParseErrorKind.ArgumentKind {
    /// The argument as the "no such overload" message names it.
    var written: String {
        switch self {
        case .selector: "a UiSelector"
        case .string: "a string"
        case .int: "an int"
        case .bool: "a boolean"
        case .other(let text): "`\(text)`"
        }
    }
}
