import CPCRE2
public import SelectorCore

/// Bounds on one `MATCHES` evaluation: the same figures as the `regex` engine's `PCRE2Limits`
/// (Plugins/RegexLabel/PCRE2Limits.swift), so a catastrophic pattern stops the same way in both.
///
/// A copy rather than a dependency: this module is shared by plug-ins (class_chain among them) that
/// must not pull in another engine.
public struct RegexMatchLimits: Sendable, Equatable {
    /// Most backtracking steps per subject (PCRE2's match limit).
    public var matchLimit: UInt32
    /// Most nested backtracking frames per subject (interpreter only; the JIT has its own stack).
    public var depthLimit: UInt32

    public init(matchLimit: UInt32 = 1_000_000, depthLimit: UInt32 = 50_000) {
        self.matchLimit = matchLimit; self.depthLimit = depthLimit
    }
}

/// A `MATCHES` pattern compiled by PCRE2, anchored at both ends as NSPredicate's whole-string match.
///
/// Built as `RegexLabel`'s `PCRE2Pattern` is (Plugins/RegexLabel/PCRE2Pattern.swift): UTF mode,
/// JIT when available, limits in a match context. `@unchecked Sendable` for the same reason: after
/// `init` nothing mutates the code or the context, and pcre2api(3) allows sharing both between
/// threads that each own their match data (each evaluator does).
public final class RegexMatcher: StringMatcher, @unchecked Sendable {
    let code: OpaquePointer
    let matchContext: OpaquePointer
    let usesJIT: Bool
    /// The pattern as written in the predicate.
    public let pattern: String
    /// `[c]` and `[d]` as written after MATCHES.
    public let folding: StringFolding

    /// Why PCRE2 refused a pattern.
    public struct CompileError: Error, Sendable {
        public var message: String
        /// Byte offset into the (folded) pattern.
        public var patternOffset: Int
    }

    /// `[c]` is PCRE2's caseless mode; `[d]` folds the pattern and each subject (see `StringFolding`).
    public init(_ pattern: String, folding: StringFolding = [], limits: RegexMatchLimits = RegexMatchLimits(),
                jit: Bool = true) throws(CompileError) {
        var options = PCRE2_UTF | PCRE2_NEVER_BACKSLASH_C | PCRE2_ANCHORED | PCRE2_ENDANCHORED
        if folding.contains(.caseInsensitive) { options |= PCRE2_CASELESS }
        let text = folding.contains(.diacriticInsensitive) ? StringFolding.diacriticInsensitive.apply(pattern) : pattern
        var errorCode: Int32 = 0
        var errorOffset = 0
        var bytes = Array(text.utf8)
        let length = bytes.count
        if bytes.isEmpty { bytes = [0] }
        let compiled = bytes.withUnsafeBufferPointer {
            pcre2_compile_8($0.baseAddress, length, options, &errorCode, &errorOffset, nil)
        }
        guard let compiled else {
            throw CompileError(message: Self.message(for: errorCode), patternOffset: errorOffset)
        }
        guard let context = pcre2_match_context_create_8(nil) else {
            pcre2_code_free_8(compiled)
            throw CompileError(message: "out of memory creating a PCRE2 match context", patternOffset: 0)
        }
        pcre2_set_match_limit_8(context, limits.matchLimit)
        pcre2_set_depth_limit_8(context, limits.depthLimit)
        self.code = compiled
        self.matchContext = context
        self.usesJIT = jit && pcre2_jit_compile_8(compiled, PCRE2_JIT_COMPLETE) == 0
        self.pattern = pattern
        self.folding = folding
    }

    deinit {
        pcre2_match_context_free_8(matchContext)
        pcre2_code_free_8(code)
    }

    public func makeEvaluator() -> any StringEvaluator { RegexEvaluator(self) }

    public var description: String { "MATCHES\(folding.modifier) \(quoted(pattern))" }

    static func message(for errorCode: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = pcre2_get_error_message_8(errorCode, &buffer, buffer.count)
        guard length > 0 else { return "PCRE2 error \(errorCode)" }
        return String(decoding: buffer[0..<Int(length)], as: UTF8.self)
    }
}

/// One thread's use of a `RegexMatcher`: owns the match data.
final class RegexEvaluator: StringEvaluator {
    private let matcher: RegexMatcher
    private let matchData: OpaquePointer?
    private(set) var evaluations = 0

    init(_ matcher: RegexMatcher) {
        self.matcher = matcher
        self.matchData = pcre2_match_data_create_8(1, nil)
    }

    deinit {
        if let matchData { pcre2_match_data_free_8(matchData) }
    }

    func matches(_ subject: UnsafeBufferPointer<UInt8>) throws(SelectorError) -> Bool {
        guard let matchData else {
            throw SelectorError(.evaluation, "out of memory creating PCRE2 match data for \(matcher.description)")
        }
        evaluations += 1
        if matcher.folding.contains(.diacriticInsensitive) {
            let folded = Array(StringFolding.diacriticInsensitive.apply(String(decoding: subject, as: UTF8.self)).utf8)
            return try folded.withUnsafeBufferPointer { buffer throws(SelectorError) in try run(buffer, matchData) }
        }
        return try run(subject, matchData)
    }

    private func run(_ subject: UnsafeBufferPointer<UInt8>, _ matchData: OpaquePointer) throws(SelectorError) -> Bool {
        // PCRE2 wants a pointer even for an empty subject.
        var empty: UInt8 = 0
        let rc: Int32 = withUnsafePointer(to: &empty) { emptyPointer in
            let base = subject.baseAddress ?? emptyPointer
            return matcher.usesJIT
                ? pcre2_jit_match_8(matcher.code, base, subject.count, 0, 0, matchData, matcher.matchContext)
                : pcre2_match_8(matcher.code, base, subject.count, 0, 0, matchData, matcher.matchContext)
        }
        if rc >= 0 { return true }
        switch rc {
        case PCRE2_ERROR_NOMATCH:
            return false
        case PCRE2_ERROR_MATCHLIMIT, PCRE2_ERROR_DEPTHLIMIT, PCRE2_ERROR_HEAPLIMIT, PCRE2_ERROR_JIT_STACKLIMIT:
            throw SelectorError(.limit, "regex match limit exceeded in \(matcher.description) (PCRE2: \(RegexMatcher.message(for: rc)))")
        default:
            throw SelectorError(.evaluation, "regex match failed in \(matcher.description): \(RegexMatcher.message(for: rc))")
        }
    }
}
