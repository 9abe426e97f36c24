import SelectorCore
import Testing
@testable import DetoxEngine

/// Detox parse errors are told apart by kind and carry their offset; `compile` makes the public
/// error once, with the engine's name.
@Suite struct DetoxParseErrorTests {
    private func typedError(_ text: String) -> DetoxParseError? {
        do throws(DetoxParseError) {
            _ = try DetoxParser.parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func unknownMatcherIsTypedWithItsOffset() {
        let error = typedError("element(by.idd('x'))")
        #expect(error?.kind == .unknownMatcher("idd"))
        #expect(error?.offset == 11)
    }

    @Test func unknownTraitIsTyped() {
        let error = typedError("by.traits(['buton'])")
        #expect(error?.kind == .unknownTrait("buton"))
        #expect(error?.offset == 10)
    }

    @Test func engineReportsASyntaxErrorAtTheColumn() {
        do throws(SelectorError) {
            _ = try DetoxEngine().compile("element(by.idd('x'))")
            Issue.record("compiled an unknown matcher")
        } catch {
            #expect(error.kind == .syntax)
            #expect(error.column == 12)
            #expect(error.engine == "detox")
            #expect(error.message == "unknown matcher by.idd; Detox has id, text, label, type, traits, value")
        }
    }
}
