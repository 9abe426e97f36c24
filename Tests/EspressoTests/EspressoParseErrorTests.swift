import SelectorCore
import Testing
@testable import EspressoEngine

/// Espresso's errors, from the parser and from the vocabulary, are told apart by kind and carry
/// their offset; `compile` makes the public error once.
@Suite struct EspressoParseErrorTests {
    private func typedError(_ text: String) -> EspressoParseError? {
        do throws(EspressoParseError) {
            let statement = try EspressoParser.parse(text)
            _ = try EspressoVocabulary(text: text).viewMatcher(statement.matcher)
            return nil
        } catch {
            return error
        }
    }

    @Test func inRootIsTypedWithItsOffset() {
        let error = typedError("onView(withId(R.id.x)).inRoot(isDialog())")
        #expect(error?.kind == .inRoot)
        #expect(error?.offset == 23)
    }

    @Test func vocabularyErrorsAreTypedToo() {
        let error = typedError("onView(withText(R.string.ok))")
        #expect(error?.kind == .resourceText(matcher: "withText"))
        #expect(error?.offset == 16)
        #expect(typedError("withTagValue(is(\"x\"))")?.kind == .unreadable("withTagValue"))
    }

    @Test func engineReportsASyntaxErrorAtTheColumn() {
        do throws(SelectorError) {
            _ = try EspressoEngine().compile("onView(withId(R.id.x)).inRoot(isDialog())")
            Issue.record("compiled inRoot")
        } catch {
            #expect(error.kind == .syntax)
            #expect(error.column == 24)
            #expect(error.engine == "espresso")
            #expect(error.message == "inRoot picks another window, which a recording does not tell apart")
        }
    }
}
