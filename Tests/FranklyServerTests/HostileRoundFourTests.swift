@testable import FranklyServer
import Dispatch
import SelectorCore
import Synchronization
import Testing
import ViewSelectors
import ViewSelectorsTesting
#if canImport(Glibc)
import Glibc
#endif

/// A client that sends a request head and then its body a few bytes at a time, on its own thread,
/// until the server closes the connection or `stop()` is called; what the server answered is kept.
final class TricklingUploader: Sendable {
    private let answer = Locked<[UInt8]>([])
    private let closed = Atomic<Bool>(false)
    private let stopped = Atomic<Bool>(false)
    private let done = DispatchSemaphore(value: 0)

    /// Declares `declared` bytes, sends `burst` at once, then `step` bytes every `every`.
    init(port: Int, path: String, declared: Int, burst: Int = 0, step: Int = 1, every: Duration) throws {
        let fd = try loopbackSocket(port: port)
        let head = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: \(declared)\r\n\r\n"
        var tv = timeval(tv_sec: 0, tv_usec: 50_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        DispatchQueue.global().async { [self] in
            defer { close(fd); done.signal() }
            var first = Array(head.utf8) + [UInt8](repeating: UInt8(ascii: " "), count: burst)
            var sent = 0
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !stopped.load(ordering: .relaxed) && sent < declared {
                let chunk = first.isEmpty ? [UInt8](repeating: UInt8(ascii: " "), count: min(step, declared - sent)) : first
                let n = chunk.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if n < 0 { break }
                sent += first.isEmpty ? n : burst
                first = []
                // Wait `every`, reading whatever the server answers meanwhile.
                let until = ContinuousClock.now + every
                var ended = false
                while ContinuousClock.now < until && !stopped.load(ordering: .relaxed) {
                    let got = recv(fd, &buffer, buffer.count, 0)
                    if got > 0 { answer.withLock { $0 += buffer[..<got] }; continue }
                    if got == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) { ended = true; break }
                }
                if ended { closed.store(true, ordering: .relaxed); break }
            }
        }
    }

    /// Whether the server ended the connection.
    var wasClosed: Bool { closed.load(ordering: .relaxed) }
    /// The answer's text so far.
    var answerText: String { answer.withLock { String(decoding: $0, as: UTF8.self) } }

    /// Stops sending and waits for the thread.
    func stop() {
        if stopped.exchange(true, ordering: .relaxed) { return }
        done.wait()
    }
}

/// Issue 40, hostile clients round four: the attacks on the server, each reproduced as the report
/// made it, now answered without harm.
@Suite("Hostile clients, round four")
struct HostileRoundFourTests {
    /// Item 1: the exact `/map` body that killed the server: a maestro `text:` of 40 KB PCRE2
    /// refuses as a regex and cannot hold as a literal. Now an `invalid selector` naming the key
    /// and its column, and the server goes on answering.
    @Test func maestroPatternTooLargeForPCRE2IsAnError() async throws {
        let server = AbuseTests.server(SnapshotHost(tree: Fixture.sample))
        try await withServer(server) { client async throws in
            for key in ["text", "id"] {
                let query = "{\(key): \\\"(" + String(repeating: "a", count: 40_000) + "\\\"}"
                let body = #"{"query":""# + query + #"","selector_engine":"maestro","operation":{"method_name":"accessibilityLabel","arguments":[]}}"#
                let answer = try await client.post("/map", body).json
                #expect(answer["outcome"] == "ERROR", "\(key)")
                #expect(answer["reason"] == "invalid selector", "\(key)")
                #expect(answer["details"]?.stringValue?.contains("`\(key)`") == true, "\(answer["details"] ?? .null)")
            }
            #expect(try await client.get("/version").status == .ok)
        }
    }

    static func compareServer(_ configure: (inout FranklyServerConfiguration) -> Void) -> FranklyServer {
        var c = Fixture.configuration()
        configure(&c)
        return FranklyServer(host: SnapshotHost(tree: Fixture.sample), registry: TestEngines.realRegistry(), configuration: c,
                             logger: LogCapture().logger)
    }

