public import PCRE2Matching
public import SelectorCore

/// The engine's limits are the shared PCRE2 module's, under the name this engine has always used.
public typealias PCRE2Limits = PCRE2Matching.PCRE2Limits

/// A pattern compiled by PCRE2: the `StringMatcher` a `regex` step hands the core.
///
/// The compiled code, its limits and the per-thread evaluator are `PCRE2Matching`'s (shared with
/// the predicate engine's MATCHES); this adds what the engine's messages name: the step and the
/// pattern as written.
public final class PCRE2Pattern: StringMatcher {
    let regex: PCRE2Regex
    /// Whether `pcre2_jit_compile` succeeded, so matches go through `pcre2_jit_match`.
    public var usesJIT: Bool { regex.usesJIT }
    /// The 1-based step of the selector this pattern belongs to, for error messages.
    public let step: Int
    /// The pattern as written (`/^Row \d+$/i`).
    public let written: String

    typealias CompileError = PCRE2CompileError

    /// Compiles `pattern` (UTF-8, with `\/` already read as `/`) in UTF mode with `flags`.
    /// `jit: false` keeps the interpreter (tests use it to cover both match paths).
    init(_ pattern: String, flags: RegexFlags = [], written: String? = nil, step: Int = 1,
         limits: PCRE2Limits = PCRE2Limits(), jit: Bool = true) throws(CompileError) {
        var options: PCRE2Regex.Options = []
        if flags.contains(.caseless) { options.insert(.caseless) }
        if flags.contains(.multiline) { options.insert(.multiline) }
        if flags.contains(.dotAll) { options.insert(.dotAll) }
        if flags.contains(.extended) { options.insert(.extended) }
        if flags.contains(.unicodeProperties) { options.insert(.unicodeProperties) }
        self.regex = try PCRE2Regex(pattern, options: options, limits: limits, jit: jit)
        self.step = step
        self.written = written ?? "/\(pattern)/\(flags)"
    }

    public func makeEvaluator() -> any StringEvaluator {
        // PCRE2's text for a plain match limit only repeats ours, so the message leaves it out.
        PCRE2Evaluator(regex, wording: .init(site: "step \(step)", matchDataSite: "in step \(step)",
                                             explainsMatchLimit: false))
    }

    public var description: String { written }
}
