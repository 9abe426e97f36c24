import SelectorCore
import Testing
@testable import ComposeEngine

/// Compose parse errors are told apart by kind and carry their offset; `compile` makes the public
/// error once.
@Suite struct ComposeParseErrorTests {
    private func typedError(_ text: String) -> ComposeParseError? {
        do throws(ComposeParseError) {
            _ = try ComposeParser.parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func actionAfterTheFinderIsTypedWithItsOffset() {
        let error = typedError("onNodeWithTag(\"a\").performClick()")
        #expect(error?.kind == .notNavigation(call: "performClick"))
        #expect(error?.offset == 19)
    }

    @Test func refusedFilterIsTyped() {
        let error = typedError("onNode(isDialog())")
        #expect(error?.kind == .refused("isDialog"))
        #expect(error?.offset == 7)
    }

    @Test func engineReportsASyntaxErrorAtTheColumn() {
        do throws(SelectorError) {
            _ = try ComposeEngine().compile("onNode(isDialog())")
            Issue.record("compiled a refused filter")
        } catch {
            #expect(error.kind == .syntax)
            #expect(error.column == 8)
            #expect(error.engine == "compose")
            #expect(error.message == "isDialog needs Compose's IsDialog key, which a recording does not hold")
        }
    }
}
