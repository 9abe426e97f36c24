@testable import FranklyServer
import Dispatch
import HierarchyFormats
import Hummingbird
import LocatorGate
import NIOCore
import SelectorCore
import Testing
import TreeAlignment
import ViewSelectors
import ViewSelectorsTesting
#if canImport(Glibc)
import Glibc
#endif

/// Issue 32: the inspector's "compare with another recording" mode. `POST /inspector/diff` aligns a
/// posted recording with the served tree and answers what `frankly diff --format json` prints, plus
/// the recording's tree for the page; `POST /inspector/survival/<id>` ranks a view's suggestions by
/// how they survive on both. Both face untrusted clients: bounded body, bounded recording, refused
/// from other origins, malformed input answered 400 naming the problem.
@Suite("Comparing with another recording: /inspector/diff and /inspector/survival")
struct CompareEndpointTests {
    static let tests = #filePath.split(separator: "/").dropLast(2).joined(separator: "/")

    static func fixture(_ path: String) throws -> [UInt8] { try FileIO.read("/" + tests + "/Fixtures/" + path) }

    /// The uid strings `AlignmentReport` writes.
    static func uid(_ tree: ViewTree, _ node: NodeID) -> String { tree.uidString(of: node) ?? String(node) }

    /// The `[old, new]` uid pairs of a `matches` or `moved` list.
    static func pairs(_ json: JSONValue?) -> Set<[String]> {
        guard case .array(let items)? = json else { return [] }
        return Set(items.compactMap { item -> [String]? in
            guard case .array(let two) = item, two.count == 2, let a = two[0].stringValue, let b = two[1].stringValue else { return nil }
            return [a, b]
        })
    }

    static func strings(_ json: JSONValue?) -> Set<String> {
        guard case .array(let items)? = json else { return [] }
        return Set(items.compactMap(\.stringValue))
    }

    static func ints(_ json: JSONValue?) -> [Int64] {
        guard case .array(let items)? = json else { return [] }
        return items.compactMap { if case .int(let v) = $0 { v } else { nil } }
    }

    /// The part of an answer `frankly diff --format json` prints.
    static func report(_ json: JSONValue) -> JSONValue {
        .object(["matches", "inserted", "deleted", "moved", "changed"].map { ($0, json[$0] ?? .null) })
    }

    @Test("the sample app against an edited copy: the alignment frankly diff prints, every edit where the edits put it")
    func sampleAgainstEditedCopy() async throws {
        let sample = Fixture.sample
        // Node ids are the sample app's preorder positions (Tests/Browser lists them too).
        let forgot = try #require(sample.node(withUID: "1060"))      // UIButton "Forgot password?"
        let wifi = try #require(sample.node(withUID: "1004"))        // the Wi-Fi cell, first of the table
        let screenTime = try #require(sample.node(withUID: "1037"))  // a cell, deleted with its 4 views
        let home = try #require(sample.node(withUID: "1080")), search = try #require(sample.node(withUID: "1083"))
        var plan = EditPlan()
        plan.rename(forgot, in: sample, to: "Reset password")
        plan.movedToEnd = [wifi]
        plan.deleted = [screenTime]
        plan.wrappers = [(children: [home, search], className: "UIView")]
        let edited = sample.edited(plan)
        let posted = edited.tree.dumpJSON()
        // What the server reads, read the same way here: the expected answer is computed, not copied.
        let compared = try HierarchyFormat.loadDetecting(posted).0
        let alignment = align(sample, compared)

        try await withServer { client, _ async throws in
            let response = try await client.post("/inspector/diff", bytes: posted)
            #expect(response.status == .ok)
            let json = response.json
            #expect(Self.report(json) == AlignmentReport.json(alignment, old: sample, new: compared),
                    "the same JSON as frankly diff --format json")
            // Against the edits' truth (EditedTree.counterpart), not only against the library.
            let matches = Self.pairs(json["matches"])
            for (old, new) in edited.counterpart {
                #expect(matches.contains([Self.uid(sample, old), Self.uid(compared, new)]),
                        "\(sample.className(of: old)) \(Self.uid(sample, old)) is matched to what it became")
            }
            #expect(matches.count == edited.counterpart.count)
            let deletedViews = (Int(screenTime)..<Int(sample.ends[Int(screenTime)])).map { Self.uid(sample, NodeID($0)) }
            #expect(Self.strings(json["deleted"]) == Set(deletedViews) && deletedViews.count == 5)
            #expect(Self.strings(json["inserted"]) == Set(edited.added.map { Self.uid(compared, $0) }) && edited.added.count == 1)
            let moved = Self.pairs(json["moved"])
            #expect(moved.contains([Self.uid(sample, wifi), Self.uid(compared, edited.counterpart[wifi]!)]), "the Wi-Fi cell moved to the end")
            #expect(moved.contains([Self.uid(sample, home), Self.uid(compared, edited.counterpart[home]!)]), "Home went into the wrapper")
            guard case .array(let changed)? = json["changed"] else { Issue.record("no changed list"); return }
            let renamed = changed.first { $0["old"] == .string("1060") }
            #expect(renamed?["new"] == .string(Self.uid(compared, edited.counterpart[forgot]!)))
            guard case .array(let properties)? = renamed?["properties"] else { Issue.record("the renamed button is not changed"); return }
            #expect(properties.contains("accessibilityLabel"))

