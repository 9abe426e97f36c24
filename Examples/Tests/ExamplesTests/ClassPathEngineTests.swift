import ClassPathEngine
import SelectorCore
import Testing
import ViewSelectors
import ViewSelectorsTesting

/// An engine author's tests, written as the project writes its own: a tree from the
/// `ViewSelectorsTesting` DSL, a selector, the exact uids.
@Suite struct ClassPathEngineTests {
    static let tree = N("UIWindow", "w", [], [
        N("UITableViewCell", "c1", [], [
            N("UILabel", "l1", label: "Wi-Fi"),
            N("UIButton", "d1", label: "Delete"),
        ]),
        N("UITableViewCell", "c2", [], [
            N("UIButton", "e2", label: "Edit"),
            N("MyFancyButton", "d2", label: "Delete"),
        ]),
        N("UIButton", "outside", label: "Delete"),
    ]).build()

    static let registry: EngineRegistry = {
        let r = EngineRegistry()
        try! r.register(ClassPathEngine())
        return r
    }()

    @Test(arguments: [
        ("UIButton", ["d1", "e2", "outside"]),   // MyFancyButton is unknown to the tree, so only a UIView
        ("UITableViewCell UIButton", ["d1", "e2"]),
        ("UITableViewCell UIButton'Delete'", ["d1"]),
        ("UIWindow UITableViewCell UILabel'Wi-Fi'", ["l1"]),
        ("UIView'Delete'", ["d1", "d2", "outside"]),
        ("UISwitch", []),
    ])
    func selectsExactlyTheseUIDs(selector: String, expected: [String]) throws {
        #expect(try Self.registry.selectUIDs(selector, in: Self.tree) == expected)
    }

    @Test func aSubclassDeclaredInTheTreeMatchesItsSuperclass() throws {
        var hierarchy = ClassHierarchy.standard
        hierarchy.define("MyFancyButton", superclass: "UIButton")
        let tree = N("UIWindow", "w", [], [N("MyFancyButton", "f", label: "Delete")]).build(hierarchy: hierarchy)
        #expect(try Self.registry.selectUIDs("UIButton'Delete'", in: tree) == ["f"])
    }

    @Test(arguments: [
        ("UIButton'Delete", "unterminated label", 9),
        ("'Delete'", "expected a class name before the label", 1),
        ("UIButton'Delete'UILabel", "expected a space after the label", 17),
        ("   ", "expected a class name", 1),
    ])
    func errorsNameTheColumn(selector: String, message: String, column: Int) {
        #expect { try Self.registry.select(selector, in: Self.tree) } throws: { error in
            guard let e = error as? SelectorError else { return false }
            return e.kind == .syntax && e.message == message && e.column == column && e.engine == "class_path"
        }
    }

    /// Registered beside the built-in engines, it chains with them both ways.
    @Test func chainsWithTheBuiltInEngines() throws {
        let registry = EngineRegistry.standard()
        try registry.register(ClassPathEngine())
        let sample = try SampleApp.tree()
        #expect(try registry.selectUIDs("shelley:label marked:'Row 7-3' parent tableViewCell >> class_path:UIButton",
                                        in: sample) == ["1054"])
        #expect(try registry.selectUIDs("class_path:UIStackView >> uiquery:button marked:'Log In'", in: sample)
                == ["1059"])
        #expect(registry.defaultEngine == "uiquery")
    }
}
