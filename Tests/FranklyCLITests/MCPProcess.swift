import Foundation

/// `frankly mcp` as a client meets it: a child process spoken to in raw JSON-RPC lines, its
/// answers read back by id, so that tests can send what no SDK client would (broken JSON,
/// oversized lines, wrong types) and see that the server answers and lives on.
final class MCPProcess: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private let shared = Shared()

    /// The lines read so far and whether the output has ended, behind a lock (the reader thread writes them).
    final class Shared: @unchecked Sendable {
        private let lock = NSLock()
        private var _lines: [String] = []
        private var _closed = false
        func withLines<T>(_ body: (inout [String]) -> T) -> T { lock.lock(); defer { lock.unlock() }; return body(&_lines) }
        var closed: Bool {
            get { lock.lock(); defer { lock.unlock() }; return _closed }
            set { lock.lock(); _closed = newValue; lock.unlock() }
        }
    }

    /// Starts `frankly mcp ARGUMENTS` and initializes the session.
    init(_ arguments: [String]) throws {
        process.executableURL = CLIRunner.binary
        process.arguments = ["mcp"] + arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let handle = output.fileHandleForReading
        let shared = self.shared
        Thread.detachNewThread { [handle] in
            var pending = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: 0x0A) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending = Data(pending[(newline + 1)...])
                    shared.withLines { $0.append(line) }
                }
            }
            shared.closed = true
        }
        try send(#"{"jsonrpc":"2.0","id":"init","method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"tests","version":"1"}}}"#)
        _ = try response(id: "init")
        try send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
    }

    /// Writes `text` and a newline to the server's standard input.
    func send(_ text: String) throws {
        try input.fileHandleForWriting.write(contentsOf: Data((text + "\n").utf8))
    }

    /// Writes raw bytes (no newline added).
    func sendBytes(_ bytes: Data) throws {
        try input.fileHandleForWriting.write(contentsOf: bytes)
    }

    struct Timeout: Error, CustomStringConvertible {
        var description: String
    }

    /// The first message received whose `id` is `id` (`NSNull()` for null), waiting at most `seconds`.
    func response(id: Any, seconds: Double = 60) throws -> [String: Any] {
        let start = Date()
        var seen = 0
        while Date().timeIntervalSince(start) < seconds {
            let all = shared.withLines { $0 }
            for line in all.dropFirst(seen) {
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { continue }
                if Self.same(object["id"], id) {
                    shared.withLines { $0.removeAll { $0 == line } }
                    return object
                }
            }
            seen = all.count
            if shared.closed && shared.withLines({ $0.count }) == seen { break }
            Thread.sleep(forTimeInterval: 0.01)
        }
        throw Timeout(description: "no answer with id \(id) in \(seconds) s; received: \(shared.withLines { $0 }.map { String($0.prefix(300)) })"
)
    }

    private static func same(_ a: Any?, _ b: Any) -> Bool {
        switch (a, b) {
        case (is NSNull, is NSNull): return true
        case (let x as String, let y as String): return x == y
        case (let x as NSNumber, let y as Int): return x.intValue == y
        default: return false
        }
    }

    /// `tools/call` of `tool` with `arguments` (JSON text) under id `id`; the response.
    func call(_ tool: String, _ arguments: String, id: Int) throws -> [String: Any] {
        try send(#"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"\#(tool)","arguments":\#(arguments)}}"#)
        return try response(id: id)
    }

    /// Whether the process is still running.
    var isRunning: Bool { process.isRunning }

    /// Closes standard input and waits for the process to end; its exit status.
    func finish() -> Int32 {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit { if process.isRunning { process.terminate() } }
}

extension Dictionary where Key == String, Value == Any {
    /// The JSON-RPC error's code and message, when this is an error response.
    var rpcError: (code: Int, message: String)? {
        guard let error = self["error"] as? [String: Any], let code = error["code"] as? Int else { return nil }
        return (code, error["message"] as? String ?? "")
    }

    /// A tool result's text, parsed, and whether it is marked isError.
    var toolResult: (json: Any, isError: Bool)? {
        guard let result = self["result"] as? [String: Any], let content = result["content"] as? [[String: Any]],
              let text = content.first?["text"] as? String,
              let json = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) else { return nil }
        return (json, result["isError"] as? Bool ?? false)
    }
}
