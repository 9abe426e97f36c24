import PredicateFormat
import SelectorCore
import Testing
@testable import XCUITestEngine

/// XCUITest parse errors are told apart by kind and carry their offset; a format string's error
/// keeps PredicateFormat's kind, with its offset in the whole query.
@Suite struct XCUITestParseErrorTests {
    private func typedError(_ text: String) -> XCUITestParseError? {
        do throws(XCUITestParseError) {
            _ = try XCUITestParser.parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func unknownMemberIsTypedWithItsSuggestion() {
        let error = typedError("app.buttns")
        #expect(error?.kind == .unknownMember("buttns", suggestion: "buttons"))
        #expect(error?.offset == 4)
    }

    @Test func formatStringErrorKeepsPredicateFormatsKind() {
        let text = "app.buttons.matching(NSPredicate(format: \"label == \")).element"
        guard case .predicate(let inner)? = typedError(text)?.kind else {
            Issue.record("expected a predicate error")
            return
        }
        #expect(inner.kind == .expectedOperand(.value))
        // The end of the format string's content, in the whole query.
        #expect(inner.offset == 51)
    }

    @Test func engineReportsASyntaxErrorAtTheColumn() {
        do throws(SelectorError) {
            _ = try XCUITestEngine().compile("app.buttns")
            Issue.record("compiled an unknown member")
        } catch {
            #expect(error.kind == .syntax)
            #expect(error.column == 5)
            #expect(error.engine == "xcuitest")
            #expect(error.message == "unknown member .buttns (did you mean .buttons?)")
        }
    }
}
