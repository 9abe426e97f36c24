import Hummingbird
import NIOCore
import SelectorCore
import Synchronization

/// What a streamed response (`/dump*`, a large `/map` answer) may hold while a client reads it,
/// shared by one server's handlers (issue 28, item 10). A stream made without one (`.unlimited`,
/// `/inspector/tree` for now) takes no slot but has the default stall timeout.
///
/// A client that requests a stream and then stops reading holds what the stream is written from
/// (its snapshot of the tree, or a `/map` answer's results) and the chunk being written. Three
/// bounds keep that small: at most `maxConcurrent` streams are sent at once; what all of them hold
/// together stays under `maxPinnedBytes` (each buffer of a snapshot counted once, however many
/// streams share it: 40 readers of one tree hold one tree, 40 readers of 40 edited trees hold
/// the 40 edited columns); one more stream past either is answered 503 `server busy`; and a chunk
/// the client has not taken within `stalledWriteTimeout` ends the connection, which releases it
/// all. What was refused and closed is counted.
final class ResponseStreams: Sendable {
    /// Streamed responses allowed at once.
    let slots: ConcurrencySlots
    /// What the streams being sent hold, by buffer.
    let pinned: PinnedBuffers
    /// Longest one chunk may wait for the client to take it.
    let stalledWriteTimeout: Duration
    private let stalledCount = Atomic<Int>(0)

    /// `maxConcurrent` (or `maxPinnedBytes`) 0 or less: no limit.
    init(maxConcurrent: Int, maxPinnedBytes: Int = 0, stalledWriteTimeout: Duration) {
        slots = ConcurrencySlots(limit: maxConcurrent > 0 ? maxConcurrent : nil,
                                 holders: "streamed responses are being sent",
                                 setting: "FranklyServerConfiguration.maxConcurrentStreams")
        pinned = PinnedBuffers(limit: maxPinnedBytes)
        self.stalledWriteTimeout = stalledWriteTimeout
    }

    convenience init(_ configuration: FranklyServerConfiguration) {
        self.init(maxConcurrent: configuration.maxConcurrentStreams, maxPinnedBytes: configuration.maxStreamedBytes,
                  stalledWriteTimeout: configuration.stalledWriteTimeout)
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

    /// A slot for one more stream that holds `buffers` while it is sent, released when the slot is
    /// dropped (whether or not the body was ever written: a connection that closes before its head
    /// goes out never runs the body); or the 503 that refuses it, when every slot is held or the
    /// buffers would take what streams hold together past its limit.
    func slot(pinning buffers: [StorageBuffer]) -> Result<Slot, Refusal> {
        guard let held = slots.take() else { return .failure(Refusal(response: slots.busy())) }
        switch pinned.pin(buffers, alone: slots.inUse <= 1) {
        case .success(let pin): return .success(Slot(self, held, pin))
        case .failure(let refusal): return .failure(refusal)
        }
    }

    /// A stream refused, and its 503.
    struct Refusal: Error {
        let response: Response
    }

    /// One stream's hold on a slot and on what it pins, and the writes that may stall.
    final class Slot: Sendable {
        private let streams: ResponseStreams
        private let held: ConcurrencySlots.Slot
        private let pin: PinnedBuffers.Pin
        fileprivate init(_ streams: ResponseStreams, _ held: ConcurrencySlots.Slot, _ pin: PinnedBuffers.Pin) {
            self.streams = streams
            self.held = held
            self.pin = pin
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

/// The buffers held by the streams being sent, each counted once however many streams share it,
/// and their bytes together against a limit (`FranklyServerConfiguration.maxStreamedBytes`).
final class PinnedBuffers: Sendable {
    /// Bytes all streams may hold together; 0 or less: no limit.
    let limit: Int
    private struct State {
        var references: [UInt: (count: Int, bytes: Int)] = [:]
        var total = 0
    }
    private let state = Locked(State())

    init(limit: Int) { self.limit = limit }

    /// Bytes held now.
    var inUse: Int { state.withLock { $0.total } }

    /// Pins `buffers` for one stream, or refuses when they would take the total past the limit;
    /// a stream `alone` (no other is being sent) is never refused, so any tree can be dumped once.
    func pin(_ buffers: [StorageBuffer], alone: Bool) -> Result<Pin, ResponseStreams.Refusal> {
        let unique = Array(Set(buffers))
        let refusedTotal: Int? = state.withLock { s in
            let added = unique.reduce(0) { $0 + (s.references[$1.identity] == nil ? $1.bytes : 0) }
            if limit > 0 && !alone && added > 0 && s.total + added > limit { return s.total }
            for b in unique {
                if let r = s.references[b.identity] { s.references[b.identity] = (r.count + 1, r.bytes) }
                else { s.references[b.identity] = (1, b.bytes) }
            }
            s.total += added
            return nil
        }
        if let refusedTotal {
            return .failure(ResponseStreams.Refusal(response: FranklyResponse.busy(
                "streamed responses being sent hold \(refusedTotal) bytes of snapshots and answers; the limit is \(limit) "
                + "(FranklyServerConfiguration.maxStreamedBytes); try again")))
        }
        return .success(Pin(self, unique))
    }

    fileprivate func unpin(_ buffers: [StorageBuffer]) {
        state.withLock { s in
            for b in buffers {
                guard let r = s.references[b.identity] else { continue }
                if r.count == 1 {
                    s.references[b.identity] = nil
                    s.total -= r.bytes
                } else {
                    s.references[b.identity] = (r.count - 1, r.bytes)
                }
            }
        }
    }

    /// One stream's buffers, given back when dropped.
    final class Pin: Sendable {
        private let owner: PinnedBuffers
        private let buffers: [StorageBuffer]
        fileprivate init(_ owner: PinnedBuffers, _ buffers: [StorageBuffer]) { self.owner = owner; self.buffers = buffers }
        deinit { owner.unpin(buffers) }
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
