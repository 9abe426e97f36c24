import SelectorCore
import Testing
@testable import RegexLabelEngine

/// The `regex` engine's parse errors are told apart by kind and carry their offset; the public
/// error is made once, with the column.
@Suite struct RegexParseErrorTests {
    @Test func unknownFlagIsTypedWithItsOffset() {
        do throws(RegexParseError) {
            _ = try RegexParser.parse("/a/q")
            Issue.record("parsed a pattern with an unknown flag")
        } catch {
            #expect(error.kind == .unknownFlag("q"))
            #expect(error.offset == 3)
        }
    }

    @Test func engineReportsASyntaxErrorAtTheColumn() {
        do throws(SelectorError) {
            _ = try RegexEngine().compile("UIButton /a/q")
            Issue.record("compiled a pattern with an unknown flag")
        } catch {
            #expect(error.kind == .syntax)
            #expect(error.column == 13)
            #expect(error.message == "unknown regex flag 'q'; the flags are i, m, s, x and u")
        }
    }

    @Test func pcre2RefusalIsTypedToo() {
        do throws(SelectorError) {
            _ = try RegexEngine().compile("/a(/")
            Issue.record("compiled an unbalanced pattern")
        } catch {
            #expect(error.kind == .syntax)
            #expect(error.message.hasPrefix("invalid pattern in step 1: "))
        }
    }
}
