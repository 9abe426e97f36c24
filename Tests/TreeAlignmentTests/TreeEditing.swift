import HierarchyFormats
import SelectorCore
@_exported import ViewSelectorsTesting

/// A recording from `Tests/Fixtures/real/` (sources and licences in its README), format detected.
func loadReal(_ name: String) throws -> ViewTree {
    let tests = #filePath.split(separator: "/").dropLast(2).joined(separator: "/")
    return try HierarchyFormat.loadDetecting(try FileIO.read("/" + tests + "/Fixtures/real/" + name)).0
}

/// Every real recording in `Tests/Fixtures/real/`.
let realRecordings = [
    "xcuitest_ios_settings_zh_uiautodev.xml",
    "xcuitest_ios26_pocketcasts_discover_mobium.xml",
    "xcuitest_ios26_icecubes_timeline_mobium.xml",
    "xcuitest_ios26_kiwix_main_page_mobium.xml",
    "uiautomation_ios_safari_iphone_iosdriver.json",
    "calabash_ios_console_dump.json",
    "android_wechat_miniprogram_appcrawler.xml",
    "uiautomator_android_wecom_window_dump.xml",
]

extension ViewTree {
    /// `node` and its descendants.
    func subtree(_ node: NodeID) -> [NodeID] { Array(node..<ends[Int(node)]) }

    /// The first node, in preorder, whose class is `className` and, when given, whose label is `label`.
    func first(_ className: String, label: String? = nil, after start: NodeID = 0) -> NodeID? {
        (start..<NodeID(count)).first { self.className(of: $0) == className && (label == nil || self.label(of: $0) == label) }
    }
}
