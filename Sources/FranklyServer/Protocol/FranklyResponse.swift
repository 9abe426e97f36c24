import Hummingbird
import SelectorCore

/// Builds the HTTP responses of Frank's protocol: envelopes, bare JSON documents, and the 404 page.
///
/// Every protocol answer is HTTP 200, errors included (Frank's rule); only an unknown path (404),
/// an oversized body (413) and a request refused as coming from a web page (403) use other statuses.
enum FranklyResponse {
    /// `{"outcome":"SUCCESS"}`, with `results` when given.
    static func success(_ results: [JSONValue]? = nil) -> Response {
        var pairs: [(String, JSONValue)] = [("outcome", "SUCCESS")]
        if let results { pairs.append(("results", .array(results))) }
        return json(.object(pairs))
    }

    /// `{"outcome":"ERROR","reason":...,"details":...}`.
    static func error(_ error: FranklyError, status: HTTPResponse.Status = .ok) -> Response {
        json(.object([("outcome", "ERROR"), ("reason", .string(error.reason)), ("details", .string(error.details))]),
             status: status)
    }

    /// A JSON document.
    static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        var w = JSONWriter(reservingCapacity: 256)
        w.value(value)
        return jsonBytes(w.bytes, status: status)
    }

    /// Bytes that already are JSON (a `/dump`).
    static func jsonBytes(_ bytes: [UInt8], status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json; charset=utf-8"],
                 body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// A JSON document handed out in chunks (`/dump` of 10^6 views is 230 MB), each sent before the
    /// next is made. A document of one chunk goes out whole, with its length.
    static func jsonChunks<Chunks: IteratorProtocol & Sendable>(_ chunks: Chunks) -> Response
    where Chunks.Element == [UInt8] {
        var chunks = chunks
        guard let first = chunks.next() else { return jsonBytes([]) }
        guard let second = chunks.next() else { return jsonBytes(first) }
        let rest = chunks
        return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
                        body: ResponseBody { writer in
                            var rest = rest
                            try await writer.write(ByteBuffer(bytes: first))
                            try await writer.write(ByteBuffer(bytes: second))
                            while let chunk = rest.next() { try await writer.write(ByteBuffer(bytes: chunk)) }
                            try await writer.finish(nil)
                        })
    }

    /// 403 with the ERROR envelope for a request refused as coming from a web page; `details` says
    /// which header gave it away. The connection ends: its body is never read.
    static func refused(_ details: String) -> Response {
        var response = error(FranklyError(reason: "request refused", details: details), status: .forbidden)
        response.headers[.connection] = "close"
        return response
    }

    /// An HTML page.
    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "text/html; charset=utf-8"],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// Frank's 404 page, byte for byte.
    static var notFound: Response {
        html("<html><body>Error 404 - Not Found</body></html>", status: .notFound)
    }
}
