import Dispatch
public import SelectorCore
public import TreeAlignment

/// What became of one selector between the old recordings of a screen and the new ones.
public struct LocatorCheck: Sendable {
    /// The verdict, from the alignment of each new recording with an old one.
    public enum Status: String, Sendable, CaseIterable {
        /// It selects the counterparts of what it selected before.
        case ok
        /// It selects nothing now (or never did), or what it selected has no counterpart.
        case broken
        /// It selected one view before and selects several now, the first of them not the
        /// target's counterpart (a client's find-one call gets another view).
        case ambiguous
        /// It selects a view that is not the counterpart of what it selected before.
        case moved
        /// Still right where a client takes the first match (the target's counterpart comes
        /// first), but it selects several views on a new recording where it selected one: unique
        /// on fewer recordings than before.
        case fragile

        /// Whether a gate fails on it.
        public var fails: Bool { self == .broken || self == .ambiguous || self == .moved }

        /// Worst first (0): which of several recordings' verdicts a check reports, and the order
        /// the check page lists selectors in.
        public var severity: Int {
            switch self {
            case .broken: 0
            case .moved: 1
            case .ambiguous: 2
            case .fragile: 3
            case .ok: 4
            }
        }
    }

    public var locator: Locator
    public var status: Status
    /// The views it selects on each old recording, in its order.
    public var old: [[NodeID]]
    /// The views it selects on each new recording, in its order.
    public var new: [[NodeID]]
    /// A selector in the same engine that selects the old target's counterpart on every new
    /// recording (and the old target on every old one where it can), checked; nil when the
    /// target has no counterpart, or none was found.
    public var fix: String?
    /// Why the status is what it is, a short line each: what it selects now, the step that
    /// emptied, the nearest miss, where the target is now, why there is no fix.
    public var lines: [ReasonLine] = []

    /// The lines as one sentence (`; ` between them), nil when there are none: JSON's `reason`.
    public var reason: String? { lines.isEmpty ? nil : lines.map(\.text).joined(separator: "; ") }

    init(locator: Locator) {
        self.locator = locator; status = .ok; old = []; new = []; fix = nil
    }
}

/// One line of a check's account, labelled so that the table, JUnit and the HTML page can set
/// each on a line of its own.
public struct ReasonLine: Sendable, Equatable {
    /// What the line says.
    public enum Kind: String, Sendable, CaseIterable {
        /// The verdict on one new recording (or on the selector itself).
        case what
        /// The step whose result emptied, and why (the explainer's account).
        case emptied
        /// The view that came nearest, and the one test it failed.
        case nearestMiss = "nearest miss"
        /// Where the old target is on the new recording.
        case target
        /// Why no fix is offered.
        case noFix = "no fix"
    }

    public var kind: Kind
    public var text: String

    public init(_ kind: Kind, _ text: String) { self.kind = kind; self.text = text }
}

/// The old and new recordings of a screen, aligned, and the checks of selectors against them
/// (`frankly check`).
///
/// New recording `j` is aligned with old recording `min(j, old.count - 1)`: give the recordings in
/// the same order (device by device, locale by locale), or one old recording for all.
public struct LocatorGate: Sendable {
    public let registry: EngineRegistry
    public let old: [ViewTree]
    public let new: [ViewTree]
    /// `alignments[j]`: new recording `j` with its old one.
    public let alignments: [ViewTreeAlignment]

    public init(registry: EngineRegistry, old: [ViewTree], new: [ViewTree], options: AlignmentOptions = AlignmentOptions()) {
        precondition(!old.isEmpty && !new.isEmpty, "a gate needs old and new recordings")
        self.init(registry: registry, old: old, new: new,
                  alignments: new.indices.map { j in align(old[min(j, old.count - 1)], new[j], options: options) })
    }

