import CPCRE2
public import PCRE2Matching
public import SelectorCore

// The regular expressions of XPath 2's `matches()`, `replace()` and `tokenize()`, which
// WebDriverAgent registers (`FBXPathExtensions.m`). Patterns are PCRE2's syntax (WebDriverAgent's
// are ICU's; XPath 2's are XML Schema's extended: for the patterns people write the three agree),
// in UTF mode, with the `regex` engine's match limits. Flags are XPath 2's (F&O 7.6.1.1):
// `s` dot-all, `m` multi-line, `i` case-insensitive, `x` whitespace in the pattern removed outside
// character classes (not PCRE2's extended mode, which would also read `#` as a comment), and, for
// `replace()` only, as WebDriverAgent allows it, XPath 3.0's `q`: pattern and replacement literal.

/// XPath 2 regex flags, read from a flags string.
public struct XPathRegexFlags: Sendable, Equatable {
    public var dotAll = false, multiline = false, caseless = false, stripWhitespace = false, literal = false

    public init() {}

    /// The flags in `text`, or the offset (in UTF-8 bytes) of the first character that is not one.
    /// `allowsLiteral`: whether `q` is a flag (WebDriverAgent accepts it in `replace()` only).
    static func parse(_ text: String, allowsLiteral: Bool) -> Result<XPathRegexFlags, XPathFlagError> {
        var f = XPathRegexFlags()
        var offset = 0
        for c in text.unicodeScalars {
            switch c {
            case "s": f.dotAll = true
            case "m": f.multiline = true
            case "i": f.caseless = true
            case "x": f.stripWhitespace = true
            case "q" where allowsLiteral: f.literal = true
            default: return .failure(XPathFlagError(flag: String(c), offset: offset))
            }
            offset += String(c).utf8.count
        }
        return .success(f)
    }

    /// PCRE2 compile options. With `q`, only `i` applies (XPath 3.0: `q` makes `m`, `s`, `x` void).
    var options: UInt32 {
        if literal { return PCRE2_LITERAL | (caseless ? PCRE2_CASELESS : 0) }
        return (dotAll ? PCRE2_DOTALL : 0) | (multiline ? PCRE2_MULTILINE : 0) | (caseless ? PCRE2_CASELESS : 0)
    }

    /// The pattern PCRE2 compiles, and for each of its bytes the offset in `pattern` it came from
    /// (for error columns): with `x`, whitespace outside `[…]` removed.
    func prepared(_ pattern: String) -> (bytes: [UInt8], origins: [Int]) {
        let source = Array(pattern.utf8)
        guard stripWhitespace && !literal else { return (source, Array(source.indices)) }
        var bytes: [UInt8] = [], origins: [Int] = []
        var inClass = false, escaped = false
        for (i, b) in source.enumerated() {
            let space = b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D
            if escaped { escaped = false } else if b == UInt8(ascii: "\\") { escaped = true }
            else if b == UInt8(ascii: "[") { inClass = true } else if b == UInt8(ascii: "]") { inClass = false }
            else if space && !inClass { continue }
            bytes.append(b); origins.append(i)
        }
        return (bytes, origins)
    }
}

/// A flag character XPath 2 does not define.
struct XPathFlagError: Error {
    let flag: String
    /// UTF-8 offset in the flags string.
    let offset: Int
}

/// The pattern of `matches(string, pattern[, flags])`: PCRE2, unanchored (a search, as
/// WebDriverAgent's NSRegularExpression-based extension does), with the `regex` engine's limits.
public final class XPathRegex: StringMatcher {
    let regex: PCRE2Regex
    /// The pattern as written.
    public let pattern: String
    /// The flags as written.
    public let flags: String

    public convenience init(_ pattern: String, limits: PCRE2Limits = PCRE2Limits()) throws(PCRE2CompileError) {
        try self.init(pattern, flags: XPathRegexFlags(), text: "", limits: limits)
    }

    /// `flags` parsed from `text`, which the expression printer shows.
    init(_ pattern: String, flags parsed: XPathRegexFlags, text flags: String,
         limits: PCRE2Limits = PCRE2Limits()) throws(PCRE2CompileError) {
        let (bytes, origins) = parsed.prepared(pattern)
        do {
            self.regex = try PCRE2Regex(String(decoding: bytes, as: UTF8.self),
                                        options: PCRE2Regex.Options(rawValue: parsed.options), limits: limits, jit: true)
        } catch {
            var e = error
            e.patternOffset = e.patternOffset < origins.count ? origins[e.patternOffset] : pattern.utf8.count
            throw e
        }
        self.pattern = pattern
        self.flags = flags
    }

    public func makeEvaluator() -> any StringEvaluator {
        PCRE2Evaluator(regex, wording: .init(site: description, matchDataSite: "for \(description)", explainsMatchLimit: true))
    }

