import HierarchyFormats
import Testing

@Suite struct DetectionTests {
    @Test(arguments: [
        (#"<?xml version="1.0"?><!-- x --><XCUIElementTypeApplication type="XCUIElementTypeApplication"/>"#, HierarchyFormat?.some(.xcuitest)),
        ("<AppiumAUT><XCUIElementTypeApplication/></AppiumAUT>", .xcuitest),
        ("\u{FEFF}  <hierarchy rotation=\"0\"><node/></hierarchy>", .uiautomator),
        ("<node class=\"android.widget.FrameLayout\"/>", .uiautomator),
        (#"{"class":"UIWindow","subviews":[]}"#, .dump),
        (#"{"uid":1,"subviews":[],"class":"UIWindow"}"#, .dump),
        (#"[{"class":"UIWindow"},{"class":"UIWindow"}]"#, .dump),
        (#"{"deviceOrientation":1,"tree":{"type":"UIAApplication"}}"#, .uiautomation),
        (#"{"children":[],"type":"UIAWindow"}"#, .uiautomation),
        (#"{"type":"CalabashRootView","visible":1,"children":[]}"#, .calabash),
        (#"{"type":"UIWindow","label":"a \"type\": x","children":[{"class":"nested is not top-level"}]}"#, .calabash),
        ("<html><body/></html>", nil),
        (#"{"hello":"world"}"#, nil),
        ("", nil),
        ("plain text", nil),
    ])
    func theFormatIsReadFromTheContent(text: String, expected: HierarchyFormat?) {
        #expect(HierarchyFormat.detect(Array(text.utf8)) == expected)
    }

    @Test func anUnknownFormatAsksForFormat() throws {
        #expect(throws: FormatError("cannot tell the format of this recording; name one with --format (dump, xcuitest, uiautomator, calabash, uiautomation)")) {
            _ = try HierarchyFormat.loadDetecting(Array("<html/>".utf8))
        }
    }

    @Test func formatNamesAreTheOnesTheCommandLineTakes() {
        #expect(HierarchyFormat.allCases.map(\.rawValue) == ["dump", "xcuitest", "uiautomator", "calabash", "uiautomation"])
    }
}
