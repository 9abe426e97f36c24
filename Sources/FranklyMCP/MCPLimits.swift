public import SelectorCore

/// What one tool call, and one message, may cost (Docs/Agents.md, "Limits"): an agent's mistake
/// or a hostile client must meet an error, never an exhausted process.
public struct MCPLimits: Sendable {
    /// Seconds one tool call may run, loading, selecting, explaining, aligning and suggesting
    /// included; past it the call answers an error naming this budget. 0: no limit.
    public var callSeconds: Double = 10
    /// Largest recording read, from a file or given inline, in bytes.
    public var maxTreeBytes: Int = 16 << 20
    /// Largest tool result, in bytes of JSON text; a larger one is refused with an error that says
    /// how to narrow the call (an agent cannot read megabytes anyway).
    public var maxResultBytes: Int = 1 << 20
    /// Largest JSON-RPC message the stdio transport reads, in bytes; a longer line is dropped
    /// unread and answered with an error.
    public var maxMessageBytes: Int = 32 << 20
    /// Deepest JSON nesting a message may have.
    public var maxJSONDepth: Int = 64
    /// Tool calls run at once; later ones wait their turn (the work is CPU-bound).
    public var maxConcurrentCalls: Int = 2
    /// Tool calls waiting for a turn before more are refused as busy.
    public var maxQueuedCalls: Int = 32
    /// Largest `screen` budget a caller may ask for, in estimated tokens.
    public var maxScreenTokens: Int = 200_000

    public init() {}

    /// The deadline of a call starting now (nil: none).
    func deadline() -> ContinuousClock.Instant? {
        callSeconds > 0 ? ContinuousClock.now.advanced(by: .nanoseconds(Int64(min(callSeconds, 1e9) * 1e9))) : nil
    }

    /// `callSeconds` as the errors print it.
    var callSecondsText: String {
        callSeconds == callSeconds.rounded() && callSeconds < 1e15 ? String(Int64(callSeconds)) : String(callSeconds)
    }
}

/// Why a tool call failed: the caller's arguments (an MCP `invalid params` error) or the work
/// itself (a tool result marked `isError`, which the model reads and can act on).
public struct ToolFault: Error, Sendable, CustomStringConvertible {
    /// Whose fault it is.
    public enum Kind: Sendable, Equatable {
        /// A missing, mistyped, oversized or unknown argument, or an unknown tool: a JSON-RPC error.
        case arguments
        /// A selector that does not compile, a time budget spent, a result too large: an `isError` result.
        case tool
    }

    public var kind: Kind
    public var message: String
    /// Extra fields for an `isError` result (a selector error's column and engine).
    public var details: [(String, JSONValue)] = []

    public init(_ kind: Kind, _ message: String, details: [(String, JSONValue)] = []) {
        self.kind = kind; self.message = message; self.details = details
    }

    public var description: String { message }

    /// An argument fault for tool `tool`.
    static func arguments(_ tool: String, _ message: String) -> ToolFault {
        ToolFault(.arguments, "\(tool): \(message)")
    }

    /// A selector error as a tool result: its message, column and engine kept apart, as
    /// `/inspector/select` sends them, so an agent can point at the fault.
    static func selector(_ error: SelectorError, limits: MCPLimits) -> ToolFault {
        if error.kind == .deadline {
            return ToolFault(.tool, "stopped at the call's time budget of \(limits.callSecondsText) s (frankly mcp --timeout): \(error.message)")
        }
        if error.kind == .cancelled { return ToolFault(.tool, "cancelled: \(error.message)") }
        var details: [(String, JSONValue)] = []
        if let column = error.column { details.append(("column", .int(Int64(column)))) }
        if let engine = error.engine { details.append(("engine", .string(engine))) }
        if let diagram = error.caretDiagram { details.append(("caret", .string(diagram))) }
        return ToolFault(.tool, "invalid selector: \(error.message)", details: details)
    }

    /// The `isError` result's JSON: `{"error": message, ...details}`.
    public var json: JSONValue { .object([("error", .string(message))] + details) }
}
