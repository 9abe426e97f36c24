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
    /// Streamed responses allowed at once.
    let slots: ConcurrencySlots
    /// Longest one chunk may wait for the client to take it.
    let stalledWriteTimeout: Duration
    private let stalledCount = Atomic<Int>(0)

    /// `maxConcurrent` 0 or less: no limit.
    init(maxConcurrent: Int, stalledWriteTimeout: Duration) {
        slots = ConcurrencySlots(limit: maxConcurrent > 0 ? maxConcurrent : nil,
                                 holders: "streamed responses are being sent",
                                 setting: "FranklyServerConfiguration.maxConcurrentStreams")
        self.stalledWriteTimeout = stalledWriteTimeout
    }

    convenience init(_ configuration: FranklyServerConfiguration) {
        self.init(maxConcurrent: configuration.maxConcurrentStreams, stalledWriteTimeout: configuration.stalledWriteTimeout)
    }

    /// Streams without a server's settings (a limit on the write time only, the default one).
    static let unlimited = ResponseStreams(maxConcurrent: 0,
                                           stalledWriteTimeout: FranklyServerConfiguration().stalledWriteTimeout)

    /// Streams being sent now.
    var inFlight: Int { slots.inUse }
    /// Streams refused because every slot was held.
    var refused: Int { slots.refused }
    /// Connections closed because a chunk waited past `stalledWriteTimeout`.
    var stalled: Int { stalledCount.load(ordering: .relaxed) }

    /// A slot for one more stream, released when the slot is dropped (whether or not the body was
    /// ever written: a connection that closes before its head goes out never runs the body); nil
    /// when every slot is held.
    func slot() -> Slot? { slots.take().map { Slot(self, $0) } }

    /// The answer to a stream refused for want of a slot (`ConcurrencySlots.busy`).
    func busy() -> Response { slots.busy() }

    /// One stream's hold on a slot, and the writes that may stall.
    final class Slot: Sendable {
        private let streams: ResponseStreams
        private let held: ConcurrencySlots.Slot
        fileprivate init(_ streams: ResponseStreams, _ held: ConcurrencySlots.Slot) {
            self.streams = streams
            self.held = held
        }

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
