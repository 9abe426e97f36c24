import SelectorCore

/// What may stop an alignment before it finishes: nothing (`align(_:_:options:)`), or a deadline
/// (`align(_:_:options:deadline:)`). The aligner is generic over it, so the alignment without a
/// deadline is statically one that cannot throw.
protocol AlignmentStop {
    associatedtype Failure: Error
    /// Throws when the alignment must stop.
    func check() throws(Failure)
}

/// Never stops: `align(_:_:options:)`.
struct NeverStop: AlignmentStop {
    typealias Failure = Never
    @inline(__always) func check() {}
}

/// Stops at a `QueryDeadline` (or its `QueryCancellation`) with its error
/// (`QueryBudget.deadlineError`, `QueryBudget.cancelledError`).
struct DeadlineStop: AlignmentStop {
    let deadline: QueryDeadline
    @inline(__always) func check() throws(SelectorError) { try deadline.check() }
}

/// The alignment's running account of work: every phase charges what its loops do (views
/// visited, pairs scored, nodes copied), and the stop is asked every `interval` units, so the
/// clock is read every few thousand units of work, never per view.
struct WorkMeter<Stop: AlignmentStop> {
    let stop: Stop
    private(set) var work = 0
    /// The first charge checks at once: an alignment started past its deadline does nothing.
    private var nextCheck = 0

    /// Units of work between two checks.
    static var interval: Int { 1 << 12 }

    init(_ stop: Stop) { self.stop = stop }

    /// Adds `units` of work; asks the stop when `interval` more units were done since it last did.
    @inline(__always)
    mutating func charge(_ units: Int = 1) throws(Stop.Failure) {
        work &+= units
        if work >= nextCheck {
            nextCheck = work &+ Self.interval
            try stop.check()
        }
    }
}
