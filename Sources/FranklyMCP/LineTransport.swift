#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Logging
internal import MCP
import SelectorCore

/// MCP's stdio transport (one JSON-RPC message a line), bounded where the SDK's is not: a line
/// longer than `MCPLimits.maxMessageBytes` is skipped unread (the SDK's grows without limit and
/// rescans from its start on every read, quadratic in the line), and a line that is not JSON, is
/// nested deeper than `maxJSONDepth` or is not a JSON-RPC message is answered here with the
/// JSON-RPC error (id `null` when it has none) before the SDK's `Codable` decoder, which recurses
/// without a bound, ever sees it.
actor LineTransport: Transport {
    nonisolated let logger = Logger(label: "frankly.mcp.stdio", factory: { _ in SwiftLogNoOpLogHandler() })
    private let input: Int32
    private let output: Int32
    private let limits: MCPLimits
    private let stream: AsyncThrowingStream<Data, any Swift.Error>
    private let continuation: AsyncThrowingStream<Data, any Swift.Error>.Continuation
    private var started = false

    init(input: Int32, output: Int32, limits: MCPLimits) {
        self.input = input
        self.output = output
        self.limits = limits
        (stream, continuation) = AsyncThrowingStream.makeStream()
    }

    func connect() async throws {
        guard !started else { return }
        started = true
        let reader = LineReader(fd: input, maxLine: max(1024, limits.maxMessageBytes), maxDepth: max(2, limits.maxJSONDepth),
                                continuation: continuation) { [weak self] reply in
            guard let self else { return }
            Task { try? await self.send(Data(reply.utf8)) }
        }
        // A thread of its own: `read` blocks, and a blocked cooperative thread is a core lost.
        let thread = Thread { reader.run() }
        thread.name = "frankly-mcp-stdin"
        thread.start()
    }

    func disconnect() async {
        continuation.finish()
    }

    func send(_ data: Data) async throws {
        var bytes = [UInt8](data)
        bytes.append(UInt8(ascii: "\n"))
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
            if n > 0 { offset += n; continue }
            if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            throw MCPError.transportError(POSIXError(.EIO))
        }
    }

    func receive() -> AsyncThrowingStream<Data, any Swift.Error> { stream }
}

/// Reads lines from a file descriptor on its own thread, checks each, and hands the good ones on.
final class LineReader: @unchecked Sendable {
    // Touched only by the reader thread after `run()` starts.
    private let fd: Int32
    private let maxLine: Int
    private let maxDepth: Int
    private let continuation: AsyncThrowingStream<Data, any Swift.Error>.Continuation
    private let reply: @Sendable (String) -> Void

    init(fd: Int32, maxLine: Int, maxDepth: Int, continuation: AsyncThrowingStream<Data, any Swift.Error>.Continuation,
         reply: @escaping @Sendable (String) -> Void) {
        self.fd = fd; self.maxLine = maxLine; self.maxDepth = maxDepth; self.continuation = continuation; self.reply = reply
    }

    func run() {
        var pending: [UInt8] = []
        var skipping = false  // inside a line over the limit, dropping bytes up to its newline
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if n <= 0 { break }
            var start = 0
            // Only the new bytes are scanned for a newline: a long line costs linear time.
            while start < n {
                guard let newline = chunk[start..<n].firstIndex(of: UInt8(ascii: "\n")) else {
                    if !skipping {
                        pending.append(contentsOf: chunk[start..<n])
                        if pending.count > maxLine { pending = []; skipping = true }
                    }
                    break
                }
                if skipping {
                    skipping = false
                    refuse(code: -32600, "message refused: longer than \(maxLine) bytes (frankly mcp --max-message-bytes)", id: .null)
                } else {
                    pending.append(contentsOf: chunk[start..<newline])
                    if pending.count > maxLine {
                        refuse(code: -32600, "message refused: longer than \(maxLine) bytes (frankly mcp --max-message-bytes)", id: .null)
                    } else {
                        handle(pending)
                    }
                    pending = []
                }
                start = newline + 1
            }
        }
        if !pending.isEmpty && !skipping { handle(pending) }
        continuation.finish()
    }

    /// Passes a well-formed message on; answers anything else itself.
    private func handle(_ line: [UInt8]) {
        var line = line
        while let last = line.last, last == UInt8(ascii: "\r") || last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { line.removeLast() }
        guard line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) else { return }
        if let refusal = JSONRPCCheck.refusal(line, maxDepth: maxDepth) {
            reply(refusal)
            return
        }
        continuation.yield(Data(line))
    }

    private func refuse(code: Int, _ message: String, id: JSONValue) {
        reply(JSONRPCCheck.error(code: code, message, id: id))
    }
}
