#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Bounds every selector must stay within, whatever its engine.
///
/// The registry enforces the first two once, around every engine's `compile`: the length before
/// the engine sees the text (so no parser ever works on a megabyte of input, and no such text
/// enters the cache), the step count on the compiled program. The matcher enforces the rest
/// *while* it runs (see `QueryBudget`): a selector that multiplies its intermediate results, or
/// runs too long, stops with a `.limit` error instead of exhausting memory or a thread.
///
/// ```swift
/// var limits = SelectorLimits()
/// limits.maxSteps = 32
/// limits.timeBudget = .seconds(2)
/// let registry = EngineRegistry(limits: limits)
/// ```
public struct SelectorLimits: Sendable, Equatable {
    /// Longest selector text accepted, in UTF-8 bytes (64 KiB: a hundred times the longest
    /// selector in any test suite we know of).
    public var maxSelectorBytes: Int = 64 * 1024
    /// Most steps a compiled program may have (after filters are fused into their axis steps).
    public var maxSteps: Int = 256
    /// Most nodes one step of a query may produce, duplicates included; nil: 8 × the tree's size,
    /// and at least 2^20. UIQuery never removes duplicates, so `view view view view` on a tree of
    /// 10^5 views would otherwise build hundreds of millions of entries.
    public var maxStepResults: Int? = nil
    /// Most work one query may do, counted as nodes scanned plus nodes produced over all its
    /// steps; nil: 64 × the tree's size, and at least 2^24.
    public var maxWork: Int? = nil
    /// Longest one query may run, string evaluations (regexes) included; nil: no deadline. The
    /// Frankly server passes its own per request.
    public var timeBudget: Duration? = nil
    /// Largest compiled program accepted, as `SelectorProgram.estimatedBytes` counts it (2 MiB;
    /// ordinary selectors compile to a few KB, but a 60 KB selector of thousands of statements
    /// compiled to megabytes). Checked by the registry on the compiled program, before the cache
    /// keeps it; the refusal is cached like any parse error.
    public var maxProgramBytes: Int = 2 << 20

    public init(maxSelectorBytes: Int = 64 * 1024, maxSteps: Int = 256, maxStepResults: Int? = nil,
                maxWork: Int? = nil, timeBudget: Duration? = nil, maxProgramBytes: Int = 2 << 20) {
        self.maxSelectorBytes = maxSelectorBytes; self.maxSteps = maxSteps
        self.maxStepResults = maxStepResults; self.maxWork = maxWork; self.timeBudget = timeBudget
        self.maxProgramBytes = maxProgramBytes
    }

    /// Throws when `selector` is longer than `maxSelectorBytes`.
    public func checkLength(of selector: String) throws(SelectorError) {
        let bytes = selector.utf8.count
        guard bytes <= maxSelectorBytes else {
            throw SelectorError(.limit, "selector is \(bytes) bytes long; the limit is \(maxSelectorBytes) bytes (SelectorLimits.maxSelectorBytes)")
        }
    }

    /// Throws when `program` has more than `maxSteps` steps.
    public func checkSteps(of program: SelectorProgram) throws(SelectorError) {
        guard program.steps.count <= maxSteps else {
            throw SelectorError(.limit, "selector compiles to \(program.steps.count) steps; the limit is \(maxSteps) steps (SelectorLimits.maxSteps)")
        }
    }

    /// The budget of one query over a tree of `treeSize` nodes: these limits made concrete, with
    /// the earlier of `deadline` and now + `timeBudget`.
    public func budget(treeSize: Int, deadline: ContinuousClock.Instant? = nil) -> QueryBudget {
        var d = deadline
        if let timeBudget {
            let own = ContinuousClock.now.advanced(by: timeBudget)
            d = d.map { min($0, own) } ?? own
        }
        return QueryBudget(maxStepResults: maxStepResults ?? max(8 * treeSize, 1 << 20),
                           maxWork: maxWork ?? max(64 * treeSize, 1 << 24), deadline: d)
    }
}

/// What one query may spend: results per step, total work and a deadline, checked by the matcher
/// as it goes (`SelectorLimits.budget(treeSize:deadline:)` makes one).
public struct QueryBudget: Sendable, Equatable {
    /// Most nodes one step may produce (see `SelectorLimits.maxStepResults`).
    public var maxStepResults: Int
    /// Most nodes scanned plus produced over the whole query (see `SelectorLimits.maxWork`).
    public var maxWork: Int
    /// When the query must stop; nil: never.
    public var deadline: ContinuousClock.Instant?

    public init(maxStepResults: Int, maxWork: Int, deadline: ContinuousClock.Instant? = nil) {
        self.maxStepResults = maxStepResults; self.maxWork = maxWork; self.deadline = deadline
    }

    /// No limit at all (benchmarks of the bare matcher).
    public static let unlimited = QueryBudget(maxStepResults: .max, maxWork: .max)

    /// The error for a query past its deadline.
    public static var deadlineError: SelectorError {
        SelectorError(.deadline, "the query ran past its time budget and was stopped")
    }

    /// The error for a query stopped by its `QueryCancellation`.
    public static var cancelledError: SelectorError {
        SelectorError(.cancelled, "the query was cancelled before it finished")
    }
}

/// Stops queries before their deadline: every query started inside `whileCurrent(_:)` (on that
/// thread, or in that task) stops at its next deadline check once `cancel()` is called, with
/// `QueryBudget.cancelledError`.
///
/// Why a scope rather than a parameter: the deadline reaches the matcher, the explainer and the
/// engines' evaluators through many public entry points that take a `ContinuousClock.Instant`; the
/// token rides along with the deadline (`MatchDeadline` captures it when a query starts) without a
/// new parameter on any of them. A server cancels its running queries on shutdown this way.
public final class QueryCancellation: Sendable {
    private let cancelled = Atomic<Bool>(false)

