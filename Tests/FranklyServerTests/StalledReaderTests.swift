@testable import FranklyServer
import Foundation
import SelectorCore
import SyntheticHierarchy
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A blocking TCP socket connected to the test server on 127.0.0.1, `prepare` run on it before it
/// connects (a receive buffer set after the handshake would not shrink the window advertised).
func loopbackSocket(port: Int, prepare: (Int32) -> Void = { _ in }) throws -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw HTTPTestClientError(description: "socket: \(errno)") }
    prepare(fd)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else { close(fd); throw HTTPTestClientError(description: "connect: \(errno)") }
    return fd
}

/// A client that sends one GET and then does not read: a plain blocking socket with a small
/// receive buffer, so the server's writes stall soon.
final class StalledReader {
    let fd: Int32

    init(port: Int, path: String) throws {
        fd = try loopbackSocket(port: port) { fd in
            var size: Int32 = 4096
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8)
        guard send(fd, request, request.count, 0) == request.count else {
            close(fd); throw HTTPTestClientError(description: "send: \(errno)")
        }
    }

    /// Reads until the server ends the connection or `timeout` passes; the bytes read and whether
    /// the server ended it.
    func drain(timeout: Duration) -> (bytes: [UInt8], closed: Bool) {
        var tv = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        let end = ContinuousClock.now + timeout
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while ContinuousClock.now < end {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n > 0 { out.append(contentsOf: buffer[..<n]); continue }
            if n == 0 { return (out, true) }
            if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { continue }
            return (out, true)  // reset by the server
        }
        return (out, false)
    }

    /// The status line's code, once the head has arrived.
    static func status(of bytes: [UInt8]) -> Int? {
        let head = String(decoding: bytes.prefix(32), as: UTF8.self)
        guard head.hasPrefix("HTTP/1.1 ") else { return nil }
        return Int(head.dropFirst(9).prefix(3))
    }

    deinit { close(fd) }
}

/// Issue 28, item 10: a client that requests a large stream and stops reading can hold little. Each
/// `/inspector/tree` reader held every view's frame (39 MB on 10^6 views) and each `/dump` reader
/// its snapshot; now frames are made per chunk, at most `maxConcurrentStreams` streams go out at
/// once, and a chunk not taken within `stalledWriteTimeout` closes the connection.
@Suite("Stalled readers hold bounded memory")
struct StalledReaderTests {
    static let tree = SyntheticApp.generate(nodes: 100_000)

    static func server(_ host: SnapshotHost, maxStreams: Int = 16, stall: Duration = .seconds(15)) -> FranklyServer {
        var c = Fixture.configuration()
        c.maxConcurrentStreams = maxStreams
        c.stalledWriteTimeout = stall
        return FranklyServer(host: host, registry: TestEngines.realRegistry(), configuration: c, logger: LogCapture().logger)
    }

    @Test("frames made a view at a time are wireframeRects(), on trees with and without frames")
    func lazyFramesMatch() {
        for tree in [Self.tree, Fixture.sample, DumpStreamTests.withChain, DumpStreamTests.twoRoots] {
            let walked = tree.wireframeRects()
            let upFront = UpFrontFrames.rects(tree)
            #expect(walked.count == tree.count)
            #expect(walked == upFront)
            #expect(walked.contains { $0 != nil } || tree.count < 10)
        }
    }

