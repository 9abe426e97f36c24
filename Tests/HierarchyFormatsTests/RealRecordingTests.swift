import HierarchyFormats
import SelectorCore
import Testing

/// Every recording in `Tests/Fixtures/real/` (its README gives the counts), with a few properties
/// and selections in each engine. uids are 1-based preorder indices.
@Suite struct RealRecordingTests {
    @Test(arguments: [
        ("xcuitest_ios_settings_zh_uiautodev.xml", HierarchyFormat.xcuitest, 327, 12),
        ("xcuitest_ios26_pocketcasts_discover_mobium.xml", .xcuitest, 211, 22),
        ("xcuitest_ios26_icecubes_timeline_mobium.xml", .xcuitest, 151, 26),
        ("xcuitest_ios26_kiwix_main_page_mobium.xml", .xcuitest, 139, 23),
        ("uiautomation_ios_safari_iphone_iosdriver.json", .uiautomation, 94, 6),
        ("calabash_ios_console_dump.json", .calabash, 46, 10),
        ("android_wechat_miniprogram_appcrawler.xml", .uiautomator, 147, 18),
        ("uiautomator_android_wecom_window_dump.xml", .uiautomator, 208, 20),
    ])
    func everyRecordingLoadsWithTheNodeCountAndDepthItsReadmeGives(
        file: String, format: HierarchyFormat, nodes: Int, depth: Int
    ) throws {
        let bytes = try realFixture(file)
        #expect(HierarchyFormat.detect(bytes) == format)
        let tree = try format.load(bytes)
        #expect(tree.count == nodes)
        #expect(levels(tree) == depth)
        #expect(tree.roots == [0])
        #expect((0..<tree.count).map { tree.uidString(of: NodeID($0)) } == (1...nodes).map { String($0) })
    }

    @Test func theSettingsAppsCellsAreFoundByLabelInBothEngines() throws {
        let tree = try loadReal("xcuitest_ios_settings_zh_uiautodev.xml")
        #expect(try uids("tableViewCell marked:'蓝牙'", engine: "uiquery", in: tree) == ["52"])
        #expect(try uids("view:'XCUIElementTypeCell' marked:'通用'", engine: "uiquery", in: tree) == ["84"])
        #expect(try uids("Switch", engine: "uiquery", in: tree) == ["45"])
        #expect(try uids("tableView", engine: "uiquery", in: tree) == ["12"])
        #expect(try uids("XCUIElementTypeCell /^(蓝牙|通用)$/", engine: "regex", in: tree) == ["52", "84"])
        #expect(try uids("UITableViewCell /^Siri/", engine: "regex", in: tree) == ["114"])
        #expect(try uids("UITableViewCell", engine: "regex", in: tree).count == 61)
    }

    @Test func theSettingsAppKeepsItsAttributesAndDerivesUIKitProperties() throws {
        let tree = try loadReal("xcuitest_ios_settings_zh_uiautodev.xml")
        #expect(tree.className(of: 0) == "XCUIElementTypeApplication")
        #expect(tree.label(of: 0) == "设置")
        let cell = node(52, in: tree)
        #expect(tree.string("accessibilityIdentifier", of: cell) == "蓝牙")
        #expect(tree.string("value", of: cell) == "打开")
        #expect(tree.value("visible", of: cell) == .bool(false))
        #expect(tree.value("isHidden", of: cell) == .bool(true))
        #expect(tree.value("enabled", of: cell) == .bool(true))
        #expect(tree.value("index", of: cell) == .int(8))
        #expect(rect("accessibilityFrame", of: 52, in: tree) == Rect(x: 20, y: -36, width: 374, height: 46))
        // The switch sits in cell 43 at (20, -126): its frame is relative to that.
        #expect(rect("accessibilityFrame", of: 45, in: tree) == Rect(x: 0, y: -527, width: 51, height: 31))
        #expect(rect("frame", of: 45, in: tree) == Rect(x: -20, y: -401, width: 51, height: 31))
        #expect(tree.string("value", of: node(45, in: tree)) == "0")
    }

    @Test func iOS26RecordingsKeepTraitsAndTheirSelectionsWork() throws {
        let casts = try loadReal("xcuitest_ios26_pocketcasts_discover_mobium.xml")
        #expect(casts.string("bundleId", of: 0) == "au.com.shiftyjelly.podcasts")
        #expect(casts.value("processId", of: 0) == .int(22077))
        #expect(casts.string("traits", of: node(189, in: casts)) == "Selected, Button")
        #expect(try uids("textField", engine: "uiquery", in: casts) == ["17"])
        #expect(casts.string("placeholderValue", of: node(17, in: casts)) == "Search podcasts or add RSS URL")
        #expect(casts.label(of: node(17, in: casts)) == nil, "an empty label is no accessibility label")
        #expect(try uids("UIButton /^Discover$/", engine: "regex", in: casts) == ["189"])
        #expect(rect("frame", of: 189, in: casts) == Rect(x: 144, y: 4, width: 76, height: 54))

        let ice = try loadReal("xcuitest_ios26_icecubes_timeline_mobium.xml")
        #expect(try uids("UIButton /Boost|Favorite/", engine: "regex", in: ice) == ["68", "72", "103", "107"])

        let kiwix = try loadReal("xcuitest_ios26_kiwix_main_page_mobium.xml")
        #expect(try uids("webView", engine: "uiquery", in: kiwix) == ["18", "19", "21"])
        let nested = try uids("XCUIElementTypeLink XCUIElementTypeLink", engine: "regex", in: kiwix)
        #expect(nested.count == 26 && nested.first == "27")
        #expect(kiwix.label(of: node(27, in: kiwix)) == "America the Beautiful America the Beautiful")
    }

