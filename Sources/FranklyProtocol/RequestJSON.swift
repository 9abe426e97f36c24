import SelectorCore

/// Request bodies as Frank's protocol reads them, apart from any HTTP server: UTF-8, then JSON
/// through the core's `JSONReader` (whose errors carry line and column), then an object.
package enum RequestJSON {
    package static func decodeUTF8(_ bytes: [UInt8]) throws(FranklyError) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .invalidRequest("the request body is not valid UTF-8")
        }
        return text
    }

    /// Parses `bytes` as a JSON object, naming what is wrong otherwise.
    package static func parseObject(_ bytes: [UInt8]) throws(FranklyError) -> JSONObject {
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

    package static func isWhitespace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }
}
