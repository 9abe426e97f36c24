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
/// bound, and one whose deadline passed while it waited is refused without running.
///
/// Each turn is a serial `DispatchQueue`: serial queues run on overcommit threads of their own,
/// while work on a concurrent queue shares the global pool the cooperative pool draws from on
/// Linux, and so starved it all the same.
final class WorkLane: Sendable {
    private struct State {
        /// Turns not in use, by index into `queues`.
        var free: [Int]
        var waiting: [CheckedContinuation<Int, Never>] = []
    }

    let name: String
    let width: Int
    let maxWaiting: Int
    private let state: Locked<State>
    private let queues: [DispatchQueue]

    init(name: String, width: Int, maxWaiting: Int) {
        self.name = name
        self.width = max(1, width)
        self.maxWaiting = max(0, maxWaiting)
        self.queues = (0..<self.width).map { DispatchQueue(label: "frankly.\(name).\($0)") }
        self.state = Locked(State(free: Array((0..<self.width).reversed())))
    }

    /// Runs `body` on the lane once a turn is free. Throws `server busy` when too many requests
    /// wait, or when `deadline` passed before the turn came.
    func run<T: Sendable>(deadline: ContinuousClock.Instant?,
                          _ body: @escaping @Sendable () throws -> T) async throws -> T {
        let turn = try await acquire()
        defer { release(turn) }
        if let deadline, ContinuousClock.now >= deadline {
            throw FranklyError(reason: "server busy",
                               details: "the request waited for a free \(name) worker past its time budget; try again")
        }
        return try await withCheckedThrowingContinuation { (c: CheckedContinuation<T, any Error>) in
            queues[turn].async { c.resume(with: Result { try body() }) }
        }
    }

    private func acquire() async throws -> Int {
        enum Decision { case turn(Int), wait, refused }
        let decision: Decision = state.withLock { s in
            if let t = s.free.popLast() { return .turn(t) }
            return s.waiting.count < maxWaiting ? .wait : .refused
        }
        switch decision {
        case .turn(let t): return t
        case .refused:
            throw FranklyError(reason: "server busy",
                               details: "\(width) \(name) requests are running and \(maxWaiting) are waiting (FranklyServerConfiguration.maxQueuedRequests); try again")
        case .wait:
            return await withCheckedContinuation { (c: CheckedContinuation<Int, Never>) in
                let now: Int? = state.withLock { s in
                    // A turn may have come free between the decision and here.
                    if let t = s.free.popLast() { return t }
                    s.waiting.append(c)
                    return nil
                }
                if let now { c.resume(returning: now) }
            }
        }
    }

    /// Hands the turn to the longest waiter, or frees it.
    private func release(_ turn: Int) {
        let next: CheckedContinuation<Int, Never>? = state.withLock { s in
            if s.waiting.isEmpty { s.free.append(turn); return nil }
            return s.waiting.removeFirst()
        }
        next?.resume(returning: turn)
    }
}
