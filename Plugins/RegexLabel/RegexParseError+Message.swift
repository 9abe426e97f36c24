// Every word the `regex` engine says about a malformed selector, in one place (PCRE2's own
// complaints pass through as PCRE2 words them).

extension RegexParseErrorKind {
    /// The problem in words, without its position (`SelectorError` adds the column).
    var message: String {
        switch self {
        case .emptySelector:
            return "empty selector: write at least one step, such as /^OK$/ or UIButton"
        case .expectedPropertyName:
            return "expected a property name after '@'"
        case .expectedPattern(let name):
            return "expected /pattern/ after @\(name)"
        case .unexpectedCharacter(let c):
            return "unexpected '\(c)': a step is [ClassName] [@property] /pattern/flags"
        case .unterminatedPattern:
            return "unterminated pattern: no closing '/' (write '/' inside a pattern as '\\/')"
        case .unknownFlag(let c):
            return "unknown regex flag '\(c)'; the flags are i, m, s, x and u"
        case .expectedWhitespaceAfterFlags(let c):
            return "expected whitespace after the pattern's flags, found '\(c)'"
        case .repeatedFlag(let c):
            return "regex flag '\(c)' is given twice"
        case .invalidPattern(let step, let pcre2Message):
            return "invalid pattern in step \(step): \(pcre2Message)"
        }
    }
}
