import FranklyServer
import Hummingbird
import HummingbirdTesting
import Logging
import SelectorCore
import Synchronization
import Testing
import ViewSelectors

/// How a test reaches the server: in-process through the router, or over a real socket.
enum Transport: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case router, live
    var testDescription: String { rawValue }
    var setup: TestingSetup { self == .router ? .router : .live }
}

/// Log lines a test can inspect.
final class LogCapture: Sendable {
    let lines = Mutex<[(Logger.Level, String)]>([])
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
        return c
    }

    static func server(_ host: SnapshotHost, logger: Logger = LogCapture().logger,
                       configuration: FranklyServerConfiguration = configuration()) -> FranklyServer {
        FranklyServer(host: host, registry: TestEngines.registry(), configuration: configuration, logger: logger)
    }
}

/// Runs `body` against a fresh server on the sample app, through Hummingbird's test harness.
func withServer(_ transport: Transport, tree: ViewTree = Fixture.sample,
                _ body: @escaping @Sendable (any TestClientProtocol, SnapshotHost) async throws -> Void) async throws {
    let host = SnapshotHost(tree: tree)
    try await Fixture.server(host).makeApplication().test(transport.setup) { client async throws in
        try await body(client, host)
    }
}

/// Runs `FranklyServer.run()` on an ephemeral loopback port and hands `body` the port.
func withRunningServer(_ host: SnapshotHost = SnapshotHost(tree: Fixture.sample),
                       _ body: @escaping @Sendable (FranklyServer, Int) async throws -> Void) async throws {
    let server = Fixture.server(host)
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

/// A real HTTP client on its own connection.
func withClient(port: Int, _ body: @escaping @Sendable (TestClient) async throws -> Void) async throws {
    try await TestClient.withClient(host: "127.0.0.1", port: port) { client in try await body(client) }
}

extension TestClientProtocol {
    @discardableResult
    func get(_ uri: String) async throws -> TestResponse {
        try await execute(uri: uri, method: .get)
    }

    @discardableResult
    func post(_ uri: String, _ body: String) async throws -> TestResponse {
        try await execute(uri: uri, method: .post, body: ByteBuffer(string: body))
    }

    @discardableResult
    func post(_ uri: String, bytes: [UInt8]) async throws -> TestResponse {
        try await execute(uri: uri, method: .post, body: ByteBuffer(bytes: bytes))
    }

    /// POST /map with the given query, operation and (optional) engine; the parsed response.
    @discardableResult
    func map(_ query: String, _ method: String, _ arguments: [JSONValue] = [], engine: String? = nil) async throws -> JSONValue {
        try await post("/map", mapBody(query, method, arguments, engine: engine)).json
    }
}

extension TestClient {
    /// POST /map over a real connection; the parsed response.
    @discardableResult
    func map(_ query: String, _ method: String, _ arguments: [JSONValue] = [], engine: String? = nil) async throws -> JSONValue {
        try await post("/map", body: ByteBuffer(string: mapBody(query, method, arguments, engine: engine))).json
    }
}

/// A `/map` request body.
func mapBody(_ query: String, _ method: String, _ arguments: [JSONValue], engine: String?) -> String {
    var pairs: [(String, JSONValue)] = [("query", .string(query))]
    if let engine { pairs.append(("selector_engine", .string(engine))) }
    pairs.append(("operation", .object([("method_name", .string(method)), ("arguments", .array(arguments))])))
    return JSONValue.object(pairs).jsonString
}

extension TestResponse {
    var text: String { String(decoding: body.readableBytesView, as: UTF8.self) }
    var json: JSONValue { (try? JSONReader.parse(Array(body.readableBytesView))) ?? .string("<not JSON> " + text) }
}

extension TestClient.Response {
    var text: String { body.map { String(decoding: $0.readableBytesView, as: UTF8.self) } ?? "" }
    var json: JSONValue { (try? JSONReader.parse(Array(text.utf8))) ?? .string("<not JSON> " + text) }
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
