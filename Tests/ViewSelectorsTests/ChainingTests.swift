import SelectorCore
import Testing
import ViewSelectors

/// `>>` chains across every built-in engine on the embedded sample app, with exact uids.
@Suite("Cross-engine chaining")
struct ChainingTests {
    static let registry = EngineRegistry.standard()
    static let tree = try! SampleApp.tree()

    static func uids(_ selector: String, engine: String? = nil) throws -> [String] {
        try registry.selectUIDs(selector, engine: engine, in: tree)
    }

    @Test("each part runs on the previous part's results", arguments: [
        // shelley → regex: the Delete button (and its label) of the cell labelled Row 7-3's cell.
        ("shelley:view:'UITableViewCell' label marked:'Row 7-3' parent tableViewCell >> regex:/^Delete$/",
         ["1054", "1053"]),
        // regex → shelley: the Delete buttons, one per cell, in order.
        ("regex:UITableViewCell >> shelley:button marked:'Delete'",
         ["1006", "1012", "1018", "1023", "1028", "1034", "1039", "1044", "1049", "1054"]),
        // uiquery → regex: order inside a part is the part's engine's.
        ("uiquery:tableView >> regex:/^Row 7-3$/", ["1050"]),
        ("shelley_compat:view:'UIStackView' >> uiquery:button", ["1060", "1059"]),
        // three engines.
        ("uiquery:tableView >> regex:UITableViewCell /^Delete$/ >> shelley:label", []),
        ("uiquery:tableView >> regex:UIButton /^Delete$/ >> shelley:label", [
            "1005", "1011", "1017", "1022", "1027", "1033", "1038", "1043", "1048", "1053"]),
        // de-duplicated: every view is a UIView, each finds the same label.
        ("shelley:view:'UIView' >> regex:/^Row 7-3$/", ["1050"]),
        // nothing in, nothing out.
        ("regex:/^No such label$/ >> shelley:view", []),
    ])
    func chained(_ selector: String, _ expected: [String]) throws {
        #expect(try Self.uids(selector) == expected)
    }

    @Test("a part without a prefix uses the request's engine")
    func unprefixed() throws {
        #expect(try Self.uids("tableView >> regex:/^Row 7-3$/", engine: "uiquery") == ["1050"])
        #expect(try Self.uids("UITableView >> /^Row 7-3$/", engine: "regex") == ["1050"])
        #expect(try Self.uids("regex:UIStackView >> button", engine: "uiquery") == ["1060", "1059"])
    }

    @Test("a single prefixed selector picks its engine")
    func prefixOnly() throws {
        #expect(try Self.uids("regex:/^Row 7-3$/", engine: "uiquery") == ["1050"])
    }

    @Test(">> inside quotes or a pattern is no separator")
    func literals() throws {
        #expect(try Self.uids("shelley:view marked:'a >> b'") == [])
        #expect(try Self.uids("regex:/^Log In>>|^Log In$/ >> shelley:view") == ["1058"])
    }

    @Test("errors report the column in the whole selector", arguments: [
        ("uiquery:tableView >> regex:/(/", "regex", 30),
        ("shelley:button >> shelley:button marked:'x", "shelley", 41),
        ("uiquery:tableView >> nosuch:x", "uiquery", 29),
        ("a >> ", nil, 6),
    ] as [(String, String?, Int?)])
    func errors(_ selector: String, _ engine: String?, _ column: Int?) {
        #expect { try Self.uids(selector, engine: "uiquery") } throws: { error in
            let e = error as! SelectorError
            let ok = e.selector == selector && e.column == column && (engine == nil || e.engine == engine)
            if !ok { Issue.record("\(e) engine=\(e.engine ?? "-") column=\(e.column ?? -1) selector=\(e.selector ?? "-")") }
            return ok
        }
    }
}
