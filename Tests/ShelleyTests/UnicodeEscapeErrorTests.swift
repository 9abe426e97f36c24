import SelectorCore
import Testing

/// `\u` is a known escape: a bad one says what is wrong with it (beyond U+10FFFF, a surrogate,
/// malformed) at the column of its backslash, rather than calling `\u` unknown.
@Suite struct UnicodeEscapeErrorTests {
    static let cases: [ErrorCase] = [
        ErrorCase(selector: #"marked:'\u{110000}'"#,
                  message: #"unicode escape '\u{110000}' is beyond U+10FFFF, the last code point"#, column: 9),
        ErrorCase(selector: #"marked:'ab\u{FFFFFFFF}'"#,
                  message: #"unicode escape '\u{FFFFFFFF}' is beyond U+10FFFF, the last code point"#, column: 11),
        ErrorCase(selector: #"marked:'é\u{D800}'"#,
                  message: #"unicode escape '\u{D800}' is a UTF-16 surrogate (U+D800 to U+DFFF), not a character"#,
                  column: 10),
        ErrorCase(selector: #"marked:'\u{}'"#,
                  message: #"malformed unicode escape '\u{}' (write \u{ with 1 to 8 hex digits and }, e.g. \u{1F600})"#,
                  column: 9),
        ErrorCase(selector: #"marked:'\u{123456789}'"#,
                  message: #"malformed unicode escape '\u{123456789}' (write \u{ with 1 to 8 hex digits and }, e.g. \u{1F600})"#,
                  column: 9),
        ErrorCase(selector: #"marked:'\u{12'"#,
                  message: #"malformed unicode escape '\u{12' (write \u{ with 1 to 8 hex digits and }, e.g. \u{1F600})"#,
                  column: 9),
        ErrorCase(selector: #"marked:'\u0041'"#,
                  message: #"malformed unicode escape '\u' (write \u{ with 1 to 8 hex digits and }, e.g. \u{1F600})"#,
                  column: 9),
    ]

    @Test("a bad \\u escape is named with its column", arguments: cases)
    func badUnicodeEscape(_ c: ErrorCase) throws {
        let error = try #require(compileError(c.selector))
        #expect(error.kind == .syntax)
        #expect(error.message == c.message)
        #expect(error.column == c.column)
    }

    @Test("the last code point and a character past the surrogates still work")
    func validEscapes() throws {
        #expect(compileError(#"marked:'\u{10FFFF}\u{E000}\u{1F600}'"#) == nil)
    }
}
