import HierarchyFormats
import SelectorCore
import Testing

/// Issue 45, format 1: Espresso's "View Hierarchy:" text (`HumanReadables`).
@Suite struct EspressoDumpTests {
    static let log = "espresso/login_no_matching_view_failure.txt"

    @Test func theFailureLogLoadsFromItsDump() throws {
        let bytes = try usersFixture(Self.log)
        #expect(HierarchyFormat.detect(bytes) == nil)  // a log, not a recording
        let loaded = try HierarchyFormat.loadFindingDump(bytes)
        #expect(loaded.format == .espresso)
        #expect(loaded.extraction?.lines == 5...30)
        #expect(loaded.extraction?.lineDescription == "lines 5–30")
        let t = Pinned(tree: loaded.tree)
        #expect(loaded.tree.recordingSource == .uiautomator)
        #expect(t.classes == ["DecorView", "android.widget.LinearLayout", "ViewStub", "android.widget.FrameLayout",
                              "androidx.constraintlayout.widget.ConstraintLayout", "androidx.appcompat.widget.AppCompatTextView",
                              "androidx.appcompat.widget.AppCompatEditText", "com.google.android.material.button.MaterialButton",
                              "androidx.appcompat.widget.AppCompatCheckBox", "android.view.View", "android.view.View"])
        #expect(try t.parent(2) == 1 && t.parent(3) == 2 && t.parent(5) == 4 && t.parent(9) == 5 && t.parent(10) == 1)
        #expect(try t.string("simpleClassName", 6) == "AppCompatTextView")
        // x/y are relative to the parent: the absolute frame is their sum down the tree.
        #expect(try t.frame(PropertyName.accessibilityFrame, 4) == Rect(x: 0, y: 66, width: 1080, height: 2022))
        #expect(try t.frame(PropertyName.accessibilityFrame, 6) == Rect(x: 240, y: 266, width: 600, height: 80))
        #expect(try t.frame(PropertyName.frame, 6) == Rect(x: 240, y: 200, width: 600, height: 80))
        #expect(try t.frame(PropertyName.accessibilityFrame, 8) == Rect(x: 90, y: 766, width: 900, height: 150))
        #expect(try t.frame(PropertyName.accessibilityFrame, 10) == Rect(x: 0, y: 2088, width: 1080, height: 132))
        // Unescaped text that holds `, ` , `}` and a name already seen stays one value.
        #expect(try t.string("text", 6) == "Welcome, friend}, id=1")
        #expect(try t.value("id", 6) == .int(2131230950))
        #expect(try t.value("x", 6) == .double(240))
        #expect(try t.string("res-name", 6) == "title")
        #expect(try t.string("resource-id", 6) == ":id/title")
        #expect(try t.string("resource-id", 4) == "android:id/content")
        #expect(try t.string("accessibilityIdentifier", 8) == ":id/sign_in_button")
        #expect(try t.string("content-desc", 8) == "Sign in")
        #expect(try t.string(PropertyName.accessibilityLabel, 8) == "Sign in")
        #expect(try t.string(PropertyName.accessibilityLabel, 6) == "Welcome, friend}, id=1")
        #expect(try t.string("text", 8) == "SIGN IN")
        #expect(try t.string("text", 7) == "")
        #expect(try t.string("hint", 7) == "Username")
        #expect(try t.string("editor-info", 7)?.hasPrefix("[inputType=0x1 imeOptions=0x5") == true)
        #expect(try t.value("clickable", 8) == .bool(true))
        #expect(try t.value("is-clickable", 8) == .bool(true))
        #expect(try t.value("enabled", 8) == .bool(true))
        #expect(try t.value("checked", 9) == .bool(true))
        #expect(try t.value("checkable", 9) == .bool(true))
        #expect(try t.value(PropertyName.isHidden, 9) == .bool(true))   // INVISIBLE
        #expect(try t.value(PropertyName.isHidden, 3) == .bool(true))   // GONE
        #expect(try t.value(PropertyName.isHidden, 8) == .bool(false))
        #expect(try t.value("index", 8) == .int(2))
        #expect(try t.value("index", 11) == .int(2))
        #expect(try t.value("child-count", 1) == .int(3))
        // The DecorView's layout params span five lines; `tag=null` is absence.
        #expect(try t.string("layout-params", 1)?.contains("\n  fl=LAYOUT_IN_SCREEN") == true)
        #expect(try t.string("layout-params", 1)?.hasSuffix("CAPTION_BAR}") == true)
        #expect(try t.value("tag", 1) == nil)
        #expect(try t.value(PropertyName.uid, 11) == .int(11))
    }

    @Test func theEspressoEngineReadsTheDump() throws {
        let tree = try HierarchyFormat.loadDetecting(try usersFixture(Self.log)).0
        #expect(try uids("onView(withId(R.id.sign_in_button))", engine: "espresso", in: tree) == ["8"])
        #expect(try uids("onView(withId(android.R.id.content))", engine: "espresso", in: tree) == ["4"])
        #expect(try uids("onView(withText(\"SIGN IN\"))", engine: "espresso", in: tree) == ["8"])
        #expect(try uids("onView(withId(R.id.login_button))", engine: "espresso", in: tree).isEmpty)
    }

    static let dump = """
        View Hierarchy:
        +>FrameLayout{id=-1, visibility=VISIBLE, width=100, height=100, x=0.0, y=0.0, child-count=1} 
        |
        +->TextView{id=-1, visibility=VISIBLE, width=50, height=20, x=10.0, y=5.0, text=two
        lines, b=c, hint=h, input-type=0} ****MATCHES****
        |
        """

    @Test func aBareDumpIsDetectedAndARecordMaySpanLines() throws {
        let bytes = Array(Self.dump.utf8)
        #expect(HierarchyFormat.detect(bytes) == .espresso)
        #expect(HierarchyFormat.detect(Array(Self.dump.split(separator: "\n", maxSplits: 1)[1].utf8)) == .espresso)
        let t = Pinned(tree: try HierarchyFormat.espresso.load(bytes))
        #expect(t.tree.count == 2)
        // After a free-text field only describe()'s names end it: `b=c` stays in the text.
        #expect(try t.string("text", 2) == "two\nlines, b=c")
        #expect(try t.string("hint", 2) == "h")
        #expect(try t.string("problemView", 2) == "****MATCHES****")
        #expect(try t.string("problemView", 1) == nil)
        #expect(try t.frame(PropertyName.accessibilityFrame, 2) == Rect(x: 10, y: 5, width: 50, height: 20))
    }

    @Test func faultsNameTheirLine() throws {
        let jump = "+>A{id=1} \n|\n+--->B{id=2} \n|\n"
        let error = try #require(throws: FormatError.self) { try HierarchyFormat.espresso.load(Array(jump.utf8)) }
        #expect(error.line == 3, "\(error)")
        #expect(error.message.contains("3 levels deep follows one 0 deep"), "\(error)")
        let open = "+>A{id=1} \n|\n+->B{id=2, text=x \n|\n"
        let unclosed = try #require(throws: FormatError.self) { try HierarchyFormat.espresso.load(Array(open.utf8)) }
        #expect(unclosed.line == 3, "\(unclosed)")
        #expect(unclosed.message.contains("no closing '}'"), "\(unclosed)")
        let none = try #require(throws: FormatError.self) { try HierarchyFormat.espresso.load(Array("View Hierarchy:\n".utf8)) }
        #expect(none.line == 1)
        var limits = FormatLimits()
        limits.maxViewDepth = 3
        let deep = (0..<5).map { "+" + String(repeating: "-", count: $0) + ">V{id=\($0)} \n|" }.joined(separator: "\n")
        let tooDeep = try #require(throws: FormatError.self) { try HierarchyFormat.espresso.load(Array(deep.utf8), limits: limits) }
        #expect(tooDeep.line == 7, "\(tooDeep)")
        // Inside a log, the line is the log's.
        let log = "junk\nmore junk\n" + jump
        let inLog = try #require(throws: FormatError.self) { try HierarchyFormat.loadDetecting(Array(log.utf8)) }
        #expect(inLog.line == 5, "\(inLog)")
    }
}