    public init() {}

    /// Makes every query started under this token stop at its next deadline check; for good.
    public func cancel() { cancelled.store(true, ordering: .releasing) }

    public var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    /// Runs `body` with this token applying to the queries it starts.
    public func whileCurrent<T>(_ body: () throws -> T) rethrows -> T {
        try Self.$current.withValue(self, operation: body)
    }

    /// The token of the queries starting now, if any.
    @TaskLocal static var current: QueryCancellation?
}

/// A deadline the matcher can test cheaply: `CLOCK_MONOTONIC` nanoseconds in a plain integer.
///
/// `ContinuousClock.Instant` is resilient (its layout is not known when this module compiles), so
/// every struct holding one, the matcher's per-query state included, had its fields reached
/// through runtime layout calls: that alone made a UISpec-order query 1.7× slower.
struct MatchDeadline: Sendable {
    /// 0: no deadline; `UInt64.max` when only a cancellation token can stop the query.
    let nanos: UInt64
    /// The `QueryCancellation` current when the query started: a cancelled token makes the
    /// deadline pass at once.
    let cancellation: QueryCancellation?

    init(_ instant: ContinuousClock.Instant?) {
        self.init(instant, cancellation: QueryCancellation.current)
    }

    init(_ instant: ContinuousClock.Instant?, cancellation: QueryCancellation?) {
        self.cancellation = cancellation
        guard let instant else { nanos = cancellation == nil ? 0 : .max; return }
        let left = ContinuousClock.now.duration(to: instant)
        let (seconds, attoseconds) = left.components
        let leftNanos = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        nanos = leftNanos <= 0 ? 1 : Self.now() &+ UInt64(leftNanos)
    }

    var isSet: Bool { nanos != 0 }

    /// Whether the deadline is set and has passed, or the query was cancelled.
    @inline(__always)
    var hasPassed: Bool { nanos != 0 && (cancellation?.isCancelled == true || Self.now() >= nanos) }

    /// Throws the budget's error once the deadline has passed (the cancellation error once the
    /// query was cancelled).
    @inline(__always)
    func check() throws(SelectorError) {
        if hasPassed {
            throw cancellation?.isCancelled == true ? QueryBudget.cancelledError : QueryBudget.deadlineError
        }
    }

    static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }
}

/// A query's deadline as engines see it: cheap to test (one clock read), for loops inside one
/// value or one candidate that the matcher's own checks between values cannot reach.
public struct QueryDeadline: Sendable {
    let deadline: MatchDeadline

    init(_ deadline: MatchDeadline) { self.deadline = deadline }

    /// A deadline `instant` (nil: never), for evaluators used outside a query (tests, tools); the
    /// current `QueryCancellation`, if any, applies to it too.
    public init(_ instant: ContinuousClock.Instant?) { deadline = MatchDeadline(instant) }

    /// No deadline (and no cancellation, whichever token is current where this is first read).
    public static let none = QueryDeadline(MatchDeadline(nil, cancellation: nil))

    /// Whether there is a deadline at all.
    public var isSet: Bool { deadline.isSet }

    /// Whether the deadline is set and has passed (one monotonic clock read when set).
    @inline(__always)
    public var hasPassed: Bool { deadline.hasPassed }

    /// Throws `QueryBudget.deadlineError` once the deadline has passed.
    @inline(__always)
    public func check() throws(SelectorError) { try deadline.check() }
}

/// A query's running account against its `QueryBudget`.
///
/// Work is charged in bulk (a scan's node count, a step's output), so the clock is read only every
/// 2^16 units of work and at each step, never per node. Every field is a plain integer or, for a
/// cancellable query, one class reference (see
/// `MatchDeadline`): the matcher touches this after every input of a step.
struct BudgetMeter {
    let maxStepResults: Int
    let maxWork: Int
    let deadline: MatchDeadline
    private(set) var work = 0
    private var nextClockRead = 0

    init(_ budget: QueryBudget) {
        maxStepResults = budget.maxStepResults
        maxWork = budget.maxWork
        deadline = MatchDeadline(budget.deadline)
    }

    /// Adds `units` of work; throws past the work limit or the deadline.
    @inline(__always)
    mutating func charge(_ units: Int) throws(SelectorError) {
        work = work &+ units
        if work > maxWork {
            throw SelectorError(.limit, "the query did more than \(maxWork) units of work (nodes scanned plus nodes produced), the limit (SelectorLimits.maxWork): narrow the selector")
        }
        if deadline.isSet && work >= nextClockRead {
            nextClockRead = work &+ (1 << 16)
            try deadline.check()
        }
    }

    /// Throws when a step's output has grown past `maxStepResults`.
    @inline(__always)
    func checkResults(_ count: Int) throws(SelectorError) {
        if count > maxStepResults {
            throw SelectorError(.limit, "the query built more than \(maxStepResults) intermediate results, the limit (SelectorLimits.maxStepResults): narrow the selector (UIQuery keeps duplicates, so each repeated descendant step multiplies its results)")
        }
    }

    /// A step boundary: the output's size is charged and checked, and the clock read.
    mutating func endStep(_ count: Int) throws(SelectorError) {
        try checkResults(count)
        try charge(count)
        try deadline.check()
    }
}
