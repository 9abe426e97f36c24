import HierarchyFormats
import SelectorCore
import Testing
import ViewSelectors

/// A fixture from `Tests/Fixtures/maestro/`: `maestro hierarchy` output derived from licensed page
/// sources by `derive.py` there (the README beside it says how).
func maestroFixture(_ name: String) throws -> [UInt8] {
    let tests = #filePath.split(separator: "/").dropLast(2).joined(separator: "/")
    return try FileIO.read("/" + tests + "/Fixtures/maestro/" + name)
}

/// The sixth format: what `maestro hierarchy` prints (issue 33).
@Suite struct MaestroHierarchyTests {
    static let android = "android_theapp_login_maestro.txt"
    static let ios = "ios_settings_top_maestro.json"

    /// The iOS fixture as a CLI before 2.6.0 printed it: two lines, then the JSON and a newline.
    static func iosWithPreamble() throws -> [UInt8] {
        Array("Running on iPhone 14 - iOS 16.4 - 5C4FE1C6-7A0B-4A8E-9A4D-0B6C1E2F3A4B\nNone: \n".utf8)
            + (try maestroFixture(ios)) + [0x0A]
    }

    func view(_ uid: Int, _ tree: ViewTree) throws -> NodeID { try #require(tree.node(withUID: String(uid))) }

    // MARK: detection

    @Test func eachDerivedFixtureIsDetected() throws {
        #expect(HierarchyFormat.detect(try maestroFixture(Self.android)) == .maestro)  // after "Running on …"
        #expect(HierarchyFormat.detect(try maestroFixture(Self.ios)) == .maestro)      // the JSON alone
        #expect(HierarchyFormat.detect(try Self.iosWithPreamble()) == .maestro)
        let (android, format) = try HierarchyFormat.loadDetecting(try maestroFixture(Self.android))
        #expect(format == .maestro)
        #expect(android.count == 23)
        #expect(try HierarchyFormat.loadDetecting(try maestroFixture(Self.ios)).0.count == 93)
        #expect(try HierarchyFormat.loadDetecting(try Self.iosWithPreamble()).0.count == 93)
    }

    @Test(arguments: [
        (#"{"attributes":{},"children":[]}"#, HierarchyFormat?.some(.maestro)),
        ("{\n  \"attributes\" : { },\n  \"children\" : [ ]\n}", .maestro),
        ("Running on emulator-5554\r\n{\"attributes\":{\"text\":\"a\"},\"children\":[]}", .maestro),
        ("\u{FEFF}Running on x\nNone: \n\n  {\"children\":[],\"attributes\":{}}", .maestro),
        // An `attributes` key that is not an object, or no `children`: not Maestro's.
        (#"{"attributes":"x","children":[]}"#, .calabash),
        (#"{"attributes":{}}"#, nil),
        // Text before any other format's JSON is not skipped.
        ("Running on x\n{\"type\":\"UIWindow\",\"children\":[]}", nil),
        ("Running on x\n{\"class\":\"UIWindow\"}", nil),
        ("Running on x", nil),
        // `attributes` inside a child is not the top level's.
        (#"{"type":"UIView","children":[{"attributes":{},"children":[]}]}"#, .calabash),
    ])
    func detectionNeedsATopLevelAttributesObjectAndChildren(text: String, expected: HierarchyFormat?) {
        #expect(HierarchyFormat.detect(Array(text.utf8)) == expected)
    }

    @Test func theOtherJSONFormatsAreDetectedAsBefore() throws {
        #expect(HierarchyFormat.detect(try realFixture("calabash_ios_console_dump.json")) == .calabash)
        #expect(HierarchyFormat.detect(try realFixture("uiautomation_ios_safari_iphone_iosdriver.json")) == .uiautomation)
        #expect(HierarchyFormat.detect(Array(#"{"type":"UIWindow","label":"x","children":[]}"#.utf8)) == .calabash)
        let tests = #filePath.split(separator: "/").dropLast(2).joined(separator: "/")
        let dump = try FileIO.read("/" + tests + "/Fixtures/frank-dump-uicatalog.json")
        #expect(HierarchyFormat.detect(dump) == .dump)
    }

    @Test func moreThanAFewLinesOfTextAreNotDetectedButLoadWhenNamed() throws {
        let preamble = String(repeating: "insight\n", count: 20)
        let bytes = Array((preamble + #"{"attributes":{"text":"a"},"children":[]}"#).utf8)
        #expect(HierarchyFormat.detect(bytes) == nil)
        let tree = try HierarchyFormat.maestro.load(bytes)
        #expect(tree.count == 1)
        #expect(tree.string("text", of: 0) == "a")
    }

    // MARK: properties

    @Test func androidNodesKeepMaestrosAttributesAndGetTheSharedVocabulary() throws {
        let tree = try HierarchyFormat.maestro.load(try maestroFixture(Self.android))
        // 1: the XML document, 2: `<hierarchy>`, then the page's views.
        let document = try view(1, tree), hierarchy = try view(2, tree)
        #expect(tree.className(of: document) == "UIView")
        #expect(tree.value("enabled", of: document) == nil)
        #expect(tree.value(PropertyName.accessibilityFrame, of: document) == nil)
        // The size the bounds reach, where the maestro engine reads the screen (the recording is pruned already).
        #expect(tree.value("width", of: document) == .int(1080))
        #expect(tree.value("height", of: document) == .int(1920))
        #expect(tree.className(of: hierarchy) == "UIView")
        #expect(tree.value("ignoreBoundsFiltering", of: hierarchy) == .bool(false))
        #expect(tree.value("enabled", of: hierarchy) == .bool(false))
        #expect(tree.value("isEnabled", of: hierarchy) == .bool(false))
        #expect(tree.value("clickable", of: hierarchy) == .bool(false))

        let username = try view(18, tree)
        #expect(tree.className(of: username) == "android.widget.EditText")
        #expect(tree.string("text", of: username) == "alice")
        #expect(tree.string("accessibilityText", of: username) == "username")
        #expect(tree.string("hintText", of: username) == "")
        #expect(tree.string("resource-id", of: username) == "")
        #expect(tree.string("bounds", of: username) == "[150,504][930,616]")
        #expect(tree.label(of: username) == "username")
        #expect(tree.value("accessibilityIdentifier", of: username) == nil)
        #expect(tree.value("clickable", of: username) == .bool(true))
        #expect(tree.value("enabled", of: username) == .bool(true))
        #expect(tree.value("isEnabled", of: username) == .bool(true))
        #expect(tree.value("focused", of: username) == .bool(false))
        #expect(tree.value("checked", of: username) == .bool(false))
        #expect(tree.value("selected", of: username) == .bool(false))
        #expect(tree.value("scrollable", of: username) == .bool(false))
        #expect(rect(PropertyName.accessibilityFrame, of: 18, in: tree) == Rect(x: 150, y: 504, width: 780, height: 112))
        // Relative to its ViewGroup, [150,496][930,616].
        #expect(rect(PropertyName.frame, of: 18, in: tree) == Rect(x: 0, y: 8, width: 780, height: 112))

        // A TextView without a description: its text is its label, as the UIAutomator loader reads it.
        let title = try view(16, tree)
        #expect(tree.className(of: title) == "android.widget.TextView")
        #expect(tree.label(of: title) == "Login")
        #expect(tree.value("clickable", of: title) == .bool(false))

        let content = try view(7, tree)
        #expect(tree.string("resource-id", of: content) == "android:id/content")
        #expect(tree.string("accessibilityIdentifier", of: content) == "android:id/content")
        #expect(tree.columns["class"] == nil && tree.columns["_class"] == nil)  // the node's class, not a property
        // The identifier is a copy of `resource-id`; the label is not a copy of `accessibilityText` (16 fell back on text).
        #expect(tree.copiedColumns == ["accessibilityIdentifier": "resource-id"])
    }

    @Test func iOSNodesHaveNoClassAndNoClickable() throws {
        let tree = try HierarchyFormat.maestro.load(try maestroFixture(Self.ios))
        let root = try view(1, tree)
        // IOSDriver's synthetic root: a zero frame, disabled.
        #expect(rect(PropertyName.accessibilityFrame, of: 1, in: tree) == Rect(x: 0, y: 0, width: 0, height: 0))
        #expect(tree.value("enabled", of: root) == .bool(false))
        #expect(tree.columns["clickable"] == nil)
        #expect(tree.columns["width"] == nil)  // the root has bounds: the engine finds the app's frame

        let passwords = try view(40, tree)
        #expect(tree.className(of: passwords) == "UIView")
        #expect(tree.string("accessibilityText", of: passwords) == "Passwords")
        #expect(tree.string("title", of: passwords) == "")
        #expect(tree.string("value", of: passwords) == "Passwords")
        #expect(tree.string("text", of: passwords) == "Passwords")
        #expect(tree.string("resource-id", of: passwords) == "PASSWORDS")
        #expect(tree.label(of: passwords) == "Passwords")
        #expect(tree.string("accessibilityIdentifier", of: passwords) == "PASSWORDS")
        #expect(rect(PropertyName.accessibilityFrame, of: 40, in: tree) == Rect(x: 64, y: 427, width: 82, height: 21))
        #expect(rect(PropertyName.frame, of: 40, in: tree) == Rect(x: 64, y: 12, width: 82, height: 21))  // cell 36 at y 415
        #expect(tree.value("enabled", of: passwords) == .bool(true))
        #expect(tree.value("checked", of: passwords) == .bool(false))

        let chevron = try view(41, tree)
        #expect(tree.label(of: chevron) == "chevron")
        #expect(tree.value("enabled", of: chevron) == .bool(false))
        #expect(tree.value("isEnabled", of: chevron) == .bool(false))
        // A label without text is not taken from the text on iOS (no `class`): the cell's value stays its value.
        let signIn = try view(14, tree)
        #expect(tree.label(of: signIn) == "Sign in to your iPhone")
        #expect(tree.copiedColumns == ["accessibilityIdentifier": "resource-id", "accessibilityLabel": "accessibilityText"])
    }

    @Test func bothBoundsFormsGiveTheSameFrame() throws {
        let text = #"{"attributes":{},"children":[{"attributes":{"bounds":"[10,20][110,70]"},"children":[]},"#
            + #"{"attributes":{"bounds":"10,20,110,70"},"children":[]},{"attributes":{"bounds":"-5,-6,+5,6"},"children":[]}]}"#
        let tree = try HierarchyFormat.maestro.load(Array(text.utf8))
        #expect(rect(PropertyName.accessibilityFrame, of: 2, in: tree) == Rect(x: 10, y: 20, width: 100, height: 50))
        #expect(rect(PropertyName.accessibilityFrame, of: 3, in: tree) == Rect(x: 10, y: 20, width: 100, height: 50))
        #expect(rect(PropertyName.accessibilityFrame, of: 4, in: tree) == Rect(x: -5, y: -6, width: 10, height: 12))
    }

    @Test func theTypedFieldWinsOverTheAttributeText() throws {
        // Maestro's filters read the field; the two agree in what Maestro writes.
        let text = #"{"attributes":{"enabled":"true","checked":"maybe"},"children":[],"enabled":false}"#
        let tree = try HierarchyFormat.maestro.load(Array(text.utf8))
        #expect(tree.value("enabled", of: 0) == .bool(false))
        #expect(tree.value("isEnabled", of: 0) == .bool(false))
        #expect(tree.string("checked", of: 0) == "maybe")
    }

    @Test func unknownKeysAndEscapesAreKept() throws {
        let text = #"{"attributes":{"text":"a\"b\u00e9\n","url":"https://x"},"children":null,"synthetic":true,"extra":{"k":[1,2]}}"#
        let tree = try HierarchyFormat.maestro.load(Array(text.utf8))
        #expect(tree.count == 1)
        #expect(tree.string("text", of: 0) == "a\"bé\n")
        #expect(tree.label(of: 0) == nil)  // no `class`: no fallback on the text
        #expect(tree.string("url", of: 0) == "https://x")
        #expect(tree.value("synthetic", of: 0) == .bool(true))
        #expect(tree.value("extra", of: 0) == .object([("k", .array([.int(1), .int(2)]))]))
    }

    // MARK: errors and limits

    /// Each error names the problem and where it is (the preamble's lines counted).
    @Test(arguments: [
        ("Running on x\n{\"attributes\":{},\"children\":[", "unexpected end of input, expected a node ('{')", 2, 30),
        ("{\"attributes\":{\"text\":\"a\"", "',' or '}' in \"attributes\"", 1, 26),
        ("{\"attributes\":{\"bounds\":\"[0,0][1.5,2]\"},\"children\":[]}", "\"bounds\" must be four integers", 1, 25),
        ("{\n  \"attributes\" : {\n    \"bounds\" : \"[0,0][a,b]\"\n  }\n}", "found \"[0,0][a,b]\"", 3, 16),
        ("{\"attributes\":{\"bounds\":[0,0,1,1]},\"children\":[]}", "\"bounds\" must be a string", 1, 25),
        ("{\"attributes\":{},\"children\":[],\"enabled\":\"yes\"}", "\"enabled\" must be true, false or null", 1, 42),
        ("{\"attributes\":{},\"children\":[1]}", "each of \"children\" must be a node ('{'), found '1'", 1, 30),
        ("{\"attributes\":{},\"children\":[]} x", "unexpected 'x' after the hierarchy", 1, 33),
        ("{\"attributes\":{\"text\":\"\\uD800\"},\"children\":[]}", "unpaired surrogate \\uD800", 1, 24),
        ("no JSON here\n", "no line starts with '{'", 2, 1),
    ])
    func malformedInputSaysWhatAndWhere(text: String, message: String, line: Int, column: Int) throws {
        let error = try #require(throws: FormatError.self) { try HierarchyFormat.maestro.load(Array(text.utf8)) }
        #expect(error.message.contains(message), "\(error)")
        #expect(error.line == line, "\(error)")
        #expect(error.column == column, "\(error)")
    }

    @Test func truncatedFixturesFailCleanlyAtEveryLength() throws {
        let bytes = try maestroFixture(Self.android)
        // Every prefix that ends inside the JSON is refused, never a crash.
        for length in stride(from: 0, to: bytes.count - 1, by: 97) {
            #expect(throws: FormatError.self) { try HierarchyFormat.maestro.load(Array(bytes[..<length])) }
        }
    }

    /// Bytes changed, cut and repeated at random (a fixed seed) load or fail with an error, never a crash.
    @Test func mutatedRecordingsNeverCrash() throws {
        let original = try maestroFixture(Self.android)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Int(state % UInt64(n))
        }
        let alphabet = Array("{}[]\",:0123456789-.[]tfn \n\\u".utf8)
        var loaded = 0, refused = 0
        for _ in 0..<400 {
            var bytes = original
            for _ in 0..<(1 + next(4)) {
                let at = next(bytes.count)
                switch next(3) {
                case 0: bytes[at] = alphabet[next(alphabet.count)]
                case 1: bytes.removeSubrange(at..<min(bytes.count, at + 1 + next(40)))
                default: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + 1 + next(200))], at: next(bytes.count))
                }
                if bytes.isEmpty { bytes = [UInt8(ascii: "{")] }
            }
            do { _ = try HierarchyFormat.maestro.load(bytes); loaded += 1 } catch { refused += 1 }
        }
        #expect(loaded + refused == 400)
        #expect(refused > 0)
    }

    @Test func nestingBeyondTheLimitIsRefusedWhereItHappens() throws {
        let depth = 40
        let text = String(repeating: #"{"attributes":{},"children":["#, count: depth) + String(repeating: "]}", count: depth)
        var limits = FormatLimits()
        limits.maxViewDepth = 30
        let error = try #require(throws: FormatError.self) { try HierarchyFormat.maestro.load(Array(text.utf8), limits: limits) }
        #expect(error.message == "views nested deeper than 30 levels (FormatLimits.maxViewDepth)")
        #expect(error.line == 1 && error.column == 30 * 29 + 1, "\(error)")
        // Within it, the chain loads: the reader does not recurse.
        #expect(try HierarchyFormat.maestro.load(Array(text.utf8)).count == depth)
        // A deep chain past what a recursive JSON reader allows (1,024 levels, 512 views) loads.
        let deep = 5_000
        let chain = String(repeating: #"{"attributes":{},"children":["#, count: deep) + String(repeating: "]}", count: deep)
        #expect(try HierarchyFormat.maestro.load(Array(chain.utf8)).count == deep)
        // Other values nest `maxJSONDepth` levels at most.
        let nested = #"{"attributes":{"x":"# + String(repeating: "[", count: 2_000) + String(repeating: "]", count: 2_000) + "}}"
        let valueError = try #require(throws: FormatError.self) { try HierarchyFormat.maestro.load(Array(nested.utf8)) }
        #expect(valueError.message == "JSON nested deeper than 1024 levels (FormatLimits.maxJSONDepth)", "\(valueError)")
        #expect(valueError.column == 19 + 1_025, "\(valueError)")  // the 1,025th bracket
    }

    @Test func theNodeLimitIsEnforcedWhileReading() throws {
        let child = #"{"attributes":{},"children":[]}"#
        let text = #"{"attributes":{},"children":["# + Array(repeating: child, count: 5).joined(separator: ",") + "]}"
        var limits = FormatLimits()
        limits.maxNodes = 3
        let error = try #require(throws: FormatError.self) { try HierarchyFormat.maestro.load(Array(text.utf8), limits: limits) }
        #expect(error.message == "recording holds more than 3 nodes (FormatLimits.maxNodes)")
        #expect(error.line == 1 && error.column == 29 + 2 * (child.count + 1) + 1, "\(error)")
        limits.maxNodes = 6
        #expect(try HierarchyFormat.maestro.load(Array(text.utf8), limits: limits).count == 6)
    }

    // MARK: convert

    @Test func bothFixturesSurviveConvertToDumpAndToXCUITest() throws {
        for name in [Self.android, Self.ios] {
            let tree = try HierarchyFormat.maestro.load(try maestroFixture(name))
            for again in [try HierarchyFormat.dump.load(tree.dumpJSON()), try HierarchyFormat.xcuitest.load(tree.xcuitestXML())] {
                #expect(again.count == tree.count)
                #expect(again.parents == tree.parents)
                for v in 0..<NodeID(tree.count) {
                    #expect(again.className(of: v) == tree.className(of: v))
                    #expect(again.label(of: v) == tree.label(of: v))
                    #expect(again.uidString(of: v) == tree.uidString(of: v))
                    #expect(again.value(PropertyName.accessibilityFrame, of: v) == tree.value(PropertyName.accessibilityFrame, of: v))
                    #expect(again.value(PropertyName.frame, of: v) == tree.value(PropertyName.frame, of: v))
                }
            }
            // The dump keeps every attribute, typed as loaded.
            let dumped = try HierarchyFormat.dump.load(tree.dumpJSON())
            for column in ["text", "accessibilityText", "resource-id", "bounds", "enabled", "clickable"] where tree.columns[column] != nil {
                for v in 0..<NodeID(tree.count) { #expect(dumped.value(column, of: v) == tree.value(column, of: v), "\(column) of \(v)") }
            }
        }
    }
}
