public import PCRE2Matching
public import SelectorCore

/// Bounds on one `MATCHES` evaluation: the `regex` engine's `PCRE2Limits`, so a catastrophic
/// pattern stops the same way in both.
public typealias RegexMatchLimits = PCRE2Limits

/// A `MATCHES` pattern compiled by PCRE2, anchored at both ends as NSPredicate's whole-string match.
///
/// The compiled code and the per-thread evaluator are `PCRE2Matching`'s (shared with the `regex`
/// engine); this adds `[c]` and `[d]`, and names the clause in error messages.
public final class RegexMatcher: StringMatcher {
    let regex: PCRE2Regex
    /// The pattern as written in the predicate.
    public let pattern: String
    /// `[c]` and `[d]` as written after MATCHES.
    public let folding: StringFolding

    /// Why PCRE2 refused a pattern; `patternOffset` counts into the (folded) pattern.
    public typealias CompileError = PCRE2CompileError

    /// `[c]` is PCRE2's caseless mode; `[d]` folds the pattern and each subject (see `StringFolding`).
    public init(_ pattern: String, folding: StringFolding = [], limits: RegexMatchLimits = RegexMatchLimits(),
                jit: Bool = true) throws(CompileError) {
        var options: PCRE2Regex.Options = [.anchored, .endAnchored]
        if folding.contains(.caseInsensitive) { options.insert(.caseless) }
        let text = folding.contains(.diacriticInsensitive) ? StringFolding.diacriticInsensitive.apply(pattern) : pattern
        self.regex = try PCRE2Regex(text, options: options, limits: limits, jit: jit)
        self.pattern = pattern
        self.folding = folding
    }

    public func makeEvaluator() -> any StringEvaluator {
        let site = description
        let foldSubject: ((String) -> String)? = folding.contains(.diacriticInsensitive)
            ? { StringFolding.diacriticInsensitive.apply($0) } : nil
        return PCRE2Evaluator(regex, wording: .init(site: site, matchDataSite: "for \(site)", explainsMatchLimit: true),
                              foldSubject: foldSubject)
    }

    public var description: String { "MATCHES\(folding.modifier) \(SelectorLiteral.quoted(pattern))" }
}