    public var description: String {
        "matches(" + XPathLiteral.quoted(pattern) + (flags.isEmpty ? "" : ", " + XPathLiteral.quoted(flags)) + ")"
    }
}

/// The pattern of `replace()` or `tokenize()`: compiled once, matched for every match in a
/// subject with its groups (the `regex` engine's evaluator only answers whether one matches).
///
/// `@unchecked Sendable`: after `init` nothing mutates the code or the match context, which PCRE2
/// allows threads to share (pcre2api(3), "Multithreading"); per-evaluation state lives in
/// `XPathPatternMatcher`.
final class XPathPattern: @unchecked Sendable {
    /// Why PCRE2 refused a pattern, at a byte of the pattern as written.
    struct CompileError: Error {
        var message: String
        var patternOffset: Int
    }

    /// The pattern and flags as written.
    let pattern: String
    let flags: XPathRegexFlags
    let code: OpaquePointer
    let matchContext: OpaquePointer
    let usesJIT: Bool
    /// Capturing groups.
    let groups: Int
    /// The bytes and options compiled, for the guarded copy a long subject under a deadline runs.
    let compiled: [UInt8]
    let options: UInt32
    /// Whether the pattern matches "" (XPath 2: then `replace()` and `tokenize()` are errors).
    private(set) var matchesEmpty = false

    init(_ pattern: String, flags: XPathRegexFlags, limits: PCRE2Limits = PCRE2Limits()) throws(CompileError) {
        let (bytes, origins) = flags.prepared(pattern)
        // PCRE2_LITERAL refuses every option but a few (CASELESS and UTF among them); a literal
        // pattern has no `\C` to forbid anyway.
        let options = PCRE2_UTF | (flags.literal ? 0 : PCRE2_NEVER_BACKSLASH_C) | flags.options
        var errorCode: Int32 = 0, errorOffset = 0
        guard let code = Self.compile(bytes, options, &errorCode, &errorOffset) else {
            throw CompileError(message: PCRE2Regex.message(for: errorCode),
                                    patternOffset: errorOffset < origins.count ? origins[errorOffset] : pattern.utf8.count)
        }
        guard let context = pcre2_match_context_create_8(nil) else {
            pcre2_code_free_8(code)
            throw CompileError(message: "out of memory creating a PCRE2 match context", patternOffset: 0)
        }
        pcre2_set_match_limit_8(context, limits.matchLimit)
        pcre2_set_depth_limit_8(context, limits.depthLimit)
        var count: UInt32 = 0
        pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_CAPTURECOUNT), &count)
        self.pattern = pattern
        self.flags = flags
        self.code = code
        self.matchContext = context
        self.groups = Int(count)
        self.compiled = bytes
        self.options = options
        self.usesJIT = pcre2_jit_compile_8(code, PCRE2_JIT_COMPLETE) == 0
        let probe = XPathPatternMatcher(self)
        var empty: [UInt8] = []
        empty.reserveCapacity(1)
        matchesEmpty = (try? empty.withUnsafeBufferPointer { b throws(SelectorError) in try probe.find(b, from: 0) != nil }) ?? false
    }

    deinit {
        pcre2_match_context_free_8(matchContext)
        pcre2_code_free_8(code)
    }

    static func compile(_ bytes: [UInt8], _ options: UInt32, _ errorCode: inout Int32, _ errorOffset: inout Int) -> OpaquePointer? {
        var zero: UInt8 = 0
        return bytes.withUnsafeBufferPointer { buffer in
            withUnsafePointer(to: &zero) { z in
                pcre2_compile_8(buffer.baseAddress ?? z, buffer.count, options, &errorCode, &errorOffset, nil)
            }
        }
    }
}

/// One evaluation's use of an `XPathPattern`: its match data, and under a deadline a callout that
/// reads the clock while a long subject is searched (the match limit counts backtracking, not the
/// characters one item consumes, so it alone does not stop `a{60000}$` tried at every start of a
/// megabyte label; the same guard as `PCRE2Evaluator`'s).
final class XPathPatternMatcher {
    let pattern: XPathPattern
    private let matchData: OpaquePointer?
    private var deadline = QueryDeadline.none
    private var state: UnsafeMutablePointer<XPathCalloutState>?
    private var guardedContext: OpaquePointer?
    private var guardedCode: OpaquePointer?
    private var guardedJIT = false
    /// Subjects up to this many bytes run the plain code (as `PCRE2Evaluator.guardThreshold`).
    static let guardThreshold = 1024

    init(_ pattern: XPathPattern) {
        self.pattern = pattern
        matchData = pcre2_match_data_create_8(UInt32(pattern.groups + 1), nil)
    }

