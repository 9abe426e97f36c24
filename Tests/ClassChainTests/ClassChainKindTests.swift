import ClassChainEngine
import SelectorCore
import Testing

/// Class names in `class_chain` steps go by kind: a custom class given its superclasses in
/// `classChain` is a kind of them, and an XCUITest type names exactly that type.
@Suite("class_chain kinds")
struct ClassChainKindTests {
    static func uids(_ selector: String, in tree: ViewTree) throws -> [String] {
        let program = try ClassChainEngine().compile(selector)
        return tree.uids(of: try Matcher().select(program, in: tree))
    }

    @Test("a custom button with a superclass chain is a UIButton",
          arguments: [#"["UIButton","UIControl","UIView"]"#, #"["MyFancyButton","UIButton","UIControl","UIView"]"#])
    func customButton(chain: String) throws {
        let tree = try ViewTree.loadDump("""
            {"class":"UIApplication","uid":"app","subviews":[{"class":"UIWindow","uid":"w","subviews":[
              {"class":"MyFancyButton","uid":"fancy","accessibilityLabel":"Info","classChain":\(chain)},
              {"class":"UILabel","uid":"l","accessibilityLabel":"Info"}]}]}
            """)
        #expect(try Self.uids("**/UIButton[`label == 'Info'`]", in: tree) == ["fancy"])
        #expect(try Self.uids("**/UIControl", in: tree) == ["fancy"])
        #expect(try Self.uids("**/MyFancyButton", in: tree) == ["fancy"])
    }

    @Test("an XCUITest type matches exactly that type; the UIKit class covers the family")
    func exactTypes() throws {
        var b = ViewTreeBuilder()
        let app = b.addNode(className: "XCUIElementTypeApplication")
        b.setString("uid", "app", on: app)
        let window = b.addNode(className: "XCUIElementTypeWindow", parent: app)
        b.setString("uid", "w", on: window)
        for (name, uid) in [("XCUIElementTypeButton", "b"), ("XCUIElementTypePopUpButton", "p"),
                            ("XCUIElementTypeMenuButton", "m"), ("XCUIElementTypeTextField", "t"),
                            ("XCUIElementTypeSecureTextField", "s")] {
            b.setString("uid", uid, on: b.addNode(className: name, parent: window))
        }
        let tree = b.build()
        #expect(try Self.uids("**/XCUIElementTypeButton", in: tree) == ["b"])
        #expect(try Self.uids("**/XCUIElementTypeTextField", in: tree) == ["t"])
        #expect(try Self.uids("**/UIButton", in: tree) == ["b", "p", "m"])
        #expect(try Self.uids("**/UITextField", in: tree) == ["t", "s"])
    }
}