    /// As `init(registry:old:new:options:)`, every alignment stopped at `deadline`: throws
    /// `QueryBudget.deadlineError` (`QueryBudget.cancelledError`) once it passes (`frankly check
    /// --timeout`).
    public init(registry: EngineRegistry, old: [ViewTree], new: [ViewTree], options: AlignmentOptions = AlignmentOptions(),
                deadline: QueryDeadline) throws(SelectorError) {
        precondition(!old.isEmpty && !new.isEmpty, "a gate needs old and new recordings")
        var alignments: [ViewTreeAlignment] = []
        for j in new.indices { alignments.append(try align(old[min(j, old.count - 1)], new[j], options: options, deadline: deadline)) }
        self.init(registry: registry, old: old, new: new, alignments: alignments)
    }

    private init(registry: EngineRegistry, old: [ViewTree], new: [ViewTree], alignments: [ViewTreeAlignment]) {
        self.registry = registry
        self.old = old
        self.new = new
        self.alignments = alignments
    }

    /// The old recording new recording `j` is aligned with.
    public func oldIndex(for j: Int) -> Int { min(j, old.count - 1) }

    /// `locator` on every recording, its status, and for a failing one a checked fix.
    public func check(_ locator: Locator, deadline: ContinuousClock.Instant? = nil) -> LocatorCheck {
        var result = LocatorCheck(locator: locator)
        do {
            for tree in old { result.old.append(try registry.select(locator.selector, engine: locator.engine, in: tree, deadline: deadline)) }
            for tree in new { result.new.append(try registry.select(locator.selector, engine: locator.engine, in: tree, deadline: deadline)) }
        } catch {
            result.status = .broken
            result.lines = [ReasonLine(.what, "invalid selector: \(error)")]
            return result
        }
        if result.old.allSatisfy(\.isEmpty) {
            result.status = result.new.allSatisfy(\.isEmpty) ? .broken : .moved
            result.lines = [ReasonLine(.what, "it selects nothing on the old recordings, so there is no target to follow")]
            return result
        }
        // Per new recording: the counterparts of what it selected on the old one, and how the
        // selection now differs.
        var expected: [[NodeID]] = []
        var verdicts: [(status: LocatorCheck.Status, why: [ReasonLine])] = []
        var deleted = false
        for j in new.indices {
            let k = oldIndex(for: j), alignment = alignments[j]
            let targets = result.old[k], now = result.new[j]
            let counterparts = targets.compactMap { alignment.newCounterpart(of: $0) }
            expected.append(counterparts)
            // Sets: a class selector selects thousands of views a recording.
            let nowSet = Set(now), targetSet = Set(targets)
            let lost = counterparts.filter { !nowSet.contains($0) }
            // A view that was there before and not selected then, selected now.
            let stolen = now.filter { v in alignment.oldCounterpart(of: v).map { !targetSet.contains($0) } ?? false }
            let inserted = now.filter { alignment.oldCounterpart(of: $0) == nil }
            if !targets.isEmpty && counterparts.isEmpty {
                deleted = true
                verdicts.append((.broken, [ReasonLine(.what, "new recording \(j + 1): \(describe(targets, in: old[k])) has no counterpart (deleted)")]))
            } else if now.isEmpty && !targets.isEmpty {
                // The explainer's account once: it re-runs the selector step by step.
                let why = verdicts.contains { $0.status == .broken } ? [] : emptied(locator, in: new[j], counterpart: counterparts)
                verdicts.append((.broken, [ReasonLine(.what, "new recording \(j + 1): it selects nothing")] + why))
            } else if targets.count == 1 && now.count > 1 && now.first != counterparts.first {
                verdicts.append((.ambiguous, [ReasonLine(.what, "new recording \(j + 1): \(now.count) views where it selected one, "
                                                         + "the first of them \(describe(Array(now.prefix(1)), in: new[j]))"),
                                              ReasonLine(.target, "the target is \(describe(counterparts, in: new[j]))")]))
            } else if targets.count == 1 && now.count > 1 {
                // A client's find-one call still gets the target: it works, but no longer alone.
                verdicts.append((.fragile, [ReasonLine(.what, "new recording \(j + 1): \(now.count) views where it selected one"),
                                            ReasonLine(.target, "the target \(describe(counterparts, in: new[j])) is still the first")]))
            } else if !lost.isEmpty || !stolen.isEmpty || (targets.count == 1 && !inserted.isEmpty) {
                verdicts.append((.moved, [ReasonLine(.what, "new recording \(j + 1): it selects \(describe(now, in: new[j]))"),
                                          ReasonLine(.target, "the target is now \(describe(counterparts, in: new[j]))")]))
            }
        }
        if let worst = verdicts.min(by: { $0.status.severity < $1.status.severity }) {
            result.status = worst.status
            // The first three recordings' accounts; a hundred would bury the first.
            result.lines = verdicts.prefix(3).flatMap(\.why)
                + (verdicts.count > 3 ? [ReasonLine(.what, "and \(verdicts.count - 3) more new recordings")] : [])
        }
        if (result.status.fails || result.status == .fragile) && !deleted && expected.allSatisfy({ !$0.isEmpty }) {
            result.fix = fix(locator, expected: expected, oldTargets: result.old, deadline: deadline)
            if result.fix == nil {
                result.lines.append(ReasonLine(.noFix, "no selector in \(locator.engine) selects the target on every new recording"))
            }
        }
        return result
    }

