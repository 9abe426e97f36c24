// Every word the `detox` engine says about a malformed matcher, in one place (PCRE2's own
// complaints about a regex pass through as PCRE2 words them).

extension DetoxParseErrorKind {
    /// The problem in words, without its position (`SelectorError` adds the column).
    var message: String {
        switch self {
        case .expected(let what):
            return "expected \(what.written)"
        case .onlyAtIndex:
            return "only .atIndex(n) may follow element(…)"
        case .secondAtIndex:
            return "a second .atIndex"
        case .textAfterMatcher:
            return "unexpected text after the matcher"
        case .expectedIndex:
            return "expected an index: a whole number from 0"
        case .nestingTooDeep(let limit):
            return "matchers nested deeper than \(limit)"
        case .expectedMatcher:
            return "expected a matcher: by.id(…), by.text(…), by.label(…), by.type(…), by.traits([…]) or by.value(…)"
        case .expectedMatcherName:
            return "expected a matcher name after by."
        case .ancestorWithDescendant:
            return "an ancestor matcher with .withDescendant is not supported here"
        case .descendantWithDescendant:
            return "a descendant matcher with its own .withDescendant is not supported here"
        case .typeNotPattern:
            return "by.type takes a class name, not a pattern"
        case .typeNeedsClassName:
            return "by.type takes a class name"
        case .unknownTrait(let name):
            return "unknown trait '\(name)'; Detox knows \(DetoxVocabulary.traitBits.keys.sorted().joined(separator: ", "))"
        case .unknownMatcher(let name):
            return "unknown matcher by.\(name); Detox has id, text, label, type, traits, value"
        case .needsStringOrRegex(let name):
            return "by.\(name) takes a string or a regular expression"
        case .invalidRegex(let pcre2Message):
            return "invalid regular expression: \(pcre2Message)"
        case .expectedString:
            return "expected a string in quotes"
        case .templateLiteral:
            return "a template literal with ${…} is not a fixed string"
        case .badUnicodeEscape:
            return "\\u takes four hex digits of a character"
        case .unterminatedString:
            return "unterminated string"
        case .unterminatedRegex:
            return "unterminated regular expression"
        case .unknownRegexFlag(let flag):
            return "unknown regular expression flag '\(flag)'"
        case .noTraits:
            return "by.traits takes at least one trait"
        }
    }
}

extension DetoxParseErrorKind.Expected {
    /// The token, as the object of "expected …".
    var written: String {
        switch self {
        case .openParenthesis(let name): "`(` after \(name)"
        case .closingParenthesis(let name): "`)` closing \(name)"
        case .dotAfterBy: "`.` after by"
        case .traitList: "a list of trait names in [ ]"
        case .traitListClose: "`]` closing the trait list"
        }
    }
}
