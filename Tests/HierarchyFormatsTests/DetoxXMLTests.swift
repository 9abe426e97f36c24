import HierarchyFormats
import SelectorCore
import Testing

/// Issue 45, format 2: Detox's `<ViewHierarchy>` XML (wix/Detox e2e assets, MIT).
@Suite struct DetoxXMLTests {
    func load(_ path: String) throws -> Pinned {
        let (tree, format) = try HierarchyFormat.loadDetecting(try usersFixture("detox/" + path))
        #expect(format == .detox)
        return Pinned(tree: tree)
    }

    @Test func androidWritesWindowPixels() throws {
        let t = try load("device-assets.rn71.android.xml")
        #expect(t.tree.count == 14)
        #expect(t.tree.recordingSource == .uiautomator)
        #expect(try t.className(1) == "com.android.internal.policy.DecorView")
        #expect(try t.className(12) == "com.facebook.react.views.text.ReactTextView")
        #expect(try t.parent(12) == 11)
        #expect(try t.frame(PropertyName.accessibilityFrame, 12) == Rect(x: 434, y: 1059, width: 213, height: 92))
        #expect(try t.frame(PropertyName.frame, 12) == Rect(x: 434, y: 993, width: 213, height: 92))
        #expect(try t.frame(PropertyName.accessibilityFrame, 13) == Rect(x: 0, y: 2088, width: 1080, height: 132))
        // Older writers: `id` the resource name, `testID` empty, `label="null"` for none.
        #expect(try t.string("accessibilityIdentifier", 7) == "android:id/content")
        #expect(try t.string("testID", 7) == "")
        #expect(try t.string("label", 1) == "null")
        #expect(try t.string(PropertyName.accessibilityLabel, 1) == nil)
        #expect(try t.string(PropertyName.accessibilityLabel, 12) == "Hello!!!")
        #expect(try t.string("text", 12) == "Hello!!!")
        #expect(try t.value("alpha", 12) == .int(1))
        #expect(try t.value("focused", 12) == .bool(false))
        #expect(try t.value(PropertyName.isHidden, 3) == .bool(true))   // visibility="gone"
        #expect(try t.value(PropertyName.isHidden, 12) == .bool(false))
        #expect(try uids("by.text('Hello!!!')", engine: "detox", in: t.tree) == ["8", "9", "10", "11", "12"])
    }

    @Test func iOSPositionsAreRelativeToTheSuperview() throws {
        let t = try load("device-assets.rn71.ios.xml")
        #expect(t.tree.count == 10)
        #expect(t.tree.recordingSource == .frank)
        #expect(try t.className(1) == "AnnoyingWindow")
        // The window has no x/y: at 0, 0.
        #expect(try t.frame(PropertyName.accessibilityFrame, 1) == Rect(x: 0, y: 0, width: 430, height: 932))
        #expect(try t.frame(PropertyName.accessibilityFrame, 9) == Rect(x: 176, y: 460, width: 76, height: 30))
        #expect(try t.frame(PropertyName.accessibilityFrame, 10) == Rect(x: 174, y: 45, width: 80, height: 36))
        let nested = """
            <ViewHierarchy><UIWindow class="UIWindow" width="100" height="200" visibility="visible">\
            <UIView class="UIView" x="10" y="20" width="50" height="60" visibility="visible">\
            <UIButton class="UIButton" x="5" y="6" width="7" height="8" visibility="hidden" id="go"/></UIView></UIWindow></ViewHierarchy>
            """
        let n = Pinned(tree: try HierarchyFormat.detox.load(Array(nested.utf8)))
        #expect(try n.frame(PropertyName.accessibilityFrame, 3) == Rect(x: 15, y: 26, width: 7, height: 8))
        #expect(try n.frame(PropertyName.frame, 3) == Rect(x: 5, y: 6, width: 7, height: 8))
        #expect(try n.value(PropertyName.isHidden, 3) == .bool(true))
        #expect(try n.string("accessibilityIdentifier", 3) == "go")
    }

