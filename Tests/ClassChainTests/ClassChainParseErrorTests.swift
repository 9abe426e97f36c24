import PredicateFormat
import SelectorCore
import Testing
@testable import ClassChainEngine

/// Class-chain parse errors are told apart by kind and carry their offset; an embedded predicate's
/// error keeps PredicateFormat's kind, with its offset in the whole chain.
@Suite struct ClassChainParseErrorTests {
    private func typedError(_ selector: String) -> ClassChainParseError? {
        var parser = ChainParser(selector)
        do throws(ClassChainParseError) {
            _ = try parser.parseChain()
            return nil
        } catch {
            return error
        }
    }

    @Test func zeroIndexIsTypedWithItsOffset() {
        let error = typedError("**/UIButton[0]")
        #expect(error?.kind == .zeroIndex)
        #expect(error?.offset == 12)
    }

    @Test func embeddedPredicateKeepsItsKind() {
        let error = typedError("**/UIButton[`label ==`]")
        guard case .predicate(let inner)? = error?.kind else {
            Issue.record("expected a predicate error, got \(String(describing: error))")
            return
        }
        #expect(inner.kind == .expectedOperand(.value))
        #expect(error?.offset == 21)
    }

    @Test func engineReportsASyntaxErrorAtTheColumn() {
        do throws(SelectorError) {
            _ = try ClassChainEngine().compile("**/UIButton[0]")
            Issue.record("compiled index 0")
        } catch {
            #expect(error.kind == .syntax)
            #expect(error.column == 13)
            #expect(error.message == "class-chain indexes start at 1 (use -1 for the last)")
        }
    }
}
