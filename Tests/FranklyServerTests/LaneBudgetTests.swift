@testable import FranklyServer
import SelectorCore
import SyntheticHierarchy
import Testing
import ViewSelectors

/// Issue 28, items 5 and 6: heavy inspector work runs in the read lane, and a request's wait for a
/// worker counts against its budget.
@Suite("Work lanes: budgets and the inspector")
struct LaneBudgetTests {
    static func server(_ configure: (inout FranklyServerConfiguration) -> Void,
                       engines: [any SelectorEngine]) -> FranklyServer {
        var c = Fixture.configuration()
        configure(&c)
        let registry = TestEngines.registry()
        for engine in engines { try! registry.register(engine) }
        return FranklyServer(host: SnapshotHost(tree: Fixture.sample), registry: registry, configuration: c,
                             logger: LogCapture().logger)
    }

    /// The sample app's "Log In" button, a view with a label.
    static func labelledNode() throws -> Int {
        let tree = Fixture.sample
        let id = try #require((0..<tree.count).first { tree.value("accessibilityLabel", of: NodeID($0)) == "Log In" })
        return id
    }

    @Test("/version answers while inspector-node requests are parked in their suggestion checks")
    func inspectorNodeRunsInTheLane() async throws {
        // Ordering, not timing: as many node requests as the machine has cores (so, were the
        // checks run on Swift's cooperative pool, every one of its threads) are parked inside the
        // matcher until /version has answered.
        let parked = min(16, max(2, MatcherConfiguration.processorCount))
        let gate = ParkingGate()
        let server = Self.server({ $0.maxConcurrentQueries = parked; $0.queryTimeBudget = .seconds(120) },
                                 engines: [ParkingEngine(name: "gated", gate: gate)])
        let node = try Self.labelledNode()
        try await withRunningServer(server) { _, port async throws in
            let finished = Locked(0)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<parked {
                    group.addTask {
                        try await withClient(port: port) { c async throws in
                            let answer = try await c.get("/inspector/node/\(node)").json
                            #expect(answer["class"] == "UIButton", "\(answer)")
                            guard case .array(let selectors)? = answer["selectors"] else {
                                Issue.record("no selectors: \(answer)"); return
                            }
                            #expect(selectors.contains { $0["engine"] == "gated" && $0["selector"] == "Log In" }, "\(answer)")
                        }
                        finished.withLock { $0 += 1 }
                    }
                }
                #expect(await gate.waitForEntries(parked), "every node request reached the matcher")
                try await withClient(port: port) { c async throws in
                    #expect(try await c.get("/version").status == .ok)
                }
                #expect(finished.withLock { $0 } == 0, "the node requests were still parked when /version answered")
                gate.open()
                try await group.waitForAll()
            }
            #expect(finished.withLock { $0 } == parked)
        }
    }

    @Test("an inspector-node request's checks stop at its budget: properties still come, selectorsStopped says why")
    func inspectorNodeStopsAtItsBudget() async throws {
        // `slower` costs 40 ms per distinct label, so its checks on 10^4 views run far past 300 ms.
        let tree = SyntheticApp.generate(nodes: 10_000)
        var c = Fixture.configuration()
        c.queryTimeBudget = .milliseconds(300)
        let registry = EngineRegistry()
        try registry.register(SlowEngine(name: "slower", delay: .milliseconds(40)))
        try registry.register(SuggestingSlowEngine())
        let server = FranklyServer(host: SnapshotHost(tree: tree), registry: registry, configuration: c,
                                   logger: LogCapture().logger)
        try await withServer(server) { client async throws in
            let answer = try await client.get("/inspector/node/5").json
            #expect(answer["id"] == 5)
            #expect(answer["properties"] != nil && answer["properties"] != .null, "\(answer)")
            #expect(answer["selectorsStopped"]?.stringValue?.contains("time budget") == true, "\(answer)")
        }
    }

    @Test("a queued request is refused at its deadline, naming its wait, while the work ahead of it is still parked")
    func queuedRequestIsRefusedAtItsDeadline() async throws {
        // One query worker, parked at the gate (the gate ignores deadlines); a second request
        // queues behind it with a 1 s budget. Before the fix it waited for the worker, i.e. for
        // the gate, and was refused only then; now it is refused at its deadline while the gate
        // is still shut. The gate opens after the refusal, or after 30 s as a fallback.
        let gate = ParkingGate()
        let server = Self.server({ $0.maxConcurrentQueries = 1; $0.queryTimeBudget = .seconds(1) },
                                 engines: [ParkingEngine(name: "gated", gate: gate)])
        try await withRunningServer(server) { _, port async throws in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    try await withClient(port: port) { c async throws in
                        // Past its deadline once released: refused by the budget, not run on.
                        let answer = try await c.map("Sign", "tag", engine: "gated")
                        #expect(answer["outcome"] == "ERROR", "\(answer)")
                    }
                }
                #expect(await gate.waitForEntries(1))
                let gateShutAtAnswer = Locked<Bool?>(nil)
                group.addTask {
                    try await withClient(port: port) { c async throws in
                        let answer = try await c.post("/inspector/select", #"{"query":"1056","engine":"uids"}"#)
                        gateShutAtAnswer.withLock { $0 = !gate.isOpen && gate.left == 0 }
                        #expect(answer.json["reason"] == "server busy", "\(answer.json)")
                        #expect(answer.json["details"]?.stringValue?.contains("waited its whole time budget") == true, "\(answer.json)")
                    }
                    gate.open()
                }
                group.addTask {
                    try await Task.sleep(for: .seconds(30))
                    gate.open()
                }
                // The two client tasks end; the fallback timer is cancelled with the group.
                _ = try await group.next()
                _ = try await group.next()
                group.cancelAll()
                #expect(gateShutAtAnswer.withLock { $0 } == true, "the queued request was answered before the gate opened")
            }
        }
    }

    // MARK: the lane on its own

    @Test("a waiter is refused at its deadline while the turn ahead of it is held")
    func laneWaiterExpires() async throws {
        let lane = WorkLane(name: "test", width: 1, maxWaiting: 4)
        let hold = ParkingGate()
        async let holder: Int = lane.run(deadline: nil) { hold.park(until: nil); return 1 }
        #expect(await hold.waitForEntries(1))
        do {
            _ = try await lane.run(deadline: ContinuousClock.now + .milliseconds(200)) { 2 }
            Issue.record("the waiter ran")
        } catch let error as FranklyError {
            #expect(error.reason == "server busy")
            #expect(error.details.contains("waited its whole time budget"), "\(error.details)")
        }
        #expect(hold.left == 0, "refused while the holder still held the turn")
        hold.open()
        #expect(try await holder == 1)
        // The expired waiter left the line: the turn is free again.
        #expect(try await lane.run(deadline: nil) { 3 } == 3)
    }

    @Test("a waiter that gets its turn runs with what is left of its own deadline")
    func laneWaiterKeepsItsDeadline() async throws {
        let lane = WorkLane(name: "test", width: 1, maxWaiting: 4)
        let hold = ParkingGate()
        async let holder: Int = lane.run(deadline: nil) { hold.park(until: nil); return 1 }
        #expect(await hold.waitForEntries(1))
        let deadline = ContinuousClock.now + .seconds(60)
        async let waiter: Bool = lane.run(deadline: deadline) {
            // The query inside sees the request's deadline (QueryDeadline captures it as the
            // matcher does), not a fresh budget from when the turn came.
            let d = QueryDeadline(deadline)
            return d.isSet && !d.hasPassed
        }
        try await Task.sleep(for: .milliseconds(50))
        hold.open()
        #expect(try await holder == 1)
        #expect(try await waiter)
    }

    @Test("past maxWaiting a request is refused at once")
    func laneRefusesPastMaxWaiting() async throws {
        let lane = WorkLane(name: "test", width: 1, maxWaiting: 0)
        let hold = ParkingGate()
        async let holder: Int = lane.run(deadline: nil) { hold.park(until: nil); return 1 }
        #expect(await hold.waitForEntries(1))
        await #expect(throws: FranklyError.self) { try await lane.run(deadline: nil) { 2 } }
        hold.open()
        #expect(try await holder == 1)
    }
}

/// `slower`'s selectors (40 ms per distinct label) with the view's label as a suggestion.
struct SuggestingSlowEngine: SelectorEngine {
    let name = "slowsuggest"

    func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        try SlowEngine(name: name, delay: .milliseconds(40)).compile(selector)
    }

    func suggestions(for node: NodeID, in tree: ViewTree) -> [String] { ["Row"] }
}
