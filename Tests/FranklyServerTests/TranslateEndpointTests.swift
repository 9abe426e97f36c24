@testable import FranklyServer
import Hummingbird
import SelectorCore
import SyntheticHierarchy
import Testing
import ViewSelectors

/// `POST /inspector/translate` (issue 31) with the built-in engines: the same JSON as `frankly
/// translate --format json`, bad input refused as the other inspector routes refuse it, and the
/// query time budget kept.
@Suite("Translate over HTTP")
struct TranslateEndpointTests {
    static func server(tree: ViewTree = Fixture.sample, budget: Duration? = nil) -> FranklyServer {
        var configuration = Fixture.configuration()
        if let budget { configuration.queryTimeBudget = budget }
        return FranklyServer(host: SnapshotHost(tree: tree), registry: EngineRegistry.standard(),
                             configuration: configuration, logger: LogCapture().logger)
    }

    @Test("a selector's translations, each proved on the current tree")
    func translations() async throws {
        try await withServer(Self.server()) { client async throws in
            let json = try await client.post("/inspector/translate",
                                             #"{"query":"//UISwitch","engine":"xpath","to":["predicate","class_name","accessibility_id"]}"#).json
            guard case .array(let items)? = json["translations"] else { Issue.record("no translations: \(json)"); return }
            #expect(items.count == 3)
            #expect(items[0]["engine"] == "predicate")
            #expect(items[0]["selector"] == "type == 'UISwitch'")
            #expect(items[0]["matches"] == .array([.int(2)]))
            #expect(items[1]["selector"] == "UISwitch")
            #expect(items[2]["selector"] == .null)
            #expect(items[2]["reason"]?.stringValue?.isEmpty == false)
        }
    }

    @Test("bad input: a selector's error with its column; a missing query, a bad \"to\" refused")
    func badInput() async throws {
        try await withServer(Self.server()) { client async throws in
            let syntax = try await client.post("/inspector/translate", #"{"query":"//UILabel[","engine":"xpath"}"#).json
            #expect(syntax["column"] == 11)
            let missing = try await client.post("/inspector/translate", #"{"engine":"xpath"}"#).json
            #expect(missing["reason"] == "invalid request")
            let notList = try await client.post("/inspector/translate", #"{"query":"//a","engine":"xpath","to":"predicate"}"#).json
            #expect(notList["reason"] == "invalid request")
            let many = "[" + Array(repeating: "\"predicate\"", count: 65).joined(separator: ",") + "]"
            let tooMany = try await client.post("/inspector/translate", #"{"query":"//a","engine":"xpath","to":"# + many + "}").json
            #expect(tooMany["reason"] == "invalid request")
        }
    }

    @Test("the query time budget bounds a translation on a large tree")
    func budget() async throws {
        let big = SyntheticApp.generate(nodes: 60_000, seed: 3)
        try await withServer(Self.server(tree: big, budget: .milliseconds(1))) { client async throws in
            let clock = ContinuousClock()
            let start = clock.now
            let json = try await client.post("/inspector/translate", #"{"query":"//UILabel","engine":"xpath"}"#).json
            #expect(clock.now - start < .seconds(20))
            // Refused for time, as a /map query past its budget is, and the server still answers.
            #expect(json["translations"] == nil, "\(json)")
            #expect(json["error"] != nil || json["outcome"] == "ERROR", "\(json)")
            let again = try await client.get("/inspector/engines").json
            #expect(again["default"] != nil)
        }
    }
}
