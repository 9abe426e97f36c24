import Hummingbird
import NIOCore
import SelectorCore
import Synchronization

/// What a streamed response (`/dump*`, a large `/map` answer) may hold while a client reads it,
/// shared by one server's handlers (issue 28, item 10). A stream made without one (`.unlimited`,
/// `/inspector/tree` for now) takes no slot but has the default stall timeout.
///
/// A client that requests a stream and then stops reading holds its snapshot of the tree (which
/// later writes no longer share) and the chunk being written. Two bounds keep that small: at most
/// `maxConcurrent` streams are sent at once (one more is answered 503 `server busy`), and a chunk
/// the client has not taken within `stalledWriteTimeout` ends the connection, which releases both.
/// What was refused and closed is counted.
final class ResponseStreams: Sendable {
    /// Streamed responses allowed at once; 0 or less: no limit.
    let maxConcurrent: Int
    /// Longest one chunk may wait for the client to take it.
    let stalledWriteTimeout: Duration
    private let counters = Atomic<Int>(0)
    private let refusedCount = Atomic<Int>(0)
    private let stalledCount = Atomic<Int>(0)

    init(maxConcurrent: Int, stalledWriteTimeout: Duration) {
        self.maxConcurrent = maxConcurrent
        self.stalledWriteTimeout = stalledWriteTimeout
    }

    convenience init(_ configuration: FranklyServerConfiguration) {
        self.init(maxConcurrent: configuration.maxConcurrentStreams, stalledWriteTimeout: configuration.stalledWriteTimeout)
    }

    /// Streams without a server's settings (a limit on the write time only, the default one).
    static let unlimited = ResponseStreams(maxConcurrent: 0,
                                           stalledWriteTimeout: FranklyServerConfiguration().stalledWriteTimeout)

    /// Streams being sent now.
    var inFlight: Int { counters.load(ordering: .relaxed) }
    /// Streams refused because `maxConcurrent` were being sent.
    var refused: Int { refusedCount.load(ordering: .relaxed) }
    /// Connections closed because a chunk waited past `stalledWriteTimeout`.
    var stalled: Int { stalledCount.load(ordering: .relaxed) }

    /// A slot for one more stream, released when the slot is dropped (whether or not the body was
    /// ever written: a connection that closes before its head goes out never runs the body); nil
    /// when `maxConcurrent` streams are being sent.
    func slot() -> Slot? {
        let now = counters.add(1, ordering: .relaxed).newValue
        if maxConcurrent > 0 && now > maxConcurrent {
            counters.subtract(1, ordering: .relaxed)
            refusedCount.add(1, ordering: .relaxed)
            return nil
        }
        return Slot(self)
    }

    /// The answer to a stream refused for want of a slot; the connection ends with it, so a client
    /// opening many cannot keep the refused ones either.
    func busy() -> Response {
        var response = FranklyResponse.error(FranklyError(
            reason: "server busy",
            details: "\(maxConcurrent) streamed responses are being sent (FranklyServerConfiguration.maxConcurrentStreams); try again"),
            status: .serviceUnavailable)
        response.headers[.connection] = "close"
        return response
    }

    /// One stream's hold on a slot.
    final class Slot: Sendable {
        private let streams: ResponseStreams
        fileprivate init(_ streams: ResponseStreams) { self.streams = streams }
        deinit { streams.counters.subtract(1, ordering: .relaxed) }

        /// Writes `buffer`, or throws `StalledWrite` (which ends the connection) when the client has
        /// not taken it within the stall timeout.
        func write(_ buffer: ByteBuffer, to writer: inout any ResponseBodyWriter) async throws {
            let box = WriterBox(writer)
            let timeout = streams.stalledWriteTimeout
            let written = try await withThrowingTaskGroup(of: Bool.self) { group in
                group.addTask { try await box.write(buffer); return true }
                group.addTask { try await Task.sleep(for: timeout); return false }
                defer { group.cancelAll() }
                return try await group.next() ?? false
            }
            writer = box.writer
            guard written else {
                streams.stalledCount.add(1, ordering: .relaxed)
                throw StalledWrite(timeout: timeout)
            }
        }
    }
}

/// A chunk of a streamed response waited past `FranklyServerConfiguration.stalledWriteTimeout`;
/// thrown from the body, it makes the server close the connection.
struct StalledWrite: Error, CustomStringConvertible {
    let timeout: Duration
    var description: String { "the client took no response bytes for \(timeout); connection closed" }
}

/// The body writer handed to the one child task that writes a chunk; the parent touches it again
/// only after that task has finished, so it is never used from two tasks at once.
private final class WriterBox: @unchecked Sendable {
    var writer: any ResponseBodyWriter
    init(_ writer: any ResponseBodyWriter) { self.writer = writer }
    func write(_ buffer: ByteBuffer) async throws { try await writer.write(buffer) }
}
