import FranklyServer
import SelectorCore
import Testing
import ViewSelectors

/// The `fry` engine through `/map`: a selection works, a check is refused naming it.
@Suite("fry over /map")
struct FRYMapTests {
    private func withStandardServer(_ body: (HTTPTestConnection) async throws -> Void) async throws {
        let server = FranklyServer(host: SnapshotHost(tree: Fixture.sample), registry: .standard(),
                                   configuration: Fixture.configuration(), logger: LogCapture().logger)
        try await withServer(server, body)
    }

    @Test("a lookup selects, and a check is an invalid selector naming the check and its column")
    func map() async throws {
        try await withStandardServer { client async throws in
            #expect(try await client.map("FRY.lookup(ofKind(UISwitch))", "accessibilityLabel", engine: "fry").results
                == [JSONValue.string("Airplane Mode"), JSONValue.string("Do Not Disturb")])
            #expect(try await client.map("FRY.lookup(ofKind(UISwitch)).present()", "touch", engine: "fry")
                == JSONValue.franklyError("invalid selector",
                    "`.present()` is a check, not a selection: run it with `frankly expect --engine fry` at column 30"))
        }
    }
}
