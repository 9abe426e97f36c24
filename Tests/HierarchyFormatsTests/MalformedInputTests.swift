import HierarchyFormats
import Testing

/// Broken recordings fail with a position, never a crash.
@Suite struct MalformedInputTests {
    @Test(arguments: [
        ("<XCUIElementTypeApplication>\n  <XCUIElementTypeWindow>\n</XCUIElementTypeApplication>", HierarchyFormat.xcuitest, 3),
        ("<XCUIElementTypeApplication x=\"1\" x=\"2\"/>", .xcuitest, 1),
        ("<XCUIElementTypeApplication>\n<", .xcuitest, 2),
        ("<hierarchy>\n  <node bounds=\"[0,0][1,1]\">\n    <node text=\"a & b\"/>\n  </node>\n</hierarchy>", .uiautomator, 3),
        ("<hierarchy><node>", .uiautomator, 1),
    ])
    func malformedXMLIsAnErrorWithLineAndColumn(text: String, format: HierarchyFormat, line: Int) throws {
        let error = try #require(throws: FormatError.self) { try format.load(Array(text.utf8)) }
        #expect(error.line == line)
        #expect(error.column != nil)
        #expect(error.message.hasPrefix("malformed"))
        #expect(error.description.contains("at line \(line), column"))
    }

    /// Appium's page source names elements by their class, so an element other than `<hierarchy>`
    /// and `<node>` is a view (it used to be "unexpected <button> in a UIAutomator dump"); only a
    /// `<hierarchy>` below the document element is still refused, at its position.
    @Test func anElementNamedByItsClassIsAViewAndANestedHierarchyIsAnError() throws {
        let tree = try HierarchyFormat.uiautomator.load(Array("<hierarchy>\n  <node/>\n  <button/>\n</hierarchy>".utf8))
        #expect(tree.count == 3)
        #expect(tree.className(of: 2) == "button")
        let text = "<hierarchy>\n  <node/>\n  <hierarchy/>\n</hierarchy>"
        let error = try #require(throws: FormatError.self) { try HierarchyFormat.uiautomator.load(Array(text.utf8)) }
        #expect(error.message == "<hierarchy> must be the document element")
        #expect(error.line == 3)
    }

    @Test(arguments: [
        (#"{"type":"CalabashRootView","children":[{"type":"UIWindow",}]}"#, HierarchyFormat.calabash,
         "malformed Calabash JSON: expected a string, found '}' at line 1, column 59"),
        ("{\"tree\":{\"type\":\"UIAApplication\",\n\"children\":[1]}}", .uiautomation,
         "a child of a UIAutomation tree is not a JSON object"),
        ("{\"type\":\"UIAWindow\",\n  \"name\": tru}", .uiautomation,
         "malformed UIAutomation JSON: invalid literal at line 2, column 11"),
        (#"{"type":"X","children":{}}"#, .calabash, #""children" of a Calabash node must be an array"#),
        ("[]", .calabash, "a Calabash tree must be a JSON object"),
    ])
    func malformedJSONIsAnErrorWithLineAndColumn(text: String, format: HierarchyFormat, message: String) throws {
        let error = try #require(throws: FormatError.self) { try format.load(Array(text.utf8)) }
        #expect(error.description == message)
    }

    @Test func deepJSONIsRefusedByTheDepthLimitNotTheStack() throws {
        let text = String(repeating: #"{"type":"V","children":["#, count: 5_000) + String(repeating: "]}", count: 5_000)
        let error = try #require(throws: FormatError.self) { try HierarchyFormat.calabash.load(Array(text.utf8)) }
        #expect(error.message.contains("nested deeper than 1024 levels"))
        #expect(error.line == 1)
    }

    @Test func deepXMLLoadsIterativelyAndTheDepthLimitRefusesDeeper() throws {
        let text = "<hierarchy>\n" + String(repeating: "<node>", count: 5_000) + String(repeating: "</node>", count: 5_000)
            + "</hierarchy>"
        #expect(try HierarchyFormat.uiautomator.load(Array(text.utf8)).count == 5_001)
        var limits = FormatLimits()
        limits.maxViewDepth = 100
        let error = try #require(throws: FormatError.self) {
            try HierarchyFormat.uiautomator.load(Array(text.utf8), limits: limits)
        }
        #expect(error.message == "elements nested deeper than 100 levels")
        #expect(error.line == 2)
    }

    @Test func aDocumentThatStopsInsideAnElementIsRefused() throws {
        let error = try #require(throws: FormatError.self) {
            try HierarchyFormat.uiautomator.load(Array("<hierarchy>\n  <node>".utf8))
        }
        #expect(error.description == "malformed UIAutomator XML: the document ends inside <node> at line 2, column 9")
    }

    @Test func theNodeLimitStopsAHugeRecording() throws {
        var limits = FormatLimits()
        limits.maxNodes = 2
        let text = "<hierarchy><node/><node/></hierarchy>"
        let error = try #require(throws: FormatError.self) {
            try HierarchyFormat.uiautomator.load(Array(text.utf8), limits: limits)
        }
        #expect(error.message == "recording holds more than 2 nodes")
    }

    @Test func emptyAndTruncatedDocumentsFailCleanly() throws {
        for format in HierarchyFormat.allCases {
            for text in ["", "<", "{", "\u{0}"] {
                #expect(throws: FormatError.self) { try format.load(Array(text.utf8)) }
            }
        }
    }
}
