import MaestroEngine
import SelectorCore
import Testing
import ViewSelectors

/// Patterns PCRE2 cannot hold even as Maestro's literal fallback (issue 40, item 1): the exact
/// `/map` query that killed the server, and its `id:` twin, are refused with a limit error that
/// names the key and its column; a refused pattern of ordinary size still falls back to a literal.
@Suite struct MaestroLargePatternTests {
    static let tree = try! SampleApp.tree()

    /// `{text: "(aaaa…"}` of 40 KB: PCRE2 refuses the regex (an unclosed group), then the literal
    /// (too large); both used to be compiled, the second with `try!`.
    @Test(arguments: ["text", "id"])
    func literalTooLargeIsALimitError(_ key: String) {
        let selector = "{\(key): \"(" + String(repeating: "a", count: 40_000) + "\"}"
        #expect {
            _ = try registry.select(selector, engine: "maestro", in: Self.tree)
        } throws: { error in
            guard let error = error as? SelectorError else { return false }
            // The column is where the value starts: its opening quote, after `{text: `.
            return error.kind == .limit && error.message.contains("`\(key)`") && error.column == key.count + 4
        }
    }

    /// The matcher itself, without the engine: it throws rather than trapping, and a refused
    /// pattern of ordinary size is a literal that matches its own text.
    @Test func matcherThrowsOnlyPastPCRE2sLimit() throws {
        let small = try MaestroRegexMatcher(.text, pattern: "(a")
        #expect(small.isLiteral)
        #expect(throws: SelectorError.self) {
            _ = try MaestroRegexMatcher(.text, pattern: "(" + String(repeating: "ab", count: 40_000))
        }
        // A long valid regex is too large too: the literal fallback is the same size, so it is refused.
        #expect(throws: SelectorError.self) {
            _ = try MaestroRegexMatcher(.id, pattern: String(repeating: "[ab]", count: 40_000))
        }
    }
}