            // What the page draws from: the recording's tree in /inspector/tree's form, each served
            // view's counterpart by node id, and the edit flags per view on each side.
            #expect(json["format"] == "dump")
            #expect(json["servedCount"] == .int(Int64(sample.count)))
            #expect(json["tree"]?["count"] == .int(Int64(compared.count)))
            #expect(Self.ints(json["tree"]?["parent"]) == compared.parents.map(Int64.init))
            let counterpart = Self.ints(json["counterpart"])
            #expect(counterpart.count == sample.count)
            for old in 0..<sample.count {
                #expect(counterpart[old] == Int64(edited.counterpart[NodeID(old)] ?? -1), "counterpart of node \(old)")
            }
            let servedEdits = Self.ints(json["edits"]?["served"]), comparedEdits = Self.ints(json["edits"]?["compared"])
            #expect(servedEdits.count == sample.count && comparedEdits.count == compared.count)
            #expect(servedEdits[Int(screenTime)] & 1 == 1, "deleted")
            #expect(comparedEdits[Int(edited.added[0])] & 1 == 1, "inserted")
            #expect(servedEdits[Int(wifi)] & 2 == 2 && comparedEdits[Int(edited.counterpart[wifi]!)] & 2 == 2, "moved")
            #expect(servedEdits[Int(forgot)] & 4 == 4 && comparedEdits[Int(edited.counterpart[forgot]!)] & 4 == 4, "changed")
            #expect(servedEdits[0] == 0, "the window is the same")
        }
    }

    @Test("two real recordings of iOS Settings, English served and Chinese posted: the Accessibility cell and its title are paired")
    func settingsInTwoLocales() async throws {
        let english = try HierarchyFormat.loadDetecting(try Self.fixture("appium/locators/ios_settings_top_shirates.xml")).0
        let chineseBytes = try Self.fixture("real/xcuitest_ios_settings_zh_uiautodev.xml")
        let chinese = try HierarchyFormat.loadDetecting(chineseBytes).0
        try await withServer(tree: english) { client, _ async throws in
            let json = try await client.post("/inspector/diff", bytes: chineseBytes).json
            #expect(json["format"] == "xcuitest")
            #expect(Self.report(json) == AlignmentReport.json(align(english, chinese), old: english, new: chinese))
            // As Tests/LocatorGateTests/CheckTests.swift pins with the library: cell 25 is 辅助功能 (104),
            // its title ACCESSIBILITY (27) is 106.
            let matches = Self.pairs(json["matches"])
            #expect(matches.contains(["25", "104"]) && matches.contains(["27", "106"]))
            #expect(json["tree"]?["count"] == .int(Int64(chinese.count)))
        }
    }

    @Test("a recording over maxRecordingBytes is 413, declared or not, while other routes keep maxBodyBytes")
    func oversizedRecording() async throws {
        var configuration = Fixture.configuration()
        configuration.maxRecordingBytes = 4096
        configuration.maxBodyBytes = 100
        let server = Fixture.server(SnapshotHost(tree: Fixture.sample), configuration: configuration)
        let small = N("UIWindow", "1", [], [N("UIButton", "2", label: "OK")]).build().dumpJSON()
        try await withRunningServer(server) { _, port async throws in
            let tooLarge = JSONValue.franklyError("request too large", "the request body is larger than 4096 bytes")
            // Sent whole, with its length: the declared length is refused before the body is read.
            let padded = small + [UInt8](repeating: UInt8(ascii: " "), count: 4097 - small.count)
            for path in ["/inspector/diff", "/inspector/survival/1"] {
                let response = try await OneShotHTTPClient(port: port).post(path, bytes: padded)
                #expect(response.status == .contentTooLarge, "\(path)")
                #expect(response.json == tooLarge, "\(path)")
            }
            // Declared and never sent: answered from the head alone.
            let declared = try await HTTPTestConnection.with(port: port, readTimeout: .seconds(25)) { connection in
                try await connection.execute(uri: "/inspector/diff", method: .post, headers: [.contentLength: "100000000"], body: nil)
            }
            #expect(declared.status == .contentTooLarge)
            #expect(declared.headers[.connection] == "close")
            // Chunked, with no length: cut off as the body arrives, before it ends (the last chunk is
            // never sent, so only a limit enforced while reading can answer).
            let chunked = try await RawHTTP.exchange(port: port, head: "POST /inspector/diff HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nTransfer-Encoding: chunked\r\n\r\n",
                                                     body: Array("1000\r\n".utf8) + [UInt8](repeating: UInt8(ascii: " "), count: 4096) + Array("\r\n1000\r\n".utf8)
                                                        + [UInt8](repeating: UInt8(ascii: " "), count: 4096) + Array("\r\n".utf8))
            #expect(chunked.hasPrefix("HTTP/1.1 413"), "\(chunked.prefix(200))")
            #expect(chunked.contains("larger than 4096 bytes"))
            // Under both limits' sum but over maxBodyBytes: a recording is read on its own routes...
            let accepted = try await OneShotHTTPClient(port: port).post("/inspector/diff", bytes: small + [UInt8](repeating: UInt8(ascii: " "), count: 200))
            #expect(accepted.status == .ok && accepted.json["servedCount"] == .int(Int64(Fixture.sample.count)))
            // ...and nowhere else.
            let map = try await OneShotHTTPClient(port: port).post("/map", bytes: small + [UInt8](repeating: UInt8(ascii: " "), count: 200))
            #expect(map.status == .contentTooLarge)
            #expect(try await OneShotHTTPClient(port: port).get("/version").status == .ok)
        }
    }

    @Test("a malformed, unknown, empty, too large or too deep recording is 400 naming the problem",
          arguments: [
            ("truncated XCUITest XML", Array(#"<?xml version="1.0"?><XCUIElementTypeApplication name="x"><XCUIElementTypeButton name="#.utf8), "cannot load this xcuitest recording: malformed XCUITest XML: the document ends inside"),
            ("broken /dump JSON", Array(#"{"class":"UIWindow","subviews":[{"class":}]}"#.utf8), "cannot load this dump recording: invalid /dump JSON"),
            ("not a recording", Array("hello, world".utf8), "cannot tell the format"),
            ("an unknown XML document", Array("<html><body/></html>".utf8), "cannot tell the format"),
            ("an empty body", [], "the request body is empty"),
            ("more views than maxRecordingViews", Fixture.sample.dumpJSON(), "50"),
            ("deeper than maxRecordingDepth", CompareEndpointTests.chain(depth: 40, xml: true), "20"),
            ("a /dump deeper than maxRecordingDepth", CompareEndpointTests.chain(depth: 40, xml: false), "20"),
          ] as [(String, [UInt8], String)])
    func malformedRecording(name: String, body: [UInt8], naming: String) async throws {
        var configuration = Fixture.configuration()
        configuration.maxRecordingViews = 50
        configuration.maxRecordingDepth = 20
        let server = Fixture.server(SnapshotHost(tree: Fixture.sample), configuration: configuration)
        try await withServer(server) { client async throws in
            for path in ["/inspector/diff", "/inspector/survival/3"] {
                let response = try await client.post(path, bytes: body)
                #expect(response.status == .badRequest, "\(name) to \(path)")
                #expect(response.json["reason"] == "invalid recording", "\(name) to \(path)")
                let details = response.json["details"]?.stringValue ?? ""
                #expect(details.contains(naming), "\(name) to \(path): \(details)")
            }
            // The server is still up and still compares.
            let fine = try await client.post("/inspector/diff", bytes: N("UIWindow", "1").build().dumpJSON())
            #expect(fine.status == .ok)
        }
    }

    /// A chain of `depth` nested views, as XCUITest XML or a `/dump`.
    static func chain(depth: Int, xml: Bool) -> [UInt8] {
        if xml {
            return Array((String(repeating: "<XCUIElementTypeOther name=\"x\">", count: depth)
                          + String(repeating: "</XCUIElementTypeOther>", count: depth)).utf8)
        }
        return Array((String(repeating: #"{"class":"UIView","subviews":["#, count: depth)
                      + String(repeating: "]}", count: depth)).utf8)
    }

    @Test("a page on another origin, or a rebinding Host, may not post a recording")
    func crossOrigin() async throws {
        let posted = N("UIWindow", "1", [], [N("UIButton", "2", label: "OK")]).build().dumpJSON()
        try await withRunningServer { _, port async throws in
            let client = OneShotHTTPClient(port: port)
            for path in ["/inspector/diff", "/inspector/survival/1"] {
                for headers in [[("Origin", "http://evil.example"), ("Content-Type", "text/plain")],
                                [("Sec-Fetch-Site", "cross-site")],
                                [("Referer", "http://evil.example/page.html")],
                                [("Host", "evil.example:\(port)")]] {
                    let response = try await client.execute(uri: path, method: .post, headers: OriginGuardTests.fields(headers),
                                                            body: ByteBuffer(bytes: posted))
                    #expect(response.status == .forbidden, "\(path) \(headers)")
                    #expect(response.json["reason"] == "request refused", "\(path) \(headers)")
                }
            }
            // The inspector page itself (its own origin) may.
            let own = try await client.execute(uri: "/inspector/diff", method: .post,
                                               headers: OriginGuardTests.fields([("Origin", "http://127.0.0.1:\(port)")]),
                                               body: ByteBuffer(bytes: posted))
            #expect(own.status == .ok)
        }
    }

    @Test("past maxConcurrentComparisons a comparison is 503 once its body has arrived; a freed slot compares again")
    func busy() async throws {
        var configuration = Fixture.configuration()
        configuration.maxConcurrentComparisons = 1
        let server = Fixture.server(SnapshotHost(tree: Fixture.sample), configuration: configuration)
        let posted = N("UIWindow", "1").build().dumpJSON()
        try await withRunningServer(server) { server, port async throws in
            var held = server.comparisons.take()
            #expect(held != nil && server.comparisons.take() == nil)
            let refused = try await OneShotHTTPClient(port: port).post("/inspector/diff", bytes: posted)
            #expect(refused.status == .serviceUnavailable)
            #expect(refused.json["reason"] == "server busy")
            #expect(refused.headers[.connection] == "close")
            // Cheap routes do not wait for comparisons.
            #expect(try await OneShotHTTPClient(port: port).get("/version").status == .ok)
            held = nil
            _ = held
            #expect(try await OneShotHTTPClient(port: port).post("/inspector/diff", bytes: posted).status == .ok)
            #expect(server.comparisons.inUse == 0, "every slot is given back")
        }
    }

    /// The served screen: two buttons. In the posted recording (a new build) the OK button's
    /// identifier was renamed, its label kept; Cancel is unchanged.
    static let served = N("UIWindow", "1", [], [N("UIView", "2", [], [
        N("UIButton", "3", label: "OK", [("accessibilityIdentifier", .string("confirm"))]),
        N("UIButton", "4", label: "Cancel", [("accessibilityIdentifier", .string("dismiss"))]),
    ])]).build()
    static let renamedIdentifier = N("UIWindow", "1", [], [N("UIView", "2", [], [
        N("UIButton", "3", label: "OK", [("accessibilityIdentifier", .string("ok-button"))]),
        N("UIButton", "4", label: "Cancel", [("accessibilityIdentifier", .string("dismiss"))]),
    ])]).build()

    @Test("survival-ranked suggestions: a renamed identifier sends the identifier selectors below the label ones, each with its rate")
    func survivalRanking() async throws {
        let server = FranklyServer(host: SnapshotHost(tree: Self.served), registry: .standard(),
                                   configuration: Fixture.configuration(), logger: LogCapture().logger)
        try await withServer(server) { client async throws in
            // Node 2 is the OK button (preorder: window, view, OK, Cancel).
            let json = try await client.post("/inspector/survival/2", bytes: Self.renamedIdentifier.dumpJSON()).json
            #expect(json["id"] == 2)
            #expect(json["counterpart"] == 2, "the OK button is still the OK button")
            #expect(json["recordings"] == 2)
            #expect(json["selectorsStopped"] == nil)
            guard case .array(let all)? = json["suggestions"] else { Issue.record("no suggestions: \(json)"); return }
            func ranked(_ engine: String) -> [(String, [JSONValue], Double)] {
                all.filter { $0["engine"] == .string(engine) }.map { s in
                    guard case .array(let survives)? = s["survives"] else { return ("", [], -1) }
                    return (s["selector"]?.stringValue ?? "", survives, s["rate"]?.numberValue ?? -1)
                }
            }
            // By hand: the predicate engine offers, in its order, the identifier, class and label,
            // label alone, and class alone. On the served tree the first three select the OK button
            // alone (the class selects both buttons: not surviving anywhere, left out). On the new
            // build the identifier selects nothing (renamed), while class-and-label and label still
            // select its counterpart alone. So the ranking puts the engine's first candidate last.
            let predicate = ranked("predicate")
            #expect(predicate.map(\.0) == ["type == 'UIButton' AND accessibilityLabel == 'OK'",
                                           "accessibilityLabel == 'OK'", "accessibilityIdentifier == 'confirm'"])
            #expect(predicate.map(\.1) == [[true, true], [true, true], [true, false]])
            #expect(predicate.map(\.2) == [1, 1, 0.5])
            // The served tree is a Frank recording: Appium's strategies are not its tool's, so not offered.
            #expect(ranked("accessibility_id").isEmpty && ranked("xpath").isEmpty)
            #expect(!ranked("shelley").isEmpty)
            // Every engine's list runs from its best rate down, and nothing that survives nowhere is sent.
            for engine in Set(all.compactMap { $0["engine"]?.stringValue }) {
                let rates = ranked(engine).map(\.2)
                #expect(rates == rates.sorted(by: >) && rates.allSatisfy { $0 > 0 }, "\(engine): \(rates)")
            }
            // The same ranking LocatorGate gives `frankly suggest`, not a second one.
            let library = EngineRegistry.standard().robustSuggestions(
                for: 2, in: [Self.served, try HierarchyFormat.loadDetecting(Self.renamedIdentifier.dumpJSON()).0])
            #expect(all.map { $0["selector"]?.stringValue ?? "" } == library.map(\.selector))

            // A view outside the served tree is 404; Cancel, unchanged, survives everywhere.
            #expect(try await client.post("/inspector/survival/9", bytes: Self.renamedIdentifier.dumpJSON()).status == .notFound)
            let cancel = try await client.post("/inspector/survival/3", bytes: Self.renamedIdentifier.dumpJSON()).json
            #expect(cancel["counterpart"] == 3)
            guard case .array(let cancelled)? = cancel["suggestions"] else { Issue.record("no suggestions"); return }
            #expect(!cancelled.isEmpty && cancelled.allSatisfy { $0["rate"]?.numberValue == 1 })
        }
    }

    /// A server whose registry has `gated`, an engine whose every query parks at `gate` first and
    /// which suggests a view's label (Tests/FranklyServerTests/LaneTestSupport.swift).
    static func gatedServer(_ gate: ParkingGate, respectsDeadline: Bool, budget: Duration) throws -> FranklyServer {
        var c = Fixture.configuration()
        c.maxConcurrentComparisons = 1
        c.queryTimeBudget = budget
        let registry = TestEngines.registry()
        try registry.register(ParkingEngine(name: "gated", gate: gate, respectsDeadline: respectsDeadline))
        return FranklyServer(host: SnapshotHost(tree: Fixture.sample), registry: registry, configuration: c,
                             logger: LogCapture().logger)
    }

    @Test("a comparison held inside its ranking does not hold the server: /version and /inspector/select answer, a second comparison is 503")
    func comparisonRunsInTheLane() async throws {
        // Ordering, not timing: the ranking's first query parks inside the matcher until the other
        // requests have answered.
        let gate = ParkingGate()
        let server = try Self.gatedServer(gate, respectsDeadline: false, budget: .seconds(120))
        let forgot = try #require(Fixture.sample.node(withUID: "1060"))   // "Forgot password?": its label names it alone
        let posted = Fixture.sample.dumpJSON()
        try await withRunningServer(server) { server, port async throws in
            let finished = Locked(false)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    let answer = try await OneShotHTTPClient(port: port).post("/inspector/survival/\(forgot)", bytes: posted).json
                    guard case .array(let ranked)? = answer["suggestions"] else { Issue.record("no suggestions: \(answer)"); return }
                    #expect(ranked.contains { $0["engine"] == "gated" && $0["selector"] == "Forgot password?"
                                              && $0["survives"] == .array([true, true]) }, "\(answer)")
                    finished.withLock { $0 = true }
                }
                #expect(await gate.waitForEntries(1), "the ranking reached the matcher")
                #expect(server.comparisons.inUse == 1)
                #expect(try await OneShotHTTPClient(port: port).get("/version").status == .ok)
                let select = try await OneShotHTTPClient(port: port).post("/inspector/select", #"{"query":"1060","engine":"uids"}"#).json
                #expect(select["count"] == 1)
                let second = try await OneShotHTTPClient(port: port).post("/inspector/diff", bytes: posted)
                #expect(second.status == .serviceUnavailable)
                #expect(finished.withLock { $0 } == false, "the comparison was still parked while the others answered")
                gate.open()
                try await group.waitForAll()
            }
            #expect(server.comparisons.inUse == 0)
        }
    }

    @Test("a ranking past queryTimeBudget stops and says so instead of holding its worker")
    func rankingStopsAtTheBudget() async throws {
        let gate = ParkingGate()   // never opened: the ranking's query leaves at its deadline
        let server = try Self.gatedServer(gate, respectsDeadline: true, budget: .seconds(3))
        let forgot = try #require(Fixture.sample.node(withUID: "1060"))
        try await withServer(server) { client async throws in
            let answer = try await client.post("/inspector/survival/\(forgot)", bytes: Fixture.sample.dumpJSON()).json
            #expect(answer["selectorsStopped"]?.stringValue?.contains("time budget") == true, "\(answer)")
            #expect(answer["suggestions"] == .array([]))
            #expect(gate.entered == 1 && gate.left == 1)
        }
    }

    @Test("with a deadline already passed, the ranking throws instead of ranking what it never ran")
    func rankingKeepsToItsDeadline() throws {
        let registry = EngineRegistry.standard()
        let trees = [Self.served, Self.renamedIdentifier]
        #expect(throws: SelectorError.self) {
            _ = try registry.robustSuggestions(for: 2, in: trees, counterparts: [2, 2],
                                               deadline: ContinuousClock.now.advanced(by: .seconds(-1)))
        }
        // With time left it ranks as the alignment-computing form does.
        let ranked = try registry.robustSuggestions(for: 2, in: trees, counterparts: [2, 2],
                                                    deadline: ContinuousClock.now.advanced(by: .seconds(60)))
        #expect(ranked == registry.robustSuggestions(for: 2, in: trees))
        #expect(!ranked.isEmpty)
    }

    @Test("a deleted view has no counterpart: its suggestions survive on the served tree only")
    func deletedView() async throws {
        let without = N("UIWindow", "1", [], [N("UIView", "2", [], [
            N("UIButton", "4", label: "Cancel", [("accessibilityIdentifier", .string("dismiss"))]),
        ])]).build()
        let server = FranklyServer(host: SnapshotHost(tree: Self.served), registry: .standard(),
                                   configuration: Fixture.configuration(), logger: LogCapture().logger)
        try await withServer(server) { client async throws in
            let json = try await client.post("/inspector/survival/2", bytes: without.dumpJSON()).json
            #expect(json["counterpart"] == .null)
            guard case .array(let all)? = json["suggestions"] else { Issue.record("no suggestions"); return }
            #expect(!all.isEmpty && all.allSatisfy { $0["survives"] == .array([true, false]) && $0["rate"]?.numberValue == 0.5 })
        }
    }
}

