import HierarchyFormats
import SelectorCore
import Testing
import ViewSelectors
import ViewSelectorsTesting
import XCUITestEngine

/// The `xcuitest` engine: XCUITest element queries (developer.apple.com, XCUIElementQuery) on the
/// sample app (a Frank `/dump`: UIKit classes, read as the XCUITest types of their roles) and on real
/// page sources (`XCUIElementType…` classes), each checked against the same meaning in another engine.
@Suite("xcuitest: XCUITest element queries")
struct XCUITestTests {
    static let registry = EngineRegistry.standard()
    static let sample = try! SampleApp.tree()
    static let fixtures = "/" + #filePath.split(separator: "/").dropLast(2).joined(separator: "/") + "/Fixtures/"
    static let pageSources = ["xcuitest_ios26_icecubes_timeline_mobium.xml", "xcuitest_ios26_kiwix_main_page_mobium.xml",
                              "xcuitest_ios26_pocketcasts_discover_mobium.xml", "xcuitest_ios_settings_zh_uiautodev.xml"]

    static func pageSource(_ name: String) throws -> ViewTree {
        try HierarchyFormat.loadDetecting(try FileIO.read(fixtures + "real/" + name)).0
    }

    static func select(_ selector: String, _ engine: String = "xcuitest", in tree: ViewTree = sample) throws -> [String] {
        tree.uids(of: try registry.select(selector, engine: engine, in: tree))
    }

