import Dispatch
import Foundation
internal import MCP
import SelectorCore

/// The MCP server over a toolbox: the tool list with its schemas, `tools/call` run off the
/// cooperative pool under the toolbox's limits (a bounded number at once, each cancellable), and
/// the recordings as resources.
public enum MCPService {
    /// Serves `toolbox` on standard input and output until the client closes its end.
    public static func serveStdio(_ toolbox: MCPToolbox) async throws {
        let transport = LineTransport(input: 0, output: 1, limits: toolbox.limits)
        let server = await makeServer(toolbox)
        try await server.start(transport: transport)
        await server.waitUntilCompleted()
        await server.stop()
    }

    static func makeServer(_ toolbox: MCPToolbox, gate: CallGate? = nil) async -> Server {
        let server = Server(
            name: FranklyMCP.serverName, version: FranklyMCP.version, title: "Frankly: UI hierarchies and proven selectors",
            instructions: FranklyMCP.instructions,
            capabilities: .init(resources: .init(subscribe: false, listChanged: false), tools: .init(listChanged: false)))
        let gate = gate ?? CallGate(running: toolbox.limits.maxConcurrentCalls, queued: toolbox.limits.maxQueuedCalls)
        let tools = ToolCatalog.tools(toolbox)
        await server.withMethodHandler(ListTools.self) { _ in ListTools.Result(tools: tools) }
        await server.withMethodHandler(CallTool.self) { params in
            try await call(toolbox, gate: gate, name: params.name, arguments: params.arguments)
        }
        await server.withMethodHandler(ListResources.self) { _ in
            ListResources.Result(resources: toolbox.recordings.filter(\.isResource).map { r in
                Resource(name: r.name, uri: r.uri, title: r.path,
                         description: "A \(r.format.rawValue) recording of \(r.tree.count) views (\(r.tree.recordingSource.description))",
                         mimeType: r.mimeType, size: r.bytes.count)
            })
        }
        await server.withMethodHandler(ReadResource.self) { params in
            guard let r = toolbox.recordings.first(where: { $0.isResource && $0.uri == params.uri }) else {
                throw MCPError.invalidParams("no resource \(params.uri.utf8.count > 200 ? String(params.uri.prefix(200)) + "…" : params.uri); "
                                             + "resources/list names the recordings")
            }
            return ReadResource.Result(contents: [.text(String(decoding: r.bytes, as: UTF8.self), uri: r.uri, mimeType: r.mimeType)])
        }
        return server
    }

    /// One `tools/call`: a wrong argument or an unknown tool is an `invalid params` error; a fault
    /// of the work (a selector that does not compile, a spent budget) an `isError` result.
    static func call(_ toolbox: MCPToolbox, gate: CallGate, name: String, arguments: [String: Value]?) async throws -> CallTool.Result {
        let token = QueryCancellation()
        let turn: Int
        switch await gate.enter(token) {
        case .turn(let t): turn = t
        case .busy:
            return CallTool.Result(content: [.text(text: ToolFault(.tool, "busy: \(toolbox.limits.maxQueuedCalls) tool calls are waiting already; "
                                                                   + "call again when one has answered").json.jsonString,
                                                   annotations: nil, _meta: nil)], isError: true)
        case .closed:
            return CallTool.Result(content: [.text(text: ToolFault(.tool, "shutting down: the server is stopping and runs no more tool calls").json.jsonString,
                                                   annotations: nil, _meta: nil)], isError: true)
        }
        defer { Task { await gate.leave(turn) } }
        let json = arguments.map { JSONValue.object($0.sorted { $0.key < $1.key }.map { ($0.key, $0.value.json) }) }
        let queue = gate.queues[turn]
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<String, ToolFault>, Never>) in
                // Off the cooperative pool: a call computes for up to its whole budget, and the
                // pool (one thread a core) must stay free to read and answer other messages. A
                // serial queue of the turn's own, not a global queue: on Linux work on the global
                // concurrent queues shares threads with the cooperative pool and starved it
                // (FranklyServer's WorkLane, issue 28).
                queue.async {
                    continuation.resume(returning: token.whileCurrent { toolbox.call(name, arguments: json) })
                }
            }
        } onCancel: {
            token.cancel()
        }
        switch outcome {
        case .success(let text):
            return CallTool.Result(content: [.text(text: text, annotations: nil, _meta: nil)], isError: false)
        case .failure(let fault) where fault.kind == .arguments:
            throw MCPError.invalidParams(fault.message)
        case .failure(let fault):
            return CallTool.Result(content: [.text(text: fault.json.jsonString, annotations: nil, _meta: nil)], isError: true)
        }
    }
}

/// At most `running` tool calls at once, at most `queued` more waiting; the rest are refused.
/// Each running call holds a turn: a serial queue to compute on, and its cancellation token,
/// which `close()` cancels, so a server shutting down does not wait out every call's budget.
actor CallGate {
    /// What `enter` gives a call.
    enum Entry: Equatable {
        /// A turn: the index of the call's queue in `queues`.
        case turn(Int)
        /// `queued` calls wait already.
        case busy
        /// `close()` was called.
        case closed
    }

    nonisolated let queues: [DispatchQueue]
    private let queueLimit: Int
    private var free: [Int]
    private var waiting: [CheckedContinuation<Int?, Never>] = []
    private var tokens: [Int: QueryCancellation] = [:]
    private var closed = false

    init(running: Int, queued: Int) {
        let width = max(1, running)
        queues = (0..<width).map { DispatchQueue(label: "frankly.mcp.call.\($0)") }
        free = Array((0..<width).reversed())
        queueLimit = max(0, queued)
    }

    /// Waits for a turn for the call `token` cancels.
    func enter(_ token: QueryCancellation) async -> Entry {
        if closed { return .closed }
        if let t = free.popLast() { tokens[t] = token; return .turn(t) }
        guard waiting.count < queueLimit else { return .busy }
        guard let t = await withCheckedContinuation({ waiting.append($0) }) else { return .closed }
        // Closed between the hand-over and this call's resumption: the turn goes back unused.
        if closed { leave(t); return .closed }
        tokens[t] = token
        return .turn(t)
    }

    /// Hands turn `t` to the next waiting call, if any.
    func leave(_ t: Int) {
        tokens[t] = nil
        if waiting.isEmpty { free.append(t) } else { waiting.removeFirst().resume(returning: t) }
    }

    /// Cancels the running calls (their queries stop at their next deadline check) and refuses
    /// the waiting ones and every later one.
    func close() {
        closed = true
        for token in tokens.values { token.cancel() }
        let refused = waiting
        waiting = []
        for w in refused { w.resume(returning: nil) }
    }
}

extension Value {
    /// The value as SelectorCore's JSON; binary data as its base64 text. Depth is bounded by the
    /// transport (`MCPLimits.maxJSONDepth`) before any message is decoded.
    var json: JSONValue {
        switch self {
        case .null: .null
        case .bool(let b): .bool(b)
        case .int(let i): .int(Int64(i))
        case .double(let d): .double(d)
        case .string(let s): .string(s)
        case .data(_, let d): .string(d.base64EncodedString())
        case .array(let a): .array(a.map(\.json))
        case .object(let o): .object(o.sorted { $0.key < $1.key }.map { ($0.key, $0.value.json) })
        }
    }
}
