import ClassChainEngine
import SelectorCore
import Testing

/// What the class-chain parser produces, and its errors.
@Suite("class_chain parser")
struct ClassChainParserTests {
    @Test("steps, axes, classes, indexes and predicates in written order")
    func parsed() throws {
        let chain = try ChainParser.parse("**/UITableViewCell[`label BEGINSWITH \"Row 7\"`]/UIButton[1]")
        #expect(chain.steps == [
            .init(axis: .descendant, className: "UITableViewCell",
                  filters: [.predicate(.string(property: "accessibilityLabel", .hasPrefix("Row 7")))]),
            .init(axis: .child, className: "UIButton", filters: [.index(0)]),
        ])
    }

    @Test("* is any class; /**/ is a descendant step; negative indexes stay")
    func wildcard() throws {
        let chain = try ChainParser.parse("UIWindow/**/*[-1]")
        #expect(chain.steps == [
            .init(axis: .child, className: "UIWindow", filters: []),
            .init(axis: .descendant, className: nil, filters: [.index(-1)]),
        ])
    }

    @Test("operators, [c], AND, OR, NOT and parentheses", arguments: [
        ("`label == 'OK'`", Predicate.string(property: "accessibilityLabel", .equals("OK"))),
        ("`label ENDSWITH[c] \"ok\"`",
         .string(property: "accessibilityLabel", StringTest(.hasSuffix, "ok", options: .caseInsensitive))),
        ("`placeholder CONTAINS 'mail'`", .string(property: "placeholder", .contains("mail"))),
        ("`label != 'OK'`", .not(.string(property: "accessibilityLabel", .equals("OK")))),
        ("`isHidden == NO`", .bool(property: "isHidden", false)),
        ("`tag >= 2`", .number(property: "tag", .greaterOrEqual, 2)),
        ("`type == 'UIButton'`", .memberOf("UIButton")),
        ("`label == 'a' AND NOT (name == 'b' OR value == 'c')`",
         .and([.string(property: "accessibilityLabel", .equals("a")),
               .not(.or([.string(property: "accessibilityIdentifier", .equals("b")),
                         .string(property: "accessibilityValue", .equals("c"))]))])),
        ("`label == 'a' or label == 'b' and tag == 1`",
         .or([.string(property: "accessibilityLabel", .equals("a")),
              .and([.string(property: "accessibilityLabel", .equals("b")), .number(property: "tag", .equal, 1)])])),
    ])
    func predicates(_ bracket: String, _ expected: Predicate) throws {
        let chain = try ChainParser.parse("**/UIView[\(bracket)]")
        #expect(chain.steps[0].filters == [.predicate(expected)])
    }

    @Test("errors name the problem and its column", arguments: [
        ("", "empty class chain", 1),
        ("**/", "expected a class name or '*' at the end", 4),
        ("**/UIButton[0]", "class-chain indexes start at 1 (use -1 for the last)", 13),
        ("**/UIButton[`label == 'OK']", "unterminated predicate: missing closing '`'", 13),
        ("**/UIButton[`label = = 'OK'`]", "expected a quoted string, a number, TRUE or FALSE", 22),
        ("**/UIButton[`label LIKE 'OK'`]",
         "expected an operator (==, !=, BEGINSWITH, ENDSWITH, CONTAINS, <, <=, >, >=)", 20),
        ("**/UIButton[`label == 'OK' XOR tag == 1`]", "expected AND, OR or the end of the predicate", 28),
        ("**/UIButton[`tag BEGINSWITH 1`]", "'BEGINSWITH' compares strings, not numbers", 18),
        ("**/UIButton[2", "expected ']' to close the '[' at column 12", 14),
        ("**/UIButton UILabel", "expected '/', '**/' or '[' after the step", 12),
        ("***/UIButton", "'**' must be followed by '/'", 1),
        ("**/UIButton[`label == 'OK`]", "unterminated string", 23),
    ])
    func errors(_ selector: String, _ message: String, _ column: Int) {
        #expect { try ClassChainEngine().compile(selector) } throws: { error in
            let e = error as! SelectorError
            let ok = e.message == message && e.column == column && e.kind == .syntax
            if !ok { Issue.record("got '\(e.message)' at \(e.column ?? -1)") }
            return ok
        }
    }
}
