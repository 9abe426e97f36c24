import SelectorCore
import Testing
@testable import XPathEngine

/// XPath parse errors are told apart by kind and carry their offset; `compile` makes the public
/// error, keeping `.limit` for the nesting bound.
@Suite struct XPathParseErrorTests {
    private func typedError(_ text: String) -> XPathParseError? {
        do throws(XPathParseError) {
            _ = try XPathParser.parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func emptyPredicateIsTypedWithItsOffset() {
        let error = typedError("//a[]")
        #expect(error?.kind == .emptyPredicate)
        #expect(error?.offset == 3)
    }

    @Test func unclosedPredicateNamesWhatItFound() {
        let error = typedError("//a[@x='1'")
        #expect(error?.kind == .expected(token: "']'", found: .end))
        #expect(error?.offset == 10)
    }

    @Test func engineReportsASyntaxErrorAtTheColumn() {
        do throws(SelectorError) {
            _ = try XPathEngine().compile("//a[]")
            Issue.record("compiled an empty predicate")
        } catch {
            #expect(error.kind == .syntax)
            #expect(error.column == 4)
            #expect(error.message == "empty predicate")
        }
    }

    @Test func nestingIsALimit() {
        let text = String(repeating: "(", count: 40) + "1"
        do throws(SelectorError) {
            _ = try XPathEngine().compile(text)
            Issue.record("compiled 40 parentheses")
        } catch {
            #expect(error.kind == .limit)
        }
    }
}
