import SelectorCore
import Testing
import ShelleyCompatEngine
import ShelleyEngine
import ViewSelectorsTesting

/// Issue 29, items 7-10: where the engines differed from Shelley's own code (UIView+ShelleyExtensions.m,
/// SYPredicateFilter.m, SYParser.m), through the registry as `frankly select` runs them.
@Suite struct ShelleyOriginalsTests {
    /// Both Shelley engines as `EngineRegistry.standard()` registers them.
    private let registry: EngineRegistry = {
        let r = EngineRegistry(matcher: Matcher(configuration: .serial))
        try! r.register(ShelleyEngine(predicates: r.predicates))
        try! r.register(ShelleyCompatEngine())
        return r
    }()

    private func uids(_ selector: String, _ engine: String, in tree: ViewTree) throws -> [String] {
        try registry.selectUIDs(selector, engine: engine, in: tree)
    }

    private func error(_ selector: String, _ engine: String, in tree: ViewTree) -> SelectorError? {
        do { _ = try registry.selectUIDs(selector, engine: engine, in: tree); return nil } catch { return error }
    }

    private static let engines = ["shelley", "shelley_compat"]

    // Item 7.
    @Test("isNotAnimating is Shelley's own predicate on every view: all pass on a recording", arguments: engines)
    func isNotAnimating(engine: String) throws {
        let tree = N("UIWindow", "w", [], [
            N("UIView", "a", [], [N("UILabel", "b")]),
            N("UIButton", "c"),
            N("UIActivityIndicatorView", "spinner", [("isAnimating", .bool(true))]),
            N("UIActivityIndicatorView", "still", [("isAnimating", .bool(false))]),
        ]).build()
        #expect(try uids("view isNotAnimating", engine, in: tree) == ["a", "b", "c", "still"])
        #expect(try uids("view isAnimating", engine, in: tree) == ["spinner"])
    }

    // Item 8.
    @Test("text: exists on UILabel and UITextField only; placeholder: on UITextField", arguments: engines)
    func textOnlyOnLabelsAndFields(engine: String) throws {
        let tree = N("UIWindow", "w", [], [
            N("UILabel", "label", [("text", "Notes")]),
            N("UITextField", "field", [("text", "Notes"), ("placeholder", "Notes")]),
            N("UITextView", "textView", [("text", "Notes")]),
            N("UISearchBar", "search", [("text", "Notes"), ("placeholder", "Notes")]),
        ]).build()
        #expect(try uids("view text:'Notes'", engine, in: tree) == ["label", "field"])
        #expect(try uids("view placeholder:'Notes'", engine, in: tree) == ["field"])
    }

    // Item 9.
    @Test("a getter that is not Boolean is Shelley's 'wrong return type' in shelley_compat, at its column")
    func wrongReturnTypeCompat() throws {
        let tree = N("UIWindow", "w", [], [N("UILabel", "l", label: "Hi", [("text", "Hi"), ("alpha", .double(1))])]).build()
        for word in ["alpha", "tag", "accessibilityLabel", "text"] {
            let e = error("view \(word)", "shelley_compat", in: tree)
            #expect(e?.message.hasPrefix("wrong return type: predicate does not return a BOOL") == true, "\(word): \(String(describing: e))")
            #expect(e?.column == 6, "\(word)")
        }
        // A recorded value that is not a Boolean: numbers are no longer read as true or false.
        let flags = N("UIWindow", "w", [], [N("UIView", "v", [("isFancy", .int(3))])]).build()
        #expect(error("view isFancy", "shelley_compat", in: flags)?.message
            == "wrong return type: predicate does not return a BOOL ('isFancy' on UIView (uid v) answers 3)")
        #expect(error("view isFancy", "shelley", in: flags)?.column == 6)
        // No view answers: nothing to raise, nothing selected, as in Shelley.
        #expect(try uids("button alpha", "shelley_compat", in: tree) == [])
        #expect(try uids("view isOn", "shelley_compat", in: flags) == [])
    }

    @Test("shelley refuses a getter that is not Boolean when it compiles, at the word's column")
    func wrongReturnTypeStrict() throws {
        let tree = N("UIWindow", "w", [], [N("UILabel", "l", label: "Hi")]).build()
        for word in ["alpha", "tag", "accessibilityLabel"] {
            let e = error("view \(word)", "shelley", in: tree)
            #expect(e?.kind == .syntax)
            #expect(e?.column == 6)
            #expect(e?.message.contains("'\(word)' is not a Boolean predicate") == true, "\(String(describing: e))")
            #expect(e?.message.contains("wrong return type") == true)
        }
    }

    // Item 10.
    @Test("index:4294967296 wraps to 0 in shelley_compat as in Shelley, and is an error in shelley")
    func indexWraps() throws {
        let tree = N("UIWindow", "w", [], [N("UIButton", "b0"), N("UIButton", "b1")]).build()
        #expect(try uids("button index:4294967296", "shelley_compat", in: tree) == ["b0"])
        #expect(try uids("button index:4294967297", "shelley_compat", in: tree) == ["b1"])
        let e = error("button index:4294967296", "shelley", in: tree)
        #expect(e?.column == 14)
        #expect(e?.message == "index:4294967296 is past 4294967295: Shelley keeps its low 32 bits and would pick element 0; write index:0 if that is what you mean")
        #expect(try uids("button index:4294967295", "shelley", in: tree) == [])
    }
}
