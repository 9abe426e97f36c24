import Dispatch
import SelectorCore

/// Runs a request's heavy, synchronous work (a query, an operation) on threads of its own, at most
/// `width` at a time, with a bounded line of requests waiting for a turn.
///
/// Why: Hummingbird runs handlers on Swift's cooperative pool, one thread per core. A query that
/// runs for seconds there (a costly regex over 16k labels) holds a core's only thread, and two of
/// them stalled every endpoint, `/version` included. Work in a lane runs elsewhere and the handler
/// only awaits it, so cheap endpoints keep answering; waiting requests hold no thread at all.
/// Past `maxWaiting` a request is refused at once ("server busy") rather than queued without
/// bound.
///
/// A request's wait counts against its budget: a waiter whose deadline passes is taken out of the
/// line and refused at its deadline by a timer, not when a worker finally frees up (which took
/// 42–164 s under load, issue 28 item 6). The work it gets runs to the same absolute deadline, so
/// it has only what the wait left of the budget.
///
/// `close()` (server shutdown) refuses every waiter and every later request, and cancels the
/// queries running in the lane through `cancellation` (their next deadline check fails).
///
/// Each turn is a serial `DispatchQueue`: serial queues run on overcommit threads of their own,
/// while work on a concurrent queue shares the global pool the cooperative pool draws from on
/// Linux, and so starved it all the same.
final class WorkLane: Sendable {
    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Int, any Error>
        /// Refuses the waiter at its deadline; cancelled when a turn comes first.
        let timer: DispatchWorkItem?
    }

    private struct State {
        /// Turns not in use, by index into `queues`.
        var free: [Int]
        var waiting: [Waiter] = []
        var nextID: UInt64 = 0
        var closed = false
    }

    let name: String
    let width: Int
    let maxWaiting: Int
    /// Stops the lane's running queries when the lane is closed; shared with the queries through
    /// `QueryCancellation.whileCurrent`.
    let cancellation: QueryCancellation
    private let state: Locked<State>
    private let queues: [DispatchQueue]
    /// Where deadline timers fire; they only take a lock and resume a continuation.
    private static let timers = DispatchQueue(label: "frankly.lane-timers")

    init(name: String, width: Int, maxWaiting: Int, cancellation: QueryCancellation = QueryCancellation()) {
        self.name = name
        self.width = max(1, width)
        self.maxWaiting = max(0, maxWaiting)
        self.cancellation = cancellation
        self.queues = (0..<self.width).map { DispatchQueue(label: "frankly.\(name).\($0)") }
        self.state = Locked(State(free: Array((0..<self.width).reversed())))
    }

    /// Runs `body` on the lane once a turn is free. Throws `server busy` when too many requests
    /// wait, when `deadline` passes before a turn comes (at the deadline), or when the lane is
    /// closed; `server shutting down` when the lane closed while `body` ran and `body` threw.
    func run<T: Sendable>(deadline: ContinuousClock.Instant?,
                          _ body: @escaping @Sendable () throws -> T) async throws -> T {
        if let deadline, ContinuousClock.now >= deadline { throw waitedTooLong() }
        let turn = try await acquire(deadline: deadline)
        defer { release(turn) }
        // The timer and the hand-over race only for waiters; a turn taken at once, or handed over
        // in the instant the deadline passed, is refused here rather than run with no budget.
        if let deadline, ContinuousClock.now >= deadline { throw waitedTooLong() }
        let cancellation = self.cancellation
        let result: Result<T, any Error> = await withCheckedContinuation { c in
            queues[turn].async {
                c.resume(returning: Result { try cancellation.whileCurrent { try body() } })
            }
        }
        if case .failure = result, cancellation.isCancelled { throw Self.shuttingDown() }
        return try result.get()
    }

    /// Requests waiting for a turn now (for tests that order events by it).
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    /// Refuses every waiter and every later request, and cancels the running queries.
    func close() {
        cancellation.cancel()
        let waiters: [Waiter] = state.withLock { s in
            s.closed = true
            defer { s.waiting = [] }
            return s.waiting
        }
        for w in waiters {
            w.timer?.cancel()
            w.continuation.resume(throwing: Self.shuttingDown())
        }
    }

    private func acquire(deadline: ContinuousClock.Instant?) async throws -> Int {
        enum Decision { case turn(Int), wait(UInt64), refused, closed }
        let decision: Decision = state.withLock { s in
            if s.closed { return .closed }
            if let t = s.free.popLast() { return .turn(t) }
            guard s.waiting.count < maxWaiting else { return .refused }
            s.nextID &+= 1
            return .wait(s.nextID)
        }
        switch decision {
        case .turn(let t): return t
        case .closed: throw Self.shuttingDown()
        case .refused:
            throw FranklyError(reason: "server busy",
                               details: "\(width) \(name) requests are running and \(maxWaiting) are waiting (FranklyServerConfiguration.maxQueuedRequests); try again")
        case .wait(let id):
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (c: CheckedContinuation<Int, any Error>) in
                    let timer = deadline.map { deadline in
                        DispatchWorkItem { [weak self] in self?.expire(id, error: self?.waitedTooLong()) }
                    }
                    enum Now { case turn(Int), closed, queued }
                    let now: Now = state.withLock { s in
                        if s.closed { return .closed }
                        // A turn may have come free between the decision and here.
                        if let t = s.free.popLast() { return .turn(t) }
                        s.waiting.append(Waiter(id: id, continuation: c, timer: timer))
                        return .queued
                    }
                    switch now {
                    case .turn(let t): c.resume(returning: t)
                    case .closed: c.resume(throwing: Self.shuttingDown())
                    case .queued:
                        if let timer, let deadline {
                            let left = ContinuousClock.now.duration(to: deadline)
                            let nanos = max(0, left.components.seconds * 1_000_000_000 + left.components.attoseconds / 1_000_000_000)
                            Self.timers.asyncAfter(deadline: .now() + .nanoseconds(Int(clamping: nanos)), execute: timer)
                        }
                    }
                }
            } onCancel: {
                expire(id, error: CancellationError())
            }
        }
    }

    /// Takes waiter `id` out of the line, if it is still there, and refuses it with `error`.
    private func expire(_ id: UInt64, error: (any Error)?) {
        let waiter: Waiter? = state.withLock { s in
            guard let k = s.waiting.firstIndex(where: { $0.id == id }) else { return nil }
            return s.waiting.remove(at: k)
        }
        guard let waiter else { return }
        waiter.timer?.cancel()
        waiter.continuation.resume(throwing: error ?? CancellationError())
    }

    /// Hands the turn to the longest waiter, or frees it.
    private func release(_ turn: Int) {
        let next: Waiter? = state.withLock { s in
            if s.waiting.isEmpty { s.free.append(turn); return nil }
            return s.waiting.removeFirst()
        }
        guard let next else { return }
        next.timer?.cancel()
        next.continuation.resume(returning: turn)
    }

    private func waitedTooLong() -> FranklyError {
        FranklyError(reason: "server busy",
                     details: "the request waited its whole time budget (FranklyServerConfiguration.queryTimeBudget) for a free \(name) worker (all \(width) were busy) and was not run; try again")
    }

    private static func shuttingDown() -> FranklyError {
        FranklyError(reason: "server shutting down",
                     details: "the server is shutting down: running queries are cancelled and waiting ones refused")
    }
}
