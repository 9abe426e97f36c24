import Foundation
import SelectorCore
import Testing
import UiSelectorEngine

/// UiScrollable as appium-uiautomator2-server's `UiScrollableParser` runs it by reflection (issue 29,
/// item 3): every public UiScrollable method, the stored selector, the last call's UiObject, and
/// UiCollection's `getChildBy…` compiled to core steps. Trees: `androidTree` (UiSelectorSemanticsTests).
@Suite struct UiScrollableTests {
    /// The locators of UiScrollableParserTests.java, by test name (Tests/Fixtures/appium).
    static let upstream: [String: String] = {
        let text = String(decoding: try! FileIO.read(fixturePath("appium/uiautomator2_server_uiscrollable_locators.txt")),
                          as: UTF8.self)
        var out: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            out[String(parts[0])] = String(parts[1])
        }
        return out
    }()

    static func same(_ a: String, _ b: String) throws -> Bool {
        try ui(a, in: androidTree) == ui(b, in: androidTree) && ui(a, in: wecom) == ui(b, in: wecom)
    }

    /// UiScrollableParserTests' table: what each locator answers (the selector the Java test
    /// expects), on our trees, against the equivalent plain UiSelector.
    @Test("UiScrollableParserTests: each locator is the selector Appium's parser returns", arguments: [
        ("shouldBeAbleToParseUiSelectorInConstructor", #"new UiSelector().text("test")"#),
        ("shouldBeAbleToChainUiScrollableMethods", "new UiSelector()"),
        ("shouldToAbleToInvokeScrollIntoViewWithUiSelectorParam", #"new UiSelector().index(0).text("test")"#),
        ("shouldToAbleToInvokeScrollTextIntoView", #"new UiSelector().text("test")"#),
        ("shouldToAbleToInvokeScrollDescriptionIntoView", #"new UiSelector().description("test")"#),
        ("shouldNotInvokeScrollIntoViewWithUiSelectorParamIfObjectExists", #"new UiSelector().index(0).text("test")"#),
        ("shouldNotInvokeScrollTextIntoViewIfTextExists", #"new UiSelector().text("test")"#),
        ("shouldNotInvokeScrollDescriptionIntoViewIfDescriptionExists", #"new UiSelector().description("test")"#),
    ])
    func upstreamTable(_ test: String, _ equivalent: String) throws {
        let locator = try #require(Self.upstream[test])
        #expect(try Self.same(locator, equivalent), "\(locator)")
        // The same with a target that exists, so the comparison is not of two empty lists.
        let existing = locator.replacingOccurrences(of: "\"test\"", with: "\"Wi-Fi\"")
        #expect(try Self.same(existing, equivalent.replacingOccurrences(of: "\"test\"", with: "\"Wi-Fi\"")), "\(existing)")
    }

    @Test("UiScrollableParserTests: getChildByText answers the container's row holding the text")
    func upstreamGetChildByText() throws {
        // The Java test mocks getChildByText; on a recording it is UiCollection's search: the
        // first resourceId("testId") descendant whose text is "text" or that holds it.
        let locator = try #require(Self.upstream["shouldReturnUiSelectorFromUiObjectIfLastMethodReturnUiObject"])
        #expect(try uids(locator) == [])
        #expect(try uids(locator.replacingOccurrences(of: "testId", with: "com.example:id/title")
                            .replacingOccurrences(of: "\"text\"", with: "\"Bluetooth\"")) == ["title1"])
        // Not found is UiObjectNotFoundException on a device: no element here.
        let notFound = try #require(Self.upstream["shouldReThrowUiObjectNotFoundException"])
        #expect(try uids(notFound) == [])
    }

    @Test("UiScrollableParserTests: errors (no constructor; last call returns no UiObject)")
    func upstreamErrors() throws {
        // `test` is no UiScrollable (Appium's UiAutomatorParser then reads it as a UiSelector): an error.
        #expect(throws: SelectorError.self) { try uids(try #require(Self.upstream["shouldThrowExceptionIfNoConstructor"])) }
        // scrollToEnd(20) returns a boolean and stores no selector: Appium's own error.
        let locator = try #require(Self.upstream["shouldBeAbleToParseUiSelectorInConstructorIfTheFinalMethodDoesNotReturnUiObject"])
        #expect { try uids(locator) } throws: { error in
            (error as? SelectorError)?.message == "Last method called on a UiScrollable object must return a UiObject object"
        }
    }

    @Test("every public UiScrollable method is accepted; a scroll or fling changes nothing on a recording", arguments: [
        // Scrolls and flings last: the stored selector (of an earlier call with a UiSelector argument).
        (#"new UiScrollable(new UiSelector().scrollable(true)).scrollIntoView(new UiSelector().text("OK")).scrollForward()"#, ["ok"]),
        (#"new UiScrollable(new UiSelector().scrollable(true)).scrollTextIntoView("On").scrollBackward(10)"#, ["sub0"]),
        (#"new UiScrollable(new UiSelector()).scrollDescriptionIntoView("Dismiss").flingForward()"#, ["cancel"]),
        (#"new UiScrollable(new UiSelector()).scrollTextIntoView("OK").flingBackward()"#, ["ok"]),
        (#"new UiScrollable(new UiSelector()).scrollTextIntoView("OK").flingToBeginning(3)"#, ["ok"]),
        (#"new UiScrollable(new UiSelector()).scrollTextIntoView("OK").flingToEnd(3)"#, ["ok"]),
        (#"new UiScrollable(new UiSelector()).scrollTextIntoView("OK").scrollToBeginning(3)"#, ["ok"]),
        (#"new UiScrollable(new UiSelector()).scrollTextIntoView("OK").scrollToBeginning(3, 5)"#, ["ok"]),
        (#"new UiScrollable(new UiSelector()).scrollTextIntoView("OK").scrollToEnd(3, 5)"#, ["ok"]),
        (#"new UiScrollable(new UiSelector()).scrollTextIntoView("OK").getMaxSearchSwipes()"#, ["ok"]),
        (#"new UiScrollable(new UiSelector()).scrollTextIntoView("OK").getSwipeDeadZonePercentage()"#, ["ok"]),
        // Setters return the UiScrollable; setMaxSearchSwipes(int) stores nothing.
        (#"new UiScrollable(new UiSelector()).setAsHorizontalList().setMaxSearchSwipes(-1).setAsVerticalList().scrollTextIntoView("Off")"#, ["sub1"]),
        (#"new UiScrollable(new UiSelector()).scrollTextIntoView("Off").setMaxSearchSwipes(5)"#, ["sub1"]),
        // The last UiSelector argument of a call wins over an earlier stored one.
        (#"new UiScrollable(new UiSelector()).scrollTextIntoView("Off").scrollIntoView(new UiSelector().text("On")).scrollForward(2)"#, ["sub0"]),
        // A getChildBy… call that is not the last stores its pattern (its first UiSelector argument).
        (#"new UiScrollable(new UiSelector().scrollable(true)).getChildByText(new UiSelector().className("android.widget.Button"), "OK").scrollForward()"#,
         ["ok", "cancel"]),
    ])
    func methods(_ selector: String, _ expected: [String]) throws {
        #expect(try uids(selector) == expected)
    }

    @Test("getChildByInstance, getChildByText, getChildByDescription: UiCollection's searches in the container", arguments: [
        // getChildByInstance(p, n): container.childSelector(p.instance(n)), the n-th from 0.
        (#"new UiScrollable(new UiSelector().scrollable(true)).getChildByInstance(new UiSelector().className("android.widget.LinearLayout"), 1)"#,
         ["row1"]),
        (#"new UiScrollable(new UiSelector().scrollable(true)).getChildByInstance(new UiSelector().className("android.widget.TextView"), 3)"#,
         ["sub1"]),
        (#"new UiScrollable(new UiSelector().scrollable(true)).getChildByInstance(new UiSelector().className("android.widget.LinearLayout"), 3)"#,
         [String]()),
        // getChildByText(p, t): the first p row whose own text is t...
        (#"new UiScrollable(new UiSelector().scrollable(true)).getChildByText(new UiSelector().className("android.widget.TextView"), "Off")"#,
         ["sub1"]),
        // ...or that holds a view with text t (the row, not the view).
        (#"new UiScrollable(new UiSelector().scrollable(true)).getChildByText(new UiSelector().className("android.widget.LinearLayout"), "Bluetooth")"#,
         ["row1"]),
        (#"new UiScrollable(new UiSelector().scrollable(true)).getChildByText(new UiSelector().clickable(true), "Off", true)"#,
         ["row1"]),
        (#"new UiScrollable(new UiSelector().scrollable(true)).getChildByText(new UiSelector().clickable(true), "Off", false)"#,
         ["row1"]),
        // Exact text: "Blue" is no row's text. Outside the container: not searched.
        (#"new UiScrollable(new UiSelector().scrollable(true)).getChildByText(new UiSelector().clickable(true), "Blue")"#, [String]()),
        (#"new UiScrollable(new UiSelector().scrollable(true)).getChildByText(new UiSelector().clickable(true), "OK")"#, [String]()),
        // The pattern's own instance is UiCollection's to set: ignored.
        (#"new UiScrollable(new UiSelector().scrollable(true)).getChildByText(new UiSelector().clickable(true).instance(0), "Off")"#, ["row1"]),
        // getChildByDescription reads content-desc the same way.
        (#"new UiScrollable(new UiSelector()).getChildByDescription(new UiSelector().clickable(true), "Dismiss")"#, ["cancel"]),
        (#"new UiScrollable(new UiSelector().className("android.widget.FrameLayout")).getChildByDescription(new UiSelector().className("android.widget.Button"), "Dismiss", true)"#,
         ["cancel"]),
        (#"new UiScrollable(new UiSelector()).getChildByDescription(new UiSelector().clickable(true), "Cancel")"#, [String]()),
        // Setters before the last call.
        (#"new UiScrollable(new UiSelector().scrollable(true)).setAsVerticalList().setMaxSearchSwipes(3).getChildByText(new UiSelector().clickable(true), "Wi-Fi")"#,
         ["row0"]),
    ])
    func children(_ selector: String, _ expected: [String]) throws {
        #expect(try uids(selector) == expected)
    }

    @Test("getChildByText compiles to core steps: the link, the core's has-descendant step and a pick")
    func program() throws {
        let program = try UiSelectorEngine().compile(
            #"new UiScrollable(new UiSelector().scrollable(true)).getChildByText(new UiSelector().clickable(true), "Off")"#)
        let lines = program.description.split(separator: "\n").map(String.init)
        #expect(lines.count == 5, "\(program)")
        #expect(lines[3].hasPrefix("3  has descendant or self(") && lines[3].contains(#"text == "Off""#), "\(program)")
        #expect(lines[4] == "4  pick 0")
    }

    @Test("errors at the column: unknown methods, wrong argument types, Appium's last-call rule", arguments: [
        // UiCollection's and UiObject's methods are not UiScrollable's declared ones.
        (#"new UiScrollable(new UiSelector()).click()"#, "UiScrollable has no `click` method; its public methods are ", 36),
        (#"new UiScrollable(new UiSelector()).getChild(new UiSelector())"#, "UiScrollable has no `getChild` method", 36),
        (#"new UiScrollable(new UiSelector()).scrollTextIntoView(1)"#,
         "UiScrollable has no method scrollTextIntoView taking an int; it has scrollTextIntoView(String)", 36),
        (#"new UiScrollable(new UiSelector()).scrollForward("5")"#,
         "UiScrollable has no method scrollForward taking a string; it has scrollForward() and scrollForward(int)", 36),
        (#"new UiScrollable(new UiSelector()).getChildByText(new UiSelector(), "a", 1)"#,
         "UiScrollable has no method getChildByText taking a UiSelector, a string, an int", 36),
        (#"new UiScrollable(new UiSelector()).getChildByInstance(new UiSelector(), 2147483648)"#,
         "UiScrollable has no method getChildByInstance taking a UiSelector, `2147483648`", 36),
        (#"new UiScrollable(new UiSelector()).setSwipeDeadZonePercentage(0.1)"#,
         "UiScrollable has no method setSwipeDeadZonePercentage taking `0.1`; it has setSwipeDeadZonePercentage(double) (Appium cannot pass a double to it)", 36),
        (#"new UiScrollable(new UiSelector()).getChildByInstance(new UiSelector(), -1)"#,
         "getChildByInstance takes an instance from 0", 55),
        (#"new UiScrollable(new UiSelector()).scrollForward(5)"#,
         "Last method called on a UiScrollable object must return a UiObject object", 52),
        (#"new UiScrollable(new UiSelector().scrollable(true))"#,
         "Last method called on a UiScrollable object must return a UiObject object", 52),
        (#"new UiScrollable(new UiSelector()).scrollTextIntoView("a" "b")"#, "expected `,` or `)` closing scrollTextIntoView", 59),
        (#"new UiScrollable(new UiSelector()).getChildByText(new UiSelector().txt("a"), "a")"#,
         "unknown UiSelector method `txt`", 68),
    ])
    func errors(_ selector: String, _ message: String, _ column: Int) {
        #expect { try uids(selector) } throws: { error in
            guard let e = error as? SelectorError else { return false }
            let ok = e.message.hasPrefix(message) && e.column == column
            if !ok { Issue.record("got \(e.message) at \(e.column ?? -1)") }
            return ok
        }
    }

    @Test("the WeCom recording: getChildByText finds the list row holding a text")
    func recording() throws {
        let rows = try ui(#"new UiSelector().scrollable(true).childSelector(new UiSelector().clickable(true))"#, in: wecom)
        try #require(!rows.isEmpty)
        // Some text inside one of the rows: the row is the answer.
        let texts = rows.flatMap { row in (row + 1 ..< wecom.ends[Int(row)]).compactMap { wecom.string("text", of: $0) } }
            .filter { !$0.isEmpty && !$0.contains("\"") }
        let text = try #require(texts.first)
        let found = try ui(#"new UiScrollable(new UiSelector().scrollable(true)).getChildByText(new UiSelector().clickable(true), "\#(text)")"#,
                           in: wecom)
        #expect(found.count == 1)
        let row = try #require(found.first)
        #expect(rows.contains(row))
        #expect((row ..< wecom.ends[Int(row)]).contains(where: { wecom.string("text", of: $0) == text }))
    }
}
