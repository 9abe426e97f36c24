import Foundation
internal import MCP
import SelectorCore

/// What an HTTP server answers for one request to its MCP endpoint.
public struct MCPHTTPAnswer: Sendable {
    public var status: Int
    public var headers: [(String, String)]
    public var body: [UInt8]
}

/// The tools over MCP's Streamable HTTP transport, stateless (a JSON answer to each POST, no
/// session, no server-sent events), for a web server to route one path to: it knows no HTTP
/// framework, so the Frankly server (or any other) passes the method, headers and body and sends
/// back what this returns. `toolbox` is asked for at every request, so a live server can serve its
/// current tree and the recordings posted to it.
///
/// Each request gets a server of its own (the SDK's server holds one client's initialization), so
/// clients do not meet each other's state; tool calls share one gate, so the concurrency bound is
/// the endpoint's. The SDK's checks apply (a browser's foreign `Origin` is refused, `Accept` must
/// take JSON), and ours before them (size, nesting, JSON-RPC shape).
public final class MCPHTTPEndpoint: Sendable {
    private let toolbox: @Sendable () -> MCPToolbox
    private let gate: CallGate
    private let limits: MCPLimits

    public init(limits: MCPLimits = MCPLimits(), toolbox: @escaping @Sendable () -> MCPToolbox) {
        self.toolbox = toolbox
        self.limits = limits
        self.gate = CallGate(running: limits.maxConcurrentCalls, queued: limits.maxQueuedCalls)
    }

    /// The answer to `method` `path` with `headers` and `body`.
    public func respond(method: String, headers: [String: String], body: [UInt8]) async -> MCPHTTPAnswer {
        guard method.uppercased() == "POST" else {
            return MCPHTTPAnswer(status: 405, headers: [("Allow", "POST"), ("Content-Type", "application/json")],
                                 body: Array(JSONRPCCheck.error(code: -32600, "method not allowed: send JSON-RPC with POST", id: .null).utf8))
        }
        guard body.count <= limits.maxMessageBytes else {
            return MCPHTTPAnswer(status: 413, headers: [("Content-Type", "application/json")],
                                 body: Array(JSONRPCCheck.error(code: -32600, "message refused: longer than \(limits.maxMessageBytes) bytes", id: .null).utf8))
        }
        if let refusal = JSONRPCCheck.refusal(body, maxDepth: max(2, limits.maxJSONDepth)) {
            return MCPHTTPAnswer(status: 400, headers: [("Content-Type", "application/json")], body: Array(refusal.utf8))
        }
        let transport = StatelessHTTPServerTransport()
        let server = await MCPService.makeServer(toolbox(), gate: gate)
        do { try await server.start(transport: transport) } catch {
            return MCPHTTPAnswer(status: 500, headers: [("Content-Type", "application/json")],
                                 body: Array(JSONRPCCheck.error(code: -32603, "cannot start: \(error)", id: .null).utf8))
        }
        let response = await transport.handleRequest(HTTPRequest(method: method, headers: headers, body: Data(body)))
        await server.stop()
        return MCPHTTPAnswer(status: response.statusCode, headers: response.headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) },
                             body: response.bodyData.map { [UInt8]($0) } ?? [])
    }
}
