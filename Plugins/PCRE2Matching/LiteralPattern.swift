public import SelectorCore

// Patterns that are text: the regex engine's `/^Row 7-/` asks for a prefix, `/^Delete$/` for (almost) equality, and the
// core answers those with its own string tests: a prefix or a substring by comparing bytes over
// each distinct value, an equality by one lookup in the value pool instead of a pass over it. A
// PCRE2 matcher is opaque to the core, so the same meaning cost up to five times as much written
// as a regex (issue 30). Only patterns whose PCRE2 meaning the core's test has exactly are
// compiled so; every other pattern stays with PCRE2.
//
// Why each accepted form is exact (subjects are valid UTF-8, patterns compile in UTF mode):
// - A literal character in a pattern matches that code point and no other, so a run of them
//   matches where the subject has the same bytes; the core compares bytes (a literal's first byte
//   is never a continuation byte, so a byte match starts on a character).
// - Unanchored PCRE2 search finds the run anywhere (`contains`); `^` outside multiline mode and
//   `\A` only at the start (`hasPrefix`); `\z` only at the end (`hasSuffix`). `$` outside multiline
//   mode and `\Z` match at the end *or before a newline that ends the subject*, so those forms also
//   accept the text followed by one newline: each newline sequence PCRE2's build recognises is an
//   alternative (`finalNewlines`, asked of PCRE2 itself).
// - Both anchors: equality, which the core decides by a pool lookup that treats canonically
//   equivalent spellings as one (`"K"` finds the Kelvin sign, U+212A). Only three non-ASCII
//   characters are canonically equivalent to ASCII text (U+212A `K`, U+037E `;`, U+1FEF `` ` ``),
//   so an ASCII literal without `K`, `;` or `` ` `` has no other spelling and the lookup is exact;
//   any other text, with both anchors, stays with PCRE2.
// - `i` (caseless) changes nothing for ASCII text without letters (no other character folds to an
//   ASCII digit or punctuation mark), which is then compared as written; with a letter it stays
//   with PCRE2 (PCRE2 folds `k` with the Kelvin sign and `s` with `ſ`; the core lower-cases).
//   `s` and `u` change nothing for text. `x` ignores whitespace and `#` comments, so with `x` only
//   printable ASCII other than those is text. `m` makes `^` and `$` match at inner line breaks,
//   so with `m` only `\A`, `\z` and `\Z` anchor.
// - An escaped ASCII punctuation mark or space (`\.`, `\$`, `\ `) is that character; a backslash
//   before a letter or digit (classes, assertions, `\Q…\E`, back references) is not text, nor is
//   any of `. [ ] { } ( ) | ? * + ^ $` written bare elsewhere.
// - A whole-value pattern (UiSelector's `…Matches`: Java's `matches()`, PCRE2 anchored at both
//   ends) is text between implied anchors, with `(?s)` first and `.*` at either end allowed: under
//   `(?s)` a `.*` matches any run of characters, line breaks included, so `(?s)Row 7-.*` is a
//   prefix and `(?s).*Share.*` a substring. Without `(?s)`, `.` stops at a line break, which no
//   core test says; the end anchor is the subject's end, never before a final newline.