    /// Every locator checked, in order, on up to `threads` threads (each locator is checked on
    /// one), `progress` told how many are done after each (from any of them, one call at a time).
    public func check(_ locators: [Locator], deadline: ContinuousClock.Instant? = nil, threads: Int = 0,
                      progress: @Sendable (Int) -> Void = { _ in }) -> [LocatorCheck] {
        let workers = max(1, min(threads > 0 ? threads : Self.processorCount, locators.count))
        let results = Locked([LocatorCheck?](repeating: nil, count: locators.count))
        let done = Locked(0)
        // Workers take locators in turn from a shared counter: a slow one (a fix to find) does
        // not hold the others' share back.
        let next = Locked(0)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let k = next.withLock { n -> Int in defer { n += 1 }; return n }
                guard k < locators.count else { return }
                let result = check(locators[k], deadline: deadline)
                results.withLock { $0[k] = result }
                done.withLock { n in
                    n += 1
                    progress(n)
                }
            }
        }
        return results.withLock { $0.map { $0! } }
    }

    /// Online CPUs, as the matcher counts them.
    static var processorCount: Int { Parallel.processorCount }

    /// A selector in the locator's engine for the counterparts on every new recording that also
    /// selects the old targets on the old ones, or failing that the new ones alone.
    private func fix(_ locator: Locator, expected: [[NodeID]], oldTargets: [[NodeID]],
                     deadline: ContinuousClock.Instant?) -> String? {
        let both = (try? registry.selector(selecting: expected + oldTargets, engine: locator.engine, on: new + old,
                                           deadline: deadline))?.chosen
        if let both, both.selector != locator.selector { return both.selector }
        let newOnly = (try? registry.selector(selecting: expected, engine: locator.engine, on: new, deadline: deadline))?.chosen
        return newOnly.map(\.selector).flatMap { $0 == locator.selector ? nil : $0 }
    }

    /// The explainer's account of an empty result: the step that emptied, its nearest miss and
    /// where the target is now.
    private func emptied(_ locator: Locator, in tree: ViewTree, counterpart: [NodeID]) -> [ReasonLine] {
        var out: [ReasonLine] = []
        if let explanation = try? registry.explain(locator.selector, engine: locator.engine, in: tree), let empty = explanation.empty {
            out.append(ReasonLine(.emptied, "\(empty.step == 0 ? "the start point" : "step \(empty.step)"): \(empty.reason)"))
            if let miss = explanation.nearMisses.first {
                let more = explanation.nearMissCount > 1 ? " (1 of \(explanation.nearMissCount))" : ""
                out.append(ReasonLine(.nearestMiss, "\(miss.view): \(miss.reason)\(more)"))
            }
        }
        if !counterpart.isEmpty { out.append(ReasonLine(.target, "the target is now \(describe(counterpart, in: tree))")) }
        return out
    }

    /// `UIButton "Save" (uid 12)`, for up to three views.
    func describe(_ views: [NodeID], in tree: ViewTree) -> String {
        if views.isEmpty { return "nothing" }
        let named = views.prefix(3).map { tree.describe($0) }
        return named.joined(separator: ", ") + (views.count > 3 ? " and \(views.count - 3) more" : "")
    }
}
