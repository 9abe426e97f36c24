import SelectorCore
import Synchronization
import SyntheticHierarchy
import Testing
import ViewSelectors

/// Issue 40, item 8: `/inspector/translate` ran 1.8 s past its 5 s budget on a 399-part positional
/// union (`(//*)[1] | … | (//*)[399]`) over 2×10^5 views, because Maestro's suggestions for one view
/// read the whole tree twice (about 2 s in a release build) and the translation checked the
/// deadline only between views and candidates; a proof the deadline stopped also counted as a
/// failed candidate, and renderings, the path's reading and the union's checks ran unchecked.
///
/// Each test stops the translation inside one phase, deterministically (a target engine that
/// spins until the deadline has passed, or cancels the current `QueryCancellation` when called),
/// and asserts that the translation throws the stop's error and does no more of the target's work
/// after it. No assertion depends on the machine's speed.
@Suite("Translation: the deadline is checked inside every phase")
struct TranslateDeadlineTests {
    static let tree = SyntheticApp.generate(nodes: 2_000, seed: 1)

    /// What a probe engine was asked, in order, and when it stops the translation.
    final class Probe: Sendable {
        enum Trigger: Sendable, Equatable {
            case none
            /// `render` returns only once `deadline` has passed.
            case spinInRender(ContinuousClock.Instant)
            /// The `count`-th call to `suggestions` cancels `token` (as another thread would).
            case cancelInSuggestions(count: Int)
            /// Compiling this text cancels `token`.
            case cancelInCompile(String)
        }
        let trigger: Trigger
        let token = QueryCancellation()
        private let log = Mutex<[String]>([])
        init(_ trigger: Trigger) { self.trigger = trigger }

        var calls: [String] { log.withLock { $0 } }
        /// How many `suggestions` calls there were so far.
        func record(_ call: String) -> Int {
            log.withLock { l in
                l.append(call)
                return l.filter { $0 == "suggestions" }.count
            }
        }
        /// The calls after the first one named `call`.
        func calls(after call: String) -> [String] {
            let all = calls
            guard let i = all.firstIndex(of: call) else { return [] }
            return Array(all[(i + 1)...])
        }
    }

    /// A target engine whose every selector compiles to `//UILabel`, that renders any path as
    /// `probe-rendered` and suggests `probe-shared` for every view.
    struct ProbeEngine: SelectorEngine {
        let probe: Probe
        var name: String { "probe" }

        func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
            _ = probe.record("compile \(selector)")
            if probe.trigger == .cancelInCompile(selector) { probe.token.cancel() }
            var b = ProgramBuilder(start: .document)
            b.descendants(.memberOf("UILabel"), unique: true)
            return b.build()
        }

        func suggestions(for node: NodeID, in tree: ViewTree) -> [String] {
            let n = probe.record("suggestions")
            if case .cancelInSuggestions(let k) = probe.trigger, n == k { probe.token.cancel() }
            return ["probe-shared"]
        }

        func union(of selectors: [String]) -> String? {
            _ = probe.record("union")
            return selectors.joined(separator: " + ")
        }

