// Every word the `compose` engine says about a malformed or unreadable finder, in one place.

extension ComposeParseErrorKind {
    /// The problem in words, without its position (`SelectorError` adds the column).
    var message: String {
        switch self {
        case .expected(let what):
            return "expected \(what.written)"
        case .expectedIndex:
            return "expected an index: a whole number from 0"
        case .expectedFinder:
            return "expected a finder: onNodeWithTag(…), onNodeWithText(…), onNodeWithContentDescription(…), onNode(…) or onAllNodes…(…)"
        case .onRoot:
            return "onRoot needs the Compose root semantics node, which a recording does not mark"
        case .unknownFinder(let name):
            return "unknown finder \(name); Compose's are \(ComposeVocabulary.finders.keys.sorted().joined(separator: ", "))"
        case .pickNeedsCollection:
            return "[k] picks from a collection: use onAllNodes…(…)[k]"
        case .expectedCallAfterDot:
            return "expected a call after `.`"
        case .needsCollection(let call):
            return "\(call)() applies to a collection (onAllNodes…, onChildren(), onSiblings(), onAncestors())"
        case .needsOneNode(let call):
            return "\(call)() applies to one node: pick one first with [k], onFirst() or onLast()"
        case .notNavigation(let call):
            return "only finders and onChildren(), onChild(), onChildAt(k), onParent(), onSiblings(), onAncestors(), onFirst(), onLast(), get(k), [k], filter(…), filterToOne(…) may follow: \(call) is an action or assertion, not part of a selector"
        case .textAfterFinder:
            return "unexpected text after the finder"
        case .noSuchParameter(let call, let parameter, let takes):
            return "\(call) has no parameter \(parameter)" + (takes.isEmpty ? "" : "; it takes \(takes.joined(separator: ", "))")
        case .argumentTwice(let parameter):
            return "the argument \(parameter) is given twice"
        case .positionalAfterNamed:
            return "a positional argument after a named one"
        case .tooManyArguments(let call, let count):
            return "\(call) takes \(count == 0 ? "no arguments" : "at most \(count) argument\(count == 1 ? "" : "s")")"
        case .needsBoolean(let parameter):
            return "\(parameter) takes true or false"
        case .missingArgument(let call, let parameter):
            return "\(call) needs its \(parameter) argument"
        case .needsString(let parameter):
            return "\(parameter) takes a string in double quotes"
        case .stringTemplate:
            return "a string template ($…) is a variable, not a literal; write \\$ for a dollar sign"
        case .unterminatedRawString:
            return "unterminated raw string"
        case .unterminatedString:
            return "unterminated string"
        case .badUnicodeEscape:
            return "\\u takes four hexadecimal digits"
        case .unknownEscape(let letter):
            return "unknown escape \\\(letter); Kotlin's are \\t \\b \\n \\r \\' \\\" \\\\ \\$ \\uXXXX"
        case .nestingTooDeep(let limit):
            return "matchers nested deeper than \(limit)"
        case .expectedMatcherCall:
            return "expected and(…), or(…) or not() after `.`"
        case .badMatcherCall(let call):
            return "a matcher takes .and(…), .or(…) or .not(), not .\(call)"
        case .expectedFilter:
            return "expected a filter: hasTestTag(…), hasText(…), hasContentDescription(…), hasClickAction(), isEnabled(), …"
        case .refused(let name):
            return ComposeVocabulary.refused[name] ?? "unknown filter \(name)"
        case .unknownFilterListing(let name):
            return "unknown filter \(name); Compose's filters read here are \(ComposeVocabulary.filters.keys.sorted().joined(separator: ", "))"
        case .severalValues(let name, let property):
            return "\(name) with several values needs Compose's list of merged values; a recording holds one \(property) per view"
        case .unknownFilter(let name):
            return "unknown filter \(name)"
        }
    }
}

extension ComposeParseErrorKind.Expected {
    /// The token, as the object of "expected …".
    var written: String {
        switch self {
        case .openParenthesis(let name): "`(` after \(name)"
        case .closingParenthesis(let name): "`)` closing \(name)"
        case .closingIndex: "`]` closing the index"
        case .notTakesNoArguments: "`)`: not() takes no arguments"
        }
    }
}

extension ComposeVocabulary {
    /// Filters Compose has whose meaning a UiAutomator recording cannot decide, and why: the
    /// reasons are words users read, so they live here.
    static let refused: [String: String] = [
        "isSelectable": "isSelectable needs Compose's Selected key, which a recording does not keep: Compose records a selected tab as `selected` and any other selectable as `checked`, and an unselected one as both false like every other view",
        "isNotSelected": "isNotSelected needs Compose's Selected key (selectable and not selected), which a recording does not keep: an unselected view records `selected=\"false\"` whether or not it is selectable",
        "isRoot": "isRoot needs the Compose root semantics node, which a recording does not mark (the ComposeView is an ordinary view there)",
        "isDialog": "isDialog needs Compose's IsDialog key, which a recording does not hold",
        "isPopup": "isPopup needs Compose's IsPopup key, which a recording does not hold",
        "isHeading": "isHeading needs Compose's Heading key, which a UiAutomator recording does not hold",
        "isEditable": "isEditable needs Compose's IsEditable value, which a recording does not hold",
        "isHiddenFromAccessibility": "a view hidden from accessibility is not in a recording at all",
        "isInHiddenAccessibilitySubtree": "a view hidden from accessibility is not in a recording at all",
        "hasStateDescription": "hasStateDescription needs the state description, which a UiAutomator recording does not hold",
        "hasProgressBarRangeInfo": "hasProgressBarRangeInfo needs range info, which a UiAutomator recording does not hold",
        "hasImeAction": "hasImeAction needs the IME action, which a UiAutomator recording does not hold",
        "hasPerformImeAction": "hasPerformImeAction needs the view's action list, which a UiAutomator recording does not hold",
        "hasRequestFocusAction": "hasRequestFocusAction needs the view's action list, which a UiAutomator recording does not hold",
        "hasInsertTextAtCursorAction": "hasInsertTextAtCursorAction needs the view's action list, which a UiAutomator recording does not hold",
        "hasScrollToIndexAction": "hasScrollToIndexAction needs the view's action list, which a UiAutomator recording does not hold",
        "hasScrollToKeyAction": "hasScrollToKeyAction needs the view's action list, which a UiAutomator recording does not hold",
        "hasScrollToNodeAction": "hasScrollToNodeAction needs the view's action list, which a UiAutomator recording does not hold",
        "SemanticsMatcher": "SemanticsMatcher.expectValue/keyIsDefined read a semantics key (a Role, a custom property), which a recording does not hold: it records only what AccessibilityNodeInfo carries",
        "hasRole": "Compose roles are not in a recording: it records only the class name Compose derives from some roles",
    ]
}
