import SelectorCore
import Testing
import ViewSelectors

/// Each built-in engine writes its own suggestions; the registry keeps the first unique one.
@Suite("Suggestions from the built-in engines")
struct SuggestionTests {
    static let registry = EngineRegistry.standard()
    static let tree = try! SampleApp.tree()

    static func node(uid: String) -> NodeID {
        NodeID((0..<tree.count).first { tree.uidString(of: NodeID($0)) == uid }!)
    }

    static func suggestion(_ engine: String, uid: String) -> String? {
        registry.suggestion(engine: engine, for: node(uid: uid), in: tree).flatMap { $0.unique ? $0.selector : nil }
    }

    @Test("a labelled view: class and label, in each engine's syntax", arguments: [
        ("shelley", "view:'UIButton' markedExactly:'Log In'"),
        ("shelley_compat", "view:'UIButton' markedExactly:'Log In'"),
        ("uiquery", "view:'UIButton' marked:'Log In'"),
        ("regex", "UIButton /^Log In$/"),
        ("fry", "FRY.lookup([ofKind(UIButton), accessibilityLabel(\"Log In\")])"),
    ])
    func labelled(_ engine: String, _ expected: String) {
        #expect(Self.suggestion(engine, uid: "1059") == expected)
    }

    @Test("a repeated label: an index where the language has one")
    func repeated() throws {
        let id = Self.node(uid: "1054")  // the tenth of ten Delete buttons
        let shelley = try #require(Self.suggestion("shelley", uid: "1054"))
        #expect(shelley == "view:'UIButton' markedExactly:'Delete' index:9")
        let uiquery = try #require(Self.suggestion("uiquery", uid: "1054"))
        #expect(uiquery.hasPrefix("view:'UIButton' marked:'Delete' index:"))
        #expect(try Self.registry.select(uiquery, engine: "uiquery", in: Self.tree) == [id])
        // regex has no index and no labelled ancestor tells the buttons apart: the best it has,
        // marked not unique, with its true count.
        let regex = try #require(Self.registry.suggestion(engine: "regex", for: id, in: Self.tree))
        #expect(regex == SelectorSuggestion(engine: "regex", selector: "UIButton /^Delete$/", count: 10, unique: false))
    }

    @Test("every registered engine that reads the recording is asked, not a fixed list")
    func everyEngine() throws {
        // The sample app is a UIKit tree as Frank serves it: Frank's languages, the seeds'.
        #expect(Self.tree.recordingSource == .frank)
        #expect(Self.registry.suggestions(for: Self.node(uid: "1059"), in: Self.tree).map(\.engine)
            == ["detox", "fry", "predicate", "regex", "shelley", "shelley_compat", "uiquery", "xcuitest"])
        // The same tree marked as having no tool of its own: every engine offers one.
        var other = Self.tree
        other.recordingSource = .other
        #expect(Self.registry.suggestions(for: Self.node(uid: "1059"), in: other).map(\.engine)
            == ["accessibility_id", "class_name", "detox", "fry", "maestro", "predicate", "regex", "shelley", "shelley_compat", "uiquery", "uiselector",
                "wdio", "xcuitest", "xpath"])
    }
}

@Suite("The standard registry's default engine")
struct StandardDefaultEngineTests {
    @Test("is uiquery, what Frank's drivers mean when they name no engine")
    func uiquery() throws {
        let registry = EngineRegistry.standard()
        #expect(registry.defaultEngine == "uiquery")
        let tree = try SampleApp.tree()
        // UISpec's order (Password before Username) shows uiquery ran, not shelley.
        #expect(try registry.select("textField", in: tree).map { tree.uidString(of: $0) } == ["1057", "1056"])
    }
}
