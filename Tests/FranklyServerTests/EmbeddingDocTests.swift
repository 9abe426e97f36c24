import FranklyServer
import SelectorCore
import Testing
import ViewSelectors

/// Docs/Library.md's "Embedding the server" block is a copy of `embedServer` below
/// (Examples/check-doc-blocks.py compares them), so the page shows code that compiles and serves.
@Suite("embedding the server as Docs/Library.md shows")
struct EmbeddingDocTests {
    /// The doc's code, with the port left to the caller (0 in the test) so runs never collide.
    static func embedServer(port: Int, started: @Sendable (FranklyServer) async throws -> Void) async throws {
        let registry = EngineRegistry.standard()          // register your own engines here too
        var configuration = FranklyServerConfiguration(host: "127.0.0.1", port: port)
        configuration.handlesSignals = false              // your app owns SIGINT/SIGTERM
        configuration.queryTimeBudget = .seconds(2)
        let server = FranklyServer(host: SnapshotHost(tree: try SampleApp.tree()), registry: registry,
                                   configuration: configuration)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await server.run() }    // serves until shutdown() or GET /exit
            try await started(server)
            await server.shutdown()                       // cancels running queries; others finish
            try await group.waitForAll()
        }
    }

    @Test("the embedded server listens, answers /version and stops on shutdown()")
    func embedded() async throws {
        try await Self.embedServer(port: 0) { server in
            let port = try #require(await server.listeningPort())
            try await withClient(port: port) { client async throws in
                #expect(try await client.get("/version").json["version"] == .string(FranklyServerConfiguration.defaultVersion))
            }
        }
    }
}