    deinit {
        if let matchData { pcre2_match_data_free_8(matchData) }
        if let guardedContext { pcre2_match_context_free_8(guardedContext) }
        if let guardedCode { pcre2_code_free_8(guardedCode) }
        if let state { state.deinitialize(count: 1); state.deallocate() }
    }

    func useDeadline(_ deadline: QueryDeadline) { self.deadline = deadline }

    /// The byte range of group `k` (0: the whole match) of the last successful `find`; nil when
    /// the group did not take part.
    func group(_ k: Int) -> Range<Int>? {
        guard let matchData, k <= pattern.groups else { return nil }
        let ovector = pcre2_get_ovector_pointer_8(matchData)!
        let start = ovector[2 * k], end = ovector[2 * k + 1]
        if start == ~0 { return nil }
        return Int(start)..<Int(end)
    }

    /// The first match at or after byte `offset` (a character boundary), as its whole range.
    func find(_ subject: UnsafeBufferPointer<UInt8>, from offset: Int) throws(SelectorError) -> Range<Int>? {
        guard let matchData else {
            throw SelectorError(.evaluation, "out of memory creating PCRE2 match data for \(XPathLiteral.quoted(pattern.pattern))")
        }
        var code = pattern.code, context = pattern.matchContext, jit = pattern.usesJIT
        if subject.count > Self.guardThreshold && deadline.isSet, let guarded = guarded() {
            try deadline.check()
            state!.pointee.countdown = XPathCalloutState.interval
            code = guarded.code; context = guarded.context; jit = guarded.jit
        }
        var zero: UInt8 = 0
        let rc: Int32 = withUnsafePointer(to: &zero) { z in
            let base = subject.baseAddress ?? z
            return jit ? pcre2_jit_match_8(code, base, subject.count, offset, 0, matchData, context)
                : pcre2_match_8(code, base, subject.count, offset, 0, matchData, context)
        }
        if rc >= 0 { return group(0) }
        switch rc {
        case PCRE2_ERROR_NOMATCH: return nil
        case PCRE2_ERROR_CALLOUT: throw QueryBudget.deadlineError
        case PCRE2_ERROR_MATCHLIMIT, PCRE2_ERROR_DEPTHLIMIT, PCRE2_ERROR_HEAPLIMIT, PCRE2_ERROR_JIT_STACKLIMIT:
            throw SelectorError(.limit, "regex match limit exceeded in \(XPathLiteral.quoted(pattern.pattern)) (PCRE2: \(PCRE2Regex.message(for: rc)))")
        default:
            throw SelectorError(.evaluation, "regex match failed in \(XPathLiteral.quoted(pattern.pattern)): \(PCRE2Regex.message(for: rc))")
        }
    }

    /// The pattern compiled again with a callout before every item, built the first time a long
    /// subject is searched under a deadline; nil if PCRE2 could not build it.
    private func guarded() -> (code: OpaquePointer, context: OpaquePointer, jit: Bool)? {
        if let guardedCode, let guardedContext { return (guardedCode, guardedContext, guardedJIT) }
        var errorCode: Int32 = 0, errorOffset = 0
        guard let code = XPathPattern.compile(pattern.compiled, pattern.options | PCRE2_AUTO_CALLOUT, &errorCode, &errorOffset) else { return nil }
        guard let context = pcre2_match_context_copy_8(pattern.matchContext) else { pcre2_code_free_8(code); return nil }
        let s = UnsafeMutablePointer<XPathCalloutState>.allocate(capacity: 1)
        s.initialize(to: XPathCalloutState(deadline: deadline))
        pcre2_set_callout_8(context, xpathDeadlineCallout, UnsafeMutableRawPointer(s))
        state = s
        guardedCode = code
        guardedContext = context
        guardedJIT = pcre2_jit_compile_8(code, PCRE2_JIT_COMPLETE) == 0
        return (code, context, guardedJIT)
    }
}

/// What the guarded code's callout reads: the deadline, and callouts left until the next clock read.
struct XPathCalloutState {
    static let interval: Int32 = 32
    var deadline: QueryDeadline
    var countdown: Int32 = interval
}

/// 0 lets the match go on; `PCRE2_ERROR_CALLOUT` abandons it once the deadline has passed (a
/// positive value would only fail this path and let PCRE2 try the next start).
private func xpathDeadlineCallout(_ block: UnsafeMutablePointer<pcre2_callout_block_8>?, _ data: UnsafeMutableRawPointer?) -> Int32 {
    guard let state = data?.assumingMemoryBound(to: XPathCalloutState.self) else { return 0 }
    state.pointee.countdown -= 1
    guard state.pointee.countdown <= 0 else { return 0 }
    state.pointee.countdown = XPathCalloutState.interval
    return state.pointee.deadline.hasPassed ? PCRE2_ERROR_CALLOUT : 0
}
