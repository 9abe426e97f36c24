import HierarchyFormats
import SelectorCore
import Testing
import ViewSelectors

/// `EngineRegistry.explain` on real recordings: a Frank `/dump` of UICatalog, XCUITest and
/// UIAutomator XML. What a person would type wrong, and what the explanation then says.
@Suite("Explain on real recordings")
struct ExplainRecordingTests {
    static let registry = EngineRegistry.standard()
    static let uicatalog: ViewTree = {
        let tests = #filePath.split(separator: "/").dropLast(2).joined(separator: "/")
        return try! ViewTree.loadDump(try! FileIO.read("/" + tests + "/Fixtures/frank-dump-uicatalog.json"))
    }()

    @Test("UICatalog, shelley: a label typed with the wrong case")
    func uicatalogCase() throws {
        let x = try Self.registry.explain("label marked:'Data entry'", engine: "shelley", in: Self.uicatalog)
        #expect(x.text == """
            shelley> label marked:'Data entry'
            start .windows  → 1 view
            1  axis descendants  document  filter kindOf(UILabel) ∧ accessibilityLabel ⊇ "Data entry" (U+00A0 read as space)  → 0 views
            No views: step 1: none of its 39 views (descendants of 1 view) passes its filter
            Nearest misses (1), failing one test:
              UILabel "Data Entry" (uid 113419696): accessibilityLabel is "Data Entry", wanted one containing "Data entry"
            Suggested fix: label marked:'Data Entry'
            """)
    }

    @Test("UICatalog, fry: a label that is no button")
    func uicatalogClass() throws {
        let x = try Self.registry.explain(#"FRY.lookup([ofKind(UIButton), accessibilityLabel("UISwitch")])"#, engine: "fry",
                                          in: Self.uicatalog)
        #expect(x.nearMisses.map(\.reason) == ["class UILabel is not a kind of UIButton"])
        #expect(x.fix?.selector == #"FRY.lookup([ofKind(UILabel), accessibilityLabel("UISwitch")])"#)
    }

    @Test("UICatalog, uiquery: wrong nesting (the cell's label has no navigation bar above it)")
    func uicatalogNesting() throws {
        let x = try Self.registry.explain("tableViewCell label marked:'Carousel' parent navigationBar", engine: "uiquery",
                                          in: Self.uicatalog)
        // The planner matches the two descendant steps together (right to left): one count.
        #expect(x.parts[0].steps.map(\.kept) == [nil, 1, 0])
        #expect(x.parts[0].steps.map(\.together) == [2, nil, nil])
        #expect(x.empty?.step == 3)
        #expect(x.elsewhereViews == ["UINavigationBar (uid 113374064)"])
    }

    @Test("UICatalog, predicate: five labels where one was expected")
    func uicatalogAmbiguous() throws {
        let x = try Self.registry.explain("type == 'UILabel'", engine: "predicate", in: Self.uicatalog)
        #expect(x.count == 5)
        #expect(x.candidates.compactMap(\.suggestion?.selector) == [
            "type == 'UILabel' AND accessibilityLabel == 'UIProgressView'",
            "type == 'UILabel' AND accessibilityLabel == 'Data Entry'",
            "type == 'UILabel' AND accessibilityLabel == 'Editable Table'",
            "type == 'UILabel' AND accessibilityLabel == 'Carousel'",
            "type == 'UILabel' AND accessibilityLabel == 'UISwitch'",
        ])
    }

    @Test("XCUITest, predicate: `label` (an alias of two properties) typed in lower case")
    func xcuitestAlias() throws {
        let tree = try loadReal("xcuitest_ios26_kiwix_main_page_mobium.xml")
        let x = try Self.registry.explain("type == 'XCUIElementTypeButton' AND label == 'settings'", engine: "predicate", in: tree)
        #expect(x.nearMisses.map(\.view) == [#"XCUIElementTypeButton "Settings" (uid 10)"#])
        #expect(x.nearMisses.map(\.reason) == [#"accessibilityLabel is "Settings", wanted "settings""#])
        #expect(x.fix?.selector == "type == 'XCUIElementTypeButton' AND label == 'Settings'")
    }

    @Test("XCUITest in Chinese, predicate: a space too many in a prefix")
    func xcuitestWhitespace() throws {
        let tree = try loadReal("xcuitest_ios_settings_zh_uiautodev.xml")
        let x = try Self.registry.explain("type == 'XCUIElementTypeCell' AND label BEGINSWITH '开始使用 iCloud'",
                                          engine: "predicate", in: tree)
        #expect(x.nearMisses.map(\.reason) == [#"accessibilityLabel is "开始使用iCloud", wanted one starting with "开始使用 iCloud""#])
        #expect(x.nearMisses.first?.closeness == 2)  // whitespace only
        #expect(x.fix?.selector == "type == 'XCUIElementTypeCell' AND label BEGINSWITH '开始使用iCloud'")
    }

    @Test("XCUITest in Chinese, regex: 60 chevrons, capped at 20 with the rest counted")
    func xcuitestAmbiguous() throws {
        let tree = try loadReal("xcuitest_ios_settings_zh_uiautodev.xml")
        let x = try Self.registry.explain("/^chevron$/", engine: "regex", in: tree)
        #expect(x.count == 60)
        #expect(x.candidates.count == 20)
        #expect(x.moreCandidates == 40)
        #expect(x.candidates.allSatisfy { $0.suggestion != nil })
    }

    @Test("UIAutomator, predicate: a text with a stray space")
    func uiautomatorText() throws {
        let tree = try loadReal("uiautomator_android_wecom_window_dump.xml")
        let x = try Self.registry.explain("text == '会 议'", engine: "predicate", in: tree)
        #expect(x.nearMisses.map(\.reason) == [#"text is "会议", wanted "会 议""#])
        #expect(x.fix?.selector == "text == '会议'")
    }
}
