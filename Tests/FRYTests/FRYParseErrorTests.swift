import PredicateFormat
import SelectorCore
import Testing
@testable import FRYEngine

/// FRY parse errors are told apart by kind and carry their offset; the public error is made
/// once, `.usage` for a check where a selection is wanted.
@Suite struct FRYParseErrorTests {
    private func typedError(_ text: String) -> FRYParseError? {
        var parser = FRYParser(selector: text, format: PredicateFormat())
        do throws(FRYParseError) {
            _ = try parser.parse()
            return nil
        } catch {
            return error
        }
    }

    @Test func unknownHelperIsTypedWithItsOffset() {
        let error = typedError("lookup(ofKnd(UIButton))")
        #expect(error?.kind == .unknownHelper("ofKnd"))
        #expect(error?.offset == 7)
    }

    @Test func formatStringErrorKeepsPredicateFormatsKind() {
        let error = typedError("lookup(\"label == \")")
        guard case .predicate(let inner)? = error?.kind else {
            Issue.record("expected a predicate error, got \(String(describing: error))")
            return
        }
        #expect(inner.kind == .expectedOperand(.value))
    }

    @Test func engineReportsASyntaxErrorAtTheColumn() {
        do throws(SelectorError) {
            _ = try FRYEngine().compile("lookup(ofKnd(UIButton))")
            Issue.record("compiled an unknown helper")
        } catch {
            #expect(error.kind == .syntax)
            #expect(error.column == 8)
            #expect(error.message.hasPrefix("unknown helper `ofKnd`; expected one of "))
        }
    }

    @Test func checkInASelectionIsUsage() {
        do throws(SelectorError) {
            _ = try FRYEngine().compile("lookup(ofKind(UIButton)).count(2)")
            Issue.record("compiled a check as a selection")
        } catch {
            #expect(error.kind == .usage)
            #expect(error.column == 26)
        }
    }
}
