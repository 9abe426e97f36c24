import ClassChainEngine
import PredicateFormat
import SelectorCore
import Testing

/// What the class-chain parser produces, and its errors.
@Suite("class_chain parser")
struct ClassChainParserTests {
    @Test("steps, axes, classes, indexes and predicates in written order")
    func parsed() throws {
        let chain = try ChainParser.parse("**/UITableViewCell[`accessibilityLabel BEGINSWITH \"Row 7\"`]/UIButton[1]")
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
        ("`accessibilityLabel == 'OK'`", Predicate.string(property: "accessibilityLabel", .equals("OK"))),
        ("`accessibilityLabel ENDSWITH[c] \"ok\"`",
         .string(property: "accessibilityLabel", StringTest(.hasSuffix, "ok", options: .caseInsensitive))),
        ("`placeholder CONTAINS 'mail'`", .string(property: "placeholder", .contains("mail"))),
        ("`accessibilityLabel != 'OK'`", .not(.string(property: "accessibilityLabel", .equals("OK")))),
        ("`isHidden == NO`", .bool(property: "isHidden", false)),
        ("`tag >= 2`", .number(property: "tag", .greaterOrEqual, 2)),
        ("`type == 'UIButton'`", .memberOf("UIButton")),
        ("`accessibilityLabel == 'a' AND NOT (accessibilityIdentifier == 'b' OR accessibilityValue == 'c')`",
         .and([.string(property: "accessibilityLabel", .equals("a")),
               .not(.or([.string(property: "accessibilityIdentifier", .equals("b")),
                         .string(property: "accessibilityValue", .equals("c"))]))])),
        ("`accessibilityLabel == 'a' or accessibilityLabel == 'b' and tag == 1`",
         .or([.string(property: "accessibilityLabel", .equals("a")),
              .and([.string(property: "accessibilityLabel", .equals("b")), .number(property: "tag", .equal, 1)])])),
    ])
    func predicates(_ bracket: String, _ expected: Predicate) throws {
        let chain = try ChainParser.parse("**/UIView[\(bracket)]")
        #expect(chain.steps[0].filters == [.predicate(expected)])
    }

    @Test("backticks are read by the shared NSPredicate parser, its key path aliases included")
    func sharedParser() throws {
        for text in ["label == 'OK'", "name BEGINSWITH[c] 'row' AND NOT value == nil", "label LIKE 'O?' OR rect.x > 10"] {
            let chain = try ChainParser.parse("**/UIView[`\(text)`]")
            #expect(chain.steps[0].filters == [.predicate(try PredicateFormat().compile(text))], "\(text)")
        }
    }

    @Test("errors name the problem and its column", arguments: [
        ("", "empty class chain", 1),
        ("**/", "expected a class name or '*' at the end", 4),
        ("**/UIButton[0]", "class-chain indexes start at 1 (use -1 for the last)", 13),
        ("**/UIButton[`label == 'OK']", "unterminated predicate: missing closing '`'", 13),
        ("**/UIButton[`label = = 'OK'`]", "expected a value: a quoted string, a number, YES, NO, nil or a {list}, found '='", 22),
        ("**/UIButton[``]", "empty predicate", 14),
        ("**/UIButton[`label == 'OK' XOR tag == 1`]", "expected AND, OR or the end of the predicate", 28),
        ("**/UIButton[`tag BEGINSWITH 1`]", "BEGINSWITH compares strings: write a quoted string, not a number", 29),
        ("**/UIButton[2", "expected ']' to close the '[' at column 12", 14),
        ("**/UIButton UILabel", "expected '/', '**/' or '[' after the step", 12),
        ("***/UIButton", "'**' must be followed by '/'", 1),
        ("**/UIButton[`label == 'OK`]", "unterminated string: no closing '", 23),
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
