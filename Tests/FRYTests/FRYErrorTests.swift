import FRYEngine
import SelectorCore
import Testing

/// Malformed queries: each a `SelectorError` with an exact message and the column of the problem.
@Suite struct FRYErrorTests {
    static let helpers = "ofKind, accessibilityLabel, accessibilityValue, accessibilityIdentifier, accessibilityTrait, atSectionAndRow, parentViewOfClass, isVisible, isOnScreen"
    static let classArgument = "ofKind takes a class name: UIButton or [UIButton class]"

    static let table: [(String, String, Int)] = [
        ("FRY.lookup(ofKnd(UIButton))", "unknown helper `ofKnd`; expected one of \(helpers)", 12),
        ("FRY.lookup(FRY_ofKnd(UIButton))", "unknown helper `ofKnd`; expected one of \(helpers)", 12),
        ("FRY.lookup(ofKind(UIButton, UILabel))", "ofKind takes one class", 27),
        ("FRY.lookup(accessibilityLabel(\"a\", \"b\", \"c\"))", "accessibilityLabel takes one or two strings", 39),
        ("FRY.lookup(accessibilityValue(\"a\", \"b\"))", "accessibilityValue takes one string", 34),
        ("FRY.lookup(accessibilityLabel(UIButton))", "accessibilityLabel takes a string in double quotes", 31),
        ("FRY.lookup(ofKind(\"UIButton\"))", classArgument, 19),
        ("FRY.lookup(ofKind(42))", classArgument, 19),
        ("FRY.lookup(ofKind([UIButton klass]))", "expected `class` in [UIButton class]", 29),
        ("FRY.lookup(ofKind([UIButton class))", "expected `]` closing [UIButton class]", 34),
        ("FRY.lookup(ofKind)", "expected `(` after ofKind", 18),
        ("FRY.lookup(\"accessibilityLabel == 'x')", "unterminated string", 12),
        ("FRY.lookup(accessibilityLabel(\"OK))", "unterminated string", 31),
        ("FRY.lookup(\"accessibilityLabel == 'x' AND (\")", "expected a comparison, '(' or NOT", 44),
        ("FRY.lookup(ofKind(UIButton)) junk", "unexpected text after the query; expected `.` and a call", 30),
        ("FRY.lookup(ofKind(UIButton)).tap()", "unknown call `tap`; expected lookup, lookupByAccessibilityLabel, shallow, count, present or absent", 30),
        ("FRY.lookup(ofKind(UIButton)", "expected `)` closing lookup", 28),
        ("FRY.lookup(", "expected a predicate: a helper, a format string or an array", 12),
        ("FRY.lookup([ofKind(UIButton) isVisible])", "expected `,` or `]` in the array", 30),
        ("FRY.lookup(accessibilityTrait(UIAccessibilityTraitHeadr))",
         "unknown trait `UIAccessibilityTraitHeadr`; expected one of Adjustable, AllowsDirectInteraction, Button, CausesPageTurn, Header, Image, KeyboardKey, Link, NotEnabled, PlaysSound, SearchField, Selected, StartsMediaSession, StaticText, SummaryElement, SupportsZoom, TabBar, ToggleButton, UpdatesFrequently", 31),
        ("FRY.lookup(atSectionAndRow(0))", "expected `,`: atSectionAndRow takes a section and a row", 29),
        ("FRY.lookup(atSectionAndRow(0, 5, 1))", "atSectionAndRow takes two numbers, a section and a row", 32),
        ("FRY.lookup(atSectionAndRow(x, 5))", "atSectionAndRow takes a section and a row, whole numbers such as atSectionAndRow(0, 5)", 28),
        ("FRY.lookup(atSectionAndRow(0, -1))", "atSectionAndRow takes a section and a row, whole numbers such as atSectionAndRow(0, 5)", 31),
        ("FRY.lookup(atSectionAndRow(0, 12345678901))", "atSectionAndRow: the number is too large", 31),
        ("FRY.lookup(parentViewOfClass(\"UITableView\"))", "parentViewOfClass takes a class name: UIButton or [UIButton class]", 30),
        ("FRY.lookup(isOnScreen(1))", "expected `)`: isOnScreen takes no arguments", 23),
        ("FRY.shallow()", "a FRY query starts with lookup(...) or lookupByAccessibilityLabel(...)", 1),
        ("", "expected a call such as lookup(...)", 1),
        ("FRY.lookup(ofKind(UIButton)).count(x)", "count takes a whole number", 36),
        ("FRY.lookup(ofKind(UIButton)).count(1).present()", "nothing may follow the check count(1)", 39),
        ("FRY.lookup(ofKind(UIButton)).shallow(1)", "expected `)`: shallow takes no arguments", 38),
        ("FRY.lookup(isVisible(1))", "expected `)`: isVisible takes no arguments", 22),
    ]

    @Test("each malformed query is a syntax error with this message and column", arguments: table)
    func error(_ selector: String, _ message: String, _ column: Int) {
        #expect(throws: SelectorError.syntax(message, at: Self.offset(column, in: selector), in: selector)) {
            _ = try FRYEngine().compile(selector)
        }
    }

    @Test("a selection with a check is refused, naming the check and its column")
    func checkInSelection() {
        let selector = "FRY.lookup(ofKind(UISwitch)).count(2)"
        let error = #expect(throws: SelectorError.self) { _ = try FRYEngine().compile(selector) }
        #expect(error?.kind == .usage)
        #expect(error?.description == "`.count(2)` is a check, not a selection: run it with `frankly expect --engine fry` at column 30")
    }

    @Test("64 KiB of nesting is an error, not a stack overflow", arguments: ["[", "(", "FRY_ofKind("])
    func deepNesting(_ open: String) {
        let selector = "FRY.lookup(" + String(repeating: open, count: 65_000 / open.utf8.count)
        #expect(throws: SelectorError.self) { _ = try FRYEngine().compile(selector) }
        let quoted = "FRY.lookup(\"" + String(repeating: "(", count: 65_000) + "\")"
        #expect(throws: SelectorError.self) { _ = try FRYEngine().compile(quoted) }
    }

    @Test("arrays nested past the bound are a limit error with the column")
    func nestingLimit() {
        let selector = "FRY.lookup(" + String(repeating: "[", count: 65) + "isVisible" + String(repeating: "]", count: 65) + ")"
        let error = #expect(throws: SelectorError.self) { _ = try FRYEngine().compile(selector) }
        #expect(error?.kind == .limit)
        #expect(error?.message == "nested deeper than 64 levels")
        #expect(error?.column == 76)
        let ok = "FRY.lookup(" + String(repeating: "[", count: 63) + "isVisible" + String(repeating: "]", count: 63) + ")"
        #expect(throws: Never.self) { _ = try FRYEngine().compile(ok) }
    }

    static func offset(_ column: Int, in selector: String) -> Int {
        selector.utf8.distance(from: selector.startIndex,
                               to: selector.index(selector.startIndex, offsetBy: column - 1))
    }
}
