import Hummingbird
import NIOCore
import NIOHTTP1
import NIOPosix

// A minimal HTTP/1.1 client for the server tests, on SwiftNIO alone. It replaces HummingbirdTesting,
// whose client side (AsyncHTTPClient, NIOSSL, swift-crypto, NIOHTTP2) dominated the cold build, and
// whose in-process router harness leaked under AddressSanitizer. Everything runs on NIO's event
// loops and suspends rather than blocks: Swift's cooperative pool may have only two threads, and
// the server under test needs them too.
//
// This file is shared with PluginLoaderTests (a symbolic link there), so it depends on nothing but
// NIO and the HTTP types Hummingbird re-exports.

/// A response read in full.
struct HTTPTestResponse: Sendable {
    var status: HTTPResponse.Status
    var headers: HTTPFields
    var body: ByteBuffer

    var text: String { String(decoding: body.readableBytesView, as: UTF8.self) }
}

struct HTTPTestClientError: Error, CustomStringConvertible {
    var description: String
}

/// Something that sends one request and reads its whole response.
protocol HTTPTestClient {
    func execute(uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?) async throws -> HTTPTestResponse
}

extension HTTPTestClient {
    @discardableResult
    func execute(uri: String, method: HTTPRequest.Method, body: ByteBuffer? = nil) async throws -> HTTPTestResponse {
        try await execute(uri: uri, method: method, headers: [:], body: body)
    }

    @discardableResult
    func get(_ uri: String) async throws -> HTTPTestResponse {
        try await execute(uri: uri, method: .get)
    }

    @discardableResult
    func post(_ uri: String, _ body: String) async throws -> HTTPTestResponse {
        try await execute(uri: uri, method: .post, body: ByteBuffer(string: body))
    }

    /// Raw bytes, so a test can send what is not UTF-8.
    @discardableResult
    func post(_ uri: String, bytes: [UInt8]) async throws -> HTTPTestResponse {
        try await execute(uri: uri, method: .post, body: ByteBuffer(bytes: bytes))
    }
}

/// One keep-alive connection: requests go out one after another and each response is read before
/// the next request is written, so a test sees the server's connection handling as a browser would.
/// Not Sendable: a connection belongs to the task that opened it.
final class HTTPTestConnection: HTTPTestClient {
    typealias Iterator = NIOAsyncChannelInboundStream<HTTPClientResponsePart>.AsyncIterator

    /// How long a request may wait for its response before the connection is closed and it fails;
    /// a hung server then fails its test instead of stalling the run.
    static let readTimeout: TimeAmount = .seconds(60)

    private var inbound: Iterator
    private let outbound: NIOAsyncChannelOutboundWriter<HTTPClientRequestPart>
    private let hostHeader: String
    private let closesAfterEachRequest: Bool
    private var isOpen = true

    private init(inbound: Iterator, outbound: NIOAsyncChannelOutboundWriter<HTTPClientRequestPart>,
                 hostHeader: String, closesAfterEachRequest: Bool) {
        self.inbound = inbound; self.outbound = outbound
        self.hostHeader = hostHeader; self.closesAfterEachRequest = closesAfterEachRequest
    }

    /// Connects to `host:port`, runs `body` with the connection, then closes it.
    /// `closesAfterEachRequest` asks the server (`Connection: close`) to end it after one response;
    /// `readTimeout` bounds the wait for each response (shorter for tests of what must not hang).
    static func with<T: Sendable>(host: String = "127.0.0.1", port: Int, closesAfterEachRequest: Bool = false,
                                  readTimeout: TimeAmount = HTTPTestConnection.readTimeout,
                                  _ body: (HTTPTestConnection) async throws -> T) async throws -> T {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    try pipeline.addHandler(IdleStateHandler(readTimeout: readTimeout))
                    try pipeline.addHandler(CloseOnReadIdle())
                    try pipeline.addHTTPClientHandlers()
                    return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(
                        wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            let connection = HTTPTestConnection(inbound: inbound.makeAsyncIterator(), outbound: outbound,
                                                hostHeader: "\(host):\(port)",
                                                closesAfterEachRequest: closesAfterEachRequest)
            return try await body(connection)
        }
    }

