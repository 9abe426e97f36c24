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

    /// The prolog before the document element: an XML declaration, comments, processing
    /// instructions and a doctype, whose quoted ids and internal subset may hold `>`.
    @Test(arguments: [
        (#"<!DOCTYPE hierarchy><hierarchy rotation="0"/>"#, HierarchyFormat?.some(.uiautomator)),
        (#"<?xml version="1.0"?>\#n<!DOCTYPE AppiumAUT SYSTEM "appium>.dtd">\#n<AppiumAUT/>"#, .xcuitest),
        (#"<!DOCTYPE hierarchy [<!ELEMENT hierarchy (node*)><!ATTLIST node bounds CDATA #IMPLIED>]><hierarchy/>"#, .uiautomator),
        (#"<!DOCTYPE x [ <!ENTITY e "a>b"> <!-- ]> '" --> <?pi ]>?> ]>  <XCUIElementTypeApplication/>"#, .xcuitest),
        (#"<?xml version="1.0"?><?style href="a>b"?><!-- <node> --><node class="a"/>"#, .uiautomator),
        (#"<!DOCTYPE html><html/>"#, nil),
        (#"<!DOCTYPE hierarchy [<!ENTITY e "x">"#, nil),
    ])
    func aDoctypeBeforeTheDocumentElementIsSkipped(text: String, expected: HierarchyFormat?) {
        #expect(HierarchyFormat.detect(Array(text.utf8)) == expected)
    }

    @Test func aRecordingWithADoctypeLoadsAsWithout() throws {
        let bytes = try realFixture("uiautomator_android_wecom_window_dump.xml")
        let text = String(decoding: bytes, as: UTF8.self)
        let body = text.hasPrefix("<?xml") ? String(text[text.index(after: text.firstIndex(of: ">")!)...]) : text
        let withDoctype = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
            + #"<!DOCTYPE hierarchy [<!ATTLIST node bounds CDATA #IMPLIED> <!-- "[x]>" -->]>"# + body
        let (tree, format) = try HierarchyFormat.loadDetecting(Array(withDoctype.utf8))
        #expect(format == .uiautomator)
        #expect(tree.count == (try HierarchyFormat.loadDetecting(bytes)).0.count)
    }

    @Test func anUnknownFormatAsksForFormat() throws {
        #expect(throws: FormatError("cannot tell the format of this recording; name one with --tree-format (dump, xcuitest, uiautomator, calabash, uiautomation, maestro, xml, espresso, detox, xcuisnapshot, compose, wda, idb)")) {
            _ = try HierarchyFormat.loadDetecting(Array("<html/>".utf8))
        }
    }

    @Test func formatNamesAreTheOnesTheCommandLineTakes() {
        #expect(HierarchyFormat.allCases.map(\.rawValue) == ["dump", "xcuitest", "uiautomator", "calabash", "uiautomation", "maestro", "xml",
                                                         "espresso", "detox", "xcuisnapshot", "compose", "wda", "idb"])
    }
}
