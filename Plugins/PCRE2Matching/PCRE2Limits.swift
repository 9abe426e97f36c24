/// Bounds on one PCRE2 match, set through the pattern's match context (`regex` and `MATCHES` alike).
///
/// A label is short, so an honest pattern needs a tiny fraction of these; a catastrophic one
/// (`/^(a+)+$/` against forty a's and a b) hits the match limit within milliseconds instead of
/// running for minutes. PCRE2's own defaults (10,000,000 calls) allow seconds per label.
public struct PCRE2Limits: Sendable, Equatable {
    /// Most calls of PCRE2's internal `match()` (backtracking steps) per subject; JIT honours it too.
    public var matchLimit: UInt32
    /// Most nested backtracking frames per subject (interpreter only; the JIT's own stack, 32 KiB on
    /// the machine stack, bounds it there and reports `PCRE2_ERROR_JIT_STACKLIMIT`).
    public var depthLimit: UInt32

    public init(matchLimit: UInt32 = 1_000_000, depthLimit: UInt32 = 50_000) {
        self.matchLimit = matchLimit; self.depthLimit = depthLimit
    }
}