    @Test func theTestAssetsWithPlaceholdersLoadWithoutFrames() throws {
        // Detox's assets write `<number>` in place of numbers: not XML, read anyway.
        let t = try load("view-hierarchy-without-test-id-injection.71.ios.b9a64a5.txt")
        #expect(t.tree.count == 125)
        #expect(t.tree.columns[PropertyName.accessibilityFrame] == nil)
        #expect(try t.string("height", 1) == "<number>")
        let field = try uids("by.id('UniqueId937')", engine: "detox", in: t.tree)
        #expect(field.count == 1)
        #expect(try t.className(Int(field[0])!) == "RCTUITextField")
        #expect(try t.string("testID", Int(field[0])!) == "UniqueId937")
        #expect(try load("view-hierarchy-without-test-id-injection.76.ios.txt").tree.count == 12)
        let injected = try load("view-hierarchy-with-test-id-injection.76.android.txt")
        #expect(injected.tree.count == 13)
        #expect(try injected.string("accessibilityIdentifier", 13) == "detox_temp_0_1_0_1_0_2_0")
        #expect(injected.tree.recordingSource == .uiautomator)
    }

    @Test func aWebViewsHTMLIsItsContent() throws {
        let t = try load("view-hierarchy-web-view.76.android.txt")
        #expect(t.tree.count == 16)
        let web = try #require((1...16).first { (try? t.className($0)) == "com.reactnativecommunity.webview.RNCWebView" })
        #expect(try t.string("content", web)?.hasPrefix("\"<html xmlns=") == true)
        #expect(try t.string("content", web)?.contains("bottomParagraph") == true)
    }

    @Test func unescapedValuesAreReadWhereTheDamageIsLocal() throws {
        let text = #"<?xml version="1.0" encoding="utf-8"?>"# + "\n" + """
            <ViewHierarchy>
             <UIWindow class="UIWindow" width="10" height="10" visibility="visible">
              <UILabel class="UILabel" label="Say "hi" & <b>bye</b> =" text="a&amp;b" x="1" y="2" width="3" height="4" visibility="visible" />
              <UILabel class="UILabel" label='it's' visibility="visible" />
             </UIWindow>
            </ViewHierarchy>
            trailing log text
            """
        let t = Pinned(tree: try HierarchyFormat.detox.load(Array(text.utf8)))
        #expect(t.tree.count == 3)
        #expect(try t.string("label", 2) == #"Say "hi" & <b>bye</b> ="#)
        #expect(try t.string("text", 2) == "a&b")
        #expect(try t.string("label", 3) == "it's")
    }

    @Test func damageThatCannotBeReadPastSaysWhere() throws {
        let cases: [(String, Int, Int, String)] = [
            ("<ViewHierarchy>\n <A class=\"A\">\n </B>\n</ViewHierarchy>", 3, 2, "</B> closes nothing open"),
            ("<ViewHierarchy>\n <A class=\"A\" label=\"x />\n</ViewHierarchy>", 2, 21, "does not end"),
            ("<ViewHierarchy>\n <A class=\"A\">", 2, 15, "the document ends inside <A>"),
            ("<Hierarchy/>", 1, 1, "must be <ViewHierarchy>"),
        ]
        for (text, line, column, message) in cases {
            let error = try #require(throws: FormatError.self) { try HierarchyFormat.detox.load(Array(text.utf8)) }
            #expect(error.line == line && error.column == column, "\(error)")
            #expect(error.message.contains(message), "\(error)")
        }
    }

    @Test func theErrorLogLoadsFromItsHierarchy() throws {
        let loaded = try HierarchyFormat.loadFindingDump(try usersFixture("detox/jest_failure_by_id.log"))
        #expect(loaded.format == .detox)
        #expect(loaded.extraction?.lines == 10...206)
        #expect(loaded.tree.count == 125)
        #expect(loaded.tree.recordingSource == .frank)
    }
}
