import PredicateFormat
import SelectorCore
import Testing

/// The NSPredicate parser's errors are told apart by kind and carry their offset; `compile` makes
/// the public error, keeping `.limit` for the nesting bound.
@Suite struct PredicateFormatParseErrorTests {
    private func typedError(_ text: String) -> PredicateFormatParseError? {
        let bytes = Array(text.utf8)
        do throws(PredicateFormatParseError) {
            _ = try PredicateFormat().parse(text, bytes: bytes, range: 0..<bytes.count)
            return nil
        } catch {
            return error
        }
    }

    @Test func missingValueIsTypedWithItsOffset() {
        let error = typedError("label == ")
        #expect(error?.kind == .expectedOperand(.value))
        #expect(error?.offset == 9)
    }

    @Test func unknownModifierPointsAtTheLetter() {
        let error = typedError("label ==[cx] 'a'")
        #expect(error?.kind == .unknownModifier("x"))
        #expect(error?.offset == 10)
    }

    @Test func compileReportsASyntaxErrorAtTheColumn() {
        do throws(SelectorError) {
            _ = try PredicateFormat().compile("label == ")
            Issue.record("compiled a comparison without a value")
        } catch {
            #expect(error.kind == .syntax)
            #expect(error.column == 10)
            #expect(error.message == "expected a value: a quoted string, a number, YES, NO, nil or a {list}")
        }
    }

    @Test func nestingIsALimit() {
        let text = String(repeating: "(", count: 200) + "a == 1"
        #expect(typedError(text)?.kind == .nestingTooDeep(limit: 100))
        do throws(SelectorError) {
            _ = try PredicateFormat().compile(text)
            Issue.record("compiled 200 parentheses")
        } catch {
            #expect(error.kind == .limit)
            #expect(error.column == 101)
        }
    }
}
