public import PCRE2Matching
public import SelectorCore

/// A UiSelector `…Matches` pattern: Java's `Matcher.matches()`, a whole-string match, run by PCRE2
/// anchored at both ends with the shared match limits.
public final class JavaRegexMatcher: StringMatcher {
    let regex: PCRE2Regex
    /// The method that took the pattern (`textMatches`), for messages.
    public let method: String
    /// The pattern as written.
    public let pattern: String

    /// Compiles `pattern`; `PCRE2CompileError.patternOffset` counts bytes into it.
    public init(method: String, pattern: String, limits: PCRE2Limits = PCRE2Limits(), jit: Bool = true) throws(PCRE2CompileError) {
        self.regex = try PCRE2Regex(pattern, options: [.anchored, .endAnchored], limits: limits, jit: jit)
        self.method = method
        self.pattern = pattern
    }

    public func makeEvaluator() -> any StringEvaluator {
        PCRE2Evaluator(regex, wording: .init(site: description, matchDataSite: "for \(description)", explainsMatchLimit: true))
    }

    public var description: String { "\(method)(\(SelectorLiteral.quoted(pattern)))" }
}
