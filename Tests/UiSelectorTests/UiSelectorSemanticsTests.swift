import SelectorCore
import Testing
import UiSelectorEngine
import ViewSelectorsTesting

/// A small Android-like tree written with the test DSL, every node with a uid.
///
/// ```
/// root (FrameLayout)
///   list (ListView, scrollable)
///     row0 (LinearLayout, clickable)  icon0 (ImageView)  title0 (TextView "Wi-Fi")  sub0 (TextView "On")
///     row1 (LinearLayout, clickable)  icon1 (ImageView)  title1 (TextView "Bluetooth") sub1 (TextView "Off")
///     row2 (LinearLayout)             title2 (TextView "wireless")
///   ok (Button "OK", resource-id pkg:id/ok)   cancel (Button "Cancel", content-desc "Dismiss")
/// ```
let androidTree: ViewTree = {
    func a(_ cls: String, _ uid: String, text: String = "", desc: String = "", id: String = "", index: Int,
           clickable: Bool = false, scrollable: Bool = false, _ children: [N] = []) -> N {
        N("android.widget." + cls, uid, [
            ("index", .int(Int64(index))), ("text", .string(text)), ("resource-id", .string(id)),
            ("package", .string("com.example")), ("content-desc", .string(desc)),
            ("clickable", .bool(clickable)), ("scrollable", .bool(scrollable)), ("enabled", .bool(true)),
        ], children)
    }
    return a("FrameLayout", "root", index: 0, [
        a("ListView", "list", id: "com.example:id/list", index: 0, scrollable: true, [
            a("LinearLayout", "row0", index: 0, clickable: true, [
                a("ImageView", "icon0", index: 0), a("TextView", "title0", text: "Wi-Fi", id: "com.example:id/title", index: 1),
                a("TextView", "sub0", text: "On", index: 2),
            ]),
            a("LinearLayout", "row1", index: 1, clickable: true, [
                a("ImageView", "icon1", index: 0), a("TextView", "title1", text: "Bluetooth", id: "com.example:id/title", index: 1),
                a("TextView", "sub1", text: "Off", index: 2),
            ]),
            // Recorded index 5: the dump left out invisible siblings, UiAutomator counts them.
            a("LinearLayout", "row2", index: 5, [a("TextView", "title2", text: "wireless", index: 0)]),
        ]),
        a("Button", "ok", text: "OK", id: "com.example:id/ok", index: 1, clickable: true),
        a("Button", "cancel", text: "Cancel", desc: "Dismiss", index: 2, clickable: true),
    ]).build(hierarchy: .android)
}()

func uids(_ selector: String, in tree: ViewTree = androidTree) throws -> [String] {
    try uiRegistry.selectUIDs(selector, engine: "uiselector", in: tree)
}