        func render(_ path: SearchPath) -> Rendering? {
            _ = probe.record("render")
            if case .spinInRender(let deadline) = probe.trigger {
                while ContinuousClock.now < deadline {}
            }
            return .selector("probe-rendered")
        }
    }

    static func registry(_ probe: Probe) throws -> EngineRegistry {
        let registry = EngineRegistry.standard()
        try registry.register(ProbeEngine(probe: probe))
        return registry
    }

    /// The error `body` throws as a `SelectorError`, or nil when it returns.
    static func stopped(_ body: () throws -> [Translation]) -> SelectorError? {
        do {
            let out = try body()
            Issue.record("the translation returned: \(out.map { "\($0.engine): \($0.chosen?.selector ?? $0.reason ?? "-")" })")
            return nil
        } catch let error as SelectorError {
            return error
        } catch {
            Issue.record("not a SelectorError: \(error)")
            return nil
        }
    }

    @Test("a deadline that passes while a rendering is printed stops before the views' suggestions")
    func rendering() throws {
        // Generous: the source's compile and selection on 2,000 views come first.
        let deadline = ContinuousClock.now.advanced(by: .seconds(1))
        let probe = Probe(.spinInRender(deadline))
        let registry = try Self.registry(probe)
        let error = Self.stopped {
            try registry.translate("//UILabel", from: "xpath", to: ["probe"], on: [Self.tree], deadline: deadline)
        }
        #expect(error?.message == QueryBudget.deadlineError.message)
        #expect(probe.calls.contains("render"), "\(probe.calls)")
        // Before: the first view's suggestions ran after the deadline, unchecked.
        #expect(probe.calls(after: "render").isEmpty, "\(probe.calls)")
    }

    @Test("a cancellation during the views' suggestions stops at once, with no proof")
    func suggestions() throws {
        let probe = Probe(.cancelInSuggestions(count: 1))
        let registry = try Self.registry(probe)
        let error = Self.stopped {
            try probe.token.whileCurrent {
                try registry.translate("//UILabel", from: "xpath", to: ["probe"], on: [Self.tree])
            }
        }
        #expect(error?.message == QueryBudget.cancelledError.message)
        // Before: every sampled view's suggestions, then each candidate's proof failed as
        // "cancelled" and the translation answered a reason.
        #expect(probe.calls.filter { $0 == "suggestions" }.count == 1, "\(probe.calls)")
        #expect(!probe.calls.contains { $0.hasPrefix("compile probe") }, "\(probe.calls)")
    }

    @Test("a proof stopped by the cancellation throws it instead of failing its candidate")
    func proof() throws {
        let probe = Probe(.cancelInCompile("probe-rendered"))
        let registry = try Self.registry(probe)
        let error = Self.stopped {
            try probe.token.whileCurrent {
                try registry.translate("//UILabel", from: "xpath", to: ["probe", "predicate"], on: [Self.tree])
            }
        }
        #expect(error?.message == QueryBudget.cancelledError.message)
        // Before: "its rendering `probe-rendered` fails on tree 1", the next candidate proved the same
        // way, and the next target translated.
        #expect(probe.calls(after: "compile probe-rendered").isEmpty, "\(probe.calls)")
    }

    @Test("a cancellation while the union's views are checked stops before its proof")
    func union() throws {
        // Two views: two calls for the shared suggestions, then the union's per-view checks.
        let probe = Probe(.cancelInSuggestions(count: 3))
        let registry = try Self.registry(probe)
        let error = Self.stopped {
            try probe.token.whileCurrent {
                try registry.translate("(//UILabel)[1] | (//UILabel)[2]", from: "xpath", to: ["probe"], on: [Self.tree])
            }
        }
        #expect(error?.message == QueryBudget.cancelledError.message)
        #expect(probe.calls.filter { $0 == "suggestions" }.count == 3, "\(probe.calls)")
        #expect(!probe.calls.contains("union"), "\(probe.calls)")
    }

    @Test("the registry's checked suggestion throws the stop where the plain one finds none")
    func checkedSuggestion() throws {
        let probe = Probe(.cancelInSuggestions(count: 1))
        let registry = try Self.registry(probe)
        let label = try #require(registry.select("//UILabel", engine: "xpath", in: Self.tree).first)
        #expect(try registry.suggestion(engine: "predicate", for: label, in: Self.tree, deadline: nil)
            == registry.suggestion(engine: "predicate", for: label, in: Self.tree))
        let error = #expect(throws: SelectorError.self) {
            try probe.token.whileCurrent {
                try registry.suggestion(engine: "probe", for: label, in: Self.tree, deadline: nil)
            }
        }
        #expect(error?.message == QueryBudget.cancelledError.message)
        let past = ContinuousClock.now.advanced(by: .seconds(-1))
        let late = #expect(throws: SelectorError.self) {
            try registry.suggestion(engine: "predicate", for: label, in: Self.tree, deadline: past)
        }
        #expect(late?.message == QueryBudget.deadlineError.message)
    }

    /// A container of the synthetic app whose Maestro suggestions need the scans of the whole
    /// tree (a relation to a uniquely named neighbour, or a position).
    static func scanningView(_ maestro: any SelectorEngine) throws -> (NodeID, [String]) {
        for v in 0..<Self.tree.count {
            let full = maestro.suggestions(for: NodeID(v), in: Self.tree)
            if full.contains(where: { $0.contains("below:") || $0.contains("above:") }) { return (NodeID(v), full) }
        }
        throw SelectorError(.usage, "no view with a relation")
    }

    @Test("Maestro's suggestions stop inside their scans of the tree once the deadline has passed")
    func maestroScans() throws {
        let registry = EngineRegistry.standard()
        let maestro = try #require(registry.registeredEngine("maestro"))
        let (view, full) = try Self.scanningView(maestro)
        // No deadline, or one that does not pass: the same list.
        #expect(maestro.suggestions(for: view, in: Self.tree, deadline: nil) == full)
        #expect(maestro.suggestions(for: view, in: Self.tree, deadline: .now.advanced(by: .seconds(3600))) == full)
        // Passed: only what needs no scan (the view's own texts and id), a head of the list.
        let cut = maestro.suggestions(for: view, in: Self.tree, deadline: .now.advanced(by: .seconds(-1)))
        #expect(cut.count < full.count && full.starts(with: cut), "\(cut) of \(full)")
        // Cancelled: the same.
        let token = QueryCancellation()
        token.cancel()
        let cancelled = token.whileCurrent { maestro.suggestions(for: view, in: Self.tree, deadline: nil) }
        #expect(cancelled == cut)
    }

    /// Maestro wrapped so that its deadline form runs with the token cancelled, recording how
    /// many suggestions each call made.
    struct CancelledMaestro: SelectorEngine {
        let inner: any SelectorEngine
        let probe: Probe
        var name: String { "maestro2" }
        func compile(_ selector: String) throws(SelectorError) -> SelectorProgram { try inner.compile(selector) }
        var chainLiterals: ChainLiterals { inner.chainLiterals }
        func suggestions(for node: NodeID, in tree: ViewTree) -> [String] { inner.suggestions(for: node, in: tree) }
        func suggestions(for node: NodeID, in tree: ViewTree, deadline: ContinuousClock.Instant?) -> [String] {
            probe.token.cancel()
            let list = inner.suggestions(for: node, in: tree, deadline: deadline)
            _ = probe.record("\(node): \(list.count)")
            return list
        }
        func narrowed(_ selector: String, toResult position: Int) -> String? { inner.narrowed(selector, toResult: position) }
        func union(of selectors: [String]) -> String? { inner.union(of: selectors) }
        func render(_ path: SearchPath) -> Rendering? { inner.render(path) }
    }

    @Test("the reported shape: a positional union into Maestro stops inside the first view's scans")
    func positionalUnionIntoMaestro() throws {
        let registry = EngineRegistry.standard()
        let probe = Probe(.none)
        let maestro = try #require(registry.registeredEngine("maestro"))
        try registry.register(CancelledMaestro(inner: maestro, probe: probe))
        let selector = (1...399).map { "(//*)[\($0)]" }.joined(separator: " | ")
        let selected = try registry.select(selector, engine: "xpath", in: Self.tree)
        #expect(selected.count == 399)
        let error = Self.stopped {
            try probe.token.whileCurrent {
                try registry.translate(selector, from: "xpath", to: ["maestro2", "predicate"], on: [Self.tree])
            }
        }
        #expect(error?.message == QueryBudget.cancelledError.message)
        // One view asked, and its list cut short of the full one.
        let calls = probe.calls
        try #require(calls.count == 1, "\(calls)")
        let first = selected[0]
        #expect(calls[0] == "\(first): \(maestro.suggestions(for: first, in: Self.tree, deadline: .now.advanced(by: .seconds(-1))).count)")
        #expect(calls[0] != "\(first): \(maestro.suggestions(for: first, in: Self.tree).count)")
    }

    @Test("the path's filters are read within the deadline; without one, as before")
    func specialization() throws {
        // The predicate engine's `name` reads accessibilityIdentifier, then name: a guarded fallback
        // whose reading counts views.
        let registry = EngineRegistry.standard()
        let program = try registry.compile("type == 'UILabel' AND name == 'Row 1-1'", engine: "predicate").program
        let path = try program.searchPath(on: [Self.tree]).get()
        #expect(try path.specialized(for: [Self.tree], deadline: nil) == path.specialized(for: [Self.tree]))
        let error = #expect(throws: SelectorError.self) {
            try path.specialized(for: [Self.tree], deadline: .now.advanced(by: .seconds(-1)))
        }
        #expect(error?.message == QueryBudget.deadlineError.message)
    }

    @Test("a deadline that does not pass changes no translation")
    func sameResults() throws {
        let registry = EngineRegistry.standard()
        let tree = try SampleApp.tree()
        let targets = registry.names.filter { $0 != "xpath" }
        for selector in ["//UILabel", "//UIButton[@accessibilityLabel='Log In']", "(//UILabel)[1] | (//UISwitch)[1]"] {
            // The chosen one is left out: among equals it is the fastest, which a timing decides.
            func summary(_ t: [Translation]) -> [String] {
                t.map { "\($0.engine)\t\($0.chosen == nil)\t\($0.reason ?? "")\t\($0.candidates.map(\.selector))" }
            }
            let free = try registry.translate(selector, from: "xpath", to: targets, on: [tree])
            let bounded = try registry.translate(selector, from: "xpath", to: targets, on: [tree],
                                                 deadline: .now.advanced(by: .seconds(3600)))
            #expect(summary(free) == summary(bounded), "\(selector)")
        }
    }
}