    func execute(uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?) async throws -> HTTPTestResponse {
        guard isOpen else { throw HTTPTestClientError(description: "the server closed this connection after an earlier response") }
        var head = HTTPRequestHead(version: .http1_1, method: HTTPMethod(rawValue: method.rawValue), uri: uri)
        // A Host given in `headers` replaces the connection's own (tests of the server's Host check).
        if headers[HTTPFields.Element.Name("Host")!] == nil { head.headers.add(name: "host", value: hostHeader) }
        for field in headers { head.headers.add(name: field.name.rawName, value: field.value) }
        // Always framed by a length: without one NIO's encoder would switch a POST to chunked. A
        // Content-Length given in `headers` with no body stays, so a test can declare a body it
        // never sends.
        if let body {
            head.headers.replaceOrAdd(name: "content-length", value: String(body.readableBytes))
        } else if method != .get && method != .head && headers[.contentLength] == nil {
            head.headers.replaceOrAdd(name: "content-length", value: "0")
        }
        if closesAfterEachRequest { head.headers.replaceOrAdd(name: "connection", value: "close") }
        var parts: [HTTPClientRequestPart] = [.head(head)]
        if let body, body.readableBytes > 0 { parts.append(.body(.byteBuffer(body))) }
        parts.append(.end(nil))

        // Writing and reading run side by side: a server may answer (413 for an oversized body) and
        // close before reading the whole request, and a large write would otherwise never finish.
        let outbound = self.outbound
        async let written: Void = outbound.write(contentsOf: parts)
        let response: HTTPTestResponse
        let keepAlive: Bool
        do {
            (response, keepAlive) = try await readResponse()
        } catch {
            isOpen = false
            throw error
        }
        do {
            try await written
        } catch {
            // The response is complete, so a write cut short by the server closing is no failure;
            // but nothing more can go over this connection.
            isOpen = false
        }
        if !keepAlive || closesAfterEachRequest { isOpen = false }
        return response
    }

    private func readResponse() async throws -> (HTTPTestResponse, keepAlive: Bool) {
        var head: HTTPResponseHead?
        var body = ByteBuffer()
        while let part = try await inbound.next() {
            switch part {
            case .head(let h):
                head = h
            case .body(var chunk):
                body.writeBuffer(&chunk)
            case .end:
                guard let head else { throw HTTPTestClientError(description: "a response ended before its head") }
                var fields = HTTPFields()
                for (name, value) in head.headers {
                    guard let fieldName = HTTPFields.Element.Name(name) else {
                        throw HTTPTestClientError(description: "invalid response header name \(name)")
                    }
                    fields.append(HTTPFields.Element(name: fieldName, value: value))
                }
                let status = HTTPResponse.Status(code: Int(head.status.code), reasonPhrase: head.status.reasonPhrase)
                return (HTTPTestResponse(status: status, headers: fields, body: body), head.isKeepAlive)
            }
        }
        throw HTTPTestClientError(description:
            "the connection closed before the response was complete (closed by the server, or nothing arrived for \(Self.readTimeout))")
    }
}

/// A client that opens a fresh connection for every request, so no request can see state left on a
/// connection by another.
struct OneShotHTTPClient: HTTPTestClient, Sendable {
    var host = "127.0.0.1"
    var port: Int
    /// How long each request may wait for its response.
    var readTimeout: TimeAmount = HTTPTestConnection.readTimeout

    func execute(uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?) async throws -> HTTPTestResponse {
        try await HTTPTestConnection.with(host: host, port: port, closesAfterEachRequest: true,
                                          readTimeout: readTimeout) { connection in
            try await connection.execute(uri: uri, method: method, headers: headers, body: body)
        }
    }
}

/// Closes the channel when `IdleStateHandler` reports that nothing was read for a while; the
/// waiting request then sees the end of the stream and fails.
private final class CloseOnReadIdle: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let idle = event as? IdleStateHandler.IdleStateEvent, idle == .read {
            context.close(promise: nil)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }
}
