import HierarchyFormats
import SelectorCore
import SyntheticHierarchy
import Testing

/// The XML loaders on libxml2's SAX2 parser: what is expanded, what is refused, big documents,
/// concurrent loads, and libxml2's own error messages.
@Suite struct XMLParserTests {
    @Test func aDeclaredExternalEntityIsNeverLoaded() throws {
        // The entity names this very file: were it read, its text would be the node's content.
        let text = """
        <?xml version="1.0"?>
        <!DOCTYPE hierarchy [ <!ENTITY file SYSTEM "file://\(#filePath)"> ]>
        <hierarchy><node text="a">&file;</node></hierarchy>
        """
        let error = try #require(throws: FormatError.self) { try HierarchyFormat.uiautomator.load(Array(text.utf8)) }
        #expect(error.description == "malformed UIAutomator XML: Entity 'file' not defined at line 3, column 33")
    }

    @Test func nestedEntitiesAreNeverExpanded() throws {
        // "Billion laughs": ten levels of ten references each, in an attribute value.
        var declarations = #"<!ENTITY lol0 "lollollollollollollollollollol">"#
        for level in 1...9 {
            declarations += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
        }
        let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE hierarchy [\(declarations)]>\n<hierarchy><node text=\"&lol9;\"/></hierarchy>"
        let error = try #require(throws: FormatError.self) { try HierarchyFormat.uiautomator.load(Array(text.utf8)) }
        #expect(error.message == "malformed UIAutomator XML: Entity 'lol9' not defined")
        #expect(error.line == 3)
    }

    @Test func predefinedEntitiesAndCharacterReferencesAreReplaced() throws {
        let text = #"<hierarchy><node text="a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos; &#233;&#x4E2D;&#10;f"/></hierarchy>"#
        let tree = try HierarchyFormat.uiautomator.load(Array(text.utf8))
        #expect(tree.string("text", of: 1) == "a & b <c> \"d\" 'e' é中\nf")
        #expect(tree.label(of: 1) == "a & b <c> \"d\" 'e' é中\nf")
    }

    @Test func prefixedNamesAndNamespaceDeclarationsKeepTheirQualifiedNames() throws {
        let text = """
        <XCUIElementTypeApplication xmlns:q="urn:q" type="XCUIElementTypeApplication" q:extra="1">
          <q:Custom type="XCUIElementTypeStaticText" label="prefixed"/>
        </XCUIElementTypeApplication>
        """
        let tree = try HierarchyFormat.xcuitest.load(Array(text.utf8))
        #expect(tree.string("q:extra", of: 0) == "1")
        #expect(tree.string("xmlns:q", of: 0) == "urn:q")
        #expect(tree.className(of: 1) == "XCUIElementTypeStaticText")
        #expect(tree.label(of: 1) == "prefixed")
    }

    @Test func libxml2sMessageSaysWhatIsWrong() throws {
        let text = "<XCUIElementTypeApplication>\n  <XCUIElementTypeWindow>\n</XCUIElementTypeApplication>"
        let error = try #require(throws: FormatError.self) { try HierarchyFormat.xcuitest.load(Array(text.utf8)) }
        #expect(error.description == "malformed XCUITest XML: Opening and ending tag mismatch: XCUIElementTypeWindow "
                + "line 2 and XCUIElementTypeApplication at line 3, column 30")
        let duplicate = try #require(throws: FormatError.self) {
            try HierarchyFormat.xcuitest.load(Array("<XCUIElementTypeApplication x=\"1\" x=\"2\"/>".utf8))
        }
        #expect(duplicate.description == "malformed XCUITest XML: Attribute x redefined at line 1, column 40")
    }

    @Test func aDocumentOverTenMegabytesLoads() throws {
        // libxml2 refuses more than 10 MB in one piece ("Huge input lookup"); the loader feeds chunks.
        let tree = SyntheticApp.generate(nodes: 60_000, seed: 3)
        let xml = tree.xcuitestXML()
        #expect(xml.count > 10_000_000)
        let again = try HierarchyFormat.xcuitest.load(xml)
        #expect(again.count == tree.count)
        #expect(again.parents == tree.parents)
    }

    @Test func loadsRunConcurrently() async throws {
        let xml = SyntheticApp.generate(nodes: 5_000, seed: 5).xcuitestXML()
        let one = try HierarchyFormat.xcuitest.load(xml)
        let trees = try await withThrowingTaskGroup(of: ViewTree.self) { group in
            for _ in 0..<8 { group.addTask { try HierarchyFormat.xcuitest.load(xml) } }
            return try await group.reduce(into: [ViewTree]()) { $0.append($1) }
        }
        for tree in trees {
            #expect(tree.count == one.count && tree.parents == one.parents)
            #expect((0..<NodeID(one.count)).allSatisfy { tree.label(of: $0) == one.label(of: $0) })
        }
    }

    @Test func invalidUTF8IsFoundAtTheSameByteAsTheStandardLibraryFindsIt() throws {
        // Random bytes, mostly non-ASCII, in an attribute value: the loader's own validator must
        // agree with Swift's decoder on the first bad byte, and accept what Swift accepts.
        var random = SplitMix64(seed: 11)
        let prefix = Array("<node text=\"".utf8)
        for _ in 0..<500 {
            let count = Int.random(in: 1...12, using: &random)
            let value = (0..<count).map { _ in
                Bool.random(using: &random) ? UInt8.random(in: 0x80...0xFF, using: &random) : UInt8(ascii: "a")
            }
            let bytes = prefix + value + Array("\"/>".utf8)
            var parser = Unicode.UTF8.ForwardParser()
            var iterator = bytes.makeIterator()
            var offset = 0, expected: Int?
            decoding: while true {
                switch parser.parseScalar(from: &iterator) {
                case .valid(let scalar): offset += scalar.count
                case .error: expected = offset; break decoding
                case .emptyInput: break decoding
                }
            }
            do {
                _ = try HierarchyFormat.uiautomator.load(bytes)
                #expect(expected == nil)
            } catch {
                if let expected {
                    #expect(error.message == "malformed UIAutomator XML: invalid UTF-8 at byte \(expected)", "\(value)")
                } else {
                    #expect(!error.message.contains("invalid UTF-8"), "\(value)")
                }
            }
        }
    }
}