/// A PCRE2 pattern that is text between optional anchors, and the core test equal to it: the
/// regex engine's `/pattern/flags`, UiSelector's whole-value `…Matches` patterns.
package struct LiteralPattern: Equatable {
    /// Where the text must start.
    package enum Start: Equatable { case anywhere, subjectStart }
    /// Where the text must end: anywhere, at the end, or at the end or before a final newline.
    package enum End: Equatable { case anywhere, subjectEnd, subjectEndOrFinalNewline }

    /// The text, escapes read.
    package let text: String
    package let start: Start
    package let end: End

    /// The text and anchors of a searching pattern compiled with the given options (the regex
    /// engine's `m`, `x` and `i`), or nil when PCRE2 would read anything else in it.
    package init?(_ pattern: String, multiline: Bool, extended: Bool, caseless: Bool) {
        var scalars = Array(pattern.unicodeScalars)[...]
        var start = Start.anywhere, end = End.anywhere
        if scalars.first == "^" && !multiline {
            start = .subjectStart; scalars = scalars.dropFirst()
        } else if scalars.starts(with: ["\\", "A"]) {
            start = .subjectStart; scalars = scalars.dropFirst(2)
        }
        var text = String.UnicodeScalarView()
        while let c = scalars.first {
            scalars = scalars.dropFirst()
            if c == "\\" {
                guard let e = scalars.first else { return nil }
                scalars = scalars.dropFirst()
                if scalars.isEmpty && (e == "z" || e == "Z") {
                    end = e == "z" ? .subjectEnd : .subjectEndOrFinalNewline
                    break
                }
                // Printable ASCII that is no letter or digit: the character itself, even under `x`.
                guard e.value >= 0x20 && e.value < 0x7F, !e.properties.isAlphabetic, !("0"..."9").contains(e) else { return nil }
                text.append(e)
                continue
            }
            if c == "$" && scalars.isEmpty && !multiline { end = .subjectEndOrFinalNewline; break }
            if "^$.[]{}()|?*+".unicodeScalars.contains(c) { return nil }
            if extended && (c.value <= 0x20 || c.value >= 0x7F || c == "#") { return nil }
            text.append(c)
        }
        if caseless {
            // Caseless means nothing only for text with no letter; anything else is PCRE2's folding.
            guard text.allSatisfy({ $0.isASCII && !$0.properties.isAlphabetic }) else { return nil }
        }
        self.text = String(text)
        self.start = start
        self.end = end
    }

    /// A whole-value pattern's text (PCRE2 anchored at both ends, no options: UiSelector's
    /// `…Matches`), with `(?s)` first and `.*` at either end read as "anything there"; nil for
    /// any other pattern.
    package init?(wholeValue pattern: String) {
        var p = Substring(pattern)
        let dotAll = p.hasPrefix("(?s)")
        if dotAll { p = p.dropFirst(4) }
        var start = Start.subjectStart, end = End.subjectEnd
        if dotAll && p.hasPrefix(".*") { start = .anywhere; p = p.dropFirst(2) }
        // `\.*` is a repeated literal dot, never "anything": only a bare `.*` is dropped.
        if dotAll && p.hasSuffix(".*") && !p.hasSuffix("\\.*") { end = .anywhere; p = p.dropLast(2) }
        guard let inner = LiteralPattern(String(p), multiline: false, extended: false, caseless: false),
              inner.start == .anywhere, inner.end == .anywhere else { return nil }
        self.text = inner.text
        self.start = start
        self.end = end
    }

    /// The one core string test equal to the pattern, or nil when it takes several (a `$`
    /// before a final newline) or the core would not decide exactly as PCRE2.
    package var stringTest: StringTest? {
        switch (start, end) {
        case (.anywhere, .anywhere): return .contains(text)
        case (.subjectStart, .anywhere): return .hasPrefix(text)
        case (.anywhere, .subjectEnd): return .hasSuffix(text)
        case (.subjectStart, .subjectEnd): return Self.hasOneSpelling(text) ? .equals(text) : nil
        case (_, .subjectEndOrFinalNewline): return nil
        }
    }

    /// The core's test for `property`, or nil when the core would not decide exactly as PCRE2.
    package func predicate(property: String) -> Predicate? {
        func test(_ t: StringTest) -> Predicate { .string(property: property, t) }
        switch (start, end) {
        case (.anywhere, .anywhere): return test(.contains(text))
        case (.subjectStart, .anywhere): return test(.hasPrefix(text))
        case (.anywhere, .subjectEnd): return test(.hasSuffix(text))
        case (.anywhere, .subjectEndOrFinalNewline):
            guard let newlines = Self.finalNewlines else { return nil }
            return .or([test(.hasSuffix(text))] + newlines.map { test(.hasSuffix(text + $0)) })
        case (.subjectStart, .subjectEnd):
            return Self.hasOneSpelling(text) ? test(.equals(text)) : nil
        case (.subjectStart, .subjectEndOrFinalNewline):
            guard let newlines = Self.finalNewlines else { return nil }
            let values = [text] + newlines.map { text + $0 }
            guard values.allSatisfy(Self.hasOneSpelling) else { return nil }
            return .or(values.map { test(.equals($0)) })
        }
    }

    /// Whether no other string is canonically equivalent to `s`: ASCII without `K`, `;` and `` ` ``
    /// (the only ASCII characters a non-ASCII one decomposes to).
    static func hasOneSpelling(_ s: String) -> Bool {
        s.utf8.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "K") && $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: "`") }
    }

    /// The newline sequences `$` may stand before at the end of a subject, asked of PCRE2 (its
    /// build chooses them: LF, CR, CRLF, any of those, or any Unicode newline); nil if it could not
    /// be asked. Each is tried after `x` against `^x$`.
    static let finalNewlines: [String]? = {
        let candidates = ["\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}", "\u{0}"]
        guard let regex = try? PCRE2Regex("^x$", options: [], limits: PCRE2Limits(), jit: false) else { return nil }
        let evaluator = PCRE2Evaluator(regex, wording: .init(site: "^x$", matchDataSite: "for ^x$", explainsMatchLimit: false))
        var found: [String] = []
        for newline in candidates {
            var subject = Array(("x" + newline).utf8)
            let matched = subject.withUnsafeMutableBufferPointer { b in
                (try? evaluator.matches(UnsafeBufferPointer(b))) ?? false
            }
            if matched { found.append(newline) }
        }
        return found
    }()
}