    @Test func androidButtonsAreFoundByContentDescription() throws {
        let tree = try loadReal("android_wechat_miniprogram_appcrawler.xml")
        #expect(try uids("button marked:'清除'", engine: "uiquery", in: tree) == ["14"])
        #expect(try uids("button", engine: "uiquery", in: tree) == ["14"])
        #expect(try uids("view:'android.widget.TextView' marked:'取消按钮'", engine: "uiquery", in: tree) == ["15"])
        #expect(try uids("textField", engine: "uiquery", in: tree) == ["13"])
        #expect(try uids("tableView", engine: "uiquery", in: tree) == ["30"])
        #expect(try uids("android.widget.ListView android.widget.TextView /^群聊$/", engine: "regex", in: tree) == ["66"])
        #expect(try uids("UIButton /^清除$/", engine: "regex", in: tree) == ["14"])
    }

    @Test func androidAttributesAreTypedAndMappedToUIKitNames() throws {
        let tree = try loadReal("android_wechat_miniprogram_appcrawler.xml")
        let clear = node(14, in: tree)
        #expect(tree.className(of: clear) == "android.widget.ImageButton")
        #expect(tree.label(of: clear) == "清除")
        #expect(tree.string("content-desc", of: clear) == "清除")
        #expect(tree.string("accessibilityIdentifier", of: clear) == "com.tencent.mm:id/i59")
        #expect(tree.string("resource-id", of: clear) == "com.tencent.mm:id/i59")
        #expect(tree.value("clickable", of: clear) == .bool(true))
        #expect(tree.value("child-count", of: clear) == .int(0))
        #expect(tree.string("bounds", of: clear) == "[822,91][940,209]")
        #expect(rect("accessibilityFrame", of: 14, in: tree) == Rect(x: 822, y: 91, width: 118, height: 118))
        #expect(rect("frame", of: 14, in: tree) == Rect(x: 790, y: -16, width: 118, height: 118))
        // No content description: the text is the label.
        #expect(tree.label(of: node(13, in: tree)) == "10086")
        #expect(tree.value("isHidden", of: 0) == .bool(false))
    }

    @Test func theUIAutomatorDumpHasAHierarchyRootHoldingTheWindow() throws {
        let tree = try loadReal("uiautomator_android_wecom_window_dump.xml")
        #expect(tree.className(of: 0) == "hierarchy")
        #expect(tree.value("rotation", of: 0) == .int(0))
        #expect(tree.value("frame", of: 0) == nil)
        #expect(Matcher().startNodes(.windows, in: tree) == [1])
        #expect(try uids("tableView", engine: "uiquery", in: tree) == ["188", "33"])
        #expect(try uids("@accessibilityIdentifier /:id\\/hwl$/", engine: "regex", in: tree).prefix(3) == ["60", "72", "82"])
        #expect(tree.label(of: node(60, in: tree)) == "智界Aigc客户群（18）")
        #expect(tree.value("isEnabled", of: node(60, in: tree)) == .bool(true))
        #expect(rect("frame", of: 33, in: tree) == Rect(x: 0, y: 0, width: 720, height: 1323))
    }

    @Test func calabashTreesKeepUIKitClassesAndTheirOwnFrames() throws {
        let tree = try loadReal("calabash_ios_console_dump.json")
        #expect(tree.className(of: 0) == "CalabashRootView")
        #expect(Matcher().startNodes(.windows, in: tree) == [1])
        #expect(try uids("tabBarButton marked:'Gestures'", engine: "uiquery", in: tree) == ["34"])
        #expect(try uids("Switch", engine: "uiquery", in: tree) == ["16"])
        #expect(try uids("UILabel /^(Controls|Special)$/", engine: "regex", in: tree) == ["33", "42"])
        #expect(try uids("@accessibilityIdentifier /^tab-bar-/", engine: "regex", in: tree) == ["32", "35", "38", "41", "44"])
        #expect(rect("frame", of: 33, in: tree) == Rect(x: 15, y: 35, width: 41, height: 12))
        #expect(rect("accessibilityFrame", of: 33, in: tree) == Rect(x: 17, y: 654, width: 41, height: 12))
        #expect(tree.value("rect", of: node(33, in: tree))?["center_x"] == .double(37.5))
        #expect(tree.value("visible", of: 0) == .int(1))
        #expect(tree.value("id", of: node(2, in: tree)) == nil, "null is absence")
    }

    @Test func uiautomationTreesUnwrapTheTreeAndKeepRefs() throws {
        let tree = try loadReal("uiautomation_ios_safari_iphone_iosdriver.json")
        #expect(tree.className(of: 0) == "UIAApplication")
        #expect(tree.value("deviceOrientation", of: 0) == .int(1))
        #expect(try uids("button marked:'Bookmarks'", engine: "uiquery", in: tree) == ["83"])
        #expect(try uids("window", engine: "uiquery", in: tree) == ["85", "2"])
        #expect(try uids("UIAButton /^(Back|Forward)$/", engine: "regex", in: tree) == ["80", "81"])
        let bookmarks = node(83, in: tree)
        #expect(tree.value("ref", of: bookmarks) == .int(86))
        #expect(tree.string("accessibilityIdentifier", of: bookmarks) == "Bookmarks")
        #expect(rect("accessibilityFrame", of: 83, in: tree) == Rect(x: 210, y: 538, width: 24, height: 17))
        #expect(rect("frame", of: 2, in: tree) == Rect(x: 0, y: -20, width: 320, height: 568))
    }
}
