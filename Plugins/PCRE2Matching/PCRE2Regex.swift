import CPCRE2

/// Why `pcre2_compile` refused a pattern.
public struct PCRE2CompileError: Error, Sendable {
    public var message: String
    /// Byte offset in the pattern PCRE2 compiled (after any folding the caller applied).
    public var patternOffset: Int
}

/// A pattern compiled by PCRE2 in UTF mode, with its match limits: what the `regex` engine's
/// `PCRE2Pattern` and the predicate engine's `MATCHES` both run.
///
/// It lives in a compiled selector, so the selector cache keeps it compiled (and JIT-compiled)
/// across queries and trees; the PCRE2 code and match context are freed when the last program
/// holding it goes. Per-thread scratch space is in `PCRE2Evaluator`, never here.
///
/// `@unchecked Sendable` is sound: after `init` returns nothing mutates the code or the match
/// context, and the PCRE2 documentation ("Multithreading" in pcre2api(3)) says a compiled pattern,
/// JIT code included, and a match context may be shared by threads running matches at once, as
/// long as each thread has its own match data — which each evaluator owns.
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
    }

    /// The `pcre2_code`.
    let code: OpaquePointer
    /// The `pcre2_match_context` carrying the limits; read-only once built.
    let matchContext: OpaquePointer
    /// Whether `pcre2_jit_compile` succeeded, so matches go through `pcre2_jit_match`.
    package let usesJIT: Bool

    /// Compiles `pattern` (UTF-8). `jit: false` keeps the interpreter (tests use it to cover both
    /// match paths).
    package init(_ pattern: String, options: Options, limits: PCRE2Limits, jit: Bool) throws(PCRE2CompileError) {
        var errorCode: Int32 = 0
        var errorOffset = 0
        var bytes = Array(pattern.utf8)
        let length = bytes.count
        if bytes.isEmpty { bytes = [0] }  // a valid pointer for the empty pattern (length stays 0)
        let compiled = bytes.withUnsafeBufferPointer {
            pcre2_compile_8($0.baseAddress, length, PCRE2_UTF | PCRE2_NEVER_BACKSLASH_C | options.rawValue,
                            &errorCode, &errorOffset, nil)
        }
        guard let compiled else {
            throw PCRE2CompileError(message: Self.message(for: errorCode), patternOffset: errorOffset)
        }
        guard let context = pcre2_match_context_create_8(nil) else {
            pcre2_code_free_8(compiled)
            throw PCRE2CompileError(message: "out of memory creating a PCRE2 match context", patternOffset: 0)
        }
        pcre2_set_match_limit_8(context, limits.matchLimit)
        pcre2_set_depth_limit_8(context, limits.depthLimit)
        self.code = compiled
        self.matchContext = context
        // JIT before the code is shared: pcre2_jit_compile mutates the code. It fails only where
        // JIT is unsupported or out of memory; the interpreter then runs the same pattern.
        self.usesJIT = jit && pcre2_jit_compile_8(compiled, PCRE2_JIT_COMPLETE) == 0
    }

    deinit {
        pcre2_match_context_free_8(matchContext)
        pcre2_code_free_8(code)
    }

    /// PCRE2's text for an error code (compile or match).
    package static func message(for errorCode: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = pcre2_get_error_message_8(errorCode, &buffer, buffer.count)
        guard length > 0 else { return "PCRE2 error \(errorCode)" }
        return String(decoding: buffer[0..<Int(length)], as: UTF8.self)
    }
}
