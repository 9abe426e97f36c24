import FranklyServer
import SelectorCore
import Testing
import ViewSelectors

/// Issue 29, item 16: the inspector starts on the registry's default engine, which it reads from
/// `/inspector/engines` (it started on `shelley` while a request without an engine got `uiquery`).
@Suite("The inspector's engine list and default")
struct InspectorEnginesTests {
    @Test("/inspector/engines names every engine and the registry's default")
    func engines() async throws {
        try await withServer { client, _ async throws in
            let answer = try await client.get("/inspector/engines")
            #expect(answer.status == .ok)
            #expect(answer.json["default"] == "uiquery")
            #expect(answer.json["engines"] == (try await client.get("/engines")).json)
        }
    }

    @Test("a host that changes the default is followed")
    func changedDefault() async throws {
        let registry = EngineRegistry.standard()
        try registry.setDefaultEngine("xpath")
        let server = FranklyServer(host: SnapshotHost(tree: Fixture.sample), registry: registry,
                                   configuration: Fixture.configuration(), logger: LogCapture().logger)
        try await withServer(server) { client async throws in
            #expect(try await client.get("/inspector/engines").json["default"] == "xpath")
        }
    }
}
