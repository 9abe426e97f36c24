import SelectorCore
import Testing

@Suite struct UIDsTests {
    /// Numeric and string uids as a dump gives them, and a node with none.
    static let tree: ViewTree = {
        var b = ViewTreeBuilder()
        let w = b.addNode(className: "UIWindow")
        b.set("uid", .int(1050), on: w)
        let a = b.addNode(className: "UIButton", parent: w)
        b.setString("uid", "ok", on: a)
        _ = b.addNode(className: "UIButton", parent: w)
        return b.build()
    }()

    @Test func uidsFollowTheGivenOrderAndANodeWithoutOneGivesEmpty() {
        #expect(Self.tree.uids(of: [2, 0, 1]) == ["", "1050", "ok"])
        #expect(Self.tree.uids(of: []) == [])
    }

    @Test func selectUIDsIsSelectThenUIDs() throws {
        let registry = EngineRegistry()
        try registry.register(ClassNameEngine())
        #expect(try registry.selectUIDs("UIButton", in: Self.tree) == ["ok", ""])
        var stats = MatchStatistics()
        #expect(try registry.selectUIDs("UIWindow", engine: "classname", in: Self.tree, statistics: &stats) == ["1050"])
        #expect(stats.nodesScanned > 0)
    }

    @Test func selectUIDsReportsTheEnginesErrors() {
        let registry = EngineRegistry()
        #expect(throws: SelectorError.self) { try registry.selectUIDs("UIButton", engine: "nope", in: Self.tree) }
    }
}