    @Test("each construct selects what the same meaning selects in another engine (sample app)", arguments: [
        ("app.buttons[\"Log In\"]", "xpath", "//UIButton[@accessibilityLabel='Log In']"),
        ("app.staticTexts[\"Wi-Fi\"]", "xpath", "//UILabel[@accessibilityLabel='Wi-Fi']"),
        ("XCUIApplication().tables.cells.element(boundBy: 2)", "xpath", "(//UITableView//UITableViewCell)[3]"),
        ("app.tables.cells.containing(.staticText, identifier: \"Bluetooth\").buttons[\"Delete\"]", "xpath",
         "//UITableViewCell[.//UILabel[@accessibilityLabel='Bluetooth']]//UIButton[@accessibilityLabel='Delete']"),
        ("app.staticTexts.matching(NSPredicate(format: \"label BEGINSWITH 'Row'\"))", "xpath",
         "//UILabel[starts-with(@accessibilityLabel,'Row')]"),
        ("app.cells.containing(NSPredicate(format: \"label BEGINSWITH 'Row'\"))", "xpath",
         "//UITableViewCell[.//*[starts-with(@accessibilityLabel,'Row')]]"),
        ("app.descendants(matching: .switch)", "xpath", "//UISwitch"),
        ("app.descendants(matching: XCUIElement.ElementType.switch)", "xpath", "//UISwitch"),
        ("app.switches", "predicate", "type == 'UISwitch'"),
        ("app.tables.children(matching: .cell)", "xpath", "//UITableView/UITableViewCell"),
        ("app.textFields.firstMatch", "xpath", "(//UITextField)[1]"),
        ("app.textFields.element(boundBy: 1)", "xpath", "//UITextField[@accessibilityLabel='Password']"),
        ("app.textFields[\"Password\"]", "xpath", "//UITextField[@placeholder='Password']"),
        ("app.buttons.matching(identifier: \"Delete\")", "xpath", "//UIButton[@accessibilityLabel='Delete']"),
        ("app.descendants(matching: .any).element(matching: .button, identifier: \"Edit\")", "xpath",
         "//UINavigationButton[@accessibilityLabel='Edit']"),
        ("app.descendants(matching: .any).matching(.button, identifier: \"Edit\")", "xpath",
         "//UINavigationButton[@accessibilityLabel='Edit']"),
        ("app.tabBars.buttons[\"Search\"]", "xpath", "//UITabBar//UITabBarButton[@accessibilityLabel='Search']"),
        ("app.tabBars.buttons", "xpath", "//UITabBarButton"),
        ("app.navigationBars.buttons.element(boundBy: 1)", "xpath", "//UINavigationButton[@accessibilityLabel='Edit']"),
        ("app.images", "xpath", "//UIImageView"),
        ("app.scrollViews", "xpath", "//UIScrollView[not(self::UITableView)]"),
        ("app.cells.element", "xpath", "//UITableViewCell"),
        ("app.cells.staticTexts.element(boundBy: 0)", "xpath", "//UILabel[@accessibilityLabel='Wi-Fi']"),
        ("app.staticTexts[\"Home\"]", "xpath", "//UILabel[@text='Home']"),
        ("app.cells.matching(NSPredicate(format: \"label == %@\", \"x\"))", "xpath", "//UITableViewCell[@accessibilityLabel='x']"),
        ("app.staticTexts.matching(NSPredicate(format: \"%K BEGINSWITH %@\", \"label\", \"Row\"))", "xpath",
         "//UILabel[starts-with(@accessibilityLabel,'Row')]"),
        ("app.windows.children(matching: .other)", "xpath", "/UIWindow/UILayoutContainerView"),
    ])
    func meanings(_ row: (String, String, String)) throws {
        let ours = try Self.select(row.0)
        let theirs = try Self.select(row.2, row.1)
        if !row.0.contains("\"x\"") { #expect(!ours.isEmpty, "\(row.0)") }
        #expect(ours == theirs, "\(row.0): \(ours) vs \(theirs)")
    }

    @Test("on real page sources types are the recorded XCUIElementType, positions document order", arguments: pageSources)
    func pageSourceMeanings(_ file: String) throws {
        let tree = try Self.pageSource(file)
        let rows: [(String, String)] = [
            ("app.buttons", "//XCUIElementTypeButton"),
            ("app.otherElements", "//XCUIElementTypeOther"),
            ("app.staticTexts.element(boundBy: 1)", "(//XCUIElementTypeStaticText)[2]"),
            ("app.descendants(matching: .any).firstMatch", "(/*//*)[1]"),
            ("app.windows.children(matching: .other)", "//XCUIElementTypeWindow/XCUIElementTypeOther"),
            ("app.otherElements.buttons", "//XCUIElementTypeOther//XCUIElementTypeButton"),
            ("app.otherElements.buttons.element(boundBy: 3)", "(//XCUIElementTypeOther//XCUIElementTypeButton)[4]"),
            ("app.cells.containing(.staticText, identifier: nil)", "//XCUIElementTypeCell[.//XCUIElementTypeStaticText]"),
            ("app.staticTexts.matching(NSPredicate(format: \"visible == 1\"))", "//XCUIElementTypeStaticText[@visible='true']"),
        ]
        for (query, xpath) in rows {
            #expect(try Self.select(query, in: tree) == (try Self.select(xpath, "xpath", in: tree)), "\(file): \(query)")
        }
        // The subscript compares every identifying property (name, label, value) with the key.
        let named = try Self.registry.select("//XCUIElementTypeButton[@name] | //XCUIElementTypeStaticText[@label]", engine: "xpath", in: tree)
        #expect(!named.isEmpty)
        for node in named.prefix(25) {
            let type = tree.className(of: node) == "XCUIElementTypeButton" ? "buttons" : "staticTexts"
            let key = tree.string("name", of: node) ?? tree.string("label", of: node) ?? ""
            guard !key.contains("'") else { continue }
            let element = tree.className(of: node)
            let ours = try Self.select("app.\(type)[\(Self.swift(key))]", in: tree)
            let xpath = "//\(element)[@name='\(key)' or @label='\(key)' or @value='\(key)' or @placeholderValue='\(key)']"
            #expect(ours == (try Self.select(xpath, "xpath", in: tree)), "\(file): \(key)")
            #expect(ours.contains(tree.uids(of: [node])[0]))
        }
    }

    static func swift(_ s: String) -> String {
        "\"" + s.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"").replacing("\n", with: "\\n") + "\""
    }

    @Test("a UIKit view's type is the one the page-source writer gives it: the same query selects the same views on both")
    func uikitTypesMatchTheWriter() throws {
        let converted = try HierarchyFormat.loadDetecting(Self.sample.xcuitestXML()).0
        #expect(converted.count == Self.sample.count)
        for property in ["buttons", "staticTexts", "textFields", "cells", "tables", "switches", "images", "otherElements",
                         "scrollViews", "navigationBars", "tabBars", "activityIndicators", "windows"] {
            let onDump = try Self.registry.select("app.\(property)", engine: "xcuitest", in: Self.sample)
            let onSource = try Self.registry.select("app.\(property)", engine: "xcuitest", in: converted)
            #expect(onDump == onSource, "\(property)")
            #expect(!onDump.isEmpty, "\(property)")
        }
    }

