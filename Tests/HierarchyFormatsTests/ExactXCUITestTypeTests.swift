import HierarchyFormats
import SelectorCore
import Testing
import ViewSelectors

/// XCUITest element types are exact, as in XCUITest and Appium: `XCUIElementTypeButton` names no
/// `XCUIElementTypePopUpButton`, while the UIKit shorthands (`button`, ...) cover the whole family.
@Suite struct ExactXCUITestTypeTests {
    /// Ice Cubes' timeline: 29 `XCUIElementTypeButton`s and one `XCUIElementTypePopUpButton` ("Trending").
    static let ice: ViewTree = try! loadReal("xcuitest_ios26_icecubes_timeline_mobium.xml")

    /// uids of the nodes whose class is exactly `name`.
    static func exactly(_ name: String, in tree: ViewTree) -> Set<String> {
        Set((0..<tree.count).filter { tree.className(of: NodeID($0)) == name }.map { tree.uidString(of: NodeID($0))! })
    }

    @Test(arguments: [
        ("shelley", "view:'XCUIElementTypeButton'"),
        ("shelley_compat", "view:'XCUIElementTypeButton'"),
        ("uiquery", "view:'XCUIElementTypeButton'"),
        ("regex", "XCUIElementTypeButton"),
    ])
    func aTypeNamedInASelectorMatchesExactlyThatType(engine: String, selector: String) throws {
        let buttons = Self.exactly("XCUIElementTypeButton", in: Self.ice)
        let popUps = Self.exactly("XCUIElementTypePopUpButton", in: Self.ice)
        #expect(buttons.count == 29 && popUps.count == 1)
        let found = try uids(selector, engine: engine, in: Self.ice)
        #expect(Set(found) == buttons)
        #expect(Set(found).isDisjoint(with: popUps))
    }

    @Test func theUIKitShorthandsStillCoverTheFamily() throws {
        let popUp = try #require(Self.exactly("XCUIElementTypePopUpButton", in: Self.ice).first)
        #expect(try uids("button marked:'Trending'", engine: "shelley", in: Self.ice) == [popUp])
        #expect(try uids("button marked:'Trending'", engine: "uiquery", in: Self.ice) == [popUp])
        #expect(try uids("UIButton /^Trending$/", engine: "regex", in: Self.ice) == [popUp])
        #expect(try uids("XCUIElementTypePopUpButton", engine: "regex", in: Self.ice) == [popUp])
        #expect(try uids("button", engine: "uiquery", in: Self.ice).count == 30)
    }

    @Test func noXCUITestTypeIsAKindOfAnother() throws {
        var b = ViewTreeBuilder()
        let root = b.addNode(className: "XCUIElementTypeWindow")
        let names = ["Button", "PopUpButton", "MenuButton", "ToolbarButton", "CheckBox", "RadioButton",
                     "DisclosureTriangle", "TextField", "SecureTextField", "SearchField"].map { "XCUIElementType" + $0 }
        for name in names { b.setString("accessibilityLabel", name, on: b.addNode(className: name, parent: root)) }
        let tree = b.build()
        for (k, name) in names.enumerated() {
            for (j, other) in names.enumerated() {
                #expect(tree.isKind(NodeID(k + 1), of: other) == (j == k), "\(name) kind of \(other)")
            }
        }
        func classes(_ selector: String, _ engine: String) throws -> Set<String> {
            Set(try EngineRegistry.standard().select(selector, engine: engine, in: tree).map { tree.className(of: $0) })
        }
        #expect(try classes("view:'XCUIElementTypeTextField'", "shelley") == ["XCUIElementTypeTextField"])
        #expect(try classes("XCUIElementTypeButton", "regex") == ["XCUIElementTypeButton"])
        #expect(try classes("textField", "uiquery")
                == ["XCUIElementTypeTextField", "XCUIElementTypeSecureTextField", "XCUIElementTypeSearchField"])
        #expect(try classes("button", "shelley") == Set(names.prefix(7)))
    }
}