/// Selectors over `androidTree` → the exact uids, in document order.
@Suite struct UiSelectorSemanticsTests {
    static let table: [(String, [String])] = [
        // Criteria and the constructor's spellings.
        (#"new UiSelector().text("OK")"#, ["ok"]),
        (#"UiSelector().text("OK")"#, ["ok"]),
        (#"text("OK")"#, ["ok"]),
        (#".text("OK")"#, ["ok"]),
        (#"  new   UiSelector ( ) . text ( "OK" ) "#, ["ok"]),
        (#"new UiSelector().text("ok")"#, []),
        (#"new UiSelector().className("android.widget.Button")"#, ["ok", "cancel"]),
        (#"new UiSelector().className(android.widget.Button)"#, ["ok", "cancel"]),
        (#"new UiSelector().className("android.widget.TextView")"#, ["title0", "sub0", "title1", "sub1", "title2"]),
        // contains / startsWith lower-case both sides (UiSelector.isMatchFor); exact and regex do not.
        (#"new UiSelector().textContains("WI")"#, ["title0", "title2"]),
        (#"new UiSelector().textStartsWith("wi")"#, ["title0", "title2"]),
        (#"new UiSelector().textMatches("wi.*")"#, ["title2"]),
        (#"new UiSelector().textMatches("(?i)wi.*")"#, ["title0", "title2"]),
        // Regexes match the whole text, as Java's Matcher.matches().
        (#"new UiSelector().textMatches("Wi")"#, []),
        (#"new UiSelector().textMatches("O.")"#, ["sub0", "ok"]),
        (#"new UiSelector().textMatches("O|Off")"#, ["sub1"]),
        (#"new UiSelector().descriptionContains("dismiss")"#, ["cancel"]),
        (#"new UiSelector().description("Dismiss")"#, ["cancel"]),
        (#"new UiSelector().resourceId("com.example:id/title")"#, ["title0", "title1"]),
        (#"new UiSelector().resourceIdMatches(".*/(ok|list)")"#, ["list", "ok"]),
        (#"new UiSelector().classNameMatches(".*\.Button")"#, ["ok", "cancel"]),
        (#"new UiSelector().clickable(true).className("android.widget.LinearLayout")"#, ["row0", "row1"]),
        (#"new UiSelector().scrollable(true)"#, ["list"]),
        // A repeated method keeps its last value (UiSelector's criteria map); different methods AND.
        (#"new UiSelector().text("OK").text("Cancel")"#, ["cancel"]),
        (#"new UiSelector().text("On").textContains("O")"#, ["sub0"]),
        // instance: the n-th match in document order; index: the position among siblings.
        (#"new UiSelector().className("android.widget.TextView").instance(0)"#, ["title0"]),
        (#"new UiSelector().className("android.widget.TextView").instance(4)"#, ["title2"]),
        (#"new UiSelector().className("android.widget.TextView").instance(5)"#, []),
        (#"new UiSelector().instance(2).className("android.widget.TextView")"#, ["title1"]),
        (#"new UiSelector().className("android.widget.TextView").index(1)"#, ["title0", "title1"]),
        (#"new UiSelector().className("android.widget.TextView").index(1).instance(1)"#, ["title1"]),
        (#"new UiSelector().index(5)"#, ["row2"]),
        (#"new UiSelector().className("android.widget.LinearLayout").index(2)"#, []),
        // childSelector: matches among the descendants of every match, in document order.
        (#"new UiSelector().className("android.widget.ListView").childSelector(new UiSelector().className("android.widget.TextView"))"#,
         ["title0", "sub0", "title1", "sub1", "title2"]),
        (#"new UiSelector().clickable(true).childSelector(new UiSelector().index(2))"#, ["sub0", "sub1"]),
        // A child selector's instance counts per parent match, as UiAutomator's does.
        (#"new UiSelector().clickable(true).childSelector(new UiSelector().className("android.widget.TextView").instance(1))"#,
         ["sub0", "sub1"]),
        (#"new UiSelector().clickable(true).instance(1).childSelector(new UiSelector().className("android.widget.TextView"))"#,
         ["title1", "sub1"]),
        (#"new UiSelector().childSelector(new UiSelector().text("Off"))"#, ["sub1"]),
        // Nested parents each count their own: root, list and row0 all pick sub0.
        (#"new UiSelector().childSelector(new UiSelector().className("android.widget.TextView").instance(1))"#, ["sub0", "sub1"]),
        (#"new UiSelector().childSelector(new UiSelector().className("android.widget.TextView").instance(0))"#,
         ["title0", "title1", "title2"]),
        (#"new UiSelector().childSelector(new UiSelector().index(1).instance(1))"#, ["row1"]),
        (#"new UiSelector().text("OK").childSelector(new UiSelector())"#, []),
        // Links chain: each applies to the previous one's results, whatever the nesting.
        (#"new UiSelector().scrollable(true).childSelector(new UiSelector().clickable(true)).childSelector(new UiSelector().textStartsWith("b"))"#,
         ["title1"]),
        (#"new UiSelector().scrollable(true).childSelector(new UiSelector().clickable(true).childSelector(new UiSelector().textStartsWith("b")))"#,
         ["title1"]),
        // A criterion written after a link still applies to the first selector.
        (#"new UiSelector().className("android.widget.LinearLayout").childSelector(new UiSelector().index(1)).clickable(true)"#,
         ["title0", "title1"]),
        // fromParent: matches among the descendants of each match's parent.
        (#"new UiSelector().text("Wi-Fi").fromParent(new UiSelector().className("android.widget.ImageView"))"#, ["icon0"]),
        (#"new UiSelector().text("OK").fromParent(new UiSelector().clickable(true))"#, ["row0", "row1", "ok", "cancel"]),
        (#"new UiSelector().className("android.widget.ImageView").fromParent(new UiSelector().index(2))"#, ["sub0", "sub1"]),
        (#"new UiSelector().className("android.widget.ImageView").fromParent(new UiSelector().className("android.widget.TextView").instance(0))"#,
         ["title0", "title1"]),
        (#"new UiSelector().text("Wi-Fi").fromParent(new UiSelector().text("On")).fromParent(new UiSelector().text("Bluetooth"))"#, []),
        (#"new UiSelector().text("Wi-Fi").fromParent(new UiSelector().className("android.widget.ImageView")).childSelector(new UiSelector())"#, []),
        // UiScrollable statements are their target selector.
        (#"new UiScrollable(new UiSelector().scrollable(true)).scrollIntoView(new UiSelector().text("Bluetooth"))"#, ["title1"]),
        (#"new UiScrollable(new UiSelector().scrollable(true).instance(0)).setAsVerticalList().scrollIntoView(new UiSelector().text("OK"))"#, ["ok"]),
        (#"new UiScrollable(new UiSelector().scrollable(true)).setMaxSearchSwipes(10).scrollTextIntoView("wireless")"#, ["title2"]),
        (#"UiScrollable(new UiSelector()).scrollDescriptionIntoView("Dismiss")"#, ["cancel"]),
        // Statements: their results in turn, a node found twice listed once.
        (#"new UiSelector().text("OK"); new UiSelector().text("Wi-Fi")"#, ["ok", "title0"]),
        (#"new UiSelector().text("OK");new UiSelector().clickable(true);"#, ["ok", "row0", "row1", "cancel"]),
        (#"text("Off"); new UiScrollable(new UiSelector()).scrollTextIntoView("On")"#, ["sub1", "sub0"]),
        // Strings as Appium reads them: `\"` is a quote, other backslashes stay, `;` inside is text.
        (#"new UiSelector().textContains("a\"b")"#, []),
        (#"new UiSelector().textMatches("\w+-\w+")"#, ["title0"]),
        (#"new UiSelector().text("OK;")"#, []),
    ]

    @Test("each selector selects exactly these views", arguments: table)
    func selection(_ selector: String, _ expected: [String]) throws {
        #expect(try uids(selector) == expected)
    }

    /// The class test is exact on every platform: an Android subclass is not its superclass, and
    /// a UIKit button is not `android.widget.Button`.
    @Test func classNameIsExact() throws {
        #expect(try uids(#"new UiSelector().className("android.view.View")"#).isEmpty)
        let uikit = N("UIWindow", "w", [], [
            N("UIButton", "b", label: "Go"), N("UILabel", "l", label: "Hi", [("text", .string("Hi there"))]),
            N("UIView", "v", [("accessibilityIdentifier", .string("main")), ("isEnabled", .bool(false))]),
        ]).build()
        #expect(try uids(#"new UiSelector().className("UIButton")"#, in: uikit) == ["b"])
        #expect(try uids(#"new UiSelector().className("UIControl")"#, in: uikit) == [])
        #expect(try uids(#"new UiSelector().className("android.widget.Button")"#, in: uikit) == [])
        // UIKit trees: text is `text`, else the accessibility label; description the label;
        // resourceId the accessibility identifier; booleans their `is` spelling.
        #expect(try uids(#"new UiSelector().text("Go")"#, in: uikit) == ["b"])
        #expect(try uids(#"new UiSelector().text("Hi")"#, in: uikit) == [])
        #expect(try uids(#"new UiSelector().text("Hi there")"#, in: uikit) == ["l"])
        #expect(try uids(#"new UiSelector().description("Hi")"#, in: uikit) == ["l"])
        #expect(try uids(#"new UiSelector().resourceId("main")"#, in: uikit) == ["v"])
        #expect(try uids(#"new UiSelector().enabled(false)"#, in: uikit) == ["v"])
        #expect(try uids(#"new UiSelector().index(1)"#, in: uikit) == ["l"])
        #expect(try uids(#"new UiSelector().index(0)"#, in: uikit) == ["w", "b"])
    }

    @Test func xcuitestRecording() throws {
        // XCUITest page source: `label` is the text and description, `name` the resource id.
        let airplane = try ui(#"new UiSelector().className("XCUIElementTypeSwitch").text("飞行模式")"#, in: settings)
        #expect(airplane.count == 1)
        #expect(try ui(#"new UiSelector().description("飞行模式").className("XCUIElementTypeSwitch")"#, in: settings) == airplane)
        let cells = try ui(#"new UiSelector().className("XCUIElementTypeCell")"#, in: settings)
        #expect(!cells.isEmpty)
        #expect(cells.allSatisfy { settings.className(of: $0) == "XCUIElementTypeCell" })
        let named = Reference(tree: settings).select { settings.string("name", of: $0) == "chevron" }
        #expect(named.count == 60)
        #expect(try ui(#"new UiSelector().resourceId("chevron")"#, in: settings) == named)
    }

    @Test func programsArePrinted() throws {
        let program = try UiSelectorEngine().compile(#"new UiSelector().className("android.widget.Button").clickable(true).instance(1)"#)
        #expect(program.description == """
            start .document
            1  axis descendants  document  filter ¬memberOf(hierarchy) ∧ memberOf(android.widget.Button) ∧ (clickable == true ∨ (¬has(clickable) ∧ isClickable == true))  unique
            2  pick 1
            """)
    }

    /// `index(n)` walks each sibling list once, so a wide parent stays within the work budget.
    @Test func indexOnAWideParent() throws {
        let tree = N("UIView", "root", [], (0..<20_000).map { N("UILabel", "c\($0)", label: "\($0 % 7)") }).build()
        #expect(try uids("new UiSelector().index(15000)", in: tree) == ["c15000"])
        #expect(try uids(#"new UiSelector().description("3").index(19995)"#, in: tree) == ["c19995"])
        #expect(try uids(#"new UiSelector().description("3").index(19996)"#, in: tree) == [])
        #expect(try uids("new UiSelector().index(0)", in: tree) == ["root", "c0"])
    }

    /// `>>` hands one part's results to the next as roots: a part searches below them, each node once.
    @Test func chains() throws {
        #expect(try uids(#"new UiSelector().className("android.widget.ListView") >> new UiSelector().textContains("wi")"#)
                == ["title0", "title2"])
        #expect(try uids(#"new UiSelector().clickable(true) >> new UiSelector().index(2)"#) == ["sub0", "sub1"])
        // Nested roots (the list and its rows) still give each view once, in document order.
        #expect(try uids(#"new UiSelector().scrollable(true); new UiSelector().clickable(true) >> new UiSelector().className("android.widget.TextView")"#)
                == ["title0", "sub0", "title1", "sub1", "title2"])
        #expect(try uiRegistry.selectUIDs(#"uiselector:new UiSelector().scrollable(true) >> class_name:android.widget.ImageView"#, in: androidTree)
                == ["icon0", "icon1"])
        #expect(try uiRegistry.selectUIDs(#"uiselector:new UiSelector().scrollable(true) >> id:title"#, in: androidTree)
                == ["title0", "title1"])
        // A `>>` inside a string is text, not a chain.
        #expect(try uids(#"new UiSelector().text("a >> b")"#).isEmpty)
    }

    /// Where Java's regex syntax and PCRE2's part, as Docs/Engines/UiSelector.md says.
    @Test func javaOnlyRegexSyntax() throws {
        let error = #expect(throws: SelectorError.self) {
            _ = try UiSelectorEngine().compile(#"new UiSelector().textMatches("\p{javaLowerCase}+")"#)
        }
        #expect(error?.kind == .syntax)
        #expect(error?.message.hasPrefix("invalid regular expression in textMatches: ") == true)
        let tree = N("android.widget.FrameLayout", "f", [], [
            N("android.widget.TextView", "a", [("text", .string("a"))]),
            N("android.widget.TextView", "e", [("text", .string("e]"))]),
        ]).build(hierarchy: .android)
        // PCRE2 reads the intersection as the class [a-z&&[^e] and a literal `]`.
        #expect(try uids(#"new UiSelector().textMatches("[a-z&&[^e]]")"#, in: tree) == ["e"])
    }

    @Test func programsWithEngineStepsArePrinted() throws {
        let program = try UiSelectorEngine().compile(
            #"new UiSelector().index(2).fromParent(new UiSelector().className("a.B").instance(1))"#)
        #expect(program.description == """
            start .document
            1  axis descendants  document  filter ¬memberOf(hierarchy) ∧ ¬index != 2  unique
            2  keep position 2 among siblings, or index >= -inf
            3  axis parent       document  filter any  unique
            4  sort
            5  per input: descendant 1 passing ¬memberOf(hierarchy) ∧ memberOf(a.B)
            6  sort
            """)
    }

    @Test func narrowedAppendsInstance() {
        let engine = UiSelectorEngine()
        #expect(engine.narrowed(#"new UiSelector().text("OK");"#, toResult: 2) == #"new UiSelector().text("OK").instance(2)"#)
        #expect(engine.narrowed(#"new UiSelector().text("OK").instance(0)"#, toResult: 2) == nil)
        #expect(engine.narrowed(#"text("a"); text("b")"#, toResult: 1) == nil)
        #expect(engine.narrowed(#"  text("a")"#, toResult: 1) == #"  text("a").instance(1)"#)
        #expect(engine.narrowed(#" new UiScrollable(new UiSelector()).scrollTextIntoView("a")"#, toResult: 1) == nil)
    }

    @Test func suggestionsAreUniqueAndReadable() throws {
        let cases: [(String, String)] = [
            ("ok", #"new UiSelector().resourceId("com.example:id/ok")"#),
            ("cancel", #"new UiSelector().description("Dismiss")"#),
            // A later candidate naming the view by an attribute beats the first narrowed to its
            // position (issue 41: positions rank after every attribute selector).
            ("title0", #"new UiSelector().text("Wi-Fi")"#),
            ("title1", #"new UiSelector().text("Bluetooth")"#),
            // Nothing else names it: the first candidate narrowed to its position (fragile).
            ("icon1", #"new UiSelector().className("android.widget.ImageView").instance(1)"#),
            ("sub1", #"new UiSelector().text("Off")"#),
        ]
        for (uid, expected) in cases {
            let node = try #require(androidTree.node(withUID: uid))
            let suggestion = uiRegistry.suggestion(engine: "uiselector", for: node, in: androidTree)
            #expect(suggestion?.selector == expected)
            #expect(suggestion?.unique == true)
        }
        // The engine's own list, most readable first.
        let title1 = try #require(androidTree.node(withUID: "title1"))
        #expect(UiSelectorEngine().suggestions(for: title1, in: androidTree) == [
            #"new UiSelector().resourceId("com.example:id/title")"#, #"new UiSelector().text("Bluetooth")"#,
            #"new UiSelector().className("android.widget.TextView").text("Bluetooth")"#,
            #"new UiSelector().className("android.widget.TextView").instance(2)"#,
        ])
        // Every node of the real recordings gets a selector that selects it alone.
        for tree in [wecom, wechat] {
            for n in 1..<tree.count {
                let s = uiRegistry.suggestion(engine: "uiselector", for: NodeID(n), in: tree)
                #expect(s?.unique == true, "node \(n)")
            }
        }
    }

    @Test func literalsReadBack() throws {
        for s in ["plain", "with \"quotes\"", "back\\slash", "a\\\"b", "ends with quote\""] {
            let literal = try #require(UiSelectorEngine.literal(s))
            let tree = N("android.widget.TextView", "t", [("text", .string(s))]).build(hierarchy: .android)
            #expect(try uids("new UiSelector().text(\(literal))", in: tree) == ["t"], "\(literal)")
        }
        #expect(UiSelectorEngine.literal("trailing\\") == nil)
    }
}
