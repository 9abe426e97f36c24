import SelectorCore
import Testing

/// The one literal writer every engine's ready-made selectors and the program printer use.
@Suite struct SelectorLiteralTests {
    @Test("quote, backslash, line breaks and tab are escaped; other text is kept", arguments: [
        ("Log In", "\"", false, "\"Log In\""),
        ("say \"hi\"", "\"", false, "\"say \\\"hi\\\"\""),
        ("it's", "'", false, "'it\\'s'"),
        ("it's \"x\"", "\"", false, "\"it's \\\"x\\\"\""),
        ("a\\b", "'", false, "'a\\\\b'"),
        ("l1\nl2\r\tend", "'", false, "'l1\\nl2\\r\\tend'"),
        ("nul\0here", "'", false, "'nul\0here'"),
        ("nul\0here", "'", true, "'nul\\0here'"),
        ("Ünïcödé 日本", "\"", false, "\"Ünïcödé 日本\""),
        ("", "'", false, "''"),
    ] as [(String, Character, Bool, String)])
    func quoted(text: String, quote: Character, nul: Bool, expected: String) {
        #expect(SelectorLiteral.quoted(text, by: quote, escapingNUL: nul) == expected)
    }
}
