#if canImport(Glibc)
import Glibc
#endif
import SelectorCore
import ViewSelectors

/// A tiny engine for these tests: a comma-separated
/// list of numeric uids, matched anywhere in the tree, in document order.
struct UIDListEngine: SelectorEngine {
    let name: String

    func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        var uids: [Double] = []
        var offset = 0
        for part in selector.split(separator: ",", omittingEmptySubsequences: false) {
            let text = part.filter { $0 != " " }
            guard let uid = Double(text) else {
                throw SelectorError.syntax("expected a uid (a number), found '\(part)'", at: offset, in: selector)
            }
            uids.append(uid)
            offset += part.utf8.count + 1
        }
        var builder = ProgramBuilder(start: .document)
        builder.descendants(.or(uids.map { .number(property: "uid", .equal, $0) }), unique: true)
        return builder.build()
    }
}

/// Selects every view of a class (or `*` for all), for readable tests.
struct ClassEngine: SelectorEngine {
    let name = "kind"

    func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        var builder = ProgramBuilder(start: .document)
        builder.descendants(selector == "*" ? .any : .kindOf(selector), unique: true)
        return builder.build()
    }
}

enum TestEngines {
    /// `uiquery` (what `/map` defaults to) and `uids`: the uid-list engine; `kind`: by class.
    static func registry() -> EngineRegistry {
        let registry = EngineRegistry()
        try! registry.register(UIDListEngine(name: "uiquery"))
        try! registry.register(UIDListEngine(name: "uids"))
        try! registry.register(ClassEngine())
        return registry
    }
}

/// A string test that costs `delay` per distinct value: a stand-in for an expensive regex, so a
/// test can make a query run for seconds on a small tree, deterministically. With a `gate`, each
/// query first waits there (on its first value) until the test opens it.
struct SlowContainsMatcher: StringMatcher {
    let needle: String
    let delay: Duration
    var gate: Gate? = nil
    var description: String { "slow(\(needle))" }

    final class Evaluator: StringEvaluator {
        let needle: [UInt8]
        let delay: Duration
        let gate: Gate?
        var evaluations = 0
        init(needle: [UInt8], delay: Duration, gate: Gate?) { self.needle = needle; self.delay = delay; self.gate = gate }
        func matches(_ subject: UnsafeBufferPointer<UInt8>) throws(SelectorError) -> Bool {
            if evaluations == 0 { gate?.enterAndWait() }
            evaluations += 1
            let start = ContinuousClock.now
            while ContinuousClock.now - start < delay {}  // busy, as a regex would be
            return needle.isEmpty || Array(subject).firstRange(of: needle) != nil
        }
    }

    func makeEvaluator() -> any StringEvaluator { Evaluator(needle: Array(needle.utf8), delay: delay, gate: gate) }
}

/// `slow`: views whose accessibility label contains the selector text, at `delay` per distinct
/// label; with a `gate`, each query waits there first.
struct SlowEngine: SelectorEngine {
    var name = "slow"
    var delay: Duration = .milliseconds(2)
    var gate: Gate? = nil

    func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        var builder = ProgramBuilder(start: .document)
        builder.descendants(.string(property: "accessibilityLabel",
                                    .matcher(SlowContainsMatcher(needle: selector, delay: delay, gate: gate))), unique: true)
        return builder.build()
    }
}

extension TestEngines {
    /// Every built-in engine (with `limits`) plus `slow` and the uid-list engine as `uids`.
    static func realRegistry(limits: SelectorLimits = SelectorLimits()) -> EngineRegistry {
        let registry = EngineRegistry(limits: limits)
        try! BuiltinEngines.register(in: registry)
        try! registry.register(SlowEngine())
        try! registry.register(SlowEngine(name: "slower", delay: .milliseconds(40)))
        try! registry.register(UIDListEngine(name: "uids"))
        return registry
    }
}

/// Holds queries inside the matcher until the test opens it, so a test can order events
/// ("both queries are running, now ask /version") without relying on how long anything takes.
final class Gate: Sendable {
    private let state = Locked((entered: 0, isOpen: false))

    /// Called by a query when it reaches the matcher; returns once the gate is open, or after
    /// two minutes so that a failing test ends instead of parking a worker for ever.
    func enterAndWait() {
        state.withLock { $0.entered += 1 }
        let giveUp = ContinuousClock.now + .seconds(120)
        while !state.withLock({ $0.isOpen }) && ContinuousClock.now < giveUp {
            usleep(1000)
        }
    }

    func open() { state.withLock { $0.isOpen = true } }

    /// Whether `count` queries reached the gate within a minute.
    func waitForEntries(_ count: Int) async -> Bool {
        let giveUp = ContinuousClock.now + .seconds(60)
        while state.withLock({ $0.entered }) < count {
            if ContinuousClock.now > giveUp { return false }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return true
    }
}