    @Test("query lines as Xcode's recorder and UI tests write them", arguments: [
        ("app/*@START_MENU_TOKEN@*/.buttons[\"Log In\"]/*[[\".scrollViews.buttons[\\\"Log In\\\"]\",\".buttons[\\\"Log In\\\"]\"],[[[-1,1],[-1,0]]],[0]]@END_MENU_TOKEN@*/.tap()",
         "//UIButton[@accessibilityLabel='Log In']"),
        ("app.tables/*@START_MENU_TOKEN@*/.staticTexts[\"Wi-Fi\"]/*[[\".cells.staticTexts[\\\"Wi-Fi\\\"]\",\".staticTexts[\\\"Wi-Fi\\\"]\"],[[[-1,1],[-1,0]]],[0]]@END_MENU_TOKEN@*/.tap()",
         "//UILabel[@accessibilityLabel='Wi-Fi']"),
        ("app.textFields[\"Username\"].typeText(\"bob\")", "//UITextField[@accessibilityLabel='Username']"),
        ("let passwordField = app.secureTextFields[\"Password\"]", "//UITextField[@accessibilityLabel='Password' and false()]"),
        ("let logIn = app.buttons[\"Log In\"]", "//UIButton[@accessibilityLabel='Log In']"),
        ("XCUIApplication().navigationBars.buttons[\"Edit\"].tap();", "//UINavigationButton[@accessibilityLabel='Edit']"),
        ("app.tables.cells.element(boundBy: 0).swipeLeft()", "(//UITableViewCell)[1]"),
        ("app.staticTexts[\"Sign in\"].exists", "//UILabel[@accessibilityLabel='Sign in']"),
        ("app.buttons[\"Forgot password?\"].waitForExistence(timeout: 5)", "//UIButton[@accessibilityLabel='Forgot password?']"),
        ("app.tables.cells.count", "//UITableViewCell"),
        ("XCUIApplication(bundleIdentifier: \"com.example.app\").switches.element(boundBy: 1).tap() // the second", "(//UISwitch)[2]"),
        ("app.cells.buttons[\"Delete\"].press(forDuration: 1.5)", "//UITableViewCell//UIButton[@accessibilityLabel='Delete']"),
        ("app.staticTexts[#\"Row 7-3\"#].tap()", "//UILabel[@accessibilityLabel='Row 7-3']"),
        ("app.staticTexts[\"Row\\u{20}7-3\"]", "//UILabel[@accessibilityLabel='Row 7-3']"),
        ("app\n    .tables\n    .cells\n    .element(boundBy: 1)", "(//UITableViewCell)[2]"),
        ("app.buttons[\"Log In\"].frame.origin.x", "//UIButton[@accessibilityLabel='Log In']"),
    ])
    func recorderLines(_ row: (String, String)) throws {
        #expect(try Self.select(row.0) == (try Self.select(row.1, "xpath")), "\(row.0)")
    }

