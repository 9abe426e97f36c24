import SelectorCore

// Patterns that are text: `/^Row 7-/` asks for a prefix, `/^Delete$/` for (almost) equality, and the
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

/// A `/pattern/flags` that is text between optional anchors, and the core test equal to it.
struct LiteralPattern: Equatable {
    /// Where the text must start.
    enum Start: Equatable { case anywhere, subjectStart }
    /// Where the text must end: anywhere, at the end, or at the end or before a final newline.
    enum End: Equatable { case anywhere, subjectEnd, subjectEndOrFinalNewline }

    /// The text, escapes read.
    let text: String
    let start: Start
    let end: End

    /// The pattern's text and anchors, or nil when PCRE2 would read anything else in it.
    init?(_ pattern: String, flags: RegexFlags) {
        var scalars = Array(pattern.unicodeScalars)[...]
        let multiline = flags.contains(.multiline), extended = flags.contains(.extended)
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
        if flags.contains(.caseless) {
            // Caseless means nothing only for text with no letter; anything else is PCRE2's folding.
            guard text.allSatisfy({ $0.isASCII && !$0.properties.isAlphabetic }) else { return nil }
        }
        self.text = String(text)
        self.start = start
        self.end = end
    }

    /// The core's test for `property`, or nil when the core would not decide exactly as PCRE2.
    func predicate(property: String) -> Predicate? {
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
        guard let pattern = try? PCRE2Pattern("^x$", jit: false) else { return nil }
        let evaluator = pattern.makeEvaluator()
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
