import HierarchyFormats
import SelectorCore
import Testing

/// Issue 45: every format told apart from the ones it could be taken for, and from a log that holds it.
@Suite struct UsersRecordingsDetectionTests {
    @Test(arguments: [
        // JSON: idb vs /dump arrays, WebDriverAgent vs UIAutomation vs Calabash objects.
        (#"[{"AXLabel":"a","type":"Button","children":[]}]"#, HierarchyFormat?.some(.idb)),
        (#"[{"frame":{"x":0},"role_description":"button"}]"#, .idb),
        (#"[{"class":"UIWindow"},{"class":"UIView"}]"#, .dump),
        (#"[{"type":"Button","label":"x"}]"#, .dump),
        (#"{"AXUniqueId":"x","children":[]}"#, .idb),
        (#"{"type":"Other","rect":{"x":0},"isEnabled":"1"}"#, .wda),
        (#"{"rect":{"x":0},"rawIdentifier":null,"type":"Button"}"#, .wda),
        (#"{"value":{"type":"Application"},"sessionId":"x"}"#, .wda),
        (#"{"sessionId":"x","value":{"type":"Application"}}"#, .wda),
        (#"{"value":"<AppiumAUT/>","sessionId":"x"}"#, nil),
        (#"{"type":"UIAWindow","rect":{"origin":{}}}"#, .uiautomation),
        (#"{"rect":{},"type":"UIView","children":[]}"#, .uiautomation),
        (#"{"type":"UIView","label":"x","children":[]}"#, .calabash),
        (#"{"attributes":{},"children":[]}"#, .maestro),
        // XML: Detox vs generic XML and the page sources.
        (#"<?xml version='1.0' encoding='UTF_8' standalone='yes' ?><ViewHierarchy><View class="a.B"/></ViewHierarchy>"#, .detox),
        ("<ViewHierarchy/>", .detox),
        ("<ViewHierarchyX/>", nil),
        ("<root><View/></root>", nil),
        ("<hierarchy/>", .uiautomator),
        // Text: Espresso vs Compose vs XCTest.
        ("+>DecorView{id=-1, visibility=VISIBLE}", .espresso),
        ("View Hierarchy:\n+>DecorView{id=-1}", .espresso),
        ("+ a plus sign", nil),
        ("View Hierarchy:\nnothing", nil),
        ("Node #1 at (l=0.0, t=0.0, r=1.0, b=1.0)px", .compose),
        ("printToLog:\nPrinting with useUnmergedTree = 'false'", .compose),
        ("1) Node #2 at (l=0.0, t=0.0, r=1.0, b=1.0)px", .compose),
        ("Node #1 is not a node line", nil),
        ("Attributes: Application, 0x1, pid: 1", .xcuisnapshot),
        ("Element subtree:\n →Application, 0x1", .xcuisnapshot),
        ("→Button, 0x1, {{0.0, 0.0}, {1.0, 1.0}}", .xcuisnapshot),
        ("Element tree", nil),
    ])
    func eachFormatIsToldApart(text: String, expected: HierarchyFormat?) {
        #expect(HierarchyFormat.detect(Array(text.utf8)) == expected, "\(text)")
    }

    /// A log is no recording; the dump inside is found, of the right format.
    @Test(arguments: [
        ("espresso/login_no_matching_view_failure.txt", HierarchyFormat.espresso, 5...30),
        ("detox/jest_failure_by_id.log", .detox, 10...206),
        ("xcuisnapshot/po_app_debugDescription.log", .xcuisnapshot, 8...8),
        ("compose/printToLog_logcat_every_line.txt", .compose, 2...34),
    ])
    func aLogContainingEachIsReadFromItsDump(path: String, format: HierarchyFormat, lines: ClosedRange<Int>) throws {
        let bytes = try usersFixture(path)
        #expect(HierarchyFormat.detect(bytes) == nil)
        let loaded = try HierarchyFormat.loadFindingDump(bytes)
        #expect(loaded.format == format)
        #expect(loaded.extraction?.format == format)
        #expect(loaded.extraction?.lines == lines)
        // The same log with the dump of another format further down: the first dump wins.
        let other = Array("\nView Hierarchy:\n+>Other{id=1} \n|\n".utf8)
        #expect(try HierarchyFormat.loadFindingDump(bytes + other).format == format)
    }

    @Test func aLogWithNoDumpAsksForAFormat() throws {
        let error = try #require(throws: FormatError.self) {
            try HierarchyFormat.loadFindingDump(Array("Test failed\n  at line 3\n".utf8))
        }
        #expect(error.message.hasPrefix("cannot tell the format of this recording"))
    }
}

/// Random edits of every fixture load or fail with a `FormatError` (the test process would die on a
/// trap); errors that place the fault point inside the text.
@Suite struct UsersRecordingsMutationTests {
    static let fixtures: [(String, HierarchyFormat)] = [
        ("espresso/login_no_matching_view_failure.txt", .espresso),
        ("detox/device-assets.rn71.android.xml", .detox),
        ("detox/view-hierarchy-web-view.76.android.txt", .detox),
        ("detox/jest_failure_by_id.log", .detox),
        ("xcuisnapshot/login_app_debugDescription.txt", .xcuisnapshot),
        ("xcuisnapshot/po_app_debugDescription.log", .xcuisnapshot),
        ("xcuisnapshot/wda_description_two_windows_macos.txt", .xcuisnapshot),
        ("compose/printToLog_logcat_every_line.txt", .compose),
        ("compose/printToLog_studio_first_line.txt", .compose),
        ("wda/source_sign_in.json", .wda),
        ("idb/describe_all_flat.json", .idb),
        ("idb/describe_all_nested.json", .idb),
    ]

    @Test(arguments: 0..<fixtures.count)
    func mutationsLoadOrFail(_ index: Int) throws {
        let (path, format) = Self.fixtures[index]
        let original = try usersFixture(path)
        var mutator = Mutator(state: UInt64(index) &* 7919 &+ 1)
        var loaded = 0, failed = 0
        var limits = FormatLimits()
        limits.maxNodes = 5_000
        for _ in 0..<300 {
            let bytes = mutator.mutate(original)
            for attempt in 0..<2 {
                do {
                    let tree = attempt == 0 ? try format.load(bytes, limits: limits)
                                            : try HierarchyFormat.loadFindingDump(bytes, limits: limits).tree
                    #expect(tree.count <= limits.maxNodes)
                    loaded += 1
                } catch {
                    if let line = error.line { #expect(line >= 1 && line <= bytes.count + 1, "\(path): \(error)") }
                    failed += 1
                }
            }
        }
        #expect(loaded + failed == 600)
        #expect(loaded > 0, "\(path): no mutation loaded")
    }
}