    @Test("bad queries are refused with their column", arguments: [
        ("app.buton", "unknown member .buton (did you mean .buttons?)", 5),
        ("app.buttons[\"x\"][\"y\"]", "a subscript needs a query", 17),
        ("app.buttons.tap()", "tap needs an element", 13),
        ("app.descendants(matching: .buton)", "unknown element type .buton (did you mean .button?)", 28),
        ("app.buttons[x]", "expected an identifier in double quotes", 13),
        ("app.buttons[\"x]", "unterminated string", 13),
        ("app.cells.element(boundBy: -1)", "element(boundBy:) takes an index from 0", 28),
        ("app.buttons[\"\\(name)\"]", "string interpolation is not a fixed string", 14),
        ("button.tap()", "expected the application: app or XCUIApplication()", 1),
        ("app.matching(identifier: \"x\")", "matching is a query's", 5),
        ("app.staticTexts.matching(NSPredicate(format: \"label == %@\"))", "more placeholders than arguments", 56),
        ("app.staticTexts.matching(NSPredicate(format: \"label == 'a'\", \"b\"))", "more format arguments than placeholders", 62),
        ("app.cells.containing(.staticText)", "expected `, identifier:` after the element type", 33),
        ("app.buttons[\"x\"] junk", "expected `.`, `[` or the end of the query", 18),
        ("app.buttons[\"x\"].tap().buttons", "an action or a property ends the query", 23),
        ("app.staticTexts.matching(NSPredicate(format: \"label BEGINSWITH\"))", "", 63),
        ("app.staticTexts.matching(NSPredicate(format: \"label == \\\"a\\\" AND\"))", "", 65),
        ("app.staticTexts.matching(NSPredicate(block: { _, _ in true }))", "NSPredicate takes format:", 38),
        ("app.any", "any is no XCUITest query: write descendants(matching: .any)", 5),
        ("app.buttons.allElementsBoundByIndex", "is an array", 13),
        ("", "empty query", 1),
        ("app.buttons[\"x\"] /* open", "unterminated comment", 18),
        ("app.element", "element is a query's", 5),
        ("app.cells.element(at: 1)", "element( takes boundBy: or matching:", 19),
    ])
    func errors(_ row: (String, String, Int)) {
        let error = #expect(throws: SelectorError.self) { try Self.registry.select(row.0, engine: "xcuitest", in: Self.sample) }
        if !row.1.isEmpty { #expect(error?.message.contains(row.1) == true, "\(row.0): \(String(describing: error))") }
        if row.2 > 0 { #expect(error?.column == row.2, "\(row.0): \(String(describing: error))") }
        #expect(error?.kind == .syntax)
        #expect(error?.engine == "xcuitest")
    }

    @Test("in a `>>` chain a part searches below the previous part's views; only double quotes are literals")
    func chained() throws {
        let direct = try Self.select("app.cells.buttons[\"Delete\"]")
        #expect(direct.count == 10)
        #expect(try Self.select("app.cells >> app.buttons[\"Delete\"]") == direct)
        #expect(try Self.select("app.cells /* don't */ >> app.buttons[\"Delete\"]") == direct)
        // A `>>` inside the format string is the format's: splitting there would be a syntax error.
        #expect(try Self.select("app.cells.matching(NSPredicate(format: \"label != 'a>>b'\")) >> xpath://UIButton")
                == (try Self.select("app.cells.matching(NSPredicate(format: \"label != 'ab'\")) >> xpath://UIButton")))
    }

    @Test("every cut and every one-byte change of real queries compiles or fails with a column inside the text")
    func mutations() {
        let queries = [
            "app.tables.cells.containing(.staticText, identifier: \"Wi-Fi\").buttons[\"Delete\"].tap()",
            "XCUIApplication(bundleIdentifier: \"a.b\").staticTexts.matching(NSPredicate(format: \"%K BEGINSWITH[c] %@\", \"label\", \"Row\")).element(boundBy: 1)",
            "app/*@START_MENU_TOKEN@*/.buttons[#\"Log \\u{49}n\"#]/*[[\".buttons\"]]@END_MENU_TOKEN@*/.press(forDuration: 1.5);",
        ]
        let replacements: [UInt8] = Array("\"#\\()[]./*%:,` ;a0".utf8)
        let engine = XCUITestEngine()
        for q in queries {
            let bytes = Array(q.utf8)
            var variants: [String] = []
            for k in 0...bytes.count { variants.append(String(decoding: bytes[..<k], as: UTF8.self)) }
            for k in bytes.indices {
                for r in replacements where r != bytes[k] {
                    var b = bytes
                    b[k] = r
                    variants.append(String(decoding: b, as: UTF8.self))
                }
            }
            for v in variants {
                do {
                    _ = try engine.compile(v)
                } catch {
                    let count = v.count
                    #expect(error.kind == .syntax || error.kind == .limit, "\(v)")
                    if let column = error.column { #expect(column >= 1 && column <= count + 1, "\(v): \(error)") }
                }
            }
        }
    }

    @Test("a query chained 65 members deep, or comments nested 65 deep, is refused")
    func depthCap() throws {
        let deep = "app" + String(repeating: ".otherElements", count: 65)
        let error = #expect(throws: SelectorError.self) { try Self.registry.select(deep, engine: "xcuitest", in: Self.sample) }
        #expect(error?.message.contains("chained deeper than 64") == true)
        #expect(try Self.select("app" + String(repeating: ".otherElements", count: 64)).isEmpty)
        let comments = "app" + String(repeating: "/*", count: 65) + String(repeating: "*/", count: 65) + ".buttons"
        let nested = #expect(throws: SelectorError.self) { try Self.registry.select(comments, engine: "xcuitest", in: Self.sample) }
        #expect(nested?.message.contains("comments nested deeper than 64") == true)
        let ok = "app" + String(repeating: "/*", count: 64) + String(repeating: "*/", count: 64) + ".switches"
        #expect(try Self.select(ok).count == 2)
    }

    @Test("suggestions select their view alone; on a page source they name only recorded values")
    func suggestions() throws {
        let password = try #require(Self.registry.select("//UITextField[@accessibilityLabel='Password']", engine: "xpath", in: Self.sample).first)
        let s = try #require(Self.registry.suggestion(engine: "xcuitest", for: password, in: Self.sample))
        #expect(s.selector == "app.textFields[\"Password\"]")
        #expect(try Self.registry.select(s.selector, engine: "xcuitest", in: Self.sample) == [password])
        // Nine Delete buttons: the subscript narrowed to the view's place among them.
        let deletes = try Self.registry.select("//UIButton[@accessibilityLabel='Delete']", engine: "xpath", in: Self.sample)
        let third = try #require(Self.registry.suggestion(engine: "xcuitest", for: deletes[2], in: Self.sample))
        #expect(try Self.registry.select(third.selector, engine: "xcuitest", in: Self.sample) == [deletes[2]], "\(third.selector)")
        #expect(XCUITestEngine().narrowed("app.buttons[\"Delete\"]", toResult: 2) == "app.buttons.matching(identifier: \"Delete\").element(boundBy: 2)")
        #expect(XCUITestEngine().narrowed("app.cells.buttons", toResult: 1) == "app.cells.buttons.element(boundBy: 1)")
        #expect(XCUITestEngine().narrowed("app.cells.element", toResult: 1) == "app.cells.element(boundBy: 1)")
        #expect(XCUITestEngine().narrowed("app.cells.firstMatch", toResult: 1) == nil)
        let tree = try Self.pageSource("xcuitest_ios_settings_zh_uiautodev.xml")
        let cell = try #require(Self.registry.select("//XCUIElementTypeCell[@name='APPLE_ACCOUNT']", engine: "xpath", in: tree).first)
        let onSource = try #require(Self.registry.suggestion(engine: "xcuitest", for: cell, in: tree))
        #expect(onSource.selector == "app.cells[\"APPLE_ACCOUNT\"]")
        #expect(try Self.registry.select(onSource.selector, engine: "xcuitest", in: tree) == [cell])
        #expect(XCUITestEngine().recordingSources == [.xcuitest, .frank])
    }

    @Test("the printer: type queries, a subscript for an exact identifying value, element(boundBy:), proved", arguments: [
        ("//UITableViewCell//UIButton[@accessibilityLabel='Delete']", "xpath", "app.cells.buttons[\"Delete\"]"),
        ("(//UITextField)[2]", "xpath", "app.textFields.element(boundBy: 1)"),
        ("//UITableView/UITableViewCell", "xpath", "app.tables.children(matching: .cell)"),
        ("accessibilityLabel BEGINSWITH 'Row 7-'", "predicate", "app.descendants(matching: .any).matching(NSPredicate(format: \"label BEGINSWITH 'Row 7-'\"))"),
    ])
    func printer(_ row: (String, String, String)) throws {
        let t = try Self.registry.translate(row.0, from: row.1, to: ["xcuitest"], on: [Self.sample])[0]
        let rendered = t.candidates.first { $0.origin == .rendered }?.selector
        #expect(rendered == row.2, "\(row.0): \(String(describing: rendered))")
        let chosen = try #require(t.chosen, "\(row.0): \(String(describing: t.reason))")
        #expect(Set(try Self.select(chosen.selector)) == Set(try Self.select(row.0, row.1)))
    }

    @Test("printer round trips: xcuitest to itself and from page-source XPath")
    func roundTrips() throws {
        // The engine's own program read back as a path and printed again selects the same views
        // (the translation drops a rendering equal to its source, so the printer is called here).
        for query in ["app.tables.cells.staticTexts[\"Wi-Fi\"]", "app.cells.element(boundBy: 3)", "app.tabBars.buttons",
                      "app.tables.children(matching: .cell).buttons", "app.cells.staticTexts.matching(NSPredicate(format: \"label BEGINSWITH 'Row'\"))"] {
            let program = try XCUITestEngine().compile(query)
            let path = try program.searchPath(on: [Self.sample]).get().specialized(for: [Self.sample])
            guard case .selector(let text)? = XCUITestEngine().render(path) else {
                Issue.record("\(query): no rendering")
                continue
            }
            #expect(try Self.select(text) == (try Self.select(query)), "\(query) → \(text)")
        }
        let tree = try Self.pageSource("xcuitest_ios_settings_zh_uiautodev.xml")
        let t = try Self.registry.translate("//XCUIElementTypeCell//XCUIElementTypeButton", from: "xpath", to: ["xcuitest"], on: [tree])[0]
        #expect(t.candidates.first { $0.origin == .rendered }?.selector == "app.cells.buttons")
        #expect(t.chosen != nil)
        // A path that starts at the application root: `app` stands there already.
        let windows = try Self.registry.translate("/XCUIElementTypeApplication/XCUIElementTypeWindow", from: "xpath", to: ["xcuitest"], on: [tree])[0]
        #expect(windows.candidates.first { $0.origin == .rendered }?.selector == "app.children(matching: .window)")
        #expect(windows.chosen?.origin == .rendered)
        // `app` alone is the application: the page source's root.
        #expect(try Self.select("app", in: tree) == (try Self.select("/*", "xpath", in: tree)))
    }

    /// WebDriverAgent's class-chain expectations (FBClassChainTests.m, the appium-xcuitest-driver's
    /// locator table) said as XCUITest queries, which is what WDA compiles class chains to
    /// (XCUIElement+FBClassChain.m: `/` children, `**/` descendants, by element type).
    @Test("WebDriverAgent's class-chain examples as XCUITest queries", arguments: [
        ("app.children(matching: .window).children(matching: .other)", "/XCUIElementTypeApplication/XCUIElementTypeWindow/XCUIElementTypeOther"),
        ("app.cells.descendants(matching: .any)", "//XCUIElementTypeCell//*"),
        ("app.children(matching: .window).element(boundBy: 0).children(matching: .any)", "/XCUIElementTypeApplication/XCUIElementTypeWindow[1]/*"),
        ("app.cells.containing(NSPredicate(format: \"name == 'chevron' OR value == 'chevron'\")).children(matching: .button)",
         "//XCUIElementTypeCell[.//*[@name='chevron' or @value='chevron']]/XCUIElementTypeButton"),
        ("app.tables.containing(NSPredicate(format: \"type == 'XCUIElementTypeCell' AND visible == 0\")).cells.element(boundBy: 2)",
         "(//XCUIElementTypeTable[.//XCUIElementTypeCell[@visible='false']]//XCUIElementTypeCell)[3]"),
    ])
    func wdaClassChains(_ row: (String, String)) throws {
        let tree = try Self.pageSource("xcuitest_ios_settings_zh_uiautodev.xml")
        let ours = try Self.select(row.0, in: tree)
        #expect(!ours.isEmpty, "\(row.0)")
        #expect(ours == (try Self.select(row.1, "xpath", in: tree)), "\(row.0)")
    }

    @Test("every element type has a page-source name that reads back, and its query property")
    func elementTypes() {
        #expect(XCUITestVocabulary.elementTypes.count == 83)
        for t in XCUITestVocabulary.elementTypes {
            #expect(XCUITestVocabulary.type(ofPageSourceName: XCUITestVocabulary.pageSourceName(of: t)) == t)
        }
        #expect(XCUITestVocabulary.typeOfProperty["switches"] == "switch")
        #expect(XCUITestVocabulary.typeOfProperty["checkBoxes"] == "checkBox")
        #expect(XCUITestVocabulary.typeOfProperty["otherElements"] == "other")
        #expect(XCUITestVocabulary.typeOfProperty["staticTexts"] == "staticText")
        #expect(XCUITestVocabulary.typeOfProperty.count == 81)
        // WebDriverAgent's FBElementTypeTransformerTests.m: names both ways, an unknown name refused.
        for (t, name) in [("any", "XCUIElementTypeAny"), ("icon", "XCUIElementTypeIcon"), ("tab", "XCUIElementTypeTab"),
                          ("other", "XCUIElementTypeOther")] {
            #expect(XCUITestVocabulary.pageSourceName(of: t) == name)
            #expect(XCUITestVocabulary.type(ofPageSourceName: name) == t)
        }
        #expect(XCUITestVocabulary.type(ofPageSourceName: "Whatever") == nil)
        #expect(XCUITestVocabulary.type(ofClass: "UITabBarButton") == "button")
        #expect(XCUITestVocabulary.type(ofClass: "UISearchTextField") == "searchField")
        #expect(XCUITestVocabulary.type(ofClass: "UIStackView") == "other")
    }
}
