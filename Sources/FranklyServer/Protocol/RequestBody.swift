import Hummingbird
import NIOCore
import FranklyProtocol
import SelectorCore

/// Reads request bodies from Hummingbird: the byte limit here, UTF-8 and JSON in `RequestJSON`.
struct RequestBodyReader: Sendable {
    /// Largest body accepted; larger ones are answered 413.
    let maxBytes: Int

    /// The body's bytes, or `BodyTooLarge` (which answers 413) past the limit.
    func bytes(of request: Request) async throws -> [UInt8] {
        do {
            var buffer = try await request.body.collect(upTo: maxBytes)
            return buffer.readBytes(length: buffer.readableBytes) ?? []
        } catch is NIOTooManyBytesError {
            throw BodyTooLarge(limit: maxBytes)
        }
    }

    /// The body as text; bytes that are not UTF-8 are a protocol error.
    func text(of request: Request) async throws -> String {
        try RequestJSON.decodeUTF8(try await bytes(of: request))
    }

    /// The body as a JSON object; `nil` when the body is empty.
    func object(of request: Request) async throws -> JSONObject? {
        let raw = try await bytes(of: request)
        if raw.allSatisfy(RequestJSON.isWhitespace) { return nil }
        return try RequestJSON.parseObject(raw)
    }

}

/// A body over the configured limit: answered 413 with an ERROR envelope, and the connection ends
/// (the rest of the body is never read, so a client cannot keep the server reading it).
struct BodyTooLarge: Error, HTTPResponseError {
    let limit: Int
    var status: HTTPResponse.Status { .contentTooLarge }

    /// The 413 answer.
    var response: Response {
        var response = FranklyResponse.error(
            FranklyError(reason: "request too large", details: "the request body is larger than \(limit) bytes"),
            status: .contentTooLarge)
        response.headers[.connection] = "close"
        return response
    }

    func response(from request: Request, context: some RequestContext) throws -> Response { response }
}
