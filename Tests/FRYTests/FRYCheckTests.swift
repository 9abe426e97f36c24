import FRYEngine
import SelectorCore
import Testing
import ViewSelectors
import ViewSelectorsTesting

/// `count(n)`, `present()` and `absent()` through `FRYQuery`, as `frankly expect` runs them.
@Suite struct FRYCheckTests {
    static let table: [(String, Bool, String)] = [
        ("FRY.lookup(ofKind(UISwitch)).count(2)", true, "PASS"),
        ("FRY.lookup(ofKind(UISwitch)).count(3)", false, "FAIL: count(3): expected 3 views, found 2"),
        ("FRY.lookup(ofKind(UISlider)).present()", true, "PASS"),
        ("FRY.lookup(ofKind(UISwitch)).present()", false, "FAIL: present(): expected 1 view, found 2"),
        ("FRY.lookup(ofKind(UIDatePicker)).absent()", true, "PASS"),
        ("FRY.lookup(ofKind(UIButton)).absent()", false, "FAIL: absent(): expected 0 views, found 4"),
        ("FRY.lookup(ofKind(UIButton)).shallow().present()", true, "PASS"),
        ("FRY.lookupByAccessibilityLabel(\"Cancel\").absent()", true, "PASS"),
        ("FRY.lookup(ofKind(UITableViewCell)).lookup(ofKind(UIImageView)).count(2)", true, "PASS"),
    ]

    @Test("each check passes or fails with this message", arguments: table)
    func check(_ selector: String, _ passed: Bool, _ printed: String) throws {
        let result = try FRYQuery(parsing: selector).evaluate(in: fryTree)
        #expect(result.passed == passed)
        #expect(result.description == printed)
    }

    @Test("the parsed check and the selection without it")
    func parts() throws {
        let query = try FRYQuery(parsing: "FRY.lookup(ofKind(UISwitch)).count(2)")
        #expect(query.check == .count(2))
        #expect(query.check?.expected == 2)
        #expect(query.checkOffset == 29)
        #expect(query.program == (try FRYEngine().compile("FRY.lookup(ofKind(UISwitch))")))
        #expect(try FRYQuery(parsing: "FRY.lookup(ofKind(UISwitch))").check == nil)
        #expect(try FRYQuery(parsing: "lookup(ofKind(UISwitch)).absent()").check == .absent)
    }

    @Test("the standard registry lists fry and refuses a check in a selection")
    func registry() throws {
        let registry = EngineRegistry.standard()
        #expect(registry.contains(engine: "fry"))
        #expect(try registry.selectUIDs("FRY.lookup(ofKind(UISwitch))", engine: "fry", in: fryTree) == ["sw1", "sw2"])
        let error = #expect(throws: SelectorError.self) {
            _ = try registry.select("FRY.lookup(ofKind(UISwitch)).present()", engine: "fry", in: fryTree)
        }
        #expect(error?.message.hasPrefix("`.present()` is a check, not a selection") == true)
        #expect(error?.column == 30)
    }

    @Test("suggestions read back to the view", arguments: ["ok", "inner", "sw1", "slider", "cell2"])
    func suggestions(_ uid: String) throws {
        let node = try #require((0..<fryTree.count).map { NodeID($0) }.first { fryTree.uidString(of: $0) == uid })
        let registry = EngineRegistry.standard()
        let suggestion = try #require(registry.suggestion(engine: "fry", for: node, in: fryTree))
        #expect(suggestion.unique)
        #expect(try registry.select(suggestion.selector, engine: "fry", in: fryTree) == [node])
    }

    @Test("a view FRY cannot tell apart gets its best candidate, marked not unique")
    func notUnique() throws {
        let node = try #require((0..<fryTree.count).map { NodeID($0) }.first { fryTree.uidString(of: $0) == "sw2" })
        let suggestion = try #require(EngineRegistry.standard().suggestion(engine: "fry", for: node, in: fryTree))
        #expect(suggestion == SelectorSuggestion(engine: "fry", selector: "FRY.lookup(ofKind(UISwitch))", count: 2, unique: false))
    }

    @Test("suggestions quote labels that need escapes")
    func literal() {
        #expect(FRYEngine.literal("say \"hi\"\\\n") == "\"say \\\"hi\\\"\\\\\\n\"")
        let tree = N("UIWindow", "w", [], [N("UIButton", "q", label: "say \"hi\"")]).build()
        #expect(FRYEngine().suggestions(for: NodeID(1), in: tree)
            == ["FRY.lookup([ofKind(UIButton), accessibilityLabel(\"say \\\"hi\\\"\")])",
                "FRY.lookup(accessibilityLabel(\"say \\\"hi\\\"\"))", "FRY.lookup(ofKind(UIButton))"])
    }
}
