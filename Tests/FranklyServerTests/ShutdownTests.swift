@testable import FranklyServer
import SelectorCore
import Testing
import ViewSelectors

/// Issue 28, item 7: a graceful shutdown (SIGTERM, SIGINT, `/exit`, `shutdown()`) cancels running
/// queries and refuses waiting ones instead of waiting for a runaway query.
///
/// The queries park inside the matcher at a gate that the tests never open; they leave only when
/// their deadline passes (120 s here) or they are cancelled. So `run()` returning within 20 s, with
/// the gate still shut, is what cancellation did; before it, shutdown waited the whole budget.
@Suite("Shutdown cancels running work")
struct ShutdownTests {
    static func server(_ gate: ParkingGate, _ configure: (inout FranklyServerConfiguration) -> Void = { _ in }) -> FranklyServer {
        var c = Fixture.configuration()
        c.queryTimeBudget = .seconds(120)
        configure(&c)
        let registry = TestEngines.registry()
        try! registry.register(ParkingEngine(name: "parking", gate: gate, respectsDeadline: true))
        return FranklyServer(host: SnapshotHost(tree: Fixture.sample), registry: registry, configuration: c,
                             logger: LogCapture().logger)
    }

    /// What a client got: the parsed answer, or why the request failed.
    enum Outcome: Sendable { case answer(JSONValue), failed(String) }

    typealias Client = @Sendable (Int) async throws -> JSONValue

    /// Starts `server` and runs `clients` (each gets the port); once `parked` queries sit at the
    /// gate, runs `queued` and waits until they wait for a read worker; then shuts the server
    /// down. Returns what each client got (`clients`, then `queued`). Fails the test when `run()`
    /// has not returned 20 s after the shutdown.
    static func shutDownWhileParked(_ server: FranklyServer, gate: ParkingGate, parked: Int,
                                    clients: [Client], queued: [Client] = []) async throws -> [Outcome] {
        let outcomes = Locked<[Int: Outcome]>([:])
        let all = clients + queued
        try await withThrowingTaskGroup(of: String.self) { group in
            group.addTask { try await server.run(); return "stopped" }
            let port = try #require(await server.listeningPort())
            func start(_ k: Int) {
                group.addTask {
                    do {
                        let answer = try await all[k](port)
                        outcomes.withLock { $0[k] = .answer(answer) }
                    } catch {
                        outcomes.withLock { $0[k] = .failed("\(error)") }
                    }
                    return "client"
                }
            }
            for k in clients.indices { start(k) }
            #expect(await gate.waitForEntries(parked), "the queries reached the gate")
            for k in all.indices.dropFirst(clients.count) { start(k) }
            let giveUp = ContinuousClock.now + .seconds(60)
            while server.reads.waitingCount < queued.count && ContinuousClock.now < giveUp {
                try await Task.sleep(for: .milliseconds(5))
            }
            #expect(server.reads.waitingCount == queued.count, "the queued requests wait in the read lane")
            await server.shutdown()
            group.addTask { try await Task.sleep(for: .seconds(20)); return "timed out" }
            var stopped = false
            while let event = try await group.next() {
                if event == "timed out" { break }
                if event == "stopped" { stopped = true }
                if stopped && outcomes.withLock({ $0.count }) == all.count { break }
            }
            group.cancelAll()
            #expect(stopped, "run() returned after the shutdown")
        }
        // Nobody opened the gate: the parked queries left because they were cancelled.
        #expect(!gate.isOpen)
        return outcomes.withLock { o in (0..<all.count).map { o[$0] ?? .failed("no outcome") } }
    }

    static func isShutdownError(_ outcome: Outcome) -> Bool {
        switch outcome {
        case .answer(let answer):
            return answer["outcome"] == "ERROR" && answer["reason"] == "server shutting down"
        case .failed:
            // The connection closed under the client: an error as well, though not the one we send.
            return false
        }
    }

    @Test("a running query is cancelled: its client gets 'server shutting down' and run() returns")
    func runningQueryIsCancelled() async throws {
        let gate = ParkingGate()
        let server = Self.server(gate)
        let outcomes = try await Self.shutDownWhileParked(server, gate: gate, parked: 1, clients: [
            { port in try await HTTPTestConnection.with(port: port) { try await $0.map("Sign", "tag", engine: "parking") } },
        ])
        #expect(Self.isShutdownError(outcomes[0]), "\(outcomes[0])")
    }

    @Test("a waiting request is refused and a running write cancelled; the tree is unchanged")
    func waitersAreRefusedAndWritesCancelled() async throws {
        let gate = ParkingGate()
        let host = SnapshotHost(tree: Fixture.sample)
        var c = Fixture.configuration()
        c.queryTimeBudget = .seconds(120)
        c.maxConcurrentQueries = 1
        let registry = TestEngines.registry()
        try registry.register(ParkingEngine(name: "parking", gate: gate, respectsDeadline: true))
        let server = FranklyServer(host: host, registry: registry, configuration: c, logger: LogCapture().logger)
        let before = host.tree.value("text", of: try #require(host.tree.node(withUID: "1056")))
        let outcomes = try await Self.shutDownWhileParked(server, gate: gate, parked: 2, clients: [
            // Parks in the read lane's only worker.
            { port in try await HTTPTestConnection.with(port: port) { try await $0.map("Sign", "tag", engine: "parking") } },
            // Parks in the write lane, inside the writer lock.
            { port in try await HTTPTestConnection.with(port: port) {
                try await $0.map("Username", "setText:", ["mallory"], engine: "parking") } },
        ], queued: [
            // Waits behind the first for a read worker.
            { port in try await HTTPTestConnection.with(port: port) {
                try await $0.post("/inspector/select", #"{"query":"1056","engine":"uids"}"#).json } },
        ])
        for outcome in outcomes.prefix(2) { #expect(Self.isShutdownError(outcome), "\(outcome)") }
        if case .answer(let queued) = outcomes[2] {
            #expect(queued["reason"] == "server shutting down", "\(queued)")
        } else {
            Issue.record("the queued request got no answer: \(outcomes[2])")
        }
        #expect(host.tree.value("text", of: try #require(host.tree.node(withUID: "1056"))) == before)
    }
}
