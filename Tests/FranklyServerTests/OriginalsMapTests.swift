import FranklyServer
import SelectorCore
import Testing
import ViewSelectors

/// Issue 29, items 9 and 13 as a Frank driver hits them: Frank's error envelope from `/map`.
@Suite("originals over /map")
struct OriginalsMapTests {
    private func withStandardServer(_ body: (HTTPTestConnection) async throws -> Void) async throws {
        let server = FranklyServer(host: SnapshotHost(tree: Fixture.sample), registry: .standard(),
                                   configuration: Fixture.configuration(), logger: LogCapture().logger)
        try await withServer(server, body)
    }

    @Test("uiquery: a prop:value filter on nothing is UISpec's existence error")
    func filterOnNothing() async throws {
        try await withStandardServer { client async throws in
            #expect(try await client.map("textView text:'x'", "accessibilityLabel")
                == JSONValue.franklyError("invalid selector", "UITextView should exist before you can call text: at column 10"))
            #expect(try await client.map("textView with text:'x'", "accessibilityLabel").results == [])
        }
    }

    @Test("shelley_compat: a getter that is not Boolean is Shelley's wrong return type; shelley refuses it at its column")
    func wrongReturnType() async throws {
        try await withStandardServer { client async throws in
            let compat = try await client.map("view alpha", "accessibilityLabel", engine: "shelley_compat")
            #expect(compat["outcome"] == "ERROR")
            #expect(compat["reason"] == "invalid selector")
            let details = compat["details"]?.stringValue ?? ""
            #expect(details.hasPrefix("wrong return type: predicate does not return a BOOL"), "\(details)")
            #expect(details.hasSuffix("at column 6"), "\(details)")
            let strict = try await client.map("view alpha", "accessibilityLabel", engine: "shelley")
            #expect(strict["reason"] == "invalid selector")
            #expect(strict["details"]?.stringValue?.hasPrefix("'alpha' is not a Boolean predicate") == true)
        }
    }
}
