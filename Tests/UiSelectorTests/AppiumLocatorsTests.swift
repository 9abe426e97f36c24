import AppiumLocators
import HierarchyFormats
import SelectorCore
import Testing
import ViewSelectorsTesting

/// Appium's simple strategies on an XCUITest recording, the Android recordings and Frank's dump,
/// each checked against plain reads of the recorded attributes.
@Suite struct AppiumLocatorsTests {
    func all(_ tree: ViewTree, _ test: (NodeID) -> Bool) -> [NodeID] {
        (0..<tree.count).map { NodeID($0) }.filter(test)
    }

    @Test func accessibilityIDOnXCUITest() throws {
        for value in ["chevron", "飞行模式", "设置", "UnreadBubble"] {
            let expected = all(settings) { settings.string("name", of: $0) == value }
            #expect(!expected.isEmpty)
            #expect(try ui(value, in: settings, engine: "accessibility_id") == expected)
            // XCUITest's `id` strategy is `name` too.
            #expect(try ui(value, in: settings, engine: "id") == expected)
        }
        #expect(try ui("nothing here", in: settings, engine: "accessibility_id").isEmpty)
    }

    @Test func classNameOnXCUITest() throws {
        for type in ["XCUIElementTypeSwitch", "XCUIElementTypeCell", "XCUIElementTypeStaticText"] {
            let expected = all(settings) { settings.className(of: $0) == type }
            #expect(!expected.isEmpty)
            #expect(try ui(type, in: settings, engine: "class_name") == expected)
        }
        // Exact: the UIKit class an XCUITest type stands for is not a match.
        #expect(try ui("UISwitch", in: settings, engine: "class_name").isEmpty)
    }

