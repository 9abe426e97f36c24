import SelectorCore
import Testing
import ViewSelectors

/// Issue 41, item 1: where nothing the view records tells it apart, a suggestion names it by
/// position, ranked after every attribute selector and marked fragile.
@Suite("Suggestions by position are fragile and come last")
struct FragileSuggestionTests {
    static let registry = EngineRegistry.standard()
    static let tree = try! SampleApp.tree()

    static func node(uid: String) -> NodeID { tree.node(withUID: uid)! }

    @Test("which compiled programs select by position", arguments: [
        ("xpath", "(//UIButton)[2]", true),
        ("xpath", "//UITableViewCell[2]", true),
        ("xpath", "//UIButton[last()]", true),
        ("xpath", "//UIButton[@accessibilityLabel='Delete']", false),
        ("xpath", "//UITableViewCell[.//UIButton[@accessibilityLabel='Delete']]", false),
        ("shelley", "view:'UIButton' markedExactly:'Delete' index:2", true),
        ("shelley", "view:'UIButton' markedExactly:'Delete'", false),
        ("uiselector", #"new UiSelector().className("UIButton").instance(1)"#, true),
        ("uiselector", #"new UiSelector().className("UIButton").text("Delete")"#, false),
        ("maestro", "{text: Delete, index: 1}", true),
        ("maestro", "Delete", false),
    ])
    func selectsByPosition(_ engine: String, _ selector: String, _ expected: Bool) throws {
        let query = try Self.registry.compileQuery(selector, engine: engine)
        #expect(query.parts.contains { $0.compiled.program.selectsByPosition } == expected)
    }

    @Test("a repeated label: the index is the only way, and it is marked fragile; a labelled view's is not")
    func fragileMarks() throws {
        let tenth = try #require(Self.registry.suggestion(engine: "shelley", for: Self.node(uid: "1054"), in: Self.tree))
        #expect(tenth.selector == "view:'UIButton' markedExactly:'Delete' index:9")
        #expect(tenth.unique && tenth.fragile)
        let login = try #require(Self.registry.suggestion(engine: "shelley", for: Self.node(uid: "1059"), in: Self.tree))
        #expect(login.unique && !login.fragile)
    }

    /// An XPath engine whose candidates are fixed, to order the rule's choices.
    struct FixedCandidates: SelectorEngine {
        let name = "fixed"
        let candidates: [String]
        func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
            try EngineRegistry.standard().registeredEngine("xpath")!.compile(selector)
        }
        func suggestions(for node: NodeID, in tree: ViewTree) -> [String] { candidates }
        func narrowed(_ selector: String, toResult position: Int) -> String? { "(\(selector))[\(position + 1)]" }
    }

    @Test("a later candidate that names the view alone beats an earlier one narrowed to its position")
    func attributesBeforePositions() throws {
        let login = Self.node(uid: "1059")
        let byLabel = "//UIButton[@accessibilityLabel='Log In']"
        for (candidates, expected, fragile) in [
            (["//UIButton", byLabel], byLabel, false),
            (["(//UIButton)[1]", byLabel], byLabel, false),
            (["//UIButton"], nil, true),
        ] as [([String], String?, Bool)] {
            let registry = EngineRegistry.standard()
            try registry.register(FixedCandidates(candidates: candidates))
            let s = try #require(registry.suggestion(engine: "fixed", for: login, in: Self.tree))
            #expect(s.unique && s.fragile == fragile, "\(candidates)")
            if let expected { #expect(s.selector == expected) }
            #expect(try registry.select(s.selector, engine: "fixed", in: Self.tree) == [login])
        }
    }
}
