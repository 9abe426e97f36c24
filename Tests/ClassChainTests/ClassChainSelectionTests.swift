import ClassChainEngine
import SelectorCore
import Testing

/// `class_chain` selections on a hand-built tree, with exact uids.
@Suite("class_chain selection")
struct ClassChainSelectionTests {
    /// UIApplication > UIWindow > UITableView > 3 cells, each with a label and a button.
    static let tree: ViewTree = {
        var json = #"{"class":"UIApplication","uid":"app","subviews":[{"class":"UIWindow","uid":"w","subviews":["#
        json += #"{"class":"UITableView","uid":"table","accessibilityLabel":"Settings","subviews":["#
        json += (1...3).map { i in
            #"{"class":"UITableViewCell","uid":"c\#(i)","accessibilityLabel":"Row 7-\#(i)","tag":\#(i),"subviews":["#
                + #"{"class":"UILabel","uid":"l\#(i)","accessibilityLabel":"Row 7-\#(i)"},"#
                + #"{"class":"UIButton","uid":"b\#(i)","accessibilityLabel":"\#(i == 2 ? "Delete" : "Edit")","subviews":["#
                + #"{"class":"UILabel","uid":"bl\#(i)","accessibilityLabel":"x"}]}]}"#
        }.joined(separator: ",")
        json += #"]},{"class":"UIButton","uid":"ok","accessibilityLabel":"OK"}]}]}"#
        return try! ViewTree.loadDump(Array(json.utf8))
    }()

    static func uids(_ selector: String) throws -> [String] {
        let program = try ClassChainEngine().compile(selector)
        return tree.uids(of: try Matcher().select(program, in: tree))
    }

    @Test("selections", arguments: [
        ("UIWindow", ["w"]),
        ("UIWindow/UIButton", ["ok"]),
        ("**/UIButton", ["b1", "b2", "b3", "ok"]),
        ("**/UITableViewCell/UIButton", ["b1", "b2", "b3"]),
        ("**/UITableViewCell[`label BEGINSWITH \"Row 7\"`]/UIButton[1]", ["b1"]),
        ("**/UITableViewCell[-1]/*", ["l3", "b3"]),
        ("**/UITableViewCell[2]/**/UILabel", ["l2", "bl2"]),
        ("**/UIButton[`label == 'delete'`]", []),
        ("**/UIButton[`label ==[c] 'delete'`]", ["b2"]),
        ("**/UIButton[`NOT label CONTAINS 'e'`]", ["b1", "b3", "ok"]),
        ("**/UITableViewCell[`tag > 1 AND label ENDSWITH '3'`]", ["c3"]),
        ("**/*[`type == 'UITableView' OR label == 'OK'`]", ["table", "ok"]),
        ("**/UIButton[-2]", ["b3"]),
        ("**/UIButton[9]", []),
        ("UITableView", []),
    ])
    func select(_ selector: String, _ expected: [String]) throws {
        #expect(try Self.uids(selector) == expected)
    }

    @Test("the compiled form: application start, one axis per step, brackets in order")
    func program() throws {
        let program = try ClassChainEngine().compile("**/UITableViewCell[`tag == 1`][1]/UIButton")
        #expect(program.start == .application)
        #expect(program.steps == [
            .axis(.descendants, order: .document, filter: .all([.kindOf("UITableViewCell"), .number(property: "tag", .equal, 1)]),
                  unique: false),
            .pick(0),
            .axis(.children, order: .document, filter: .kindOf("UIButton"), unique: true),
        ])
    }
}
