import Hummingbird
import NIOCore
import SelectorCore
import Synchronization

// A posted recording (`/inspector/diff`, `/inspector/survival/<id>`) is up to `maxRecordingBytes`
// (32 MiB) from an untrusted client, so reading it has bounds of its own besides the size:
//
// - Time. The body must keep arriving: after `recordingUploadGrace`, at least
//   `minRecordingBytesPerSecond` on average since the request began, and all of it within
//   `maxRecordingUploadTime`. A client that stops sending is cut within about the grace, one that
//   sends a burst and then stalls within the total; either is answered 408 and the connection
//   ends. The connection's idle timeout alone cannot do this: every byte resets it.
// - Memory. Bodies being read hold together at most `maxRecordingBytesInFlight`, counted as they
//   arrive (a declared length reserves nothing, so a trickler declaring 32 MiB holds next to
//   nothing); the body that would pass it is answered 503.
// - Work. A comparison slot is taken only once the body is whole: a client that is not sending
//   never holds one (issue 40, item 2: two trickling sockets used to hold both for minutes).

/// What bodies being read hold together, in bytes (`maxRecordingBytesInFlight`).
final class UploadBytes: Sendable {
    /// Bytes all reads may hold; 0 or less: no limit.
    let limit: Int
    private let held = Atomic<Int>(0)
    private let refusedCount = Atomic<Int>(0)

    init(limit: Int) { self.limit = limit }

    /// Bytes held now.
    var inUse: Int { held.load(ordering: .relaxed) }
    /// Bodies refused because the others held `limit`.
    var refused: Int { refusedCount.load(ordering: .relaxed) }

    /// An account that holds nothing yet; what it takes is given back when it is dropped.
    func account() -> Account { Account(self) }

    /// One request's bytes held.
    final class Account: Sendable {
        private let pool: UploadBytes
        private let taken = Atomic<Int>(0)
        fileprivate init(_ pool: UploadBytes) { self.pool = pool }

        /// Takes `count` more bytes, or throws `UploadsBusy` when the pool cannot give them.
        func take(_ count: Int) throws(UploadsBusy) {
            let now = pool.held.add(count, ordering: .relaxed).newValue
            if pool.limit > 0 && now > pool.limit {
                pool.held.subtract(count, ordering: .relaxed)
                pool.refusedCount.add(1, ordering: .relaxed)
                throw UploadsBusy(limit: pool.limit)
            }
            taken.add(count, ordering: .relaxed)
        }

        deinit { pool.held.subtract(taken.load(ordering: .relaxed), ordering: .relaxed) }
    }
}

/// Reads one posted recording within the size, time and memory bounds above.
struct RecordingUploadReader: Sendable {
    let maxBytes: Int
    let minBytesPerSecond: Int
    let grace: Duration
    let maxTime: Duration
    let pool: UploadBytes

    init(_ configuration: FranklyServerConfiguration, pool: UploadBytes) {
        maxBytes = configuration.maxRecordingBytes
        minBytesPerSecond = configuration.minRecordingBytesPerSecond
        grace = configuration.recordingUploadGrace
        maxTime = configuration.maxRecordingUploadTime
        self.pool = pool
    }

    /// The body's bytes and the account holding them (keep it until the bytes are dropped), or
    /// `BodyTooLarge` (413), `UploadTooSlow` (408), `UploadsBusy` (503).
    func bytes(of request: Request) async throws -> (bytes: [UInt8], account: UploadBytes.Account) {
        let account = pool.account()
        let progress = UploadProgress()
        let start = ContinuousClock.now
        let body = request.body, maxBytes = self.maxBytes
        let bytes: [UInt8]? = try await withThrowingTaskGroup(of: [UInt8]?.self) { group in
            group.addTask {
                var out: [UInt8] = []
                for try await buffer in body {
                    let n = buffer.readableBytes
                    guard out.count + n <= maxBytes else { throw BodyTooLarge(limit: maxBytes) }
                    try account.take(n)
                    out.append(contentsOf: buffer.readableBytesView)
                    progress.bytes.store(out.count, ordering: .relaxed)
                }
                return out
            }
            group.addTask { [self] in
                try await watch(progress, from: start)
                return nil
            }
            // The first to finish decides: the whole body, or the watch saying it is too slow
            // (the read is then cancelled, which ends the connection's reading for good).
            let first = try await group.next() ?? nil
            group.cancelAll()
            return first
        }
        guard let bytes else {
            throw UploadTooSlow(received: progress.bytes.load(ordering: .relaxed), elapsed: ContinuousClock.now - start,
                                minBytesPerSecond: minBytesPerSecond, grace: grace, maxTime: maxTime)
        }
        return (bytes, account)
    }

    /// Returns once the body arriving at `progress` falls behind the rule; cancelled (throwing)
    /// when the body is whole first. Sleeps until the moment the bytes seen so far would stop
    /// being enough, never polls.
    private func watch(_ progress: UploadProgress, from start: ContinuousClock.Instant) async throws {
        let end = start + maxTime
        let rate = Double(max(1, minBytesPerSecond))
        while true {
            let got = progress.bytes.load(ordering: .relaxed)
            // Behind once (now - start - grace) * rate > got.
            let due = min(end, start + grace + .seconds(Double(got) / rate) + .milliseconds(1))
            try await Task.sleep(until: due, clock: .continuous)
            let now = ContinuousClock.now
            if now >= end { return }
            let required = (now - start - grace) / .seconds(1) * rate
            if Double(progress.bytes.load(ordering: .relaxed)) < required { return }
        }
    }
}

/// Bytes of one body read so far, shared by its reader and its watch.
private final class UploadProgress: Sendable {
    let bytes = Atomic<Int>(0)
}

/// A recording that did not arrive fast enough: 408, and the connection ends.
struct UploadTooSlow: Error, HTTPResponseError {
    let received: Int
    let elapsed: Duration
    let minBytesPerSecond: Int
    let grace: Duration
    let maxTime: Duration

    var status: HTTPResponse.Status { .requestTimeout }

    /// The 408 answer, naming the settings.
    var response: Response {
        let tenths = Int((elapsed / .seconds(1) * 10).rounded())
        var response = FranklyResponse.error(FranklyError(
            reason: "request too slow",
            details: "\(received) bytes of the recording arrived in \(tenths / 10).\(tenths % 10) s; a recording must arrive at "
                + "\(minBytesPerSecond) bytes per second or more after the first \(grace) "
                + "(FranklyServerConfiguration.minRecordingBytesPerSecond), and whole within \(maxTime) "
                + "(FranklyServerConfiguration.maxRecordingUploadTime)"),
            status: .requestTimeout)
        response.headers[.connection] = "close"
        return response
    }

    func response(from request: Request, context: some RequestContext) throws -> Response { response }
}

/// Bodies being read already hold `maxRecordingBytesInFlight`: 503, and the connection ends.
struct UploadsBusy: Error, HTTPResponseError {
    let limit: Int
    var status: HTTPResponse.Status { .serviceUnavailable }

    var response: Response {
        FranklyResponse.busy("recordings being uploaded hold \(limit) bytes (FranklyServerConfiguration.maxRecordingBytesInFlight); try again")
    }

    func response(from request: Request, context: some RequestContext) throws -> Response { response }
}
