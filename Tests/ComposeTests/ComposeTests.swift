import HierarchyFormats
import SelectorCore
import Testing
import ViewSelectors
@testable import ComposeEngine

/// A small Compose app as `uiautomator dump` records it with `testTagsAsResourceId`: each tag is
/// the whole `resource-id` (no `:id/`), a Button's label is a Text child, a Switch row is
/// checkable, tabs record `selected`.
enum ComposeApp {
    /// One `<node>` with every attribute `uiautomator dump` writes, defaults overridden by `a`.
    static func node(_ a: [String: String], _ children: [String] = []) -> String {
        var attributes: [String: String] = [
            "index": "0", "text": "", "resource-id": "", "class": "android.view.View", "package": "com.example.app",
            "content-desc": "", "checkable": "false", "checked": "false", "clickable": "false", "enabled": "true",
            "focusable": "false", "focused": "false", "scrollable": "false", "long-clickable": "false",
            "password": "false", "selected": "false", "bounds": "[0,0][1080,100]",
        ]
        for (k, v) in a { attributes[k] = v }
        func escaped(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
                .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        }
        let order = ["index", "text", "resource-id", "class", "package", "content-desc", "checkable", "checked", "clickable",
                     "enabled", "focusable", "focused", "scrollable", "long-clickable", "password", "selected", "bounds"]
        let text = order.map { "\($0)=\"\(escaped(attributes[$0] ?? ""))\"" }.joined(separator: " ")
        return children.isEmpty ? "<node \(text) />" : "<node \(text)>" + children.joined() + "</node>"
    }

    static func text(_ t: String, _ extra: [String: String] = [:]) -> String {
        node(["text": t, "class": "android.widget.TextView"].merging(extra) { $1 })
    }

    static let xml = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">" +
        node(["class": "android.widget.FrameLayout"], [
            node(["class": "androidx.compose.ui.platform.ComposeView"], [
                node(["resource-id": "login_screen"], [
                    text("Welcome back", ["resource-id": "title"]),
                    node(["resource-id": "email", "class": "android.widget.EditText", "clickable": "true", "focusable": "true", "focused": "true"]),
                    node(["resource-id": "password", "class": "android.widget.EditText", "clickable": "true", "focusable": "true", "password": "true"]),
                    node(["resource-id": "remember", "checkable": "true", "checked": "true", "clickable": "true", "focusable": "true"], [text("Remember me")]),
                    node(["resource-id": "login_button", "class": "android.widget.Button", "clickable": "true", "focusable": "true"], [text("Log in")]),
                    node(["resource-id": "signup", "class": "android.widget.Button", "clickable": "true", "enabled": "false"], [text("Sign up")]),
                    node(["content-desc": "Help", "class": "android.widget.ImageView", "clickable": "true"]),
                ]),
                node(["resource-id": "tabs"], [
                    node(["resource-id": "tab_home", "text": "Home", "selected": "true", "clickable": "true"]),
                    node(["resource-id": "tab_settings", "text": "Settings", "clickable": "true"]),
                ]),
                node(["resource-id": "list", "scrollable": "true"], [
                    node(["resource-id": "row", "clickable": "true"], [text("Row 1")]),
                    node(["resource-id": "row", "clickable": "true"], [
                        text("Row 2"), node(["resource-id": "row_switch", "checkable": "true"]),
                    ]),
                    node(["resource-id": "row", "clickable": "true"], [text("Row 3")]),
                ]),
            ]),
        ]) + "</hierarchy>"

    static func tree(_ xml: String = xml) throws -> ViewTree {
        try HierarchyFormat.loadDetecting(Array(xml.utf8)).0
    }
}

@Suite("compose: Jetpack Compose finders")
struct ComposeTests {
    static let registry = EngineRegistry.standard()
    static let app = try! ComposeApp.tree()
    static let fixtures = "/" + #filePath.split(separator: "/").dropLast(2).joined(separator: "/") + "/Fixtures/"
    static let wecom = try! HierarchyFormat.loadDetecting(try! FileIO.read(fixtures + "real/uiautomator_android_wecom_window_dump.xml")).0
    static let wechat = try! HierarchyFormat.loadDetecting(try! FileIO.read(fixtures + "real/android_wechat_miniprogram_appcrawler.xml")).0

