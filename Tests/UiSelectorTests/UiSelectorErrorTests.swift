import SelectorCore
import Testing
import UiSelectorEngine

/// Malformed selectors: each a `SelectorError` with an exact message and the column of the problem.
@Suite struct UiSelectorErrorTests {
    static let methods = "text, textContains, textStartsWith, textMatches, description, descriptionContains, descriptionStartsWith, descriptionMatches, resourceId, resourceIdMatches, className, classNameMatches, packageName, packageNameMatches, index, instance, checkable, checked, clickable, enabled, focusable, focused, scrollable, selected, longClickable, childSelector, fromParent"

    static let table: [(String, String, Int)] = [
        ("", "empty selector; expected new UiSelector() and its methods", 1),
        ("   ", "empty selector; expected new UiSelector() and its methods", 4),
        (#"new UiSelector().txt("OK")"#, "unknown UiSelector method `txt`; expected one of \(methods)", 18),
        (#"txt("OK")"#, "unknown UiSelector method `txt`; expected one of \(methods)", 1),
        (#"new UiSelector().text(42)"#, "text takes a string in double quotes", 23),
        (#"new UiSelector().text(OK)"#, "text takes a string in double quotes", 23),
        (#"new UiSelector().textMatches(true)"#, "textMatches takes a regular expression in double quotes", 30),
        (#"new UiSelector().clickable("true")"#, "clickable takes true or false", 28),
        (#"new UiSelector().clickable(yes)"#, "clickable takes true or false", 28),
        (#"new UiSelector().instance("1")"#, "instance takes a whole number", 27),
        (#"new UiSelector().instance(-1)"#, "instance takes a whole number from 0", 27),
        (#"new UiSelector().index(99999999999)"#, "index takes a whole number up to 2147483647", 24),
        (#"new UiSelector().childSelector("x")"#, #"childSelector takes a UiSelector such as new UiSelector().text("OK")"#, 32),
        (#"new UiSelector().fromParent(new UiObject())"#, #"fromParent takes a UiSelector such as new UiSelector().text("OK")"#, 33),
        (#"new UiSelector().className(42)"#, #"className takes a class name: "android.widget.Button" or android.widget.Button"#, 28),
        (#"new UiSelector().className(android.widget.Button.class)"#,
         "className takes the class name without `.class` (Appium looks it up with Class.forName)", 28),
        (#"new UiSelector().text("OK)"#, "unterminated string", 23),
        (#"new UiSelector().text("OK\")"#, "unterminated string", 23),
        (#"new UiSelector().text("OK""#, "expected `)` closing text", 27),
        (#"new UiSelector().text("a", "b")"#, "text takes one argument", 26),
        (#"new UiSelector().text"#, "expected `(` after text", 22),
        (#"new UiSelector().text("OK") junk"#, "unexpected text after the selector; expected `.` and a method, or `;`", 29),
        (#"new UiSelector().text("OK").)"#, #"expected a UiSelector method such as text("OK")"#, 29),
        (#"new UiSelector(1).text("OK")"#, "new UiSelector() takes no arguments", 16),
        (#"new UiSelectr().text("OK")"#, "expected `new UiSelector()` or `new UiScrollable(new UiSelector()...)`", 5),
        (#"new UiSelector"#, "expected `(` after UiSelector", 15),
        (#"("OK")"#, "expected new UiSelector() and its methods", 1),
        (#"new UiSelector().text("a");;text("b")"#, "empty statement; expected new UiSelector() before `;`", 28),
        (#";text("b")"#, "empty statement; expected new UiSelector() before `;`", 1),
        (#"new UiSelector().textMatches("a(b")"#, "invalid regular expression in textMatches: missing closing parenthesis", 34),
        (#"new UiSelector().classNameMatches("*")"#, "invalid regular expression in classNameMatches: quantifier does not follow a repeatable item", 36),
        // Appium's rule: the last call must return a UiObject or a selector must have been stored.
        (#"new UiScrollable(new UiSelector().scrollable(true))"#,
         "Last method called on a UiScrollable object must return a UiObject object", 52),
        (#"new UiScrollable(new UiSelector()).flingForward()"#,
         "Last method called on a UiScrollable object must return a UiObject object", 50),
        (#"new UiScrollable(new UiSelector()).scrollIntoView(new UiSelector()).click()"#,
         "UiScrollable has no `click` method; its public methods are ensureFullyVisible, flingBackward, flingForward, flingToBeginning, flingToEnd, getChildByDescription, getChildByInstance, getChildByText, getMaxSearchSwipes, getSwipeDeadZonePercentage, scrollBackward, scrollDescriptionIntoView, scrollForward, scrollIntoView, scrollTextIntoView, scrollToBeginning, scrollToEnd, setAsHorizontalList, setAsVerticalList, setMaxSearchSwipes, setSwipeDeadZonePercentage", 69),
        (#"new UiScrollable(new UiSelector()).scrollTextIntoView(1)"#,
         "UiScrollable has no method scrollTextIntoView taking an int; it has scrollTextIntoView(String)", 36),
        (#"new UiScrollable().scrollTextIntoView("a")"#, #"UiScrollable takes a UiSelector such as new UiSelector().text("OK")"#, 18),
    ]

    @Test("each malformed selector is a syntax error with this message and column", arguments: table)
    func error(_ selector: String, _ message: String, _ column: Int) {
        #expect(throws: SelectorError.syntax(message, at: offset(column, in: selector), in: selector)) {
            _ = try UiSelectorEngine().compile(selector)
        }
    }

    /// Deep nesting is a limit error at the 65th level, never a stack overflow, however deep.
    @Test func deepNestingIsALimitError() {
        for depth in [65, 1_000, 100_000] {
            let selector = String(repeating: "new UiSelector().childSelector(", count: depth) + "new UiSelector()"
                + String(repeating: ")", count: depth)
            let error = #expect(throws: SelectorError.self) { _ = try UiSelectorEngine().compile(selector) }
            #expect(error?.kind == .limit)
            #expect(error?.message == "selectors nested deeper than 64 levels")
            #expect(error?.column == 64 * 31 + 1 + 31)
        }
        let ok = String(repeating: "new UiSelector().childSelector(", count: 64) + "new UiSelector().text(\"x\")"
            + String(repeating: ")", count: 64)
        #expect(throws: Never.self) { _ = try UiSelectorEngine().compile(ok) }
    }

    /// The registry reports the engine's errors unchanged, column and all.
    @Test func registryReportsTheColumn() {
        let error = #expect(throws: SelectorError.self) {
            _ = try uiRegistry.select(#"new UiSelector().text("a").bogus(1)"#, engine: "uiselector", in: androidTree)
        }
        #expect(error?.column == 28)
        #expect(error?.kind == .syntax)
    }
}