    @Test func androidRecordings() throws {
        for tree in [wecom, wechat] {
            // accessibility id is content-desc, never the resource id or the text.
            let described = all(tree) { !(tree.string("content-desc", of: $0) ?? "").isEmpty }
            for node in described {
                let value = tree.string("content-desc", of: node)!
                #expect(try ui(value, in: tree, engine: "accessibility_id")
                        == all(tree) { tree.string("content-desc", of: $0) == value })
            }
            // id: every resource id, fully qualified and bare (the node's package prefixed).
            let ids = Set(all(tree) { !(tree.string("resource-id", of: $0) ?? "").isEmpty }.map { tree.string("resource-id", of: $0)! })
            #expect(ids.count > 10)
            for id in ids {
                let expected = all(tree) { tree.string("resource-id", of: $0) == id }
                #expect(try ui(id, in: tree, engine: "id") == expected, "\(id)")
                if let (_, bare) = splitResourceID(id) {
                    let package = tree.string("package", of: expected[0])!
                    let bareExpected = all(tree) {
                        tree.string("resource-id", of: $0) == (tree.string("package", of: $0) ?? "") + ":id/" + bare
                    }
                    #expect(try ui(bare, in: tree, engine: "id") == bareExpected, "\(bare)")
                    #expect(try uiRegistry.select(bare, engine: "id", in: tree)
                            == (try AppiumIDEngine(appPackage: package).compile(bare)).run(in: tree))
                }
            }
            let classes = Set(all(tree) { _ in true }.map { tree.className(of: $0) })
            for c in classes {
                #expect(try ui(c, in: tree, engine: "class_name") == all(tree) { tree.className(of: $0) == c })
            }
        }
        // WeCom's system ids are not the app's: `content` alone means com.tencent.wework:id/content.
        #expect(try ui("content", in: wecom, engine: "id").isEmpty)
        #expect(try ui("android:id/content", in: wecom, engine: "id").count == 1)
        #expect(try ui("czi", in: wecom, engine: "id").count == 18)
        #expect(try ui("取消按钮", in: wechat, engine: "accessibility_id").count == 1)
        #expect(try ui("取消", in: wechat, engine: "accessibility_id").isEmpty)
    }

    @Test func frankDump() throws {
        // UIKit without identifiers: accessibility id falls back to the accessibility label.
        let labelled = all(uicatalog) { uicatalog.label(of: $0) != nil }
        #expect(labelled.count == 7)
        for node in labelled {
            let label = uicatalog.label(of: node)!
            #expect(try ui(label, in: uicatalog, engine: "accessibility_id") == all(uicatalog) { uicatalog.label(of: $0) == label })
            #expect(try ui(label, in: uicatalog, engine: "id").isEmpty)
        }
        #expect(try ui("UITableViewCell", in: uicatalog, engine: "class_name").count == 5)
        #expect(try ui("_UITableViewSeparatorView", in: uicatalog, engine: "class_name").count == 10)
        #expect(try ui("UIView", in: uicatalog, engine: "class_name").count == 5)
    }

    @Test func uikitIdentifierWinsOverLabel() throws {
        let tree = N("UIWindow", "w", [], [
            N("UIButton", "a", label: "Save", [("accessibilityIdentifier", .string("save.button"))]),
            N("UIButton", "b", label: "save.button"),
            N("UIButton", "c", label: "Save", [("accessibilityIdentifier", .string(""))]),
        ]).build()
        #expect(try uiRegistry.selectUIDs("save.button", engine: "accessibility_id", in: tree) == ["a", "b"])
        #expect(try uiRegistry.selectUIDs("Save", engine: "accessibility_id", in: tree) == ["c"])
        #expect(try uiRegistry.selectUIDs("save.button", engine: "id", in: tree) == ["a"])
        #expect(try uiRegistry.selectUIDs("UIButton", engine: "class_name", in: tree) == ["a", "b", "c"])
        #expect(try uiRegistry.selectUIDs("UIControl", engine: "class_name", in: tree) == [])
    }

    /// A dump that leaves some attributes out: the labels the Android loader derives never answer.
    @Test func partialAndroidDump() throws {
        let (tree, _) = try HierarchyFormat.loadDetecting(Array("""
            <hierarchy><node class="android.widget.TextView" package="p" text="Hello" resource-id="p:id/greeting"/>\
            <node class="android.widget.ImageView" package="p" content-desc="Logo"/></hierarchy>
            """.utf8))
        #expect(tree.label(of: 1) == "Hello")
        #expect(tree.string("accessibilityIdentifier", of: 1) == "p:id/greeting")
        #expect(try ui("Hello", in: tree, engine: "accessibility_id").isEmpty)
        #expect(try ui("p:id/greeting", in: tree, engine: "accessibility_id").isEmpty)
        #expect(try ui("Logo", in: tree, engine: "accessibility_id") == [2])
        #expect(try ui("greeting", in: tree, engine: "id") == [1])
        #expect(try ui("Logo", in: tree, engine: "id").isEmpty)
        // uiselector: text is `text`, description `content-desc`, never the derived label.
        #expect(try ui(#"new UiSelector().description("Hello")"#, in: tree).isEmpty)
        #expect(try ui(#"new UiSelector().text("Logo")"#, in: tree).isEmpty)
        #expect(try ui(#"new UiSelector().text("Hello")"#, in: tree) == [1])
        #expect(try ui(#"new UiSelector().description("Logo")"#, in: tree) == [2])
        #expect(try ui(#"new UiSelector().resourceId("p:id/greeting")"#, in: tree) == [1])
    }

    @Test func qualifiedIDs() {
        #expect(AppiumIDEngine.isQualified("com.example:id/ok"))
        #expect(AppiumIDEngine.isQualified("android:id/content"))
        #expect(AppiumIDEngine.isQualified("a:b/c"))
        #expect(!AppiumIDEngine.isQualified("ok"))
        #expect(!AppiumIDEngine.isQualified(":id/ok"))
        #expect(!AppiumIDEngine.isQualified("com.example:id/"))
        #expect(!AppiumIDEngine.isQualified("com.example:/ok"))
        #expect(!AppiumIDEngine.isQualified("com.example:id/o k"))
        #expect(!AppiumIDEngine.isQualified("1com:id/ok"))
    }

    @Test func emptyValuesAreRefused() {
        for engine in ["accessibility_id", "id", "class_name"] {
            let error = #expect(throws: SelectorError.self) { _ = try uiRegistry.select("", engine: engine, in: wecom) }
            #expect(error?.message == "empty \(engine) selector; expected the value to match")
        }
    }

    @Test func suggestionsSelectTheNode() throws {
        for engine in ["accessibility_id", "id", "class_name"] {
            var unique = 0
            for tree in [wecom, wechat] {
                for n in 1..<tree.count {
                    guard let s = uiRegistry.suggestion(engine: engine, for: NodeID(n), in: tree) else { continue }
                    #expect(try ui(s.selector, in: tree, engine: engine).contains(NodeID(n)))
                    if s.unique { unique += 1 }
                }
            }
            #expect(unique > 0, "\(engine)")
        }
        // On a recorded page source the id is offered fully qualified: the bare form depends on the
        // session's appPackage, which a recording does not hold (issue 41's naming rule).
        let czi = try ui("com.tencent.wework:id/nh3", in: wecom, engine: "id")
        #expect(czi.count == 1)
        #expect(uiRegistry.suggestion(engine: "id", for: czi[0], in: wecom)?.selector == "com.tencent.wework:id/nh3")
        let close = try #require(try ui("取消按钮", in: wechat, engine: "accessibility_id").first)
        #expect(uiRegistry.suggestion(engine: "accessibility_id", for: close, in: wechat)?.selector == "取消按钮")
    }
}

extension SelectorProgram {
    /// This program's result in `tree` (serial matcher).
    func run(in tree: ViewTree) throws -> [NodeID] {
        try Matcher(configuration: .serial).select(self, in: tree)
    }
}
