public import PCRE2Matching
public import SelectorCore

/// The pattern of WebDriverAgent's `matches(string, pattern)`: PCRE2, unanchored (a search, as
/// WebDriverAgent's NSRegularExpression-based extension does), with the `regex` engine's limits.
public final class XPathRegex: StringMatcher {
    let regex: PCRE2Regex
    /// The pattern as written.
    public let pattern: String

    public init(_ pattern: String, limits: PCRE2Limits = PCRE2Limits()) throws(PCRE2CompileError) {
        self.regex = try PCRE2Regex(pattern, options: [], limits: limits, jit: true)
        self.pattern = pattern
    }

    public func makeEvaluator() -> any StringEvaluator {
        PCRE2Evaluator(regex, wording: .init(site: description, matchDataSite: "for \(description)", explainsMatchLimit: true))
    }

    public var description: String { "matches(" + XPathLiteral.quoted(pattern) + ")" }
}
