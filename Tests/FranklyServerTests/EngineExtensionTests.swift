import FranklyServer
import SelectorCore
import Testing
import ViewSelectors

/// `#1054`: the view whose uid is 1054, among the descendants of the start point. Lives only in
/// these tests, so what it gets from the server it gets with no edit to FranklyServer.
struct HashUIDEngine: SelectorEngine {
    let name = "hash_uid"

    func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        guard selector.first == "#", let uid = Double(selector.dropFirst()) else {
            throw SelectorError.syntax("expected #uid", at: 0, in: selector)
        }
        var builder = ProgramBuilder(start: .document)
        builder.descendants(.number(property: "uid", .equal, uid), unique: true)
        return builder.build()
    }

    func suggestions(for node: NodeID, in tree: ViewTree) -> [String] {
        tree.uidString(of: node).map { ["#\($0)"] } ?? []
    }
}

@Suite("An engine registered at run time, unknown to the server")
struct EngineExtensionTests {
    static func server(_ registry: EngineRegistry) -> FranklyServer {
        FranklyServer(host: SnapshotHost(tree: Fixture.sample), registry: registry,
                      configuration: Fixture.configuration(), logger: LogCapture().logger)
    }

    static func registry() -> EngineRegistry {
        let registry = EngineRegistry.standard()
        try! registry.register(HashUIDEngine())
        return registry
    }

    static func node(uid: String) -> NodeID {
        let tree = Fixture.sample
        return NodeID((0..<tree.count).first { tree.uidString(of: NodeID($0)) == uid }!)
    }

    @Test("it is listed by /engines")
    func listed() async throws {
        try await withServer(Self.server(Self.registry())) { client async throws in
            #expect(try await client.get("/engines").json
                == JSONValue.array(["accessibility_id", "class_name", "compose", "detox", "espresso", "fry", "hash_uid", "id", "maestro", "predicate", "regex", "shelley", "shelley_compat", "uiquery", "uiselector", "wdio", "xcuitest", "xpath"]))
        }
    }

    @Test("/map selects with it, alone and in >> chains with built-in engines")
    func mapAndChains() async throws {
        try await withServer(Self.server(Self.registry())) { client async throws in
            #expect(try await client.map("#1054", "uid", engine: "hash_uid").results == [1054])
            // The Delete button 1054 lies in a table cell, not in the stack view: the chain scopes it.
            #expect(try await client.map("regex:UITableViewCell >> hash_uid:#1054", "uid").results == [1054])
            #expect(try await client.map("regex:UIStackView >> hash_uid:#1054", "uid").results == [])
            #expect(try await client.map("hash_uid:#1052 >> shelley:button", "uid").results == [1054])
        }
    }

    @Test("/inspector/node offers its suggestion, checked to select exactly that view")
    func inspectorSuggestion() async throws {
        let id = Self.node(uid: "1054")
        try await withServer(Self.server(Self.registry())) { client async throws in
            let json = try await client.get("/inspector/node/\(id)").json
            guard case .array(let selectors)? = json["selectors"] else { Issue.record("no selectors"); return }
            let ours = selectors.filter { $0["engine"] == "hash_uid" }
            #expect(ours == [.object([("engine", "hash_uid"), ("selector", "#1054"), ("count", 1), ("unique", true), ("fragile", false)])])
        }
    }

    @Test("an engine without the capability offers nothing; a candidate that misses the view is dropped")
    func noSuggestion() throws {
        let registry = Self.registry()
        try registry.register(UIDListEngine(name: "uids"))
        try registry.register(MissingEngine())
        let tree = Fixture.sample
        let id = Self.node(uid: "1054")
        #expect(registry.suggestion(engine: "uids", for: id, in: tree) == nil)
        #expect(registry.suggestion(engine: "missing", for: id, in: tree) == nil)
        // The sample is a Frank recording: Frank's languages, and the one registered here, which
        // does not say where it runs.
        #expect(registry.suggestions(for: id, in: tree).map(\.engine)
            == ["detox", "fry", "hash_uid", "predicate", "regex", "shelley", "shelley_compat", "uiquery", "xcuitest"])
    }
}

/// Suggests a uid-list selector for another view: the registry must not pass it on.
struct MissingEngine: SelectorEngine {
    let name = "missing"
    func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        try UIDListEngine(name: name).compile(selector)
    }
    func suggestions(for node: NodeID, in tree: ViewTree) -> [String] { ["1055"] }
}

@Suite("The default engine is the registry's")
struct DefaultEngineTests {
    @Test("/map without selector_engine uses the registry's default, whatever it is")
    func mapUsesRegistryDefault() async throws {
        let registry = TestEngines.registry()
        try registry.setDefaultEngine("kind")
        let server = FranklyServer(host: SnapshotHost(tree: Fixture.sample), registry: registry,
                                   configuration: Fixture.configuration(), logger: LogCapture().logger)
        try await withServer(server) { client async throws in
            #expect(try await client.map("UISwitch", "isOn").results == [false, true])
        }
    }

    @Test("/inspector/select without engine uses the registry's default")
    func inspectorSelectUsesRegistryDefault() async throws {
        let registry = TestEngines.registry()
        try registry.setDefaultEngine("kind")
        let server = FranklyServer(host: SnapshotHost(tree: Fixture.sample), registry: registry,
                                   configuration: Fixture.configuration(), logger: LogCapture().logger)
        try await withServer(server) { client async throws in
            let json = try await client.post("/inspector/select", #"{"query":"UISwitch"}"#).json
            #expect(json["count"] == 2, "\(json)")
        }
    }

    @Test("the standard registry's default is uiquery, as Frank's drivers expect")
    func standardDefault() async throws {
        #expect(EngineRegistry.standard().defaultEngine == "uiquery")
        // uiquery's order for text fields is UISpec's (reverse); shelley's would be 1056, 1057.
        try await withServer(Self.standardServer()) { client async throws in
            #expect(try await client.map("textField", "uid").results == [1057, 1056])
        }
    }

    static func standardServer() -> FranklyServer {
        FranklyServer(host: SnapshotHost(tree: Fixture.sample), registry: EngineRegistry.standard(),
                      configuration: Fixture.configuration(), logger: LogCapture().logger)
    }
}
