import ClassChainEngine
import HierarchyFormats
import SelectorCore
import Testing
import ViewSelectors
import WebdriverIOEngine

/// WebdriverIO's `findStrategy` table, ported from its own tests
/// (packages/webdriverio/tests/utils/findStrategy.test.ts, MIT) for a mobile W3C session, and the
/// `wdio` engine on real page sources: each string selects what its strategy's engine selects.
@Suite("wdio: WebdriverIO's selector strings")
struct WebdriverIOTests {
    /// (selector, using, value) from WebdriverIO's tests; `isMobile` reads `[name=…]` as `name`.
    static let table: [(String, String, String)] = [
        (".red", "css selector", ".red"),
        ("#purplebox", "css selector", "#purplebox"),
        ("[name=\"searchinput\"]", "name", "searchinput"),
        ("[name=\"search.input\"]", "name", "search.input"),
        ("=GitHub Repo", "link text", "GitHub Repo"),
        ("*=new", "partial link text", "new"),
        ("id=purplebox", "id", "purplebox"),
        ("<textarea />", "tag name", "<textarea />"),
        ("<h2>", "tag name", "<h2>"),
        ("//html/body/section/div[6]/div/span", "xpath", "//html/body/section/div[6]/div/span"),
        ("(//div)[7]/span", "xpath", "(//div)[7]/span"),
        ("h1=Christian", "xpath extended", "h1=Christian"),
        ("div*=some random text with \"§$%&/()div=or others", "xpath extended", "div*=some random text with \"§$%&/()div=or others"),
        ("div.some-class=some random text", "xpath extended", "div.some-class=some random text"),
        ("[some-attribute=\"some-value\"]=some text", "xpath extended", "[some-attribute=\"some-value\"]=some text"),
        ("[some-attribute]=some text", "xpath extended", "[some-attribute]=some text"),
        ("..", "xpath", ".."), (".", "xpath", "."), ("../", "xpath", "../"),
        ("android=foo", "-android uiautomator", "foo"),
        ("ios=foo", "-ios uiautomation", "foo"),
        ("-ios predicate string:type == 'XCUIElementTypeSwitch' && name CONTAINS 'Allow'", "-ios predicate string",
         "type == 'XCUIElementTypeSwitch' && name CONTAINS 'Allow'"),
        ("-ios class chain:**/XCUIElementTypeCell[`name BEGINSWITH \"D\"`]/**/XCUIElementTypeButton", "-ios class chain",
         "**/XCUIElementTypeCell[`name BEGINSWITH \"D\"`]/**/XCUIElementTypeButton"),
        ("~foo", "accessibility id", "foo"),
        ("#purplebox[data-foundBy]", "css selector", "#purplebox[data-foundBy]"),
        ("#purplebox+div", "css selector", "#purplebox+div"),
        ("#purplebox~div", "css selector", "#purplebox~div"),
        ("#purplebox:before", "css selector", "#purplebox:before"),
        ("UIATextField", "class name", "UIATextField"),
        ("android.widget.EditText", "class name", "android.widget.EditText"),
        ("CYIPushButtonView", "class name", "CYIPushButtonView"),
        ("XCUIElementTypeButton", "class name", "XCUIElementTypeButton"),
        ("id:foobar id", "id", "foobar id"),
        ("css selector:foobar css selector", "css selector", "foobar css selector"),
        ("xpath:foobar xpath", "xpath", "foobar xpath"),
        ("link text:foobar link text", "link text", "foobar link text"),
        ("name:foobar name", "name", "foobar name"),
        ("accessibility id:foobar", "accessibility id", "foobar"),
        ("-android viewtag:tag", "-android viewtag", "tag"),
        ("screenshot.png", "-image", "screenshot.png"),
    ]

