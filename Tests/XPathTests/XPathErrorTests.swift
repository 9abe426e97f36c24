import SelectorCore
import Testing
import XPathEngine

/// Expressions the engine refuses: the exact message, kind and 1-based column.
@Suite struct XPathErrorTests {
    static let table: [(String, SelectorError.Kind, String, Int)] = [
        ("", .syntax, "empty expression", 1),
        ("   ", .syntax, "empty expression", 1),
        ("//", .syntax, "expected a location step, found end of expression", 3),
        ("//A[", .syntax, "expected a location step, found end of expression", 5),
        ("//A[1", .syntax, "expected ']', found end of expression", 6),
        ("//A[]", .syntax, "empty predicate", 4),
        ("count(//A)", .syntax, "the expression is a number, not a node-set: a selector must select views", 1),
        ("'x'", .syntax, "the expression is a string, not a node-set: a selector must select views", 1),
        ("//A = 1", .syntax, "the expression is a boolean, not a node-set: a selector must select views", 1),
        ("//A[@x='1]", .syntax, "unterminated string literal", 8),
        ("foo(1)", .syntax, "unknown function 'foo()'", 1),
        ("//A[abs(@x)]", .syntax, "unknown function 'abs()'", 5),
        ("//A[contains(@x)]", .syntax, "contains() takes 2 arguments, not 1", 5),
        ("//A[true(1)]", .syntax, "true() takes 0 arguments, not 1", 5),
        ("//A[substring('a')]", .syntax, "substring() takes 2 or 3 arguments, not 1", 5),
        ("//A[concat('a')]", .syntax, "concat() takes at least 2 arguments, not 1", 5),
        ("//A[count(1)]", .syntax, "count() takes a node-set, not a number", 5),
        ("$x", .syntax, "variables are not supported ('$x')", 1),
        ("//A/@name", .syntax, "the path selects attributes, not views", 1),
        ("//ns:A", .syntax, "namespace prefixes are not supported", 3),
        ("//foo::A", .syntax, "unknown axis 'foo'", 3),
        ("//child:A", .syntax, "namespace prefixes are not supported", 3),
        ("1 | //A", .syntax, "'|' joins node-sets, not a number", 1),
        ("//A | 'b'", .syntax, "'|' joins node-sets, not a string", 7),
        ("//A ! B", .syntax, "'!' must be followed by '='", 5),
        ("//A[@x = 1]]", .syntax, "unexpected ']'", 12),
        ("//A[1]extra", .syntax, "unexpected 'extra'", 7),
        ("//A[foo()]", .syntax, "unknown function 'foo()'", 5),
        ("//A#", .syntax, "unexpected character '#'", 4),
        ("//A[text(1)]", .syntax, "expected ')', found number 1", 10),
        ("//A[matches(@x, '(')]", .syntax, "invalid regular expression: missing closing parenthesis", 19),
        ("'a'[1]", .syntax, "a predicate filters a node-set, not a string", 1),
        ("'a'/B", .syntax, "'/' follows a node-set, not a string", 4),
        ("//A[abc(]", .syntax, "unknown function 'abc()'", 5),
        ("//*:x", .syntax, "unexpected ':'", 4),
        ("//A[@]", .syntax, "expected a node test, found ']'", 6),
        ("//A[1 +]", .syntax, "expected a node test, found ']'", 8),
    ]

    @Test(arguments: table)
    func refuses(_ selector: String, _ kind: SelectorError.Kind, _ message: String, _ column: Int) {
        do {
            _ = try XPathEngine().compile(selector)
            Issue.record("\(selector) compiled")
        } catch {
            #expect(error.kind == kind, "\(selector)")
            #expect(error.message == message, "\(selector)")
            #expect(error.column == column, "\(selector)")
        }
    }

    /// 64 KiB of an opening bracket, parenthesis or minus is a limit error at the 33rd level, never
    /// a stack overflow.
    @Test(arguments: [
        (String(repeating: "(", count: 65_536), 33),
        ("//A" + String(repeating: "[B", count: 32_768), 4 + 2 * 32),
        (String(repeating: "-", count: 65_536) + "1", 33),
        ("//A[" + String(repeating: "not(", count: 16_384), 5 + 4 * 31),
    ])
    func nestingLimit(_ selector: String, _ column: Int) {
        do {
            _ = try XPathEngine().compile(selector)
            Issue.record("compiled")
        } catch {
            #expect(error.kind == .limit)
            #expect(error.message == "expression nests deeper than 32 levels")
            #expect(error.column == column)
        }
    }
}
