import FranklyServer
import Foundation
import SelectorCore
import SyntheticHierarchy
import Testing
import ViewSelectors

/// The process's resident memory and its high-water mark, from /proc (Linux); nil elsewhere.
enum ProcessMemory {
    static func status(_ field: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            let kB = line.dropFirst(field.count + 1).split(separator: " ").first.flatMap { Int($0) }
            return kB.map { $0 * 1024 }
        }
        return nil
    }
    /// Resident bytes now.
    static var resident: Int? { status("VmRSS") }
    /// The most resident bytes the process has had.
    static var peak: Int? { status("VmHWM") }
}

/// Issue 28, item 8: a `/map` answer is bounded in bytes, counted while its results are made, so a
/// megabyte label read from hundreds of views is refused with an error naming the limit instead
/// of being built (575 MB, peak RSS 1.6 GB, for `view view` in the report).
@Suite("/map answers bounded in bytes")
struct AnswerBytesTests {
    static func server(_ host: SnapshotHost, maxAnswerBytes: Int) -> FranklyServer {
        var c = Fixture.configuration()
        c.maxAnswerBytes = maxAnswerBytes
        c.queryTimeBudget = .seconds(120)
        return FranklyServer(host: host, registry: TestEngines.realRegistry(), configuration: c, logger: LogCapture().logger)
    }

    @Test("the default limit is 64 MiB")
    func defaultLimit() {
        #expect(FranklyServerConfiguration().maxAnswerBytes == 64 << 20)
    }

    @Test("a 1 MB label on every view, then `view view`: refused naming the limit, memory near the limit")
    func megabyteLabelOnEveryView() async throws {
        let tree = SyntheticApp.generate(nodes: 100)
        let host = SnapshotHost(tree: tree)
        let limit = 8 << 20
        try await withServer(Self.server(host, maxAnswerBytes: limit)) { client async throws in
            let label = String(repeating: "b", count: 1_000_000)
            let set = try await client.map("view", "setAccessibilityLabel:", [.string(label)], engine: "uiquery")
            #expect(set.results?.count ?? 0 > 50, "\(set)")
            // Every view selected once per ancestor view: hundreds of results, hundreds of MB whole.
            let peakBefore = ProcessMemory.peak
            for query in ["view view", "view view view"] {
                let answer = try await client.map(query, "accessibilityLabel", engine: "uiquery")
                #expect(answer["outcome"] == "ERROR")
                #expect(answer["reason"] == "answer too large", "\(answer)")
                let details = answer["details"]?.stringValue ?? ""
                #expect(details.contains("FranklyServerConfiguration.maxAnswerBytes"), "\(details)")
                #expect(details.contains("at most \(limit) bytes"), "\(details)")
            }
            // The refused answers built about 8 MB of results each; the whole ones would be
            // hundreds of MB. Other suites share the process, so the bound is loose.
            if let before = peakBefore, let after = ProcessMemory.peak {
                #expect(after - before < 256 << 20, "peak RSS grew \((after - before) >> 20) MB")
            }
            // A getter that fits still answers, and the server is up.
            let one = try await client.map("window", "accessibilityLabel", engine: "uiquery")
            #expect(one.results?.first?.stringValue?.utf8.count == 1_000_000)
            #expect(try await client.get("/version").status == .ok)
        }
    }

    @Test("an answer under the limit but over one chunk is streamed and reads back whole")
    func streamedAnswerIsWhole() async throws {
        let tree = SyntheticApp.generate(nodes: 300)
        let host = SnapshotHost(tree: tree)
        try await withServer(Self.server(host, maxAnswerBytes: 4 << 20)) { client async throws in
            let label = String(repeating: "q\"", count: 20_000)  // 40 KB, 60 KB as JSON (escaped quotes)
            _ = try await client.map("button", "setAccessibilityLabel:", [.string(label)], engine: "uiquery")
            let response = try await client.post("/map", mapBody("button", "accessibilityLabel", [], engine: "uiquery"))
            let answer = response.json
            let results = try #require(answer.results, "\(answer)")
            #expect(results.count > 2)
            #expect(results.allSatisfy { $0 == .string(label) })
            #expect(response.body.readableBytes > 64 << 10)
            #expect(response.headers[.contentLength] == nil, "a multi-chunk answer is streamed")
        }
    }

    @Test("a setter whose null per view would pass the limit is refused before it changes anything")
    func setterRefusedBeforeItRuns() async throws {
        let tree = SyntheticApp.generate(nodes: 300)
        let host = SnapshotHost(tree: tree)
        try await withServer(Self.server(host, maxAnswerBytes: 200)) { client async throws in
            let answer = try await client.map("view", "setAccessibilityLabel:", [.string("x")], engine: "uiquery")
            #expect(answer["reason"] == "answer too large", "\(answer)")
            #expect(host.tree.string("accessibilityLabel", of: 0) != "x")
            #expect(try await client.map("window", "setAccessibilityLabel:", [.string("x")], engine: "uiquery").results == [.null])
        }
    }

    @Test("the performer stops at the limit after one result too many")
    func performerCountsAsItGoes() throws {
        var b = ViewTreeBuilder()
        let root = b.addNode(className: "UIWindow")
        for _ in 0..<100 {
            let label = b.addNode(className: "UILabel", parent: root)
            b.setString("accessibilityLabel", String(repeating: "z", count: 1000), on: label)
        }
        let tree = b.build()
        let nodes = Array(NodeID(1)...NodeID(100))
        let performer = OperationPerformer()
        let error = #expect(throws: OperationError.self) {
            try performer.perform(Operation("accessibilityLabel"), on: nodes, in: tree, maxAnswerBytes: 10_000)
        }
        // 1,003 bytes a result: the tenth passes 10,000.
        #expect(error?.details.contains("the results of 10 of the 100 selected views") == true, "\(String(describing: error))")
        let all = try performer.perform(Operation("accessibilityLabel"), on: nodes, in: tree, maxAnswerBytes: 200_000)
        #expect(all.results.count == 100)
        // The count is the JSON's length.
        var w = JSONWriter()
        w.value(.object([("outcome", "SUCCESS"), ("results", .array(all.results))]))
        #expect(AnswerBytes.envelope + all.results.reduce(99) { $0 + AnswerBytes.count($1) } == w.bytes.count)
    }
}
