import HierarchyFormats
import SelectorCore
import Testing
import ViewSelectors

/// `classChain` as issue 2 specified it: the node's superclasses, nearest first. A custom button
/// with such a chain is a button in every engine (Frank's `I should see a "Info" button`).
@Suite struct ClassChainFormTests {
    static func tree(chain: String) throws -> ViewTree {
        try ViewTree.loadDump("""
            {"class":"UIWindow","uid":1,"subviews":[
              {"class":"MyFancyButton","uid":2,"accessibilityLabel":"Info","classChain":\(chain)},
              {"class":"UILabel","uid":3,"accessibilityLabel":"Info"}]}
            """)
    }

    @Test(arguments: [
        ("shelley", "button marked:'Info'"),
        ("shelley", "view:'UIButton' marked:'Info'"),
        ("shelley", "view:'UIControl'"),
        ("shelley_compat", "button marked:'Info'"),
        ("uiquery", "button marked:'Info'"),
        ("uiquery", "view:'UIButton'"),
        ("regex", "UIButton /^Info$/"),
        ("regex", "UIControl"),
    ], [#"["UIButton","UIControl","UIView"]"#, #"["MyFancyButton","UIButton","UIControl","UIView"]"#])
    func aCustomButtonIsAButtonInEveryEngine(selector: (String, String), chain: String) throws {
        let tree = try Self.tree(chain: chain)
        #expect(try uids(selector.1, engine: selector.0, in: tree) == ["2"])
    }

    @Test func xcuitestXMLRecordsTheSuperclassesAndReadsBothForms() throws {
        let tree = try Self.tree(chain: #"["UIButton","UIControl","UIView"]"#)
        let xml = String(decoding: tree.xcuitestXML(), as: UTF8.self)
        #expect(xml.contains(#"class="MyFancyButton" classChain="UIButton UIControl UIView UIResponder NSObject""#))
        let again = try HierarchyFormat.xcuitest.load(Array(xml.utf8))
        #expect(again.className(of: 1) == "MyFancyButton")
        #expect(again.isKind(1, of: "UIButton"))
        #expect(try uids("button marked:'Info'", engine: "shelley", in: again) == ["2"])
        // A chain led by the class itself, as earlier writers recorded it, reads the same.
        let old = xml.replacing(#"classChain="UIButton"#, with: #"classChain="MyFancyButton UIButton"#)
        #expect(old != xml)
        let fromOld = try HierarchyFormat.xcuitest.load(Array(old.utf8))
        #expect(fromOld.classes.chain(of: fromOld.classIDs[1]) == again.classes.chain(of: again.classIDs[1]))
        // And a /dump written from XML keeps the documented form.
        guard case .array(let subviews)? = try JSONReader.parse(again.dumpJSON())["subviews"] else {
            Issue.record("no subviews"); return
        }
        #expect(subviews.first?["classChain"] == .array(["UIButton", "UIControl", "UIView", "UIResponder", "NSObject"]))
    }
}
