import HierarchyFormats
import SelectorCore
import Testing

/// Issue 29, item 6: any XML document as a tree, its document element kept: with the generic
/// `xml` format, and with `xcuitest` named on a document that is not XCUITest (whose root used to
/// be dropped as if it were an `<AppiumAUT>` wrapper).
@Suite struct GenericXMLTests {
    /// Appium's universal-xml-plugin's own rendering of TheApp's login page: `<UI>` over `<View>`,
    /// `<Text>`, `<TextInput>` and `<Button>`, with `x y width height`.
    static let universal = "generic_xml_theapp_login_universal_xml_plugin.xml"

    @Test func aPlainDocumentKeepsItsRootAndEveryElement() throws {
        let bytes = try appiumFixture(Self.universal)
        let tree = try HierarchyFormat.xml.load(bytes)
        #expect(tree.count == startTagCount(bytes))
        #expect(tree.className(of: 0) == "UI")
        #expect(tree.value("uid", of: 0) == .int(1))
        #expect(tree.value("width", of: 0) == .string("1080"))
        #expect(tree.className(of: 1) == "View")
        #expect(tree.depths[1] == 1)
        let inputs = tree.nodes(where: { tree.className(of: $0) == "TextInput" })
        #expect(inputs.count == 2)
        #expect(tree.value("axId", of: inputs[0]) == .string("username"))
        #expect(tree.value("text", of: inputs[0]) == .string("alice"))
        #expect(tree.value("visible", of: inputs[0]) == .string("true"))
        #expect(tree.value("accessibilityFrame", of: inputs[0]).flatMap { Rect(json: $0) } == Rect(x: 150, y: 504, width: 780, height: 112))
        // Relative to the parent View at (150, 496).
        #expect(tree.value("frame", of: inputs[0]).flatMap { Rect(json: $0) } == Rect(x: 0, y: 8, width: 780, height: 112))
        // Nothing is derived beyond the rectangle.
        #expect(tree.value("accessibilityLabel", of: inputs[0]) == nil)
        #expect(tree.value("isHidden", of: inputs[0]) == nil)
    }

    /// The plug-in's own test locator (`//TextInput[@axId="username"]`, universal-xml-plugin's
    /// plugin.spec) and paths from the document element.
    @Test(arguments: [
        (#"//TextInput[@axId="username"]"#, ["17"]),
        ("/UI", ["1"]),
        ("/UI/View/View/View", ["4"]),
        ("//Text[@text='Login']", ["15", "22"]),
        ("//Button", ["13"]),
    ])
    func xpathReadsTheDocumentAsWritten(xpath: String, expected: [String]) throws {
        let tree = try HierarchyFormat.xml.load(try appiumFixture(Self.universal))
        #expect(try uids(xpath, engine: "xpath", in: tree) == expected)
    }

    @Test func aGenericDocumentIsNeverDetected() throws {
        #expect(HierarchyFormat.detect(try appiumFixture(Self.universal)) == nil)
        let error = try #require(throws: FormatError.self) { try HierarchyFormat.loadDetecting(try appiumFixture(Self.universal)) }
        #expect(error.message.contains("name one with --tree-format ("))
        #expect(error.message.contains("xml, "))
    }

    @Test func xcuitestNamedOnAPlainDocumentKeepsItsRoot() throws {
        let bytes = try appiumFixture(Self.universal)
        let tree = try HierarchyFormat.xcuitest.load(bytes)
        #expect(tree.count == startTagCount(bytes))
        #expect(tree.className(of: 0) == "UI")
        #expect(try uids("/UI", engine: "xpath", in: tree) == ["1"])
        // `<AppiumAUT>` is still the one wrapper.
        let wrapped = try HierarchyFormat.xcuitest.load(Array("<AppiumAUT><XCUIElementTypeApplication/></AppiumAUT>".utf8))
        #expect(wrapped.count == 1)
        #expect(wrapped.className(of: 0) == "XCUIElementTypeApplication")
    }

    @Test func boundsMakeAFrameAndReservedNamesAreRenamed() throws {
        let text = #"<screen bounds="[0,0][100,200]"><item class="big" bounds="[10,20][30,60]">hello<!-- c --></item></screen>"#
        let tree = try HierarchyFormat.xml.load(Array(text.utf8))
        #expect(tree.count == 2)
        #expect(tree.className(of: 1) == "item")
        #expect(tree.value("_class", of: 1) == .string("big"))
        #expect(tree.value("frame", of: 1).flatMap { Rect(json: $0) } == Rect(x: 10, y: 20, width: 20, height: 40))
    }

    @Test func malformedXMLIsAnErrorWithItsPosition() throws {
        let error = try #require(throws: FormatError.self) { try HierarchyFormat.xml.load(Array("<a>\n<b></a>".utf8)) }
        #expect(error.message.hasPrefix("malformed generic XML"))
        #expect(error.line == 2)
    }
}
