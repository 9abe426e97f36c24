// Every word the `espresso` engine says about a malformed or unreadable matcher, in one place
// (PCRE2's own complaints about a pattern pass through as PCRE2 words them).

extension EspressoParseErrorKind {
    /// The problem in words, without its position (`SelectorError` adds the column).
    var message: String {
        switch self {
        case .unterminatedBacktickName:
            return "unterminated `name` in backticks"
        case .expectedOnViewOrMatcher:
            return "expected onView(…) or a view matcher"
        case .unknownReceiver(let name):
            return "unknown receiver of \(name)"
        case .onData:
            return "onData selects adapter data, not views: only onView(…) is read"
        case .onViewArity:
            return "onView takes one view matcher"
        case .textAfterMatcher:
            return "unexpected text after the matcher"
        case .expectedInteraction:
            return "expected .perform(…) or .check(…)"
        case .inRoot:
            return "inRoot picks another window, which a recording does not tell apart"
        case .onlyPerformOrCheck:
            return "only .perform(…) and .check(…) may follow onView(…)"
        case .openParenthesisAfterInteraction(let name):
            return "expected `(` after .\(name)"
        case .unterminatedString:
            return "unterminated string"
        case .unclosedParenthesis:
            return "unclosed `(`"
        case .nestingTooDeep(let limit):
            return "matchers nested deeper than \(limit)"
        case .expectedMatcher:
            return "expected a matcher"
        case .characterLiteral:
            return "a character literal is not a string: use double quotes"
        case .expectedClassAfterColons:
            return "expected class after ::"
        case .expectedMemberAfterDot:
            return "expected a member after `.`"
        case .unexpectedClassMember(let member):
            return "unexpected .\(member) on a class literal"
        case .expectedNameAfterDot:
            return "expected a name after `.`"
        case .unclosedCall(let name):
            return "expected `)` closing \(name)("
        case .expectedWholeNumber:
            return "expected a whole number"
        case .expectedString:
            return "expected a string in double quotes"
        case .kotlinTemplate:
            return "a Kotlin template ($…) is not a fixed string"
        case .badUnicodeEscape:
            return "\\u takes four hex digits of a character"
        case .unknownEscape(let letter):
            return "unknown escape \\\(letter)"
        case .expectedViewMatcher:
            return "expected a view matcher such as withId(R.id.name) or withText(\"…\")"
        case .takesOneArgument(let name):
            return "\(name) takes one argument"
        case .takesNoArgument(let name):
            return "\(name) takes no argument"
        case .withSubstringNeedsString:
            return "withSubstring takes a string"
        case .badVisibility:
            return "withEffectiveVisibility takes Visibility.VISIBLE, INVISIBLE or GONE"
        case .badParentIndex:
            return "withParentIndex takes an index from 0"
        case .matcherInsideMatcher(let name):
            return "\(name) inside a matcher"
        case .unreadable(let name):
            return "\(name) is not read on a recording: \(EspressoVocabulary.unreadable[name] ?? "")"
        case .stringMatcherAsViewMatcher(let name):
            return "\(name) matches a string, not a view"
        case .unknownViewMatcher(let name):
            return "unknown view matcher \(name)"
        case .resourceText(let name):
            return "\(name) with a resource id cannot be read on a recording: write the text in quotes"
        case .withIdNeedsId:
            return "withId takes an id such as R.id.name"
        case .numericId:
            return "a numeric id cannot be read on a recording: write R.id.name"
        case .expectedClassLiteral:
            return "expected a class literal such as Button::class.java or Button.class"
        case .takesString(let name):
            return "\(name) takes a string"
        case .takesRegex(let name):
            return "\(name) takes a regular expression in a string"
        case .invalidRegex(let pcre2Message):
            return "invalid regular expression: \(pcre2Message)"
        case .viewMatcherAsStringMatcher(let owner, let name):
            return "\(owner) takes a string or a string matcher, not the view matcher \(name)"
        case .unknownStringMatcher(let name):
            return "unknown string matcher \(name)"
        case .needsStringMatcher(let owner):
            return "\(owner) takes a string or a string matcher such as containsString(\"…\")"
        }
    }
}

extension EspressoVocabulary {
    /// Matchers Espresso has that read what a recording does not hold, and why: the reasons are
    /// words users read, so they live here.
    static let unreadable: [String: String] = [
        "isCompletelyDisplayed": "it needs the screen's size and the view's scale",
        "isDisplayingAtLeast": "it needs the screen's size and the view's scale",
        "withTagValue": "a UiAutomator recording holds no view tags",
        "withTagKey": "a UiAutomator recording holds no view tags",
        "withSpinnerText": "a recording does not say which item a Spinner selected",
        "hasErrorText": "a UiAutomator recording holds no error texts",
        "withInputType": "a UiAutomator recording holds no input types",
        "supportsInputMethods": "a recording does not say which views take input methods",
        "hasImeAction": "a UiAutomator recording holds no IME actions",
        "hasLinks": "a UiAutomator recording holds no links",
        "isJavascriptEnabled": "a recording holds no WebView settings",
        "withAlpha": "a UiAutomator recording holds no alpha",
        "hasBackground": "a recording holds no drawables",
        "hasTextColor": "a recording holds no colours",
        "hasChildCount": "it is not read yet: count the children with withChild",
        "hasMinimumChildCount": "it is not read yet: count the children with withChild",
        "isPlatformPopup": "a recording does not tell popups apart",
    ]
}