/// Espresso's message as `adb logcat` prints it: every line behind TestRunner's prefix.
@Suite struct EspressoInLogcatTests {
    @Test func theLogcatPrefixIsCutFromEveryLine() throws {
        let prefix = "12-07 17:20:31.412  8123  8140 E TestRunner: "
        let text = "12-07 17:20:31.400  8123  8140 I TestRunner: failed: signIn\n"
            + prefix + "androidx.test.espresso.NoMatchingViewException: No views in hierarchy found matching: x\n"
            + prefix + "View Hierarchy:\n"
            + prefix + "+>FrameLayout{id=-1, visibility=VISIBLE, width=100, height=100, x=0.0, y=0.0, child-count=1} \n"
            + prefix + "|\n"
            + prefix + "+->TextView{id=2131230950, res-name=title, visibility=VISIBLE, width=50, height=20, x=10.0, y=5.0, text=Hi} \n"
            + prefix + "|\n"
            + prefix + "\tat androidx.test.espresso.ViewInteraction.check(ViewInteraction.java:307)\n"
        let loaded = try HierarchyFormat.loadFindingDump(Array(text.utf8))
        #expect(loaded.format == .espresso)
        #expect(loaded.extraction?.lines == 4...7)
        let t = Pinned(tree: loaded.tree)
        #expect(t.tree.count == 2)
        #expect(try t.string("text", 2) == "Hi")
        #expect(try t.frame(PropertyName.accessibilityFrame, 2) == Rect(x: 10, y: 5, width: 50, height: 20))
    }
}

/// A report that indents the exception's message indents the records too.
@Suite struct EspressoIndentedTests {
    @Test func indentedRecordsRead() throws {
        let text = "\tandroidx.test.espresso.NoMatchingViewException: x\n\n\tView Hierarchy:\n"
            + "\t+>FrameLayout{id=-1, visibility=VISIBLE, width=100, height=100, x=0.0, y=0.0, child-count=1} \n\t|\n"
            + "\t+->TextView{id=-1, visibility=GONE, width=50, height=20, x=10.0, y=5.0, text=Hi} \n\t|\n"
            + "\tat Foo.bar(Foo.kt:1)\n"
        let loaded = try HierarchyFormat.loadFindingDump(Array(text.utf8))
        #expect(loaded.format == .espresso)
        #expect(loaded.extraction?.lines == 4...7)
        #expect(loaded.tree.count == 2)
        #expect(try Pinned(tree: loaded.tree).value(PropertyName.isHidden, 2) == .bool(true))
    }
}