/// A raw HTTP exchange on a blocking socket, for requests the test client cannot send (a chunked
/// body left unfinished). The blocking calls run on a dispatch queue, not the cooperative pool the
/// server's handlers need.
enum RawHTTP {
    /// Sends `head` and `body`, never ends the body, and returns what the server answered before
    /// it closed the connection (or 20 s passed).
    static func exchange(port: Int, head: String, body: [UInt8]) async throws -> String {
        try await withCheckedThrowingContinuation { (c: CheckedContinuation<String, any Error>) in
            DispatchQueue.global().async {
                let fd: Int32
                do { fd = try loopbackSocket(port: port) } catch { c.resume(throwing: error); return }
                defer { close(fd) }
                let request = Array(head.utf8) + body
                // The server may answer and close before taking everything: a short send is fine.
                _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                var tv = timeval(tv_sec: 1, tv_usec: 0)
                setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
                let end = ContinuousClock.now + .seconds(20)
                var out: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 1 << 16)
                while ContinuousClock.now < end {
                    let n = recv(fd, &buffer, buffer.count, 0)
                    if n > 0 { out.append(contentsOf: buffer[..<n]); continue }
                    if n == 0 { break }
                    if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                        // A whole answer is enough: its body is a short JSON envelope.
                        if String(decoding: out, as: UTF8.self).contains("}") { break }
                        continue
                    }
                    break
                }
                c.resume(returning: String(decoding: out, as: UTF8.self))
            }
        }
    }
}
