import CPCRE2
public import SelectorCore

/// A pattern compiled by PCRE2: the `StringMatcher` a `regex` step hands the core.
///
/// It lives in the compiled selector, so the selector cache keeps it compiled (and JIT-compiled)
/// across queries and trees; the PCRE2 code and match context are freed when the last program
/// holding it goes. Per-thread scratch space is in `PCRE2Evaluator`, never here.
///
/// `@unchecked Sendable` is sound: after `init` returns nothing mutates the code or the match
/// context, and the PCRE2 documentation ("Multithreading" in pcre2api(3)) says a compiled pattern,
/// JIT code included, and a match context may be shared by threads running matches at once, as
/// long as each thread has its own match data — which each evaluator owns.
public final class PCRE2Pattern: StringMatcher, @unchecked Sendable {
    /// The `pcre2_code`.
    let code: OpaquePointer
    /// The `pcre2_match_context` carrying the limits; read-only once built.
    let matchContext: OpaquePointer
    /// Whether `pcre2_jit_compile` succeeded, so matches go through `pcre2_jit_match`.
    public let usesJIT: Bool
    /// The 1-based step of the selector this pattern belongs to, for error messages.
    public let step: Int
    /// The pattern as written (`/^Row \d+$/i`).
    public let written: String

    /// Why `pcre2_compile` refused a pattern.
    struct CompileError: Error {
        var message: String
        /// Byte offset in the pattern PCRE2 handed back.
        var patternOffset: Int
    }

    /// Compiles `pattern` (UTF-8, with `\/` already read as `/`) in UTF mode with `flags`.
    /// `jit: false` keeps the interpreter (tests use it to cover both match paths).
    init(_ pattern: String, flags: RegexFlags = [], written: String? = nil, step: Int = 1,
         limits: PCRE2Limits = PCRE2Limits(), jit: Bool = true) throws(CompileError) {
        var options = PCRE2_UTF | PCRE2_NEVER_BACKSLASH_C
        if flags.contains(.caseless) { options |= PCRE2_CASELESS }
        if flags.contains(.multiline) { options |= PCRE2_MULTILINE }
        if flags.contains(.dotAll) { options |= PCRE2_DOTALL }
        if flags.contains(.extended) { options |= PCRE2_EXTENDED }
        if flags.contains(.unicodeProperties) { options |= PCRE2_UCP }

        var errorCode: Int32 = 0
        var errorOffset = 0
        var bytes = Array(pattern.utf8)
        if bytes.isEmpty { bytes = [0] }  // a valid pointer for the empty pattern (length stays 0)
        let compiled = bytes.withUnsafeBufferPointer {
            pcre2_compile_8($0.baseAddress, pattern.utf8.count, options, &errorCode, &errorOffset, nil)
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
        // JIT before the code is shared: pcre2_jit_compile mutates the code. It fails only where
        // JIT is unsupported or out of memory; the interpreter then runs the same pattern.
        self.usesJIT = jit && pcre2_jit_compile_8(compiled, PCRE2_JIT_COMPLETE) == 0
        self.step = step
        self.written = written ?? "/\(pattern)/\(flags)"
    }

    deinit {
        pcre2_match_context_free_8(matchContext)
        pcre2_code_free_8(code)
    }

    public func makeEvaluator() -> any StringEvaluator { PCRE2Evaluator(self) }

    public var description: String { written }

    /// PCRE2's text for an error code (compile or match).
    static func message(for errorCode: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = pcre2_get_error_message_8(errorCode, &buffer, buffer.count)
        guard length > 0 else { return "PCRE2 error \(errorCode)" }
        return String(decoding: buffer[0..<Int(length)], as: UTF8.self)
    }
}
