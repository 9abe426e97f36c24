import FranklyServer
import Hummingbird
import SelectorCore
import Testing

@Suite("SnapshotHost")
struct SnapshotHostTests {
    static let registry = TestEngines.registry()

    static func map(_ host: SnapshotHost, _ query: String, _ op: Operation) throws(MapFailure) -> [JSONValue] {
        try host.map(op) { (tree: ViewTree) throws(SelectorError) -> [NodeID] in
            try registry.select(query, engine: "uids", in: tree)
        }
    }

    @Test("a snapshot taken before a mutation keeps its values")
    func snapshotsAreImmutable() throws {
        let host = SnapshotHost(tree: Fixture.sample)
        let before = host.tree
        _ = try Self.map(host, "1056", Operation("setText:", ["x"]))
        let node = try #require(before.node(withUID: "1056"))
        #expect(before.string("text", of: node) == "")
        #expect(host.tree.string("text", of: node) == "x")
    }

    @Test("concurrent writers on different views lose no update")
    func noLostUpdates() async throws {
        let host = SnapshotHost(tree: Fixture.sample)
        let uids = ["1001", "1002", "1007", "1008", "1013", "1019", "1024", "1029"]
        await withTaskGroup(of: Void.self) { group in
            for uid in uids {
                group.addTask {
                    for k in 0..<40 { _ = try? Self.map(host, uid, Operation("setText:", [.string("\(uid)-\(k)")])) }
                }
            }
        }
        for uid in uids {
            #expect(host.tree.string("text", of: host.tree.node(withUID: uid)!) == "\(uid)-39")
        }
    }

    @Test("selection and operation failures are reported apart")
    func failures() {
        let host = SnapshotHost(tree: Fixture.sample)
        #expect(throws: MapFailure.self) { try Self.map(host, "x", Operation("touch")) }
        do {
            _ = try Self.map(host, "1055", Operation("touch", [1]))
            Issue.record("expected an arity error")
        } catch {
            #expect(error.franklyError.details == "touch takes 0 arguments, but 1 were supplied")
        }
    }

    @Test("replaceTree swaps the snapshot; reset restores the first one")
    func replaceAndReset() throws {
        let host = SnapshotHost(tree: Fixture.sample)
        let other = try ViewTree.loadDump(#"{"class":"UIWindow","uid":7,"subviews":[]}"#)
        host.replaceTree(other)
        #expect(host.tree.count == 1)
        host.setOrientation(.landscapeLeft)
        host.reset()
        #expect(host.tree.count == Fixture.sample.count)
        #expect(host.orientation == .portrait)
        #expect(host.events.isEmpty)
    }

    @Test("the event log keeps at most about twice maxEvents")
    func eventLogBounded() throws {
        let host = SnapshotHost(tree: Fixture.sample, maxEvents: 5)
        for _ in 0..<50 { _ = try Self.map(host, "1059", Operation("touch")) }
        #expect(host.events.count <= 10 && host.events.count >= 5)
    }
}
