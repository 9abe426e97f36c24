@testable import FranklyServer
import Hummingbird
import SelectorCore
import Synchronization
import Testing

/// The extension point `frankly serve` adds the MCP tools through (`FranklyExtraRoute`): a route
/// of a protocol the server does not know still meets the server's guards (Origin, the body limit
/// of its group) before its handler sees anything, gets the whole request, and hears of shutdown.
@Suite("Extra routes")
struct ExtraRouteTests {
    /// What the stub route saw, and how often it was told to shut down.
    final class Seen: Sendable {
        let requests = Mutex<[FranklyExtraRoute.Request]>([])
        let shutdowns = Atomic<Int>(0)
        var count: Int { requests.withLock { $0.count } }
        var last: FranklyExtraRoute.Request? { requests.withLock { $0.last } }
    }

    /// A route at `/ext` that echoes the body back with a status and headers of its own.
    static func route(_ seen: Seen, bodyLimit: FranklyExtraRoute.BodyLimit) -> FranklyExtraRoute {
        FranklyExtraRoute(path: "/ext", bodyLimit: bodyLimit, respond: { request in
            seen.requests.withLock { $0.append(request) }
            return FranklyExtraRoute.Response(
                status: request.method == "POST" ? 202 : 405,
                headers: [("Content-Type", "application/octet-stream"), ("X-Echo", request.method), ("Content-Length", "999"), ("Bad Name", "x")],
                body: request.body)
        }, shutdown: {
            seen.shutdowns.add(1, ordering: .relaxed)
        })
    }

    static func server(_ seen: Seen, bodyLimit: FranklyExtraRoute.BodyLimit = .request,
                       configure: (inout FranklyServerConfiguration) -> Void = { _ in }) -> FranklyServer {
        var configuration = Fixture.configuration()
        configure(&configuration)
        return FranklyServer(host: SnapshotHost(tree: Fixture.sample), registry: TestEngines.registry(),
                             configuration: configuration, logger: LogCapture().logger,
                             extraRoutes: [route(seen, bodyLimit: bodyLimit)])
    }

