import FranklyServer
import Hummingbird
import SelectorCore
import Testing
import ViewSelectors

/// Every limit a client can hit through `/map`, with the ERROR envelope it gets back; the server
/// answers the next request normally.
@Suite("limits over /map")
struct LimitEndpointTests {
    /// A server on `tree` with the built-in engines and `configure` applied to a test configuration.
    private func withStandardServer(
        tree: ViewTree = Fixture.sample, _ configure: (inout FranklyServerConfiguration) -> Void = { _ in },
        _ body: (HTTPTestConnection, SnapshotHost) async throws -> Void
    ) async throws {
        var configuration = Fixture.configuration()
        configure(&configuration)
        let host = SnapshotHost(tree: tree)
        let server = FranklyServer(host: host, registry: .standard(), configuration: configuration,
                                   logger: LogCapture().logger)
        try await withServer(server) { client async throws in try await body(client, host) }
    }

    @Test("JSON nested deeper than 64 levels in a /map body is refused")
    func jsonNesting() async throws {
        let deep = String(repeating: "[", count: 70) + String(repeating: "]", count: 70)
        let body = #"{"query":"view","operation":{"method_name":"touch","arguments":\#(deep)}}"#
        try await withStandardServer { client, _ async throws in
            let response = try await client.post("/map", body)
            #expect(response.json == JSONValue.franklyError("invalid request",
                "the request body is not valid JSON: JSON nested deeper than 64 levels at line 1, column 126"))
            #expect(try await client.map("label", "accessibilityLabel", engine: "shelley").results?.isEmpty == false)
        }
    }

    @Test("a selector over 64 KiB is refused naming the limit", arguments: ["shelley", "shelley_compat", "uiquery", "regex", "predicate", "fry", "xpath", "uiselector",
                                                                    "accessibility_id", "id", "class_name", "maestro"])
    func selectorLength(engine: String) async throws {
        let selector = String(repeating: "view ", count: 64 * 1024 / 5 + 1)
        try await withStandardServer { client, _ async throws in
            #expect(try await client.map(selector, "touch", engine: engine) == JSONValue.franklyError("invalid selector",
                "selector is \(selector.utf8.count) bytes long; the limit is 65536 bytes (SelectorLimits.maxSelectorBytes)"))
        }
    }

    @Test("a selector of more than 256 steps is refused naming the limit", arguments: ["shelley", "uiquery", "regex"])
    func selectorSteps(engine: String) async throws {
        let selector = Array(repeating: "view", count: 300).joined(separator: " ")
        try await withStandardServer { client, _ async throws in
            let response = try await client.map(selector, "touch", engine: engine)
            #expect(response["reason"] == "invalid selector")
            #expect(response["details"]?.stringValue?.hasSuffix("the limit is 256 steps (SelectorLimits.maxSteps)") == true,
                    "\(response)")
        }
    }

    @Test("more results than maxMapResults is refused before the operation runs")
    func resultCap() async throws {
        try await withStandardServer { client, _ async throws in
            let count = try #require(try await client.map("view", "accessibilityLabel", engine: "shelley").results?.count)
            #expect(count > 3)
        }
        try await withStandardServer({ $0.maxMapResults = 3 }) { client, host async throws in
            let response = try await client.map("view", "touch", engine: "shelley")
            #expect(response["reason"] == "invalid selector")
            #expect(response["details"]?.stringValue?.hasPrefix("the selector matched ") == true, "\(response)")
            #expect(response["details"]?.stringValue?.hasSuffix(" views; /map answers at most 3 (FranklyServerConfiguration.maxMapResults)") == true)
            #expect(host.events.isEmpty, "no view was touched")
            #expect(try await client.map("button marked:'Log In'", "touch", engine: "shelley").results?.count == 1)
        }
    }

    @Test("the default result cap is 100,000")
    func defaultResultCap() {
        #expect(FranklyServerConfiguration().maxMapResults == 100_000)
    }

    /// A label PCRE2 backtracks on exponentially with `^(a+)+$`.
    static let catastrophic = try! ViewTree.loadDump(#"""
        {"class":"UIWindow","uid":"w","subviews":[{"class":"UILabel","uid":"evil","accessibilityLabel":"\#(String(repeating: "a", count: 40))b"}]}
        """#)

    @Test("a catastrophic regex stops at PCRE2's match limit, answered as an error")
    func pcre2MatchLimit() async throws {
        try await withStandardServer(tree: Self.catastrophic) { client, _ async throws in
            let response = try await client.map("/^(a+)+$/", "accessibilityLabel", engine: "regex")
            #expect(response["reason"] == "invalid selector")
            #expect(response["details"]?.stringValue?.hasPrefix("regex match limit exceeded in step 1") == true, "\(response)")
            #expect(try await client.map("/^a+b$/", "accessibilityLabel", engine: "regex").results?.count == 1)
        }
    }

    @Test("a deeply recursive regex stops at a depth or stack limit, answered as an error")
    func pcre2DepthLimit() async throws {
        let long = String(repeating: "a", count: 200_000)
        let tree = try ViewTree.loadDump(#"{"class":"UIWindow","subviews":[{"class":"UILabel","accessibilityLabel":"\#(long)"}]}"#)
        try await withStandardServer(tree: tree) { client, _ async throws in
            // Recursion as deep as the label is long: the JIT's stack limit stops it.
            let response = try await client.map("/^(a(?1)?)$/", "accessibilityLabel", engine: "regex")
            #expect(response["reason"] == "invalid selector", "\(response)")
            #expect(response["details"]?.stringValue?.hasPrefix("regex match limit exceeded in step 1 (PCRE2: ") == true, "\(response)")
        }
    }

    @Test("server defaults: idle timeout and a connection cap")
    func serverDefaults() {
        let c = FranklyServerConfiguration()
        #expect(c.idleTimeout == .seconds(30))
        #expect(c.maxConnections == 256)
        #expect(c.host == "127.0.0.1")
    }
}
