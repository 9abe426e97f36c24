import FranklyServer
import Hummingbird
import SelectorCore
import Synchronization
import Testing

@Suite("server lifecycle")
struct LifecycleTests {
    @Test("run() listens on an ephemeral loopback port and serves real HTTP")
    func ephemeralPort() async throws {
        try await withRunningServer { server, port async throws in
            #expect(port > 0)
            #expect(server.configuration.isLoopback)
            try await withClient(port: port) { client async throws in
                #expect(try await client.get("/version").json["version"] == .string(FranklyServerConfiguration.defaultVersion))
                let missing = try await client.get("/no/such/path")
                #expect(missing.status == .notFound)
                #expect(missing.text == "<html><body>Error 404 - Not Found</body></html>")
            }
        }
    }

    @Test("/exit answers SUCCESS and then run() returns")
    func exitEndpoint() async throws {
        let server = Fixture.server(SnapshotHost(tree: Fixture.sample))
        try await withThrowingTaskGroup(of: String.self) { group in
            group.addTask { try await server.run(); return "stopped" }
            let port = try #require(await server.listeningPort())
            try await withClient(port: port) { client async throws in
                #expect(try await client.get("/exit").json == JSONValue.success)
            }
            group.addTask { try await Task.sleep(for: .seconds(20)); return "timed out" }
            #expect(try await group.next() == "stopped")
            group.cancelAll()
        }
    }

    @Test("shutdown() before run() stops the server at once")
    func shutdownFirst() async throws {
        let server = Fixture.server(SnapshotHost(tree: Fixture.sample))
        await server.shutdown()
        // Returning at all is the check: a server that ignored the request would run forever.
        try await server.run()
    }

    @Test("binding a non-loopback address logs a warning; loopback does not")
    func nonLoopbackWarning() async throws {
        #expect(FranklyServerConfiguration(host: "127.0.0.1").isLoopback)
        #expect(FranklyServerConfiguration(host: "localhost").isLoopback)
        #expect(FranklyServerConfiguration(host: "::1").isLoopback)
        #expect(!FranklyServerConfiguration(host: "0.0.0.0").isLoopback)
        #expect(!FranklyServerConfiguration(host: "192.168.1.4").isLoopback)

        let capture = LogCapture()
        // Asked to stop before it starts, so nothing stays bound to every interface.
        let wide = Fixture.server(SnapshotHost(tree: Fixture.sample), logger: capture.logger,
                                  configuration: Fixture.configuration(host: "0.0.0.0"))
        await wide.shutdown()
        try await wide.run()
        #expect(capture.messages.contains { $0.0 == .warning && $0.1.contains("non-loopback") })

        let quiet = LogCapture()
        let local = Fixture.server(SnapshotHost(tree: Fixture.sample), logger: quiet.logger)
        await local.shutdown()
        try await local.run()
        #expect(!quiet.messages.contains { $0.0 == .warning })
    }
}
