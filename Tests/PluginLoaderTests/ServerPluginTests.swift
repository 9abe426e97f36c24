import FranklyServer
import Hummingbird
import NIOCore
import Logging
import PluginLoader
import SelectorCore
import Testing
import ViewSelectors

/// The example plug-in loaded into a server listening on a real socket, queried over HTTP.
@Suite("Plug-in in a running server")
struct ServerPluginTests {
    @Test("POST /map with selector_engine class_chain, and chains through /map",
          .enabled(if: PluginFixture.classChainPath != nil || PluginFixture.isRequired,
                   "libClassChainEngine.so not built: run `make test` or `swift build --product ClassChainEngine`"))
    func map() async throws {
        let path = try #require(PluginFixture.classChainPath, "\(PluginFixture.environmentVariable) names a missing file")
        let registry = EngineRegistry.standard()
        try PluginLoader.load(path, into: registry)
        var configuration = FranklyServerConfiguration(host: "127.0.0.1", port: 0)
        configuration.handlesSignals = false
        let server = FranklyServer(host: SnapshotHost(tree: try SampleApp.tree()), registry: registry,
                                   configuration: configuration, logger: Logger(label: "plugin-test"))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await server.run() }
            let port = try #require(await server.listeningPort(), "the server did not start")
            do {
                try await HTTPTestConnection.with(port: port) { client async throws in
                    func uids(_ query: String, engine: String) async throws -> JSONValue? {
                        let body = JSONValue.object([("query", .string(query)), ("selector_engine", .string(engine)),
                                                     ("operation", .object([("method_name", "uid"), ("arguments", .array([]))]))])
                        let response = try await client.execute(uri: "/map", method: .post, body: ByteBuffer(string: body.jsonString))
                        return try JSONReader.parse(String(buffer: response.body))
                    }
                    let engines = try await client.execute(uri: "/engines", method: .get)
                    #expect(String(buffer: engines.body).contains("class_chain"))
                    let reply = try await uids("**/UITableViewCell[2]/*/UIButton[`NOT label CONTAINS[c] 'edit'`]", engine: "class_chain")
                    #expect(reply?["outcome"] == "SUCCESS")
                    #expect(reply?["results"] == .array([.int(1012)]))
                    let chained = try await uids("**/UIStackView >> regex:/^Log In$/", engine: "class_chain")
                    #expect(chained?["results"] == .array([.int(1059), .int(1058)]))
                    // Issue 29, item 4, as a user sends it: a descendant predicate and a LIKE pattern.
                    let holding = try await uids("**/UITableViewCell[$label LIKE[c] 'airplane*'$]/**/UIButton", engine: "class_chain")
                    #expect(holding?["results"] == .array([.int(1018)]))
                    // And item 3 through the built-in engine: UiCollection's getChildByText.
                    let child = try await uids(#"new UiScrollable(new UiSelector().className("UITableView")).getChildByText(new UiSelector().className("UITableViewCell"), "Sounds")"#,
                                               engine: "uiselector")
                    #expect(child?["results"] == .array([.int(1026)]))
                    let bad = try await uids("**/UIButton[0]", engine: "class_chain")
                    #expect(bad?["outcome"] == "ERROR")
                }
            } catch {
                await server.shutdown()
                throw error
            }
            await server.shutdown()
            try await group.waitForAll()
        }
    }
}
