import PCRE2Matching
import SelectorCore
import Testing
@testable import AppiumLocators
@testable import UiSelectorEngine

/// UiSelector (and Appium's simple strategies') parse errors are told apart by kind and carry
/// their offset; `compile` makes the public error.
@Suite struct UiSelectorParseErrorTests {
    private func typedError(_ text: String) -> UiSelectorParseError? {
        var parser = UiSelectorParser(selector: text, limits: PCRE2Limits())
        do throws(UiSelectorParseError) {
            _ = try parser.parse()
            return nil
        } catch {
            return error
        }
    }

    @Test func unknownMethodIsTypedWithItsOffset() {
        let error = typedError("new UiSelector().txt(\"a\")")
        #expect(error?.kind == .unknownMethod("txt"))
        #expect(error?.offset == 17)
    }

    @Test func scrollableMismatchKeepsTheArguments() {
        let error = typedError("new UiScrollable(new UiSelector()).scrollToEnd(\"a\")")
        #expect(error?.kind == .scrollableMismatch(method: "scrollToEnd", given: [.string], overloads: [[.int], [.int, .int]]))
    }

    @Test func engineReportsASyntaxErrorAtTheColumn() {
        do throws(SelectorError) {
            _ = try UiSelectorEngine().compile("new UiSelector().txt(\"a\")")
            Issue.record("compiled an unknown method")
        } catch {
            #expect(error.kind == .syntax)
            #expect(error.column == 18)
            #expect(error.message.hasPrefix("unknown UiSelector method `txt`; expected one of "))
        }
    }

    @Test func nestingIsALimit() {
        let text = "new UiSelector()" + String(repeating: ".childSelector(new UiSelector()", count: 70)
            + String(repeating: ")", count: 70)
        #expect(typedError(text)?.kind == .nestingTooDeep(limit: 64))
        do throws(SelectorError) {
            _ = try UiSelectorEngine().compile(text)
            Issue.record("compiled 70 nested selectors")
        } catch {
            #expect(error.kind == .limit)
        }
    }

    @Test func emptySimpleValueIsTyped() {
        do throws(AppiumLocatorsParseError) {
            _ = try checkedValue("", engine: "id")
            Issue.record("accepted an empty id")
        } catch {
            #expect(error.kind == .emptyValue(engine: "id"))
            #expect(error.offset == 0)
        }
        do throws(SelectorError) {
            _ = try AccessibilityIDEngine().compile("")
            Issue.record("compiled an empty accessibility id")
        } catch {
            #expect(error.kind == .syntax)
            #expect(error.column == 1)
        }
    }
}
