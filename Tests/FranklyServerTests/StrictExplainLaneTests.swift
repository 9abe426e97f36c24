import FranklyServer
import NIOCore
import SelectorCore
import Testing

/// Issue 28, item 4: strict `/map` explains a refused selection after the write has left the
/// writer lock and the write lane, so the next write does not wait for the explanation (seconds
/// on a large tree). Checked by ordering: the explanation is parked at a gate while another write
/// is sent, and that write must be answered before the gate opens.
@Suite("Strict /map: the explanation holds no write back")
struct StrictExplainLaneTests {
    /// Views whose label contains the selector text; the first evaluator a query makes (the
    /// selection's) runs freely, every later one (the explanation's) waits at the gate first.
    struct SecondPassMatcher: StringMatcher {
        let needle: String
        let gate: Gate
        let made: Locked<Int>
        var description: String { "second-pass(\(needle))" }

        final class Evaluator: StringEvaluator {
            let needle: [UInt8]
            let gate: Gate?
            var evaluations = 0
            init(needle: [UInt8], gate: Gate?) { self.needle = needle; self.gate = gate }
            func matches(_ subject: UnsafeBufferPointer<UInt8>) throws(SelectorError) -> Bool {
                if evaluations == 0 { gate?.enterAndWait() }
                evaluations += 1
                return Array(subject).firstRange(of: needle) != nil
            }
        }

        func makeEvaluator() -> any StringEvaluator {
            let n = made.withLock { n in n += 1; return n }
            return Evaluator(needle: Array(needle.utf8), gate: n > 1 ? gate : nil)
        }
    }

    struct SecondPassEngine: SelectorEngine {
        let gate: Gate
        let made = Locked(0)
        var name: String { "second_pass" }
        func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
            var builder = ProgramBuilder(start: .document)
            builder.descendants(.string(property: "accessibilityLabel",
                                        .matcher(SecondPassMatcher(needle: selector, gate: gate, made: made))), unique: true)
            return builder.build()
        }
    }

    @Test("a write is answered while a strict refusal's explanation is parked")
    func explanationOutsideTheWriteLane() async throws {
        let gate = Gate()
        let registry = TestEngines.realRegistry()
        try registry.register(SecondPassEngine(gate: gate))
        let host = SnapshotHost(tree: Fixture.sample)
        var configuration = Fixture.configuration()
        configuration.queryTimeBudget = .seconds(60)
        let server = FranklyServer(host: host, registry: registry, configuration: configuration, logger: LogCapture().logger)
        try await withRunningServer(server) { _, port async throws in
            // A write (setText:) in strict mode that selects nothing: refused, then explained.
            let strict = #"{"query":"no such label","selector_engine":"second_pass","strict":true,"operation":{"method_name":"setText:","arguments":["x"]}}"#
            async let refused = OneShotHTTPClient(port: port).execute(uri: "/map", method: .post, body: ByteBuffer(string: strict))
            #expect(await gate.waitForEntries(1), "the explanation never reached the gate")
            // Parked in the explanation: another write must still go through.
            var client = OneShotHTTPClient(port: port)
            client.readTimeout = .seconds(30)
            let write = try await client.execute(uri: "/map", method: .post,
                                                 body: ByteBuffer(string: mapBody("1056", "setText:", ["mallory"], engine: "uids")))
            #expect(write.json["outcome"] == "SUCCESS", "\(write.text)")
            #expect(host.tree.value("text", of: try #require(host.tree.node(withUID: "1056"))) == "mallory")
            gate.open()
            let answer = try await refused
            #expect(answer.json["outcome"] == "ERROR")
            #expect(answer.json["reason"] == "no view selected", "\(answer.text)")
        }
    }
}