    /// Item 2: two sockets declaring 32 MiB and sending a byte every half second used to hold both
    /// comparison slots (15 of 15 real comparisons answered 503 for 75 s). Now the slots are taken
    /// once a body is whole, so the real comparisons beside them all answer; the tricklers fall
    /// below the minimum rate after the grace and are answered 408 with the connection closed.
    @Test func tricklingUploadsDoNotStarveComparisons() async throws {
        let server = Self.compareServer { c in
            c.recordingUploadGrace = .seconds(1)
        }
        let posted = Fixture.sample.dumpJSON()
        try await withRunningServer(server) { server, port async throws in
            let tricklers = try (0..<2).map { _ in
                try TricklingUploader(port: port, path: "/inspector/diff", declared: 32 << 20, every: .milliseconds(500))
            }
            defer { tricklers.forEach { $0.stop() } }
            // Both tricklers are sending while these run (each real comparison takes well under the grace).
            for _ in 0..<4 {
                let answer = try await OneShotHTTPClient(port: port).post("/inspector/diff", bytes: posted)
                #expect(answer.status == .ok, "\(answer.json)")
            }
            // Cut once they fall behind: about a second after the grace; a generous bound for loaded machines.
            let end = ContinuousClock.now + .seconds(30)
            while ContinuousClock.now < end && !tricklers.allSatisfy(\.wasClosed) { try await Task.sleep(for: .milliseconds(100)) }
            for t in tricklers {
                #expect(t.wasClosed)
                #expect(t.answerText.hasPrefix("HTTP/1.1 408"), "\(t.answerText.prefix(200))")
                #expect(t.answerText.contains("request too slow") && t.answerText.contains("minRecordingBytesPerSecond"))
            }
            #expect(server.comparisons.inUse == 0)
            #expect(server.uploads.inUse == 0, "the bytes the tricklers sent were given back")
        }
    }

    /// Item 2, the other half: a client that sends a burst fast and then stalls keeps up the
    /// average rate for a long time, so the total time bounds it (408 at `maxRecordingUploadTime`).
    @Test func burstThenStallEndsAtTheTotalTime() async throws {
        let server = Self.compareServer { c in
            c.recordingUploadGrace = .seconds(1)
            c.maxRecordingUploadTime = .seconds(2)
        }
        try await withRunningServer(server) { server, port async throws in
            let started = ContinuousClock.now
            let t = try TricklingUploader(port: port, path: "/inspector/diff", declared: 4 << 20, burst: 1 << 20,
                                          every: .seconds(60))
            defer { t.stop() }
            while ContinuousClock.now - started < .seconds(30) && !t.wasClosed { try await Task.sleep(for: .milliseconds(100)) }
            #expect(t.wasClosed && t.answerText.hasPrefix("HTTP/1.1 408"), "\(t.answerText.prefix(200))")
            // Not before the total time: 1 MiB in the first second is far above the minimum rate.
            #expect(ContinuousClock.now - started >= .seconds(2))
            #expect(server.uploads.inUse == 0)
        }
    }

    /// Item 2, memory: bodies being read hold at most `maxRecordingBytesInFlight` together,
    /// counted as they arrive; the upload that would pass it is 503, and the bytes are given back.
    @Test func uploadsInFlightAreBoundedInBytes() async throws {
        let server = Self.compareServer { c in
            c.maxRecordingBytesInFlight = 256 << 10
            c.recordingUploadGrace = .seconds(60)
            c.maxRecordingUploadTime = .seconds(60)
        }
        try await withRunningServer(server) { server, port async throws in
            // Holds 200 KiB and waits.
            let holder = try TricklingUploader(port: port, path: "/inspector/diff", declared: 1 << 20, burst: 200 << 10,
                                               every: .seconds(60))
            defer { holder.stop() }
            let end = ContinuousClock.now + .seconds(30)
            while ContinuousClock.now < end && server.uploads.inUse < 200 << 10 { try await Task.sleep(for: .milliseconds(50)) }
            #expect(server.uploads.inUse == 200 << 10)
            let big = [UInt8](repeating: UInt8(ascii: " "), count: 100 << 10) + Fixture.sample.dumpJSON()
            let refused = try await OneShotHTTPClient(port: port).post("/inspector/diff", bytes: big)
            #expect(refused.status == .serviceUnavailable)
            #expect(refused.json["details"]?.stringValue?.contains("maxRecordingBytesInFlight") == true)
            // A small one still fits beside the holder.
            let small = N("UIWindow", "1").build().dumpJSON()
            #expect(try await OneShotHTTPClient(port: port).post("/inspector/diff", bytes: small).status == .ok)
            holder.stop()
            let freed = ContinuousClock.now + .seconds(30)
            while ContinuousClock.now < freed && server.uploads.inUse != 0 { try await Task.sleep(for: .milliseconds(50)) }
            #expect(server.uploads.inUse == 0)
        }
    }
}

/// Issue 40, item 7: stalled `/dump` readers with a write between each pinned one edited copy of
/// the tree apiece (40 readers, 895 MB at 10^6 views). What all streams hold is now counted in
/// bytes, each buffer once however many share it, against `maxStreamedBytes`.
@Suite("Stalled readers hold bounded bytes together")
struct PinnedStreamTests {
    static let tree = StalledReaderTests.tree

    /// The bytes of the tree's buffers, each once.
    static func bytes(_ trees: [ViewTree]) -> Int {
        var seen: [UInt: Int] = [:]
        for t in trees { for b in t.storageBuffers { seen[b.identity] = b.bytes } }
        return seen.values.reduce(0, +)
    }

