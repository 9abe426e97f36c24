import PredicateEngine
import PredicateFormat
import SelectorCore
import Testing
import ViewSelectorsTesting

/// Malformed strings: each a `SelectorError` with an exact message and the column of the problem.
@Suite struct PredicateErrorTests {
    static let operatorList = "(==, !=, <, <=, >, >=, BEGINSWITH, ENDSWITH, CONTAINS, LIKE, MATCHES, IN, BETWEEN)"
    static let comparison = "expected a comparison, '(' or NOT"
    static let value = "expected a value: a quoted string, a number, YES, NO, nil or a {list}"

    static let table: [(String, String, Int)] = [
        ("", "empty predicate: write a comparison such as accessibilityLabel == 'OK'", 1),
        ("   ", "empty predicate: write a comparison such as accessibilityLabel == 'OK'", 4),
        ("accessibilityLabel == 'x' AND (", comparison, 32),
        ("accessibilityLabel == 'x' AND", comparison, 30),
        ("accessibilityLabel == 'x' OR NOT", comparison, 33),
        ("label == 'é' AND (", comparison, 19),
        ("label CONTAINS 'a' AND ()", comparison + ", found ')'", 25),
        ("label == 'x' AND AND", comparison + ", found the keyword AND (write #AND for a key path of that name)", 18),
        ("(tag == 1", "expected ')' to close the '(' at column 1", 10),
        ("tag == 1 AND (tag == 2 OR (tag == 3)", "expected ')' to close the '(' at column 14", 37),
        ("tag", "expected an operator \(operatorList) after tag", 4),
        ("rect.x 3", "expected an operator \(operatorList) after rect.x", 8),
        ("tag ==", value, 7),
        ("tag == )", value + ", found ')'", 8),
        ("tag == 1 tag == 2", "expected AND, OR or the end of the predicate", 10),
        ("tag == 1)", "expected AND, OR or the end of the predicate", 9),
        ("accessibilityLabel == 'abc", "unterminated string: no closing '", 23),
        ("label == \"abc\\\"", "unterminated string: no closing \"", 10),
        ("label == '\\u12'", "malformed escape: \\u takes 4 hex digits", 11),
        ("label == '\\xZZ'", "malformed escape: \\x takes 2 hex digits", 11),
        ("tag == 0x", "malformed number '0x'", 8),
        ("tag == 12ab", "malformed number '12ab'", 8),
        ("label ==[x] 'a'", "unknown modifier 'x': write [c], [d] or [cd]", 10),
        ("label ==[cq] 'a'", "unknown modifier 'q': write [c], [d] or [cd]", 11),
        ("label ==[c 'a'", "expected ']' to close the modifier opened at column 9", 12),
        ("label ==[] 'a'", "expected modifier letters after '[': [c], [d] or [cd]", 10),
        ("label BEGINSWITH 3", "BEGINSWITH compares strings: write a quoted string, not a number", 18),
        ("label LIKE YES", "LIKE compares strings: write a quoted string, not YES or NO", 12),
        ("label CONTAINS nil", "CONTAINS compares strings: write a quoted string, not nil", 16),
        ("label == $name", "substitution variables ($name) are not supported: write the value itself", 10),
        ("label == %@", "format specifiers (%@) are not supported: write the value or key path itself", 10),
        ("ANY label == 'x'", "ANY is not supported: views have no collections or functions to apply it to", 1),
        ("label == name", "comparing two key paths is not supported: one side must be a value", 10),
        ("'x' < 1", "< cannot compare these two constants (NSPredicate compares numbers with numbers, strings with strings, and anything with nil only for equality)", 5),
        ("'x' MATCHES '('", "invalid regular expression: missing closing parenthesis (at pattern byte 1)", 13),
        ("'x' BEGINSWITH label", "BEGINSWITH takes the key path on its left: write it as keypath BEGINSWITH value", 5),
        ("SELF == 'x'", "SELF is the view itself and has no value to compare: compare one of its key paths, such as SELF.label", 1),
        ("label IN 'x'", "IN takes a {list} of values on its right, such as {'OK', 'Done'}", 10),
        ("label IN {'a' 'b'}", "expected ',' or '}' to close the list opened at column 10", 15),
        ("label IN {'a', label}", "a {list} holds values, not key paths", 16),
        ("label IN {{'a'}}", "a {list} cannot hold another list", 11),
        ("tag BETWEEN {1}", "BETWEEN takes a {lower, upper} pair on its right", 13),
        ("tag BETWEEN {1, 'a'}", "BETWEEN takes two numbers or two strings", 13),
        ("tag == {1, 2}", "a {list} goes only with IN or BETWEEN", 8),
        ("label == 'a' ~ 'b'", "unexpected character '~'", 14),
        ("label == 'a' AND é", "unexpected character 'é'", 18),
        ("label == #", "expected a key path after '#'", 11),
        ("tag == 1 - 2", "expected AND, OR or the end of the predicate", 10),
        ("tag == - 2", "arithmetic is not supported: '-' must be a number's sign", 8),
    ]

