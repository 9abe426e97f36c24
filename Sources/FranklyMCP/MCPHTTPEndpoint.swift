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
/// the endpoint's. The SDK's checks apply (`Accept` must take JSON, `Content-Type` be JSON; with
/// `OriginCheck.loopback`, a browser's foreign `Origin` is refused), and ours before them (size,
/// nesting, JSON-RPC shape).
public final class MCPHTTPEndpoint: Sendable {
    /// Who refuses a request a web page sent (a foreign `Origin`, a `Host` that is not this server).
    public enum OriginCheck: Sendable {
        /// The SDK's check: `Host` and `Origin` must name loopback (`localhost`, `127.0.0.1`,
        /// `[::1]`), for an endpoint whose server has no such guard of its own.
        case loopback
        /// The server routing the endpoint applied its own, and is the one that knows its names
        /// (the Frankly server's Origin guard takes `--allow-host` names, which the SDK's check
        /// would refuse).
        case byServer
    }

    private let toolbox: @Sendable () -> MCPToolbox
    private let gate: CallGate
    private let limits: MCPLimits
    private let originCheck: OriginCheck

    public init(limits: MCPLimits = MCPLimits(), originCheck: OriginCheck = .loopback,
                toolbox: @escaping @Sendable () -> MCPToolbox) {
        self.toolbox = toolbox
        self.limits = limits
        self.originCheck = originCheck
        self.gate = CallGate(running: limits.maxConcurrentCalls, queued: limits.maxQueuedCalls)
    }

    /// Stops the tool calls running (their queries end at their next deadline check: an `isError`
    /// result, or `screen`'s rows so far with `stopped`) and refuses those waiting and every later
    /// one (`isError` "shutting down"): a server shutting down calls it, so that it need not wait
    /// out each call's time budget. Calling it again does nothing more.
    public func close() async {
        await gate.close()
    }

    /// The answer to one HTTP request to the endpoint (header names in any case).
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
        let transport: StatelessHTTPServerTransport
        switch originCheck {
        case .loopback: transport = StatelessHTTPServerTransport()
        case .byServer:
            // The SDK's default pipeline less its loopback-only Host and Origin check.
            transport = StatelessHTTPServerTransport(validationPipeline: StandardValidationPipeline(validators: [
                AcceptHeaderValidator(mode: .jsonOnly), ContentTypeValidator(), ProtocolVersionValidator(),
            ]))
        }
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