    @Test("stalled /dump readers past maxConcurrentStreams are answered 503, and stalled ones are closed")
    func stalledDumpReadersAreClosed() async throws {
        let host = SnapshotHost(tree: Self.tree)
        try await withRunningServer(Self.server(host, maxStreams: 4, stall: .seconds(2))) { server, port async throws in
            let whole = Self.tree.dumpJSON().count
            var readers: [StalledReader] = []
            for k in 0..<12 {
                readers.append(try StalledReader(port: port, path: "/dump"))
                // A write between readers: each stalled reader would pin its own version.
                try await withClient(port: port) { client async throws in
                    _ = try await client.map("view:'UIButton'", "setAccessibilityLabel:", [.string("v\(k)")], engine: "shelley")
                }
            }
            // Cheap endpoints and small answers still go.
            try await withClient(port: port) { client async throws in
                #expect(try await client.get("/version").status == .ok)
            }
            // Every stream the server started ends without a byte read here: the stall timeout
            // cuts it (waited for by the server's count, not a sleep: under TSan a stream can
            // take seconds to fill the socket buffers and stall). Then every reader finds its
            // connection ended before the document did.
            let giveUp = ContinuousClock.now + .seconds(120)
            while server.streamsInFlight > 0 && ContinuousClock.now < giveUp {
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(server.streamsInFlight == 0, "streams still being sent to readers that read nothing")
            #expect(server.streamsClosedStalled >= 1)
            var busy = 0, cut = 0
            for reader in readers {
                let (bytes, closed) = reader.drain(timeout: .seconds(30))
                #expect(closed)
                if StalledReader.status(of: bytes) == 503 {
                    busy += 1
                    #expect(String(decoding: bytes, as: UTF8.self).contains("maxConcurrentStreams"))
                } else if bytes.count < whole {
                    cut += 1
                }
            }
            #expect(busy >= 1, "at most 4 of 12 streams at once")
            #expect(busy + cut == readers.count, "busy \(busy), cut \(cut)")
            // The slots came back: a client that reads gets the whole dump.
            try await withClient(port: port) { client async throws in
                let response = try await client.get("/dump")
                #expect(response.status == .ok)
                #expect(response.body.readableBytes > 1 << 20)
            }
        }
    }

    @Test("30 stalled /inspector/tree readers on 10^5 views do not each hold the tree's frames")
    func stalledInspectorReadersHoldLittle() async throws {
        let host = SnapshotHost(tree: Self.tree)
        try await withRunningServer(Self.server(host, maxStreams: 64)) { _, port async throws in
            // Warm up: one full read, so the allocator's first growth is not counted.
            try await withClient(port: port) { client async throws in
                #expect(try await client.get("/inspector/tree").status == .ok)
            }
            let before = ProcessMemory.resident
            var readers: [StalledReader] = []
            for _ in 0..<30 { readers.append(try StalledReader(port: port, path: "/inspector/tree")) }
            // Every request has started and stalled: /version goes through after them.
            try await Task.sleep(for: .milliseconds(500))
            try await withClient(port: port) { client async throws in
                #expect(try await client.get("/version").status == .ok)
            }
            if let before, let after = ProcessMemory.resident {
                // Frames computed up front were 4 MB a reader here (120 MB for 30).
                #expect(after - before < 48 << 20, "RSS grew \((after - before) >> 20) MB for 30 stalled readers")
            }
            readers.removeAll()
        }
    }
}

/// `wireframeRects()` as it was before frames were made a view at a time: every frame up front,
/// each from its parent's content origin. The walk must give the same frames.
enum UpFrontFrames {
    static func rects(_ tree: ViewTree) -> [Rect?] {
        let absolute = tree.columns[PropertyName.accessibilityFrame]
        let relative = tree.columns[PropertyName.frame]
        let offsets = tree.columns["contentOffset"]
        var out = [Rect?](repeating: nil, count: tree.count)
        var contentOrigins = [(x: Double, y: Double)](repeating: (0, 0), count: tree.count)
        for i in 0..<tree.count {
            let p = Int(tree.parents[i])
            let base = p >= 0 ? contentOrigins[p] : (x: 0, y: 0)
            var rect = ViewTree.rect(in: absolute, at: i)
            if rect == nil, let f = ViewTree.rect(in: relative, at: i) {
                rect = Rect(x: base.x + f.x, y: base.y + f.y, width: f.width, height: f.height)
            }
            out[i] = rect
            let offset = offsets?.value(at: i).flatMap(ViewTree.point) ?? (x: 0, y: 0)
            contentOrigins[i] = (x: (rect?.x ?? base.x) - offset.x, y: (rect?.y ?? base.y) - offset.y)
        }
        return out
    }
}
