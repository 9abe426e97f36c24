import HierarchyFormats
import SelectorCore
import Testing

/// Issue 45, format 4: Compose's semantics text (androidx `Output.kt`).
@Suite struct ComposeSemanticsTests {
    func checkLogin(_ tree: ViewTree) throws {
        let t = Pinned(tree: tree)
        #expect(tree.count == 7)
        #expect(tree.recordingSource == .uiautomator)
        #expect(t.classes == ["android.view.View", "android.widget.TextView", "android.widget.EditText", "android.widget.CheckBox",
                              "android.widget.Button", "android.widget.TextView", "android.view.View"])
        #expect(try t.parent(2) == 1 && t.parent(6) == 1 && t.parent(7) == 6)
        #expect(try t.value("nodeId", 7) == .int(15))
        #expect(try t.frame(PropertyName.accessibilityFrame, 1) == Rect(x: 0, y: 66, width: 1080, height: 2154))
        // Off screen, as printed.
        #expect(try t.frame(PropertyName.accessibilityFrame, 6) == Rect(x: 42, y: 2400, width: 996, height: 126))
        #expect(try t.frame(PropertyName.frame, 7) == Rect(x: 21, y: 21, width: 954, height: 84))
        #expect(try t.string("TestTag", 2) == "title")
        #expect(try t.string("resource-id", 2) == "title")
        #expect(try t.string("Text", 2) == "[Welcome back]")
        #expect(try t.string("text", 2) == "Welcome back")
        #expect(try t.value("Heading", 2) == .bool(true))
        #expect(try t.string("text", 3) == "jane@example.com")
        #expect(try t.value("focused", 3) == .bool(true))
        #expect(try t.value("long-clickable", 3) == .bool(true))
        #expect(try t.value("checked", 4) == .bool(true))
        #expect(try t.value("checkable", 4) == .bool(true))
        #expect(try t.value("MergeDescendants", 4) == .bool(true))
        #expect(try t.value("enabled", 5) == .bool(false))
        #expect(try t.value("Disabled", 5) == .bool(true))
        #expect(try t.value("isEnabled", 5) == .bool(false))
        #expect(try t.string("Actions", 5) == "OnClick, GetTextLayoutResult")
        #expect(try t.string("content-desc", 6) == "Help, and support")
        #expect(try t.string(PropertyName.accessibilityLabel, 6) == "Help, and support")
        #expect(try t.string("text", 6) == "Line one\nLine two")
        #expect(try t.value("scrollable", 6) == .bool(true))
        #expect(try t.value("selected", 7) == .bool(false))
        #expect(try t.value("clickable", 7) == .bool(false))
    }

    @Test func logcatPrefixesOnEveryLine() throws {
        let bytes = try usersFixture("compose/printToLog_logcat_every_line.txt")
        #expect(HierarchyFormat.detect(bytes) == nil)
        let loaded = try HierarchyFormat.loadFindingDump(bytes)
        #expect(loaded.format == .compose)
        #expect(loaded.extraction?.lines == 2...34)
        try checkLogin(loaded.tree)
        #expect(try uids("onNodeWithTag(\"signIn\")", engine: "compose", in: loaded.tree) == ["5"])
    }

    @Test func aPrefixOnTheFirstLineOnly() throws {
        let loaded = try HierarchyFormat.loadFindingDump(try usersFixture("compose/printToLog_studio_first_line.txt"))
        #expect(loaded.format == .compose)
        #expect(loaded.extraction?.lines == 1...33)
        try checkLogin(loaded.tree)
    }

    @Test func aCollectionPrintsNumberedRoots() throws {
        let text = """
            Printing with useUnmergedTree = 'true'
            1) Node #7 at (l=0.0, t=0.0, r=10.0, b=10.0)px, Tag: 'a'
            Has 2 children
            2) Node #9 at (l=-5.5, t=0.0, r=10.0, b=10.0)px
            [Disabled, Heading]
            """
        #expect(HierarchyFormat.detect(Array(text.utf8)) == .compose)
        let t = Pinned(tree: try HierarchyFormat.compose.load(Array(text.utf8)))
        #expect(t.tree.count == 2)
        #expect(try t.parent(2) == nil)
        #expect(try t.string("truncatedChildren", 1) == "Has 2 children")
        #expect(try t.frame(PropertyName.accessibilityFrame, 2) == Rect(x: -5.5, y: 0, width: 15.5, height: 10))
        #expect(try t.value("Heading", 2) == .bool(true))
        let orphan = " |-Node #2 at (l=0.0, t=0.0, r=1.0, b=1.0)px\n"
        let error = try #require(throws: FormatError.self) { try HierarchyFormat.compose.load(Array(orphan.utf8)) }
        #expect(error.line == 1, "\(error)")
        let open = "Node #1 at (l=0.0, t=0.0, r=1.0, b=1.0)px\nText = '[never\nends"
        let unended = try #require(throws: FormatError.self) { try HierarchyFormat.compose.load(Array(open.utf8)) }
        #expect(unended.message.contains("does not end"), "\(unended)")
    }
}

/// Compose before the bounds were named (`(0.0, 66.0, 1080.0, 2220.0)px`) reads the same.
@Suite struct ComposeOlderBoundsTests {
    @Test func positionalBounds() throws {
        let text = "Node #1 at (0.0, 66.0, 1080.0, 2220.0)px\n |-Node #2 at (10.0, 76.0, 20.0, 86.0)px, Tag: 'x'\n"
        #expect(HierarchyFormat.detect(Array(text.utf8)) == .compose)
        let t = Pinned(tree: try HierarchyFormat.compose.load(Array(text.utf8)))
        #expect(try t.frame(PropertyName.accessibilityFrame, 2) == Rect(x: 10, y: 76, width: 10, height: 10))
        #expect(try t.frame(PropertyName.frame, 2) == Rect(x: 10, y: 10, width: 10, height: 10))
    }
}
