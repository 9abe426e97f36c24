import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `frankly serve` as a client meets it: a child process on a port of its own choosing (`--port
/// 0`, read back from its log), spoken to over plain sockets, so that tests send exactly the
/// bytes they mean (a foreign Origin, an oversized body) and see the answer the process gives.
final class ServeProcess: @unchecked Sendable {
    private let process = Process()
    private let errors = Pipe()
    private let log = Log()
    let port: Int

    /// The log lines read so far, behind a lock (a reader thread appends them).
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var text = ""
        func append(_ s: String) { lock.lock(); text += s; lock.unlock() }
        var all: String { lock.lock(); defer { lock.unlock() }; return text }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Starts `frankly serve --port 0 ARGUMENTS` and waits (at most `seconds`) until it listens.
    init(_ arguments: [String], seconds: Double = 60) throws {
        process.executableURL = CLIRunner.binary
        process.arguments = ["serve", "--port", "0"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let handle = errors.fileHandleForReading, log = self.log
        // Drained for the process's whole life, so its log can never fill the pipe and stall it.
        Thread.detachNewThread {
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                log.append(String(decoding: chunk, as: UTF8.self))
            }
        }
        let start = Date()
        while true {
            if let range = log.all.range(of: #"listening on 127\.0\.0\.1:(\d+)"#, options: .regularExpression),
               let port = Int(log.all[range].split(separator: ":").last ?? "") {
                self.port = port
                return
            }
            guard process.isRunning, Date().timeIntervalSince(start) < seconds else {
                process.terminate()
                throw Failure(description: "frankly serve did not start: \(log.all.suffix(2000))")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// What the server logged so far.
    var logText: String { log.all }

    /// Stops the server (SIGTERM: a graceful shutdown) and waits for it to exit.
    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    deinit { stop() }

    /// One HTTP answer, read whole.
    struct Answer {
        var status: Int
        /// Header fields by lowercased name.
        var headers: [String: String]
        var body: [UInt8]

        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// Sends one request on a fresh connection (`Connection: close`) and reads the answer until the
    /// server closes it, at most `seconds`. `headers` come after `Host` (a test may send its own
    /// `Host` instead by naming it).
    func request(_ method: String, _ path: String, headers: [(String, String)] = [], body: [UInt8] = [],
                 seconds: Int = 60) throws -> Answer {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(errno)") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "connect: \(errno)") }
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var head = "\(method) \(path) HTTP/1.1\r\n"
        if !headers.contains(where: { $0.0.lowercased() == "host" }) { head += "Host: 127.0.0.1:\(port)\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        let bytes = Array(head.utf8) + body
        var sent = 0
        while sent < bytes.count {
            // The server may answer and close before it takes the whole body (a refused one).
            let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { break }
            sent += n
        }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n > 0 { out.append(contentsOf: buffer[..<n]); continue }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                throw Failure(description: "no answer to \(method) \(path) within \(seconds) s; got \(out.count) bytes")
            }
            break  // closed (or reset after a refusal: what arrived is the answer)
        }
        guard let end = out.firstRange(of: Array("\r\n\r\n".utf8)) else {
            throw Failure(description: "no HTTP answer to \(method) \(path): \(String(decoding: out.prefix(300), as: UTF8.self))")
        }
        let lines = String(decoding: out[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw Failure(description: "status line \(lines[0])") }
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var payload = Array(out[end.upperBound...])
        if let length = fields["content-length"].flatMap(Int.init), payload.count > length { payload = Array(payload.prefix(length)) }
        return Answer(status: status, headers: fields, body: payload)
    }

    /// Runs `body(0..<count)` each on a thread of its own, all at once, and hands back a wait for
    /// their results in order: blocking requests must not run on Swift's cooperative pool, whose
    /// two threads here would let only two be in flight (and stall the test's own task).
    static func concurrently<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) -> T) -> @Sendable () -> [T] {
        let results = ConcurrentResults<T>(), group = DispatchGroup()
        for k in 0..<count {
            group.enter()
            Thread.detachNewThread {
                let value = body(k)
                results.lock.lock(); results.values[k] = value; results.lock.unlock()
                group.leave()
            }
        }
        return {
            group.wait()
            results.lock.lock(); defer { results.lock.unlock() }
            return (0..<count).map { results.values[$0]! }
        }
    }
}

/// The results of `ServeProcess.concurrently`, by index, behind a lock.
final class ConcurrentResults<T>: @unchecked Sendable {
    let lock = NSLock()
    var values: [Int: T] = [:]
}