    @Test func editedCopiesShareTheirUneditedBuffers() {
        let edited = Self.tree.setting("accessibilityLabel", to: .string("x"), on: [3])
        let one = Self.bytes([Self.tree]), both = Self.bytes([Self.tree, edited])
        let column = Self.tree.columns["accessibilityLabel"]!.approximateBytes
        #expect(one > 0)
        // Only the edited column is new: its ids and its pool.
        #expect(both > one && both - one <= column + 64)
        #expect(Self.bytes([Self.tree, Self.tree]) == one)
    }

    @Test func readersOfEditedTreesAreBoundedInBytesAndReadersOfOneTreeAreNot() async throws {
        let one = Self.bytes([Self.tree])
        let label = Self.tree.columns["accessibilityLabel"]!.approximateBytes
        let host = SnapshotHost(tree: Self.tree)
        var c = Fixture.configuration()
        c.maxConcurrentStreams = 40
        c.stalledWriteTimeout = .seconds(120)
        // The tree and three edited label columns.
        c.maxStreamedBytes = one + 3 * label + label / 2
        let server = FranklyServer(host: host, registry: TestEngines.realRegistry(), configuration: c, logger: LogCapture().logger)
        try await withRunningServer(server) { server, port async throws in
            // Ten readers of one tree: they hold it once, and all are sent.
            var readers: [StalledReader] = []
            for _ in 0..<10 { readers.append(try StalledReader(port: port, path: "/dump")) }
            let end = ContinuousClock.now + .seconds(60)
            while server.streamsInFlight < 10 && ContinuousClock.now < end { try await Task.sleep(for: .milliseconds(20)) }
            #expect(server.streamsInFlight == 10)
            #expect(server.streams.pinned.inUse == one)
            // Readers with a write between each: each new one holds a new label column.
            var refused = 0
            for k in 0..<8 {
                try await withClient(port: port) { client async throws in
                    _ = try await client.map("view:'UIButton'", "setAccessibilityLabel:", [.string("v\(k)")], engine: "shelley")
                }
                let reader = try StalledReader(port: port, path: "/dump")
                readers.append(reader)
                let before = server.streamsInFlight
                let wait = ContinuousClock.now + .seconds(30)
                var answered: Int?
                while ContinuousClock.now < wait {
                    if server.streamsInFlight > before { break }
                    var peek = [UInt8](repeating: 0, count: 512)
                    let n = recv(reader.fd, &peek, peek.count, Int32(MSG_PEEK | MSG_DONTWAIT))
                    if n > 0 { answered = StalledReader.status(of: Array(peek[..<n])); if answered == 503 { break } }
                    try await Task.sleep(for: .milliseconds(20))
                }
                if answered == 503 {
                    refused += 1
                    var peek = [UInt8](repeating: 0, count: 2048)
                    let n = recv(reader.fd, &peek, peek.count, Int32(MSG_PEEK | MSG_DONTWAIT))
                    #expect(String(decoding: peek[..<max(0, n)], as: UTF8.self).contains("maxStreamedBytes"))
                }
                #expect(server.streams.pinned.inUse <= c.maxStreamedBytes)
            }
            #expect(refused == 5, "three edited copies fit beside the tree, the other five are refused")
            readers.removeAll()
            let freed = ContinuousClock.now + .seconds(60)
            while server.streamsInFlight > 0 && ContinuousClock.now < freed { try await Task.sleep(for: .milliseconds(50)) }
            #expect(server.streams.pinned.inUse == 0)
        }
    }
}

/// Issue 40, item 3: the comparison's alignment stops at the request's deadline and answers the
/// budget error, naming the alignment, instead of running on past it.
@Suite struct CompareDeadlineTests {
    @Test func alignmentPastItsDeadlineIsTheBudgetError() throws {
        let tree = StalledReaderTests.tree
        #expect {
            _ = try Endpoints.aligned(tree, tree, ContinuousClock.now)
        } throws: { error in
            guard let error = error as? FranklyError else { return false }
            return error.reason == "time budget exceeded" && error.details.contains("aligning the recordings")
        }
        // With time to spare it aligns (a tree with itself: every view its own counterpart).
        let sample = Fixture.sample
        let alignment = try Endpoints.aligned(sample, sample, ContinuousClock.now + .seconds(600))
        #expect(alignment.matches.count == sample.count && alignment.isIdentity)
    }

    /// The endpoint with a budget far below what aligning 10^5 views takes: the budget error, and
    /// the lane's worker comes back for the next request.
    @Test func diffEndpointAnswersTheBudgetError() async throws {
        var c = Fixture.configuration()
        c.queryTimeBudget = .milliseconds(300)
        let tree = StalledReaderTests.tree
        let server = FranklyServer(host: SnapshotHost(tree: tree), registry: TestEngines.realRegistry(), configuration: c,
                                   logger: LogCapture().logger)
        try await withServer(server) { client async throws in
            let answer = try await client.post("/inspector/diff", bytes: tree.dumpJSON())
            #expect(answer.json["reason"] == "time budget exceeded", "\(answer.json)")
            #expect(try await client.get("/version").status == .ok)
        }
    }
}
