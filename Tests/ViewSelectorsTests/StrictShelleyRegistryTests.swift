import SelectorCore
import Testing
import ViewSelectors

/// The built-in `shelley` refuses unknown names, so it must see what the registry's predicates
/// hold (plug-ins register there), while `shelley_compat` stays silent.
@Suite("Strict Shelley in the standard registry")
struct StrictShelleyRegistryTests {
    static let tree = try! SampleApp.tree()

    @Test("a predicate registered with the standard registry is a known name to shelley")
    func registeredPredicate() throws {
        let registry = EngineRegistry.standard()
        #expect(throws: SelectorError.self) { try registry.select("view uidIs:1056", engine: "shelley", in: Self.tree) }
        // Registered after the engines: the error above was cached for that text, a fresh text compiles.
        try registry.predicates.register(CustomPredicate(name: "uidIs:", arity: 1) { tree, node, args in
            tree.uidString(of: node) == args.first.map { $0.jsonString }
        })
        let nodes = try registry.select("view:'UITextField' uidIs:1056", engine: "shelley", in: Self.tree)
        #expect(nodes.map { Self.tree.uidString(of: $0) } == ["1056"])
    }

    @Test("typos are errors with a column in shelley and select nothing in shelley_compat")
    func typos() throws {
        let registry = EngineRegistry.standard()
        do {
            _ = try registry.select("tableViewCell buton", engine: "shelley", in: Self.tree)
            Issue.record("buton was accepted")
        } catch {
            #expect(error.message == "unknown name 'buton'; did you mean 'button'?")
            #expect(error.column == 15)
        }
        #expect(try registry.select("tableViewCell buton", engine: "shelley_compat", in: Self.tree).isEmpty)
        #expect(try registry.select("view markd:'Delete'", engine: "shelley_compat", in: Self.tree).isEmpty)
    }
}
