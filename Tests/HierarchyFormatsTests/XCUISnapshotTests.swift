import HierarchyFormats
import SelectorCore
import Testing

/// Issue 45, format 3: XCTest's snapshot text (`debugDescription`), written from its shape.
@Suite struct XCUISnapshotTests {
    static let text = "xcuisnapshot/login_app_debugDescription.txt"

    func checkLogin(_ tree: ViewTree) throws {
        let t = Pinned(tree: tree)
        #expect(tree.recordingSource == .xcuitest)
        #expect(t.classes == ["XCUIElementTypeApplication", "XCUIElementTypeWindow", "XCUIElementTypeOther",
                              "XCUIElementTypeNavigationBar", "XCUIElementTypeButton", "XCUIElementTypeStaticText",
                              "XCUIElementTypeStaticText", "XCUIElementTypeTextField", "XCUIElementTypeSecureTextField",
                              "XCUIElementTypeSwitch", "XCUIElementTypeButton", "XCUIElementTypeStaticText"])
        #expect(try t.parent(5) == 4 && t.parent(7) == 3 && t.parent(12) == 11 && t.parent(1) == nil)
        #expect(try t.string("type", 2) == "Window (Main)")
        #expect(try t.string("address", 2) == "0x600000c0c0e0")
        // The Application line has no frame.
        #expect(try t.frame(PropertyName.accessibilityFrame, 1) == nil)
        #expect(try t.value("pid", 1) == .int(41263))
        #expect(try t.string(PropertyName.accessibilityLabel, 1) == "Sign In")
        #expect(try t.frame(PropertyName.accessibilityFrame, 11) == Rect(x: 20, y: 360, width: 350, height: 50))
        #expect(try t.frame(PropertyName.frame, 12) == Rect(x: 145, y: 15, width: 60, height: 20))
        // Labels are not escaped: an apostrophe and `, ` stay inside.
        #expect(try t.string("label", 7) == "Don't wait, sign in")
        #expect(try t.string("accessibilityIdentifier", 7) == "greeting")
        #expect(try t.string("placeholderValue", 8) == "Email")
        #expect(try t.string("value", 8) == "jane.appleseed@example.c...")
        #expect(try t.string("accessibilityValue", 8) == "jane.appleseed@example.c...")
        #expect(try t.string("value", 10) == "1")
        #expect(try t.value("selected", 10) == .bool(true))
        #expect(try t.value("enabled", 10) == .bool(true))
        #expect(try t.value("enabled", 11) == .bool(false))
        #expect(try t.value("isEnabled", 11) == .bool(false))
        #expect(try t.string("identifier", 4) == "Sign In")
        #expect(try uids("app.buttons[\"signInButton\"]", engine: "xcuitest", in: tree) == ["11"])
        #expect(try uids("app.staticTexts[\"Don't wait, sign in\"]", engine: "xcuitest", in: tree) == ["7"])
    }

    @Test func aDebugDescriptionLoads() throws {
        let bytes = try usersFixture(Self.text)
        #expect(HierarchyFormat.detect(bytes) == .xcuisnapshot)
        let loaded = try HierarchyFormat.loadFindingDump(bytes)
        #expect(loaded.extraction == nil)
        #expect(loaded.tree.count == 12)  // `Path to element` and `Query chain` are not elements
        try checkLogin(loaded.tree)
    }

    @Test func poPrintsOneStringLiteralAfterActivityLines() throws {
        let bytes = try usersFixture("xcuisnapshot/po_app_debugDescription.log")
        #expect(HierarchyFormat.detect(bytes) == nil)
        let loaded = try HierarchyFormat.loadFindingDump(bytes)
        #expect(loaded.format == .xcuisnapshot)
        #expect(loaded.extraction?.lines == 8...8)
        #expect(loaded.tree.count == 12)
        try checkLogin(loaded.tree)
        // Named, the format reads the literal too.
        #expect(try HierarchyFormat.xcuisnapshot.load(bytes).count == 12)
    }

    @Test func severalSubtreesAndMacOSTitles() throws {
        let (tree, format) = try HierarchyFormat.loadDetecting(try usersFixture("xcuisnapshot/wda_description_two_windows_macos.txt"))
        #expect(format == .xcuisnapshot)
        let t = Pinned(tree: tree)
        #expect(tree.count == 7)
        #expect(try t.parent(5) == nil)  // the second block's root
        #expect(try t.parent(6) == 5)
        #expect(try t.string("title", 2) == "All, iCloud")
        #expect(try t.value("enabled", 1) == .bool(false))
        #expect(try t.value("keyboardFocused", 4) == .bool(true))
        #expect(try t.string("title", 7) == "Cancel")
        #expect(try t.frame(PropertyName.frame, 6) == Rect(x: 220, y: 160, width: 80, height: 24))
        #expect(try uids("app.buttons[\"Delete\"]", engine: "xcuitest", in: tree) == ["6"])
    }

    @Test func aPastedSubtreeWithoutHeaders() throws {
        let text = """
             →Application, 0x1, pid: 1, label: 'App'
                Window (Main), 0x2, {{0.0, 0.0}, {100.0, 200.0}}
                  Button, 0x3, {{0.0, 0.0}, {50.0, 20.0}}, label: 'Don't tap', value: on
            """
        #expect(HierarchyFormat.detect(Array(text.utf8)) == .xcuisnapshot)
        let t = Pinned(tree: try HierarchyFormat.xcuisnapshot.load(Array(text.utf8)))
        #expect(t.tree.count == 3)
        #expect(try t.string("label", 3) == "Don't tap")
        #expect(try t.string("value", 3) == "on")
        let error = try #require(throws: FormatError.self) { try HierarchyFormat.xcuisnapshot.load(Array("Attributes:\nnothing".utf8)) }
        #expect(error.line == 1)
    }
}

/// WebDriverAgent's reply to `/source?format=description`, saved as it came: the dump is a JSON string.
@Suite struct XCUISnapshotInJSONTests {
    @Test func theReplysStringIsRead() throws {
        let reply = #"{"value":"Attributes: Application, 0x1, pid: 7, label: 'App'\nElement subtree:\n \u2192Application, 0x1, pid: 7, label: 'App'\n    Window (Main), 0x2, {{0.0, 0.0}, {390.0, 844.0}}\n      Button, 0x3, {{10.0, 20.0}, {30.0, 40.0}}, identifier: 'go', label: 'Say \"hi\"'\n","sessionId":"S"}"#
        #expect(HierarchyFormat.detect(Array(reply.utf8)) == nil)
        let loaded = try HierarchyFormat.loadFindingDump(Array(reply.utf8))
        #expect(loaded.format == .xcuisnapshot)
        #expect(loaded.extraction?.lines == 1...1)
        let t = Pinned(tree: loaded.tree)
        #expect(t.tree.count == 3)
        #expect(try t.string("label", 3) == #"Say "hi""#)
        #expect(try t.frame(PropertyName.accessibilityFrame, 3) == Rect(x: 10, y: 20, width: 30, height: 40))
    }
}
