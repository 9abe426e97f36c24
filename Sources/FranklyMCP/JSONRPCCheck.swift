import SelectorCore

/// The checks every incoming message passes before the SDK decodes it, on any transport: JSON
/// within a nesting bound (the SDK's `Codable` decoding recurses without one), a JSON-RPC 2.0
/// object or a batch of them, a string, integer or null `id`, a string `method`, object `params`.
enum JSONRPCCheck {
    /// The error response to send for `bytes` (JSON text), or nil when the message may go on.
    static func refusal(_ bytes: [UInt8], maxDepth: Int) -> String? {
        let value: JSONValue
        do { value = try JSONReader.parse(bytes, maxDepth: maxDepth) } catch {
            return self.error(code: -32700, "parse error: \(error.message) at column \(error.column)", id: .null)
        }
        switch value {
        case .object(let pairs):
            let fields = Dictionary(pairs, uniquingKeysWith: { a, _ in a })
            var id: JSONValue = .null
            switch fields["id"] {
            case .string?, .int?: id = fields["id"]!
            default: break
            }
            switch fields["id"] {
            case nil, .null?, .string?, .int?: break
            default:
                // A fractional, huge, boolean or structured id: the SDK's HTTP transport tells a
                // request by a string or an id that fits an Int, and took such a message for a
                // notification (202, never answered); an error says what is wrong instead.
                return self.error(code: -32600, "invalid request: \"id\" must be a string, an integer or null", id: .null)
            }
            guard fields["jsonrpc"] == .string("2.0") else {
                return self.error(code: -32600, "invalid request: \"jsonrpc\" must be \"2.0\"", id: id)
            }
            if let method = fields["method"] {
                guard case .string = method else { return self.error(code: -32600, "invalid request: \"method\" must be a string", id: id) }
                if let params = fields["params"] {
                    switch params {
                    case .object, .array: break
                    default: return self.error(code: -32602, "invalid params: \"params\" must be an object", id: id)
                    }
                }
            } else if fields["result"] == nil && fields["error"] == nil {
                return self.error(code: -32600,
                                  "invalid request: a message needs \"method\" (a request or notification) or \"result\"/\"error\" (a response)", id: id)
            }
        case .array(let items):
            guard !items.isEmpty else { return self.error(code: -32600, "invalid request: an empty batch", id: .null) }
            guard items.allSatisfy({ if case .object = $0 { true } else { false } }) else {
                return self.error(code: -32600, "invalid request: a batch holds JSON-RPC objects only", id: .null)
            }
        default:
            return self.error(code: -32600, "invalid request: a message must be a JSON object (or a batch: an array of them)", id: .null)
        }
        return nil
    }

    /// A JSON-RPC error response.
    static func error(code: Int, _ message: String, id: JSONValue) -> String {
        JSONValue.object([
            ("jsonrpc", "2.0"), ("id", id),
            ("error", .object([("code", .int(Int64(code))), ("message", .string(message))])),
        ]).jsonString
    }
}