    static func select(_ selector: String, _ engine: String = "compose", in tree: ViewTree = app) throws -> [NodeID] {
        try registry.select(selector, engine: engine, in: tree)
    }

    @Test("the engine is registered and reads UiAutomator recordings")
    func registered() {
        #expect(Self.registry.names.contains("compose"))
        #expect(ComposeEngine().recordingSources == [.uiautomator])
    }

    @Test("each finder selects what the same meaning selects in another engine", arguments: [
        ("composeTestRule.onNodeWithTag(\"login_button\")", "xpath", "//*[@resource-id='login_button']"),
        ("onNodeWithTag(testTag = \"row\")", "xpath", "//*[@resource-id='row']"),
        ("rule.onNodeWithText(\"Log in\")", "xpath", "//*[@text='Log in']"),
        ("onNodeWithText(\"log\", substring = true, ignoreCase = true)", "uiselector", "new UiSelector().textContains(\"log\")"),
        ("onNodeWithText(\"row\", true, true)", "uiselector", "new UiSelector().textContains(\"row\")"),
        ("onNodeWithText(\"ROW 2\", ignoreCase = true)", "xpath", "//*[@text='Row 2']"),
        ("onNodeWithContentDescription(\"Help\")", "uiselector", "new UiSelector().description(\"Help\")"),
        ("onNodeWithText(\"Log in\", useUnmergedTree = true)", "xpath", "//*[@text='Log in']"),
        ("onNode(hasTestTag(\"row\") and hasAnyDescendant(hasText(\"Row 2\")))", "xpath", "//*[@resource-id='row'][.//*[@text='Row 2']]"),
        ("onNode(hasText(\"Row 2\") and hasParent(hasTestTag(\"row\")))", "xpath", "//*[@resource-id='row']/*[@text='Row 2']"),
        ("onNode(hasClickAction() and hasAnyChild(hasText(\"Sign up\")))", "xpath", "//*[@clickable='true'][*[@text='Sign up']]"),
        ("onNode(hasText(\"Row 1\") and hasAnyAncestor(hasScrollAction()))", "xpath", "//*[@scrollable='true']//*[@text='Row 1']"),
        ("onNode(hasAnySibling(hasText(\"Row 2\")))", "xpath", "//*[@text='Row 2']/following-sibling::*"),
        ("onNode(!hasClickAction() and hasAnySibling(hasTestTag(\"tab_home\")))", "xpath", "//*[@resource-id='nothing']"),
        ("onNode(hasTestTag(\"tab_settings\") and hasAnySibling(isSelected()))", "xpath", "//*[@resource-id='tab_settings']"),
        ("onAllNodes(isNotEnabled())", "xpath", "//*[@enabled='false']"),
        ("onAllNodes(isEnabled() and hasClickAction())", "uiselector", "new UiSelector().enabled(true).clickable(true)"),
        ("onAllNodes(hasNoClickAction() and hasTestTag(\"row_switch\"))", "xpath", "//*[@resource-id='row_switch']"),
        ("onNode(isToggleable() and isOn())", "xpath", "//*[@checkable='true' and @checked='true']"),
        ("onAllNodes(isOff())", "xpath", "//*[@checkable='true' and @checked='false']"),
        ("onAllNodes(isToggleable())", "uiselector", "new UiSelector().checkable(true)"),
        ("onNode(isSelected())", "uiselector", "new UiSelector().selected(true)"),
        ("onNode(isFocused())", "xpath", "//*[@focused='true']"),
        ("onAllNodes(isFocusable() and isNotFocused())", "xpath", "//*[@focusable='true' and @focused='false']"),
        ("onAllNodes(isNotFocusable())", "xpath", "//*[@focusable='false']"),
        ("onNode(hasScrollAction())", "uiselector", "new UiSelector().scrollable(true)"),
        ("onAllNodes(hasNoScrollAction() and hasTestTag(\"list\"))", "xpath", "//*[@resource-id='nothing']"),
        ("onNode(hasSetTextAction())", "uiselector", "new UiSelector().className(\"android.widget.EditText\")"),
        ("onNode(hasText(\"Row 1\") or hasText(\"Row 3\"))", "xpath", "//*[@text='Row 1' or @text='Row 3']"),
        ("onNode(hasText(\"Row 1\").or(hasText(\"Row 3\")))", "xpath", "//*[@text='Row 1' or @text='Row 3']"),
        // Kotlin's infix calls share one precedence, left to right: (a or b) and c.
        ("onNode(hasTestTag(\"login_screen\") or hasTestTag(\"list\") and hasScrollAction())", "xpath", "//*[@resource-id='list']"),
        ("onNode(hasTestTag(\"login_screen\") or (hasTestTag(\"list\") and hasScrollAction()))", "xpath", "//*[@resource-id='login_screen' or @resource-id='list']"),
        ("onNode(hasTestTag(\"row\").and(hasAnyDescendant(isToggleable()).not()))", "xpath", "//*[@resource-id='row'][not(.//*[@checkable='true'])]"),
        ("onNode(!(hasTestTag(\"row\") or hasText(\"\")) and hasClickAction())", "xpath", "//*[@clickable='true'][not(@resource-id='row') and @text!='']"),
        ("onNode(hasTextExactly(\"Row 2\"))", "xpath", "//*[@text='Row 2']"),
        ("onNode(hasContentDescriptionExactly(\"Help\"))", "xpath", "//*[@content-desc='Help']"),
        ("onAllNodesWithTag(\"row\")[1]", "xpath", "(//*[@resource-id='row'])[2]"),
        ("onAllNodesWithTag(\"row\").get(2)", "xpath", "(//*[@resource-id='row'])[3]"),
        ("onAllNodesWithTag(\"row\").onFirst()", "xpath", "(//*[@resource-id='row'])[1]"),
        ("onAllNodesWithTag(\"row\").onLast()", "xpath", "(//*[@resource-id='row'])[last()]"),
        ("onNodeWithTag(\"list\").onChildren()", "xpath", "//*[@resource-id='list']/*"),
        ("onNodeWithTag(\"list\").onChildAt(1)", "xpath", "//*[@resource-id='list']/*[2]"),
        ("onNodeWithTag(\"list\").onChildren()[2].onChild()", "xpath", "(//*[@resource-id='list']/*)[3]/*"),
        ("onNodeWithText(\"Row 2\").onParent()", "xpath", "//*[@text='Row 2']/.."),
        ("onNodeWithTag(\"tab_home\").onSiblings()", "xpath", "//*[@resource-id='tab_settings']"),
        ("onNodeWithTag(\"row_switch\").onAncestors()[1]", "xpath", "//*[@resource-id='list']"),
        ("onAllNodesWithTag(\"row\").filter(hasAnyDescendant(isToggleable()))", "xpath", "//*[@resource-id='row'][.//*[@checkable='true']]"),
        ("onAllNodes(hasClickAction()).filterToOne(hasAnyChild(hasText(\"Log in\")))", "xpath", "//*[@resource-id='login_button']"),
        ("onNodeWithTag(\"row\"); // the second row", "xpath", "//*[@resource-id='row']"),
        // A bare matcher, as waitUntilAtLeastOneExists takes one: every node passing it.
        ("hasText(\"Row\", substring = true) and hasParent(hasTestTag(\"row\"))", "xpath", "//*[@resource-id='row']/*[contains(@text,'Row')]"),
        ("!hasClickAction() and hasText(\"Home\")", "xpath", "//*[@resource-id='nothing']"),
    ])
    func meanings(_ row: (String, String, String)) throws {
        let ours = try Self.select(row.0)
        let theirs = try Self.select(row.2, row.1)
        #expect(ours == theirs, "\(row.0): \(ours) vs \(theirs)")
        if !row.2.contains("nothing") { #expect(!ours.isEmpty, "\(row.0)") }
    }

    @Test("on real UiAutomator recordings the finders read text, content-desc and the flags")
    func recordings() throws {
        let rows: [(ViewTree, String, String, String)] = [
            (Self.wecom, "onNodeWithText(\"通讯录\")", "xpath", "//*[@text='通讯录']"),
            (Self.wecom, "onAllNodesWithText(\"消息\")", "uiselector", "new UiSelector().text(\"消息\")"),
            (Self.wecom, "onAllNodes(hasClickAction() and hasAnyDescendant(hasText(\"消息\")))", "xpath", "//*[@clickable='true'][.//*[@text='消息']]"),
            (Self.wecom, "onAllNodes(hasText(\"消息\") and hasAnyAncestor(hasClickAction()))", "xpath", "//*[@clickable='true']//*[@text='消息']"),
            (Self.wecom, "onAllNodes(hasParent(hasClickAction()))", "xpath", "//*[@clickable='true']/*"),
            (Self.wecom, "onAllNodes(hasScrollAction())", "uiselector", "new UiSelector().scrollable(true)"),
            (Self.wecom, "onAllNodes(isEnabled())", "xpath", "//*[@enabled='true']"),
            (Self.wecom, "onAllNodes(hasText(\"[链接]\", substring = true))", "xpath", "//*[contains(@text,'[链接]')]"),
            (Self.wecom, "onAllNodes(hasAnySibling(hasClickAction()))", "xpath", "//*[preceding-sibling::*[@clickable='true'] or following-sibling::*[@clickable='true']]"),
            (Self.wecom, "onAllNodesWithText(\"消息\").onFirst().onParent()", "xpath", "(//*[@text='消息'])[1]/.."),
            (Self.wechat, "onNodeWithText(\"联系人\")", "xpath", "//*[@text='联系人']"),
            (Self.wechat, "onNodeWithContentDescription(\"取消\", substring = true)", "xpath", "//*[contains(@content-desc,'取消')]"),
            (Self.wechat, "onAllNodes(hasClickAction())", "uiselector", "new UiSelector().clickable(true)"),
            (Self.wechat, "onAllNodes(hasText(\"群\", substring = true) and !hasClickAction())", "xpath", "//*[contains(@text,'群') and @clickable='false']"),
        ]
        for (tree, compose, engine, other) in rows {
            let ours = try Self.select(compose, in: tree)
            #expect(!ours.isEmpty, "\(compose)")
            #expect(ours == (try Self.select(other, engine, in: tree)), "\(compose)")
        }
        // A tag is the whole resource-id: a View-system id is no tag.
        #expect(try Self.select("onAllNodesWithTag(\"czi\")", in: Self.wecom).isEmpty)
        #expect(try Self.select("onAllNodesWithTag(\"com.tencent.wework:id/czi\")", in: Self.wecom).count == 18)
        // Appium's source records focus as `isFocused`; isFocused() reads it.
        #expect(try Self.select("onAllNodes(isFocused())", in: Self.wechat) == (try Self.select("//*[@isFocused='true']", "xpath", in: Self.wechat)))
    }

    /// androidx FindersTest (compose/ui/ui-test androidInstrumentedTest): its BoundaryNode rows
    /// on an unmerged tree, each node one `text`/`content-desc`/tag as a recording writes it.
    static let finders = try! ComposeApp.tree("<hierarchy>" + ComposeApp.node([:], [
        ComposeApp.node(["resource-id": "myTestTag"]), ComposeApp.node(["resource-id": "myTestTag2"]),
        ComposeApp.node(["resource-id": "twice"]), ComposeApp.node(["resource-id": "twice"]),
        ComposeApp.node(["text": "Hello World"]), ComposeApp.node(["text": "Wello Horld"]),
        ComposeApp.node(["content-desc": "Hello World"]), ComposeApp.node(["resource-id": "not_myTestTag"]),
    ]) + "</hierarchy>")

    @Test("androidx FindersTest's rows", arguments: [
        ("rule.onAllNodes(hasTestTag(\"myTestTag\"))", 1),   // findAll_oneOutOfTwo_findsOne
        ("rule.onAllNodes(hasTestTag(\"nothing\"))", 0),     // findAll_zeroOutOfOne_findsNone
        ("rule.onAllNodes(hasTestTag(\"twice\"))", 2),       // findAll_twoOutOfTwo_findsTwo
        ("rule.onAllNodes(hasTestTag(\"twice\")).get(1)", 1),
        ("rule.onNodeWithText(\"Hello World\")", 1),         // findByText_matches
        ("rule.onNodeWithText(\"World\")", 0),               // findByText_fails
        ("rule.onNodeWithText(\"World\", substring = true)", 1),   // findBySubstring_matches
        ("rule.onNodeWithText(\"world\", substring = true, ignoreCase = true)", 1),
        ("rule.onNodeWithText(\"world\", substring = true)", 0),   // findBySubstring_wrongCase_fails
        ("rule.onAllNodesWithText(\"Yellow World\", substring = true)", 0),   // findAllBySubstring
        ("rule.onAllNodesWithText(\"Hello\", substring = true)", 1),
        ("rule.onAllNodesWithText(\"Wello\", substring = true)", 1),
        ("rule.onAllNodesWithText(\"ello\", substring = true)", 2),
        ("rule.onNodeWithContentDescription(\"Hello World\")", 1),   // findByContentDescription_matches
        ("rule.onNodeWithContentDescription(\"Hello\")", 0),         // findByContentDescription_fails
        ("rule.onNodeWithContentDescription(\"World\", substring = true)", 1),
        ("rule.onNodeWithContentDescription(\"world\", substring = true)", 0),
        ("rule.onNodeWithContentDescription(\"world\", substring = true, ignoreCase = true)", 1),
    ])
    func androidxFinders(_ row: (String, Int)) throws {
        #expect(try Self.select(row.0, in: Self.finders).count == row.1, "\(row.0)")
    }

    @Test("bad finders are refused with their column", arguments: [
        ("onNodeWithTagg(\"x\")", "unknown finder onNodeWithTagg", 1),
        ("composeTestRule.onNodeWithTag(\"x\"", "expected `)` closing onNodeWithTag(", 34),
        ("onNode(hasTextt(\"x\"))", "unknown filter hasTextt", 8),
        ("onNode(hasText(x))", "text takes a string in double quotes", 16),
        ("onNodeWithText(\"$name\")", "a string template", 17),
        ("onNodeWithText(\"a\", substring = yes)", "substring takes true or false", 33),
        ("onNodeWithText(\"a\", exact = true)", "onNodeWithText has no parameter exact", 21),
        ("onNodeWithTag(\"a\").performClick()", "performClick is an action or assertion", 20),
        ("onNodeWithTag(\"a\")[0]", "[k] picks from a collection", 19),
        ("onAllNodesWithTag(\"a\").onChildren()", "onChildren() applies to one node", 24),
        ("onNodeWithTag(\"a\").onFirst()", "onFirst() applies to a collection", 20),
        ("onNode(isSelectable())", "isSelectable needs Compose's Selected key", 8),
        ("onNode(isNotSelected())", "isNotSelected needs Compose's Selected key", 8),
        ("onNode(SemanticsMatcher.expectValue(SemanticsProperties.Role, Role.Button))", "read a semantics key", 8),
        ("onNode(isHeading())", "isHeading needs Compose's Heading key", 8),
        ("onRoot()", "onRoot needs the Compose root", 1),
        ("onNode(hasTextExactly(\"a\", \"b\"))", "hasTextExactly with several values", 23),
        ("onNode(hasText(\"a\") and)", "expected a filter", 24),
        ("onNode()", "onNode needs its matcher argument", 8),
        ("onNode(hasText(\"a\").tap())", "a matcher takes .and(…), .or(…) or .not()", 21),
        ("onNodeWithText(\"a\" \"b\")", "expected `)` closing onNodeWithText(", 20),
        ("onNodeWithTag(\"x\") extra", "unexpected text after the finder", 20),
        ("onAllNodesWithTag(\"a\")[x]", "expected an index", 24),
        ("onNodeWithText(\"a\\q\")", "unknown escape \\q", 18),
        ("onNodeWithText(\"\\u+123\")", "\\u takes four hexadecimal digits", 17),
        ("onNodeWithText(substring = true, \"a\")", "a positional argument after a named one", 34),
        // A bare matcher is a SemanticsMatcher: no navigation on it.
        ("(hasTestTag(\"row\")).onFirst()", "a matcher takes .and(…), .or(…) or .not(), not .onFirst", 21),
    ])
    func errors(_ row: (String, String, Int)) {
        let error = #expect(throws: SelectorError.self) { try Self.registry.select(row.0, engine: "compose", in: Self.app) }
        #expect(error?.message.contains(row.1) == true, "\(row.0): \(String(describing: error))")
        #expect(error?.column == row.2, "\(row.0): \(String(describing: error))")
        #expect(error?.kind == .syntax)
    }

    @Test("Kotlin literals: escapes, raw strings, comments; a matcher nested 65 deep is refused")
    func literalsAndDepth() throws {
        let tree = try ComposeApp.tree("<hierarchy>" + ComposeApp.node(["text": "Say \"hi\" $5\\n"]) + "</hierarchy>")
        #expect(try Self.select("onNodeWithText(\"Say \\\"hi\\\" \\$5\\\\n\")", in: tree).count == 1)
        #expect(try Self.select("onNodeWithText(\"\"\"Say \"hi\" $5\\n\"\"\")", in: tree).count == 1)
        #expect(try Self.select("onNodeWithText(\"\\u0053ay\", substring = true /* a comment */)", in: tree).count == 1)
        let deep = "onNode(" + String(repeating: "hasParent(", count: 64) + "hasText(\"a\")" + String(repeating: ")", count: 65)
        let error = #expect(throws: SelectorError.self) { try Self.registry.select(deep, engine: "compose", in: Self.app) }
        #expect(error?.message.contains("nested deeper than 64") == true)
        let bangs = "onNode(" + String(repeating: "!", count: 70) + "hasText(\"a\"))"
        #expect(throws: SelectorError.self) { try Self.registry.select(bangs, engine: "compose", in: Self.app) }
        let shallow = "onNode(" + String(repeating: "hasParent(", count: 30) + "hasText(\"a\")" + String(repeating: ")", count: 31)
        #expect(try Self.select(shallow).isEmpty)
    }

    @Test("its suggestions select their view alone: a tag first, then a text inside a tag")
    func suggestions() throws {
        let login = try #require(Self.select("//*[@resource-id='login_button']", "xpath").first)
        let s = try #require(Self.registry.suggestion(engine: "compose", for: login, in: Self.app))
        #expect(s.selector == "onNodeWithTag(\"login_button\")")
        let row2 = try #require(Self.select("//*[@text='Row 2']", "xpath").first)
        let t = try #require(Self.registry.suggestion(engine: "compose", for: row2, in: Self.app))
        #expect(t.selector == "onNodeWithText(\"Row 2\")")
        // Three rows share the tag: narrowed to the one.
        let rows = try Self.select("//*[@resource-id='row']", "xpath")
        let third = try #require(Self.registry.suggestion(engine: "compose", for: rows[2], in: Self.app))
        #expect(try Self.select(third.selector) == [rows[2]], "\(third.selector)")
        // A View-system id is no tag: the suggestion is the text.
        let node = try #require(Self.select("//*[@text='通讯录']", "xpath", in: Self.wecom).first)
        let w = try #require(Self.registry.suggestion(engine: "compose", for: node, in: Self.wecom))
        #expect(!w.selector.contains("WithTag"))
        #expect(try Self.select(w.selector, in: Self.wecom) == [node], "\(w.selector)")
    }

    @Test("the printer: the last step's filter, earlier steps as hasAnyAncestor or hasParent, proved")
    func printer() throws {
        func rendered(_ selector: String, _ engine: String, on tree: ViewTree = Self.app) throws -> String? {
            let t = try Self.registry.translate(selector, from: engine, to: ["compose"], on: [tree])[0]
            return t.candidates.first { $0.origin == .rendered }?.selector
        }
        #expect(try rendered("//*[@resource-id='list']//*[@text='Row 2']", "xpath")
            == "onNode(hasText(\"Row 2\") and hasAnyAncestor(hasTestTag(\"list\")))")
        #expect(try rendered("//*[@resource-id='row']/*[@text='Row 2']", "xpath")
            == "onNode(hasText(\"Row 2\") and hasParent(hasTestTag(\"row\")))")
        #expect(try rendered("new UiSelector().resourceId(\"login_button\")", "uiselector") == "onNodeWithTag(\"login_button\")")
        #expect(try rendered("new UiSelector().textContains(\"log\")", "uiselector") == "onNodeWithText(\"log\", substring = true, ignoreCase = true)")
        #expect(try rendered("(//*[@resource-id='row'])[2]", "xpath") == "onAllNodesWithTag(\"row\")[1]")
        #expect(try rendered("new UiSelector().clickable(true).enabled(false)", "uiselector") == "onNode(hasClickAction() and isNotEnabled())")
        // What Compose cannot say.
        let prefix = try Self.registry.translate("new UiSelector().textStartsWith(\"Row\")", from: "uiselector", to: ["compose"], on: [Self.app])[0]
        #expect(prefix.candidates.first { $0.origin == .rendered } == nil)
        // Round trips: each of ours read back as a path, printed, and selecting the same views; to
        // xpath through the translator's proof.
        let engine = ComposeEngine()
        for selector in [
            "onNode(hasText(\"Row 1\") or hasText(\"Row 3\"))",
            "onNode(hasTestTag(\"row\") and hasAnyDescendant(hasText(\"Row 2\")))",
            "onNode(hasText(\"Log in\") and hasAnyAncestor(hasTestTag(\"login_screen\")))",
            "onNode(!isToggleable() and hasParent(hasTestTag(\"row\")))",
            "onNode(hasAnySibling(isSelected()) or hasAnyChild(hasContentDescription(\"Help\")))",
            "onNodeWithContentDescription(\"Help\")",
            "onNode(isToggleable() and isOff())",
            "onNode(isFocusable() and isNotFocused() and hasSetTextAction())",
            "onAllNodesWithTag(\"row\").onLast()",
            "onAllNodesWithText(\"row\", substring = true, ignoreCase = true)[1]",
        ] {
            let path = try engine.compile(selector).searchPath(on: [Self.app]).get().specialized(for: [Self.app])
            guard case .selector(let printed)? = engine.render(path) else {
                Issue.record("\(selector): \(String(describing: engine.render(path)))")
                continue
            }
            #expect(try Self.select(printed) == (try Self.select(selector)), "\(selector) → \(printed)")
            let t = try Self.registry.translate(selector, from: "compose", to: ["xpath"], on: [Self.app])[0]
            let chosen = try #require(t.chosen, "\(selector) → xpath")
            #expect(try Self.select(chosen.selector, "xpath") == (try Self.select(selector)), "\(selector) → \(chosen.selector)")
        }
    }

    @Test("every prefix of a finder compiles or is refused with a column inside the text")
    func prefixes() {
        let selectors = [
            "composeTestRule.onNode(hasText(\"a\\u0041\\$\", substring = true) and !hasAnyChild(isOn()).not(), useUnmergedTree = true)",
            "onAllNodesWithContentDescription(\"\"\"x\"\"\", ignoreCase = true)[3].onChildAt(1).onSiblings().filter(hasTestTag(\"é\")).onLast() /* c */",
        ]
        for selector in selectors {
            var prefix = ""
            for ch in selector {
                prefix.append(ch)
                do {
                    _ = try ComposeEngine().compile(prefix)
                } catch {
                    let column = error.column ?? 0
                    #expect(column >= 1 && column <= prefix.count + 1, "\(prefix): \(error)")
                }
            }
        }
    }

    @Test("the parser's reading: Kotlin precedence, receivers, steps")
    func parser() throws {
        let q = try ComposeParser.parse("composeTestRule.onAllNodes(hasText(\"a\") or hasText(\"b\") and !hasClickAction())[2].onChildAt(0)")
        #expect(q.steps == [.pick(2), .childAt(0)])
        #expect(q.filter == .all([.or([.string(property: "text", .equals("a")), .string(property: "text", .equals("b"))]),
                                  .not(ComposeVocabulary.clickable)]))
        let r = try ComposeParser.parse("activityRule.composeRule.onNodeWithText(text = \"x\", ignoreCase = true)")
        #expect(r.filter == .string(property: "text", StringTest(.equals, "x", options: .caseInsensitive)))
    }
}