    @Test(arguments: table)
    func reportsTheProblemAndItsColumn(_ selector: String, _ message: String, _ column: Int) throws {
        let error = #expect(throws: SelectorError.self, "\(selector)") {
            try predicateRegistry.select(selector, engine: "predicate", in: sampleTree)
        }
        #expect(error?.kind == .syntax, "\(selector)")
        #expect(error?.message == message, "\(selector)")
        #expect(error?.column == column, "\(selector)")
        #expect(error?.selector == selector)
        #expect(error?.engine == "predicate")
    }

    @Test func anInvalidRegularExpressionIsAnErrorAtItsLiteral() throws {
        let error = #expect(throws: SelectorError.self) {
            try predicateRegistry.select("label MATCHES 'a(b'", engine: "predicate", in: sampleTree)
        }
        #expect(error?.kind == .syntax)
        #expect(error?.message.hasPrefix("invalid regular expression: missing closing parenthesis") == true)
        #expect(error?.column == 15)
    }

    /// 64 KiB, the longest selector the registry accepts, of each nesting form.
    @Test(arguments: ["(", "!", "NOT ", "NOT (", "!("])
    func sixtyFourKiBOfNestingIsALimitErrorNotACrash(_ unit: String) throws {
        let selector = String(repeating: unit, count: 65_536 / unit.utf8.count)
        let error = #expect(throws: SelectorError.self) {
            try predicateRegistry.select(selector, engine: "predicate", in: sampleTree)
        }
        #expect(error?.kind == .limit)
        #expect(error?.message == "predicate nested deeper than 100 levels of parentheses and NOT")
        // The 101st level, counted in the units written.
        let units = unit == "NOT (" || unit == "!(" ? 50 : 100
        #expect(error?.offset == units * unit.utf8.count)
    }

    /// Found by the fuzzer: lists once recursed per `{` before refusing a nested list.
    @Test func sixtyFourKiBOfBracesIsAnErrorNotAStackOverflow() throws {
        let selector = "label IN " + String(repeating: "{", count: 65_536 - 9)
        let error = #expect(throws: SelectorError.self) {
            try predicateRegistry.select(selector, engine: "predicate", in: sampleTree)
        }
        #expect(error?.message == "a {list} cannot hold another list")
        #expect(error?.column == 11)
        #expect(throws: SelectorError.self) {
            try predicateRegistry.select("(" + String(repeating: "{", count: 60_000), engine: "predicate", in: sampleTree)
        }
        let root = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
        let input = try FileIO.read("/" + root + "/Fuzz/Regressions/predicate-crash-90341057a1093f7960c44526bcef9bbef1dc7be1")
        let found = #expect(throws: SelectorError.self) {
            try predicateRegistry.select(String(decoding: input, as: UTF8.self), engine: "predicate", in: sampleTree)
        }
        #expect(found?.message == "a {list} cannot hold another list")
    }

    @Test func nestingUpToTheLimitCompiles() throws {
        let selector = String(repeating: "(", count: 100) + "tag == 1" + String(repeating: ")", count: 100)
        #expect(try select(selector) == ["blue"])
        let nots = String(repeating: "NOT ", count: 100) + "tag == 1"
        #expect(try select(nots) == ["blue"])
        let deeper = "(" + selector + ")"
        #expect(throws: SelectorError.self) { try select(deeper) }
    }
}
