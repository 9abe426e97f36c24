import HierarchyFormats
import SelectorCore
import SyntheticHierarchy
import Testing
import ViewSelectors

/// `frankly convert`'s writer: dump → XCUITest XML → load keeps classes, labels and frames.
@Suite struct RoundTripTests {
    /// `relativeFrames: false` where the source recorded a `frame` that is not the difference of
    /// absolute frames (Calabash: UIKit's own), which XCUITest's absolute rectangles cannot carry.
    func expectSameShape(_ a: ViewTree, _ b: ViewTree, relativeFrames: Bool = true) {
        #expect(a.count == b.count)
        #expect(a.parents == b.parents)
        for i in 0..<NodeID(min(a.count, b.count)) {
            #expect(a.className(of: i) == b.className(of: i))
            #expect(a.label(of: i) == b.label(of: i))
            #expect(a.value("accessibilityFrame", of: i) == b.value("accessibilityFrame", of: i))
            if relativeFrames { #expect(a.value("frame", of: i) == b.value("frame", of: i)) }
            #expect(a.uidString(of: i) == b.uidString(of: i))
        }
    }

    @Test func theSampleAppSurvivesDumpToXCUITestAndBack() throws {
        let tree = try SampleApp.tree()
        let xml = tree.xcuitestXML()
        #expect(HierarchyFormat.detect(xml) == .xcuitest)
        let again = try HierarchyFormat.xcuitest.load(xml)
        expectSameShape(tree, again)
        // Kinds survive too: the UIKit class is kept, and the XCUITest type is written as `type`.
        let registry = EngineRegistry.standard()
        #expect(try registry.select("tableViewCell", engine: "uiquery", in: again)
                == registry.select("tableViewCell", engine: "uiquery", in: tree))
        let login = try #require(again.node(withUID: "1059"))
        #expect(again.string("type", of: login) == "XCUIElementTypeButton")
        #expect(again.value("isEnabled", of: try #require(again.node(withUID: "1060"))) == .bool(false))
        #expect(again.value("isHidden", of: try #require(again.node(withUID: "1061"))) == .bool(true))
    }

    @Test func aSyntheticAppSurvivesTheRoundTrip() throws {
        let tree = SyntheticApp.generate(nodes: 3_000, seed: 7)
        let again = try HierarchyFormat.xcuitest.load(tree.xcuitestXML())
        expectSameShape(tree, again)
        #expect(try uids("/^Row 1-/", engine: "regex", in: again) == uids("/^Row 1-/", engine: "regex", in: tree))
    }

    @Test func xcuitestRecordingsRewriteToTheSameTree() throws {
        for file in ["xcuitest_ios_settings_zh_uiautodev.xml", "xcuitest_ios26_kiwix_main_page_mobium.xml"] {
            let tree = try loadReal(file)
            let again = try HierarchyFormat.xcuitest.load(tree.xcuitestXML())
            expectSameShape(tree, again)
            #expect(again.propertyNames.sorted() == tree.propertyNames.sorted())
        }
    }

    @Test func everyRecordingConvertsToBothFormatsAndLoadsAgain() throws {
        for file in ["android_wechat_miniprogram_appcrawler.xml", "uiautomator_android_wecom_window_dump.xml",
                     "calabash_ios_console_dump.json", "uiautomation_ios_safari_iphone_iosdriver.json",
                     "xcuitest_ios26_icecubes_timeline_mobium.xml", "xcuitest_ios26_pocketcasts_discover_mobium.xml"] {
            let tree = try loadReal(file)
            expectSameShape(tree, try HierarchyFormat.xcuitest.load(tree.xcuitestXML()),
                            relativeFrames: !file.hasPrefix("calabash"))
            let dumped = try HierarchyFormat.dump.load(tree.dumpJSON())
            expectSameShape(tree, dumped)
            #expect(try uids("button", engine: "uiquery", in: dumped) == uids("button", engine: "uiquery", in: tree))
        }
    }

    @Test func textThatXMLMustEscapeIsEscaped() throws {
        var b = ViewTreeBuilder()
        let root = b.addNode(className: "UIWindow")
        let label = b.addNode(className: "UILabel", parent: root)
        b.setString("accessibilityLabel", "a < b & \"c\" > d\nline\ttab", on: label)
        b.setString("odd name!", "x", on: label)
        b.set("backgroundColor", .object([("red", 1)]), on: label)
        let tree = b.build()
        let again = try HierarchyFormat.xcuitest.load(tree.xcuitestXML())
        #expect(again.label(of: 1) == "a < b & \"c\" > d\nline\ttab")
        #expect(again.string("odd_name_", of: 1) == "x")
        #expect(again.string("backgroundColor", of: 1) == #"{"red":1}"#)
    }

    @Test func severalRootsAreWrappedInAppiumAUT() throws {
        var b = ViewTreeBuilder()
        b.addNode(className: "UIWindow")
        b.addNode(className: "UIWindow")
        let xml = String(decoding: b.build().xcuitestXML(), as: UTF8.self)
        #expect(xml.contains("<AppiumAUT>"))
        #expect(try HierarchyFormat.xcuitest.load(Array(xml.utf8)).roots == [0, 1])
    }

    @Test func recordedClassChainsAreWrittenAndReadBack() throws {
        let tree = try ViewTree.loadDump(#"{"class":"UIWindow","subviews":[{"class":"MyButton","classChain":["MyButton","UIButton","UIControl","UIView","UIResponder","NSObject"]}]}"#)
        let again = try HierarchyFormat.xcuitest.load(tree.xcuitestXML())
        #expect(again.className(of: 1) == "MyButton")
        #expect(again.isKind(1, of: "UIButton"))
    }

    @Test func absentFramesStayAbsentAfterAWrite() throws {
        let tree = try loadReal("uiautomator_android_wecom_window_dump.xml")
        let dump = try JSONReader.parse(tree.dumpJSON())
        #expect(dump["frame"] == nil, "the hierarchy node has no bounds")
        #expect(dump["subviews"] != nil)
    }
}
