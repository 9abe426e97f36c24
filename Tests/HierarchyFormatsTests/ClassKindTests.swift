import HierarchyFormats
import SelectorCore
import Testing
import ViewSelectors

/// Engine shorthands keep their meaning on every platform (Docs/Formats.md, "Class kinds").
@Suite struct ClassKindTests {
    let tree: ViewTree = {
        var b = ViewTreeBuilder()
        let root = b.addNode(className: "UIWindow")
        for name in ["UIButton", "XCUIElementTypeButton", "android.widget.Button", "UIAButton",
                     "XCUIElementTypeStaticText", "android.widget.TextView", "XCUIElementTypeCell",
                     "XCUIElementTypeTable", "android.widget.ListView", "androidx.recyclerview.widget.RecyclerView",
                     "android.widget.ImageButton", "android.widget.EditText", "XCUIElementTypeSwitch",
                     "android.widget.Switch", "UIATableCell", "com.example.CustomView"] {
            let n = b.addNode(className: name, parent: root)
            b.setString("accessibilityLabel", name, on: n)
        }
        return b.build()
    }()

    func classes(_ selector: String, engine: String = "uiquery") throws -> Set<String> {
        Set(try EngineRegistry.standard().select(selector, engine: engine, in: tree).map { tree.className(of: $0) })
    }

    @Test func buttonMatchesUIKitXCUITestUIAutomationAndAndroidButtons() throws {
        #expect(try classes("button") == ["UIButton", "XCUIElementTypeButton", "android.widget.Button", "UIAButton",
                                          "android.widget.ImageButton", "android.widget.Switch"])
    }

    @Test func labelMatchesStaticTextsAndTextViewsIncludingAndroidButtons() throws {
        #expect(try classes("label") == ["XCUIElementTypeStaticText", "android.widget.TextView", "android.widget.Button",
                                         "android.widget.EditText", "android.widget.Switch"])
    }

    @Test func tableShorthandsMatchCellsAndTablesAcrossPlatforms() throws {
        #expect(try classes("tableViewCell") == ["XCUIElementTypeCell", "UIATableCell"])
        #expect(try classes("tableView") == ["XCUIElementTypeTable", "android.widget.ListView",
                                             "androidx.recyclerview.widget.RecyclerView"])
        #expect(try classes("Switch") == ["XCUIElementTypeSwitch", "android.widget.Switch"])
        #expect(try classes("textField") == ["android.widget.EditText"])
    }

    @Test func aPlatformTypeNamedInViewMatchesExactlyThatTypeAndItsSubtypes() throws {
        #expect(try classes("view:'XCUIElementTypeCell'") == ["XCUIElementTypeCell"])
        #expect(try classes("view:'android.widget.TextView'") == ["android.widget.TextView", "android.widget.Button",
                                                                  "android.widget.EditText", "android.widget.Switch"])
        #expect(try classes("android.widget.Button", engine: "regex") == ["android.widget.Button", "android.widget.Switch"])
    }

    @Test func androidClassesKeepAndroidsOwnChain() throws {
        let button = try #require(tree.classes.id(of: "android.widget.Button"))
        #expect(tree.classes.chain(of: button) == ["android.widget.Button", "android.widget.TextView", "android.view.View",
                                                   "UIView", "UIResponder", "NSObject"])
        let node = NodeID(3)
        #expect(tree.isKind(node, of: "android.view.View"))
        #expect(tree.isKind(node, of: "UIButton") && tree.isKind(node, of: "UILabel"))
        #expect(tree.isKind(node, of: "UIControl"), "a role brings its own superclasses")
        #expect(!tree.isKind(node, of: "UISwitch"))
    }

    @Test func unknownClassesStayPlainViews() throws {
        #expect(try classes("view:'UIView'").contains("com.example.CustomView"))
        #expect(try classes("button").contains("com.example.CustomView") == false)
    }
}
