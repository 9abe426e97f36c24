import CPCRE2
import SelectorCore

/// Why `pcre2_compile` refused a pattern.
public struct PCRE2CompileError: Error, Sendable {
    public var message: String
    /// Byte offset in the pattern PCRE2 compiled (after any folding the caller applied).
    public var patternOffset: Int

    /// An error for a pattern a caller refuses before PCRE2 sees it (xpath's flags, for one).
    public init(message: String, patternOffset: Int) {
        self.message = message; self.patternOffset = patternOffset
    }
}

/// A pattern compiled by PCRE2 in UTF mode, with its match limits: what the `regex` engine's
/// `PCRE2Pattern`, the predicate engine's `MATCHES`, UiSelector's `…Matches` and xpath's
/// `matches()`, `replace()` and `tokenize()` all run.
///
/// It lives in a compiled selector, so the selector cache keeps it compiled (and JIT-compiled)
/// across queries and trees; the PCRE2 code and match context are freed when the last program
/// holding it goes. Per-thread scratch space is in `PCRE2Evaluator`, never here.
///
/// `@unchecked Sendable` is sound: after `init` returns nothing mutates the code or the match
/// context, and the PCRE2 documentation ("Multithreading" in pcre2api(3)) says a compiled pattern,
/// JIT code included, and a match context may be shared by threads running matches at once, as
/// long as each thread has its own match data — which each evaluator owns. The guarded code is
/// built once, under a lock, and then only read.
package final class PCRE2Regex: @unchecked Sendable {
    /// Compile options on top of UTF mode, which is always on.
    package struct Options: OptionSet, Sendable {
        package let rawValue: UInt32
        package init(rawValue: UInt32) { self.rawValue = rawValue }

        package static let caseless = Options(rawValue: PCRE2_CASELESS)
        package static let multiline = Options(rawValue: PCRE2_MULTILINE)
        package static let dotAll = Options(rawValue: PCRE2_DOTALL)
        package static let extended = Options(rawValue: PCRE2_EXTENDED)
        package static let unicodeProperties = Options(rawValue: PCRE2_UCP)
        package static let anchored = Options(rawValue: PCRE2_ANCHORED)
        package static let endAnchored = Options(rawValue: PCRE2_ENDANCHORED)
        /// The pattern is text, not syntax (XPath 3.0's `q`). PCRE2 then accepts only a few other
        /// options (caseless and the anchors among them), so `init` leaves out
        /// `PCRE2_NEVER_BACKSLASH_C`, which a literal pattern has no use for anyway.
        package static let literal = Options(rawValue: PCRE2_LITERAL)
    }

    /// The `pcre2_code`.
    let code: OpaquePointer
    /// The `pcre2_match_context` carrying the limits; read-only once built.
    let matchContext: OpaquePointer
    /// Whether `pcre2_jit_compile` succeeded, so matches go through `pcre2_jit_match`.
    package let usesJIT: Bool
    /// Capturing groups in the pattern (`PCRE2_INFO_CAPTURECOUNT`), for `PCRE2Evaluator.find`.
    package let captureCount: Int
    /// The pattern and options `init` compiled, kept to compile the guarded code on demand.
    private let pattern: [UInt8]
    private let compileOptions: UInt32
    private let jitRequested: Bool
    /// The guarded code, built the first time a long subject is matched under a deadline: most
    /// patterns never see one, and it costs as much memory as the pattern. nil until then;
    /// `.some(nil)` when PCRE2 could not compile it.
    private let guardedSlot = Locked<GuardedCode??>(nil)

    /// Compiles `pattern` (UTF-8). `jit: false` keeps the interpreter (tests use it to cover both
    /// match paths).
    package init(_ pattern: String, options: Options, limits: PCRE2Limits, jit: Bool) throws(PCRE2CompileError) {
        var errorCode: Int32 = 0
        var errorOffset = 0
        let bytes = Array(pattern.utf8)
        let flags = PCRE2_UTF | (options.contains(.literal) ? 0 : PCRE2_NEVER_BACKSLASH_C) | options.rawValue
        guard let compiled = Self.compile(bytes, flags, &errorCode, &errorOffset) else {
            throw PCRE2CompileError(message: Self.message(for: errorCode), patternOffset: errorOffset)
        }
        guard let context = pcre2_match_context_create_8(nil) else {
            pcre2_code_free_8(compiled)
            throw PCRE2CompileError(message: "out of memory creating a PCRE2 match context", patternOffset: 0)
        }
        pcre2_set_match_limit_8(context, limits.matchLimit)
        pcre2_set_depth_limit_8(context, limits.depthLimit)
        var captures: UInt32 = 0
        pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_CAPTURECOUNT), &captures)
        self.captureCount = Int(captures)
        self.code = compiled
        self.matchContext = context
        self.pattern = bytes
        self.compileOptions = flags
        self.jitRequested = jit
        // JIT before the code is shared: pcre2_jit_compile mutates the code. It fails only where
        // JIT is unsupported or out of memory; the interpreter then runs the same pattern.
        self.usesJIT = jit && pcre2_jit_compile_8(compiled, PCRE2_JIT_COMPLETE) == 0
    }

    deinit {
        pcre2_match_context_free_8(matchContext)
        pcre2_code_free_8(code)
    }

    /// The pattern with a callout before every item (`PCRE2_AUTO_CALLOUT`), so a match can read
    /// the clock while it runs: PCRE2's match limit counts backtracking, not the characters one
    /// item consumes, so it does not bound `/a{60000}$/` tried at each start of a megabyte label.
    /// Auto-possessification and the start optimizations apply as in the plain code, so it
    /// matches exactly what that matches, only about three times slower (callout points cost even
    /// with no callout function), hence only for long subjects. Nil if PCRE2 could not compile it
    /// again (out of memory).
    func guarded() -> GuardedCode? {
        guardedSlot.withLock { slot in
            if let built = slot { return built }
            var errorCode: Int32 = 0
            var errorOffset = 0
            let built = Self.compile(pattern, compileOptions | PCRE2_AUTO_CALLOUT, &errorCode, &errorOffset)
                .map { GuardedCode($0, jit: jitRequested) }
            slot = .some(built)
            return built
        }
    }

    private static func compile(_ bytes: [UInt8], _ options: UInt32, _ errorCode: inout Int32,
                                _ errorOffset: inout Int) -> OpaquePointer? {
        // The empty pattern still needs a valid pointer (its length stays 0).
        var empty: UInt8 = 0
        return bytes.withUnsafeBufferPointer { buffer in
            withUnsafePointer(to: &empty) { emptyPointer in
                pcre2_compile_8(buffer.baseAddress ?? emptyPointer, buffer.count, options, &errorCode, &errorOffset, nil)
            }
        }
    }

    /// PCRE2's text for an error code (compile or match).
    package static func message(for errorCode: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = pcre2_get_error_message_8(errorCode, &buffer, buffer.count)
        guard length > 0 else { return "PCRE2 error \(errorCode)" }
        return String(decoding: buffer[0..<Int(length)], as: UTF8.self)
    }
}

/// A `PCRE2Regex` compiled again with a callout before every item, for matches that must stop at
/// a deadline. Shared read-only by threads, like the plain code.
final class GuardedCode: @unchecked Sendable {
    let code: OpaquePointer
    let usesJIT: Bool

    init(_ code: OpaquePointer, jit: Bool) {
        self.code = code
        self.usesJIT = jit && pcre2_jit_compile_8(code, PCRE2_JIT_COMPLETE) == 0
    }

    deinit { pcre2_code_free_8(code) }
}
