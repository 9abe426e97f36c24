import FranklyServer
import HierarchyFormats
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

    /// Issue 41, item 2: the served recording's source and the languages its tool reads.
    @Test("/inspector/engines says which languages are read on the served recording, and the suggestions follow it")
    func offeredPerRecording() async throws {
        try await withServer { client, _ async throws in
            let answer = try await client.get("/inspector/engines").json
            #expect(answer["recording"]?["source"] == "frank")
            // The test registry: uiquery reads Frank's recordings, and its own engines say nothing, so run anywhere.
            #expect(answer["offered"] == .array(["kind", "uids", "uiquery"]))
        }
        let tests = #filePath.split(separator: "/").dropLast(2).joined(separator: "/")
        let android = try HierarchyFormat.loadDetecting(
            try FileIO.read("/" + tests + "/Fixtures/real/uiautomator_android_wecom_window_dump.xml")).0
        let server = FranklyServer(host: SnapshotHost(tree: android), registry: EngineRegistry.standard(),
                                   configuration: Fixture.configuration(), logger: LogCapture().logger)
        try await withServer(server) { client async throws in
            let answer = try await client.get("/inspector/engines").json
            #expect(answer["recording"]?["source"] == "uiautomator")
            #expect(answer["recording"]?["description"]?.stringValue?.hasPrefix("Android") == true)
            let offered = Set((elements(answer["offered"])).compactMap(\.stringValue))
            #expect(offered == ["accessibility_id", "class_name", "compose", "detox", "espresso", "id", "maestro", "uiselector", "wdio", "xpath"])
            var seen: Set<String> = []
            for id in [3, 10, 20, 40] where id < android.count {
                let node = try await client.get("/inspector/node/\(id)").json
                for s in elements(node["selectors"]) { seen.insert(s["engine"]?.stringValue ?? "?") }
            }
            #expect(!seen.isEmpty && seen.isSubset(of: offered), "\(seen)")
            // Translate without `to`: every other engine, the ones Android does not read with a reason.
            let t = try await client.post("/inspector/translate", #"{"query":"//android.widget.TextView[@text='消息']","engine":"xpath"}"#).json
            let predicate = elements(t["translations"]).first { $0["engine"] == "predicate" }
            #expect(predicate?["selector"] == .null)
            #expect(predicate?["reason"]?.stringValue?.hasPrefix("not read on Android") == true, "\(predicate ?? .null)")
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

/// The items of a JSON array (none for anything else).
private func elements(_ value: JSONValue?) -> [JSONValue] {
    if case .array(let items)? = value { return items }
    return []
}