    @Test("the route gets the method, the headers (host included) and the whole body, and its answer goes back")
    func roundTrip() async throws {
        let seen = Seen()
        try await withRunningServer(Self.server(seen)) { _, port async throws in
            let client = OneShotHTTPClient(port: port)
            let body = Array(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#.utf8)
            let response = try await client.execute(uri: "/ext", method: .post,
                                                    headers: OriginGuardTests.fields([("Content-Type", "application/json"), ("Accept", "a"), ("Accept", "b")]),
                                                    body: ByteBuffer(bytes: body))
            #expect(response.status.code == 202)
            #expect(Array(response.body.readableBytesView) == body)
            #expect(response.headers[HTTPFields.Element.Name("X-Echo")!] == "POST")
            // The server frames the body itself: the route's Content-Length is not sent.
            #expect(response.headers[.contentLength] == "\(body.count)")
            let request = try #require(seen.last)
            #expect(request.method == "POST")
            #expect(request.body == body)
            #expect(request.headers["content-type"] == "application/json")
            #expect(request.headers["accept"] == "a, b")
            #expect(request.headers["host"] == "127.0.0.1:\(port)")
            // GET and DELETE reach the route too, so its protocol can refuse them in its own words.
            let get = try await client.get("/ext")
            #expect(get.status.code == 405 && get.headers[HTTPFields.Element.Name("X-Echo")!] == "GET")
            let delete = try await client.execute(uri: "/ext", method: .delete)
            #expect(delete.status.code == 405 && seen.last?.method == "DELETE")
            // The protocol's routes are where they were.
            #expect(try await client.get("/version").status == .ok)
        }
        #expect(seen.shutdowns.load(ordering: .relaxed) >= 1, "the route hears of the shutdown")
    }

    @Test("a page on another origin, or under another Host, never reaches the route")
    func originGuard() async throws {
        let seen = Seen()
        try await withRunningServer(Self.server(seen)) { _, port async throws in
            for headers in [[("Origin", "https://evil.example")], [("Host", "evil.example")], [("Sec-Fetch-Site", "cross-site")],
                            [("Referer", "http://evil.example/page")]] {
                let response = try await OneShotHTTPClient(port: port).execute(
                    uri: "/ext", method: .post, headers: OriginGuardTests.fields(headers), body: ByteBuffer(string: "{}"))
                #expect(response.status == .forbidden, "\(headers)")
                #expect(response.json["reason"] == "request refused")
            }
            // The server's own page may (its origin is the Host).
            let own = try await OneShotHTTPClient(port: port).execute(
                uri: "/ext", method: .post, headers: OriginGuardTests.fields([("Origin", "http://127.0.0.1:\(port)")]), body: ByteBuffer(string: "{}"))
            #expect(own.status.code == 202)
        }
        #expect(seen.count == 1)
    }

    @Test("a .request route keeps maxBodyBytes, declared or chunked")
    func requestBodyLimit() async throws {
        let seen = Seen()
        let server = Self.server(seen) { $0.maxBodyBytes = 100; $0.maxRecordingBytes = 4096 }
        try await withRunningServer(server) { _, port async throws in
            let declared = try await OneShotHTTPClient(port: port).post("/ext", bytes: [UInt8](repeating: 0x20, count: 101))
            #expect(declared.status == .contentTooLarge)
            #expect(declared.json == JSONValue.franklyError("request too large", "the request body is larger than 100 bytes"))
            let chunked = try await RawHTTP.exchange(port: port, head: "POST /ext HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nTransfer-Encoding: chunked\r\n\r\n",
                                                     body: Array("80\r\n".utf8) + [UInt8](repeating: 0x20, count: 128) + Array("\r\n".utf8))
            #expect(chunked.hasPrefix("HTTP/1.1 413"), "\(chunked.prefix(200))")
            let fits = try await OneShotHTTPClient(port: port).post("/ext", bytes: [UInt8](repeating: 0x20, count: 100))
            #expect(fits.status.code == 202)
        }
        #expect(seen.count == 1)
    }

    @Test("a .recording route gets maxRecordingBytes, and its body is counted against the upload pool")
    func recordingBodyLimit() async throws {
        let seen = Seen()
        let server = Self.server(seen, bodyLimit: .recording) { $0.maxBodyBytes = 100; $0.maxRecordingBytes = 4096 }
        try await withRunningServer(server) { server, port async throws in
            let fits = try await OneShotHTTPClient(port: port).post("/ext", bytes: [UInt8](repeating: 0x20, count: 4096))
            #expect(fits.status.code == 202 && fits.body.readableBytes == 4096)
            let over = try await OneShotHTTPClient(port: port).post("/ext", bytes: [UInt8](repeating: 0x20, count: 4097))
            #expect(over.status == .contentTooLarge)
            let chunked = try await RawHTTP.exchange(port: port, head: "POST /ext HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nTransfer-Encoding: chunked\r\n\r\n",
                                                     body: Array("1000\r\n".utf8) + [UInt8](repeating: 0x20, count: 4096) + Array("\r\n1000\r\n".utf8)
                                                        + [UInt8](repeating: 0x20, count: 4096) + Array("\r\n".utf8))
            #expect(chunked.hasPrefix("HTTP/1.1 413"), "\(chunked.prefix(200))")
            #expect(server.uploads.inUse == 0, "the bytes are given back once the route has answered")
        }
        #expect(seen.count == 1)
    }

    @Test("a status outside HTTP's range is sent as 500")
    func badStatus() async throws {
        let route = FranklyExtraRoute(path: "/odd", respond: { _ in FranklyExtraRoute.Response(status: 42, headers: [], body: []) })
        let server = FranklyServer(host: SnapshotHost(tree: Fixture.sample), registry: TestEngines.registry(),
                                   configuration: Fixture.configuration(), logger: LogCapture().logger, extraRoutes: [route])
        try await withRunningServer(server) { _, port async throws in
            #expect(try await OneShotHTTPClient(port: port).post("/odd", "{}").status == .internalServerError)
        }
    }
}
