import Hummingbird
import NIOCore
import SelectorCore

/// Reads request bodies: the byte limit, UTF-8, and JSON through the core's `JSONReader` (whose
/// errors carry line and column).
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
        try Self.decodeUTF8(try await bytes(of: request))
    }

    /// The body as a JSON object; `nil` when the body is empty.
    func object(of request: Request) async throws -> JSONObject? {
        let raw = try await bytes(of: request)
        if raw.allSatisfy(Self.isWhitespace) { return nil }
        return try Self.parseObject(raw)
    }

    static func decodeUTF8(_ bytes: [UInt8]) throws(FranklyError) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .invalidRequest("the request body is not valid UTF-8")
        }
        return text
    }

    /// Parses `bytes` as a JSON object, naming what is wrong otherwise.
    static func parseObject(_ bytes: [UInt8]) throws(FranklyError) -> JSONObject {
        _ = try decodeUTF8(bytes)
        let value: JSONValue
        do {
            value = try JSONReader.parse(bytes, maxDepth: 64)
        } catch {
            throw .invalidRequest("the request body is not valid JSON: \(error)")
        }
        guard case .object(let pairs) = value else {
            throw .invalidRequest("the request body must be a JSON object, not \(JSONObject.kind(of: value))")
        }
        return JSONObject(pairs: pairs, path: "")
    }

    static func isWhitespace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }
}

/// A body over the configured limit: answered 413 with an ERROR envelope.
struct BodyTooLarge: Error, HTTPResponseError {
    let limit: Int
    var status: HTTPResponse.Status { .contentTooLarge }
    func response(from request: Request, context: some RequestContext) throws -> Response {
        FranklyResponse.error(
            FranklyError(reason: "request too large", details: "the request body is larger than \(limit) bytes"),
            status: .contentTooLarge)
    }
}