    @Test("findStrategy's table", arguments: table)
    func strategies(_ row: (String, String, String)) {
        let s = WDIOStrategy.classify(row.0)
        #expect(s.using == row.1, "\(row.0)")
        if s.using != "tag name" && s.using != "xpath extended" { #expect(s.value == row.2, "\(row.0)") }
    }

    static func registry() throws -> EngineRegistry {
        let registry = EngineRegistry.standard()
        try registry.register(ClassChainEngine())
        return registry
    }

    static let fixtures = "/" + #filePath.split(separator: "/").dropLast(2).joined(separator: "/") + "/Fixtures/"

    /// Strings as WebdriverIO suites write them, on the page sources of both platforms: each selects
    /// what its strategy's own engine selects, and something.
    @Test("each string selects what its strategy's engine selects on a real page source", arguments: [
        ("appium/uiautomator2_theapp_login_appium.xml", "~username", "accessibility_id", "username"),
        ("appium/uiautomator2_theapp_login_appium.xml", "android=new UiSelector().text(\"Login\")", "uiselector", "new UiSelector().text(\"Login\")"),
        ("appium/uiautomator2_theapp_login_appium.xml", "//android.widget.EditText", "xpath", "//android.widget.EditText"),
        ("appium/uiautomator2_theapp_login_appium.xml", "android.widget.EditText", "class_name", "android.widget.EditText"),
        ("real/xcuitest_ios_settings_zh_uiautodev.xml", "~ACCESSIBILITY", "accessibility_id", "ACCESSIBILITY"),
        ("real/xcuitest_ios_settings_zh_uiautodev.xml", "id=ACCESSIBILITY", "id", "ACCESSIBILITY"),
        ("real/xcuitest_ios_settings_zh_uiautodev.xml", "-ios predicate string:type == 'XCUIElementTypeStaticText' AND name == 'ACCESSIBILITY'",
         "predicate", "type == 'XCUIElementTypeStaticText' AND name == 'ACCESSIBILITY'"),
        ("real/xcuitest_ios_settings_zh_uiautodev.xml", "-ios class chain:**/XCUIElementTypeStaticText[`name == 'ACCESSIBILITY'`]",
         "class_chain", "**/XCUIElementTypeStaticText[`name == 'ACCESSIBILITY'`]"),
        ("real/xcuitest_ios_settings_zh_uiautodev.xml", "(//XCUIElementTypeCell)[2]", "xpath", "(//XCUIElementTypeCell)[2]"),
    ])
    func onRecordings(_ row: (String, String, String, String)) throws {
        let registry = try Self.registry()
        let tree = try HierarchyFormat.loadDetecting(try FileIO.read(Self.fixtures + row.0)).0
        let ours = try registry.select(row.1, engine: "wdio", in: tree)
        #expect(!ours.isEmpty, "\(row.1)")
        #expect(ours == (try registry.select(row.3, engine: row.2, in: tree)), "\(row.1)")
    }

    @Test("a web strategy is refused by name; an inner engine's error points into the whole string")
    func errors() throws {
        let registry = try Self.registry()
        let tree = try HierarchyFormat.loadDetecting(try FileIO.read(Self.fixtures + "appium/uiautomator2_theapp_login_appium.xml")).0
        for (selector, words) in [(".red", "`css selector`"), ("=Login", "`link text`"), ("<button />", "`tag name`")] {
            let error = #expect(throws: SelectorError.self) { try registry.select(selector, engine: "wdio", in: tree) }
            #expect(error?.message.contains(words) == true && error?.message.contains("web page") == true, "\(selector): \(String(describing: error))")
        }
        // `new UiSelector().txt("x")`: the unknown method sits at the same place after `android=`.
        let inner = #expect(throws: SelectorError.self) { try registry.select("new UiSelector().txt(\"x\")", engine: "uiselector", in: tree) }
        let outer = #expect(throws: SelectorError.self) { try registry.select("android=new UiSelector().txt(\"x\")", engine: "wdio", in: tree) }
        #expect(outer?.column == inner?.column.map { $0 + 8 }, "\(String(describing: inner)) / \(String(describing: outer))")
        #expect(outer?.message == inner?.message)
        // Without the class chain plug-in, its strategy says what is missing.
        let bare = EngineRegistry.standard()
        let missing = #expect(throws: SelectorError.self) { try bare.select("-ios class chain:**/XCUIElementTypeCell", engine: "wdio", in: tree) }
        #expect(missing?.message.contains("--plugin") == true)
    }

    @Test("its suggestions are ~id, id= and XPath, each selecting the view; translations into it are proved")
    func suggestionsAndTranslations() throws {
        let registry = try Self.registry()
        let tree = try HierarchyFormat.loadDetecting(try FileIO.read(Self.fixtures + "appium/uiautomator2_theapp_login_appium.xml")).0
        let node = try #require(try registry.select("username", engine: "accessibility_id", in: tree).first)
        let suggestion = try #require(registry.suggestion(engine: "wdio", for: node, in: tree))
        #expect(suggestion.selector == "~username")
        #expect(try registry.select(suggestion.selector, engine: "wdio", in: tree) == [node])
        let t = try registry.translate("new UiSelector().className(\"android.widget.EditText\").instance(1)", from: "uiselector",
                                       to: ["wdio"], on: [tree])[0]
        let chosen = try #require(t.chosen, "\(String(describing: t.reason))")
        #expect(try registry.select(chosen.selector, engine: "wdio", in: tree)
                == (try registry.select("new UiSelector().className(\"android.widget.EditText\").instance(1)", engine: "uiselector", in: tree)))
    }
}
