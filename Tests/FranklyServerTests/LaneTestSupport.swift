#if canImport(Glibc)
import Glibc
#endif
import SelectorCore

/// Holds queries inside the matcher until the test opens it (as `Gate` does), and can also let a
/// parked query go when its deadline passes or it is cancelled, the way a well-behaved engine's
/// long work inside one value does (`StringEvaluator.useDeadline`). Tests of budgets and shutdown
/// order events with it instead of timing them.
final class ParkingGate: Sendable {
    private let state = Locked((entered: 0, left: 0, isOpen: false))

    var isOpen: Bool { state.withLock { $0.isOpen } }
    var entered: Int { state.withLock { $0.entered } }
    /// Queries that parked here and went on (the gate opened, their deadline passed, or they gave up).
    var left: Int { state.withLock { $0.left } }

    func open() { state.withLock { $0.isOpen = true } }

    /// Parks until the gate opens, `deadline` passes (when given), or two minutes have gone (so a
    /// failing test ends instead of parking a worker for ever).
    func park(until deadline: QueryDeadline?) {
        state.withLock { $0.entered += 1 }
        defer { state.withLock { $0.left += 1 } }
        let giveUp = ContinuousClock.now + .seconds(120)
        while !isOpen && ContinuousClock.now < giveUp {
            if let deadline, deadline.hasPassed { return }
            usleep(1000)
        }
    }

    /// Whether `count` queries reached the gate within a minute.
    func waitForEntries(_ count: Int) async -> Bool {
        let giveUp = ContinuousClock.now + .seconds(60)
        while entered < count {
            if ContinuousClock.now > giveUp { return false }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return true
    }
}

/// Labels containing the needle; each query first parks at `gate` on its first value. With
/// `respectsDeadline`, the parked query leaves at its deadline (or cancellation) and throws the
/// budget's error, as an engine checking `QueryDeadline` inside a long value does.
struct ParkingMatcher: StringMatcher {
    let needle: String
    let gate: ParkingGate
    let respectsDeadline: Bool
    var description: String { "parking(\(needle))" }

    final class Evaluator: StringEvaluator {
        let needle: [UInt8]
        let gate: ParkingGate
        let respectsDeadline: Bool
        var deadline = QueryDeadline.none
        var evaluations = 0
        init(needle: [UInt8], gate: ParkingGate, respectsDeadline: Bool) {
            self.needle = needle; self.gate = gate; self.respectsDeadline = respectsDeadline
        }
        func useDeadline(_ deadline: QueryDeadline) { self.deadline = deadline }
        func matches(_ subject: UnsafeBufferPointer<UInt8>) throws(SelectorError) -> Bool {
            if evaluations == 0 {
                gate.park(until: respectsDeadline ? deadline : nil)
                if respectsDeadline { try deadline.check() }
            }
            evaluations += 1
            return needle.isEmpty || Array(subject).firstRange(of: needle) != nil
        }
    }

    func makeEvaluator() -> any StringEvaluator {
        Evaluator(needle: Array(needle.utf8), gate: gate, respectsDeadline: respectsDeadline)
    }
}

/// Views whose label contains the selector text, each query parking at `gate` first; offers the
/// view's own label as its inspector suggestion.
struct ParkingEngine: SelectorEngine {
    var name = "parking"
    let gate: ParkingGate
    var respectsDeadline = false

    func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        var builder = ProgramBuilder(start: .document)
        builder.descendants(.string(property: "accessibilityLabel",
                                    .matcher(ParkingMatcher(needle: selector, gate: gate, respectsDeadline: respectsDeadline))),
                            unique: true)
        return builder.build()
    }

    func suggestions(for node: NodeID, in tree: ViewTree) -> [String] {
        [tree.value("accessibilityLabel", of: node)?.stringValue ?? "Sign"]
    }
}
