import FranklyServer
import Hummingbird
import Logging
import SelectorCore
import Testing
import ViewSelectors

/// Log lines a test can inspect.
final class LogCapture: Sendable {
    let lines = Locked<[(Logger.Level, String)]>([])
    var messages: [(Logger.Level, String)] { lines.withLock { $0 } }

    struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .info
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) {
            capture.lines.withLock { $0.append((event.level, "\(event.message)")) }
        }
    }

    var logger: Logger { Logger(label: "frankly-test") { _ in Handler(capture: self) } }
}

enum Fixture {
    static let sample: ViewTree = try! SampleApp.tree()

    static func configuration(host: String = "127.0.0.1") -> FranklyServerConfiguration {
        var c = FranklyServerConfiguration(host: host, port: 0)
        c.handlesSignals = false
        // A test's own client may not read for seconds under ThreadSanitizer on a loaded machine
        // (a 30,000-view dump read by DumpStreamTests was cut at the 15 s default): only the tests
        // about stalled readers set a short stall timeout.
        c.stalledWriteTimeout = .seconds(120)
        return c
    }

    static func server(_ host: SnapshotHost, logger: Logger = LogCapture().logger,
                       configuration: FranklyServerConfiguration = configuration()) -> FranklyServer {
        FranklyServer(host: host, registry: TestEngines.registry(), configuration: configuration, logger: logger)
    }
}

/// Runs `body` against a fresh server on `tree` listening on a real socket, with one keep-alive
/// connection to it.
func withServer(tree: ViewTree = Fixture.sample,
                _ body: (HTTPTestConnection, SnapshotHost) async throws -> Void) async throws {
    let host = SnapshotHost(tree: tree)
    try await withServer(Fixture.server(host)) { client async throws in try await body(client, host) }
}

/// Runs `body` against `server` listening on a real socket, with one keep-alive connection to it.
func withServer(_ server: FranklyServer, _ body: (HTTPTestConnection) async throws -> Void) async throws {
    try await withRunningServer(server) { _, port async throws in
        try await withClient(port: port, body)
    }
}

/// Runs `FranklyServer.run()` on an ephemeral loopback port and hands `body` the port.
func withRunningServer(_ host: SnapshotHost = SnapshotHost(tree: Fixture.sample),
                       _ body: (FranklyServer, Int) async throws -> Void) async throws {
    try await withRunningServer(Fixture.server(host), body)
}

/// Runs `server.run()` (the server must be configured for port 0) and hands `body` the port it got.
func withRunningServer(_ server: FranklyServer, _ body: (FranklyServer, Int) async throws -> Void) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await server.run() }
        guard let port = await server.listeningPort() else {
            Issue.record("the server did not start")
            return
        }
        do {
            try await body(server, port)
        } catch {
            await server.shutdown()
            throw error
        }
        await server.shutdown()
        try await group.waitForAll()
    }
}

/// A real HTTP client on its own keep-alive connection.
func withClient(port: Int, _ body: (HTTPTestConnection) async throws -> Void) async throws {
    try await HTTPTestConnection.with(port: port, body)
}

extension HTTPTestClient {
    /// POST /map with the given query, operation and (optional) engine; the parsed response.
    @discardableResult
    func map(_ query: String, _ method: String, _ arguments: [JSONValue] = [], engine: String? = nil) async throws -> JSONValue {
        try await post("/map", mapBody(query, method, arguments, engine: engine)).json
    }
}

/// A `/map` request body.
func mapBody(_ query: String, _ method: String, _ arguments: [JSONValue], engine: String?) -> String {
    var pairs: [(String, JSONValue)] = [("query", .string(query))]
    if let engine { pairs.append(("selector_engine", .string(engine))) }
    pairs.append(("operation", .object([("method_name", .string(method)), ("arguments", .array(arguments))])))
    return JSONValue.object(pairs).jsonString
}

extension HTTPTestResponse {
    var json: JSONValue { (try? JSONReader.parse(Array(body.readableBytesView))) ?? .string("<not JSON> " + text) }
}

extension JSONValue {
    /// `results` of a SUCCESS envelope (nil otherwise).
    var results: [JSONValue]? {
        guard self["outcome"] == "SUCCESS", case .array(let r)? = self["results"] else { return nil }
        return r
    }

    static func franklyError(_ reason: String, _ details: String) -> JSONValue {
        .object([("outcome", "ERROR"), ("reason", .string(reason)), ("details", .string(details))])
    }

    static let success: JSONValue = .object([("outcome", "SUCCESS")])
}
