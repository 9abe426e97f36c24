import HierarchyFormats
import SelectorCore
import Testing

/// Issue 45, formats 5 and 6: WebDriverAgent's JSON source and idb's `describe-ui`.
@Suite struct AccessibilityJSONTests {
    @Test func webDriverAgentsReplyLoads() throws {
        let bytes = try usersFixture("wda/source_sign_in.json")
        #expect(HierarchyFormat.detect(bytes) == .wda)
        let t = Pinned(tree: try HierarchyFormat.loadDetecting(bytes).0)
        #expect(t.tree.count == 9)
        #expect(t.tree.recordingSource == .xcuitest)
        #expect(t.classes == ["XCUIElementTypeApplication", "XCUIElementTypeWindow", "XCUIElementTypeOther",
                              "XCUIElementTypeNavigationBar", "XCUIElementTypeButton", "XCUIElementTypeTextField",
                              "XCUIElementTypeSwitch", "XCUIElementTypeButton", "XCUIElementTypeStaticText"])
        #expect(try t.string("type", 8) == "Button")
        #expect(try t.value("isEnabled", 8) == .bool(false))
        #expect(try t.value("enabled", 8) == .bool(false))
        #expect(try t.value(PropertyName.isHidden, 9) == .bool(true))
        #expect(try t.value("visible", 9) == .bool(false))
        #expect(try t.value("focused", 6) == .bool(true))
        #expect(try t.string("accessibilityIdentifier", 8) == "signInButton")
        #expect(try t.string("accessibilityIdentifier", 5) == nil)  // rawIdentifier null; name is the label
        #expect(try t.string("name", 5) == "Back")
        #expect(try t.string("accessibilityValue", 7) == "1")
        #expect(try t.frame(PropertyName.accessibilityFrame, 5) == Rect(x: 0, y: 47, width: 44, height: 44))
        #expect(try t.frame(PropertyName.frame, 5) == Rect(x: 0, y: 0, width: 44, height: 44))
        #expect(try t.value("y", 5) == .int(47))
        #expect(try uids("app.buttons[\"signInButton\"]", engine: "xcuitest", in: t.tree) == ["8"])
        // The element alone, unwrapped, is WebDriverAgent's too.
        let bare = #"{"type":"Other","rect":{"x":1,"y":2,"width":3,"height":4},"isEnabled":"1","isVisible":"1"}"#
        #expect(HierarchyFormat.detect(Array(bare.utf8)) == .wda)
        #expect(try Pinned(tree: HierarchyFormat.wda.load(Array(bare.utf8))).frame(PropertyName.accessibilityFrame, 1) == Rect(x: 1, y: 2, width: 3, height: 4))
    }

    @Test func idbsFlatListHangsUnderItsApplication() throws {
        let bytes = try usersFixture("idb/describe_all_flat.json")
        #expect(HierarchyFormat.detect(bytes) == .idb)
        let t = Pinned(tree: try HierarchyFormat.loadDetecting(bytes).0)
        #expect(t.tree.count == 5)
        #expect(t.tree.recordingSource == .xcuitest)
        #expect(try (2...5).allSatisfy { try t.parent($0) == 1 })
        #expect(try t.className(4) == "XCUIElementTypeButton")
        #expect(try t.string("role", 4) == "AXButton")
        // Identifiers repeat in real captures: both are kept.
        #expect(try t.string("accessibilityIdentifier", 4) == "signInButton")
        #expect(try t.string("accessibilityIdentifier", 5) == "signInButton")
        #expect(try t.string(PropertyName.accessibilityLabel, 2) == "Don't wait, sign in")
        #expect(try t.string("accessibilityValue", 3) == "jane.appleseed@example.com")
        #expect(try t.value("isEnabled", 4) == .bool(false))
        #expect(try t.value("AXValue", 2) == nil)  // null is absence
        #expect(try t.string("AXFrame", 4) == "{{20, 360}, {350, 50}}")
        #expect(try t.frame(PropertyName.accessibilityFrame, 4) == Rect(x: 20, y: 360, width: 350, height: 50))
        #expect(try uids("app.buttons[\"signInButton\"]", engine: "xcuitest", in: t.tree) == ["4", "5"])
    }

    @Test func idbsNestedTreeKeepsItsParents() throws {
        let bytes = try usersFixture("idb/describe_all_nested.json")
        #expect(HierarchyFormat.detect(bytes) == .idb)
        let t = Pinned(tree: try HierarchyFormat.loadDetecting(bytes).0)
        #expect(t.tree.count == 6)
        #expect(try t.parent(5) == 4)
        #expect(try t.parent(6) == 1)
        #expect(try t.frame(PropertyName.frame, 5) == Rect(x: 145, y: 15, width: 60, height: 20))
    }

    @Test func jsonFaultsSayWhere() throws {
        let error = try #require(throws: FormatError.self) { try HierarchyFormat.wda.load(Array("{\"type\":\n \"Other\",]".utf8)) }
        #expect(error.line == 2, "\(error)")
        #expect(error.message.hasPrefix("malformed WebDriverAgent JSON"), "\(error)")
        let idb = try #require(throws: FormatError.self) { try HierarchyFormat.idb.load(Array("[{\"AXLabel\": nul}]".utf8)) }
        #expect(idb.line == 1 && idb.column != nil, "\(idb)")
        #expect(throws: FormatError.self) { try HierarchyFormat.idb.load(Array("[]".utf8)) }
        #expect(throws: FormatError.self) { try HierarchyFormat.wda.load(Array("{\"children\": 3}".utf8)) }
    }
}

/// The iOS recordings users hold convert to page-source XML that loads back with the same classes.
@Suite struct UsersRecordingsToXCUITestTests {
    @Test(arguments: ["wda/source_sign_in.json", "idb/describe_all_nested.json", "xcuisnapshot/login_app_debugDescription.txt"])
    func convertedToXCUITestTheyLoadBack(_ path: String) throws {
        let tree = try HierarchyFormat.loadDetecting(try usersFixture(path)).0
        let xml = tree.xcuitestXML()
        #expect(!String(decoding: xml, as: UTF8.self).contains(#"type="Button""#))
        let back = try HierarchyFormat.xcuitest.load(xml)
        #expect(Pinned(tree: back).classes == Pinned(tree: tree).classes)
        #expect(try uids("app.buttons[\"signInButton\"]", engine: "xcuitest", in: back)
                == uids("app.buttons[\"signInButton\"]", engine: "xcuitest", in: tree))
    }
}
