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
    var options: PCRE2Regex.Options {
        var options: PCRE2Regex.Options = caseless ? [.caseless] : []
        if literal { return options.union(.literal) }
        if dotAll { options.insert(.dotAll) }
        if multiline { options.insert(.multiline) }
        return options
    }

    /// `pattern` compiled with these flags, unanchored (a search, as WebDriverAgent's
    /// NSRegularExpression-based extension does); a refusal's offset is in `pattern` as written.
    func compile(_ pattern: String, limits: PCRE2Limits) throws(PCRE2CompileError) -> PCRE2Regex {
        let (bytes, origins) = prepared(pattern)
        do {
            return try PCRE2Regex(String(decoding: bytes, as: UTF8.self), options: options, limits: limits, jit: true)
        } catch {
            var e = error
            e.patternOffset = e.patternOffset < origins.count ? origins[e.patternOffset] : pattern.utf8.count
            throw e
        }
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
        self.regex = try parsed.compile(pattern, limits: limits)
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
/// subject with its groups through `PCRE2Evaluator.find` (the `regex` engine's evaluator, which
/// `matches()` uses, only asks whether one matches).
final class XPathPattern: Sendable {
    /// The pattern and flags as written.
    let pattern: String
    let flags: XPathRegexFlags
    let regex: PCRE2Regex
    /// Whether the pattern matches "" (XPath 2: then `replace()` and `tokenize()` are errors).
    let matchesEmpty: Bool

    init(_ pattern: String, flags: XPathRegexFlags, limits: PCRE2Limits = PCRE2Limits()) throws(PCRE2CompileError) {
        self.pattern = pattern
        self.flags = flags
        self.regex = try flags.compile(pattern, limits: limits)
        // An error here (a limit on "") counts as no match, as a match would need to finish.
        let probe = PCRE2Evaluator(regex, wording: Self.wording(pattern))
        let empty: [UInt8] = []
        matchesEmpty = (try? empty.withUnsafeBufferPointer { b throws(SelectorError) in try probe.matches(b) }) ?? false
    }

    /// A matcher for one evaluation: under `deadline` a long subject is searched with the guarded
    /// code, as every PCRE2 match is.
    func matcher(_ deadline: QueryDeadline) -> XPathPatternMatcher {
        let search = PCRE2Evaluator(regex, wording: Self.wording(pattern), groups: true)
        search.useDeadline(deadline)
        return XPathPatternMatcher(pattern: self, search: search)
    }

    /// Errors name the pattern as written: "regex match limit exceeded in 'a+' (PCRE2: …)".
    private static func wording(_ pattern: String) -> PCRE2Evaluator.Wording {
        let quoted = XPathLiteral.quoted(pattern)
        return .init(site: quoted, matchDataSite: "for \(quoted)", explainsMatchLimit: true)
    }
}

/// One evaluation's use of an `XPathPattern`: the pattern's flags, with the evaluator that owns
/// the match data its matches and groups are read from.
struct XPathPatternMatcher {
    let pattern: XPathPattern
    let search: PCRE2Evaluator
}
