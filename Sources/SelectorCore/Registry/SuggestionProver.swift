/// Proves suggestions for many views of one tree (`frankly audit` names hundreds a recording):
/// the registry's rule (`EngineRegistry.suggestion(from:of:named:for:run:)`), with each selector
/// text run once however many views' candidates repeat it (a class alone, a label several rows
/// share), and, in `name(_:engines:)`, a name by position proven only once no engine names the
/// view by what it records. Every selector it returns was run on the tree and selected exactly
/// its view; a remembered run is the same run (the tree does not change, and runs are
/// deterministic), so answers are the registry's own.
public struct SuggestionProver: Sendable {
    /// The tree every suggestion is proven on.
    public let tree: ViewTree
    /// The engines, compile cache and limits every run goes through.
    public let registry: EngineRegistry
    let deadline: ContinuousClock.Instant?
    let stop: QueryDeadline
    /// Each run's result by engine and selector text (nil: the selector failed there).
    private var runs: [RunKey: [NodeID]?] = [:]
    /// Node ids the remembered results hold together, so a tree of millions of views cannot make
    /// this hold gigabytes: past `maxRemembered`, runs are no longer remembered (only repeated).
    private var remembered = 0
    static let maxRemembered = 1 << 22

    struct RunKey: Hashable, Sendable {
        let engine: String
        let selector: String
    }

    /// A prover over `tree`; every run is within `deadline` (nil: none) and the current
    /// `QueryCancellation`, and once either has passed its methods throw
    /// (`QueryBudget.deadlineError`, `QueryBudget.cancelledError`).
    public init(registry: EngineRegistry, tree: ViewTree, deadline: ContinuousClock.Instant? = nil) {
        self.registry = registry
        self.tree = tree
        self.deadline = deadline
        stop = QueryDeadline(deadline)
    }

    /// What `selector` selects in `engine` on the tree, nil when it fails there (a stop throws).
    mutating func run(_ selector: String, engine: String) throws(SelectorError) -> [NodeID]? {
        let key = RunKey(engine: engine, selector: selector)
        if let known = runs[key] { return known }
        try stop.check()
        let result: [NodeID]?
        do { result = try registry.select(selector, engine: engine, in: tree, deadline: deadline) } catch {
            // A stop is the whole call's; any other failure rules this candidate out.
            try stop.check()
            result = nil
        }
        let size = result?.count ?? 0
        if remembered + size <= Self.maxRemembered {
            runs[key] = result
            remembered += size
        }
        return result
    }

    /// `EngineRegistry.suggestion(engine:for:in:deadline:)` on this prover's tree, its runs
    /// remembered for the next view's candidates.
    public mutating func suggestion(engine name: String, for node: NodeID) throws(SelectorError) -> SelectorSuggestion? {
        guard let engine = registry.registeredEngine(name), Int(node) >= 0, Int(node) < tree.count else { return nil }
        let candidates = engine.suggestions(for: node, in: tree, deadline: deadline)
        try stop.check()
        return try EngineRegistry.suggestion(from: candidates, of: engine, named: name, for: node,
                                             byPosition: { [registry] in registry.byPosition($0, of: engine, named: name) }) { (text) throws(SelectorError) in
            try run(text, engine: name)
        }
    }

    /// The first of `engines` (in order) whose suggestion names `node` alone by what it records;
    /// else the first whose suggestion names it alone by position (`fragile`); nil when none does.
    /// The same answer as asking `suggestion(engine:for:)` of each engine in turn, without proving
    /// positions that a later engine's name by attributes makes moot: every engine's candidates
    /// by attributes are tried first, and a position is narrowed and run only after.
    public mutating func name(_ node: NodeID, engines: [String]) throws(SelectorError) -> SelectorSuggestion? {
        guard Int(node) >= 0, Int(node) < tree.count else { return nil }
        var offered: [(engine: any SelectorEngine, name: String, candidates: [String])] = []
        for name in engines {
            guard let engine = registry.registeredEngine(name) else { continue }
            let candidates = engine.suggestions(for: node, in: tree, deadline: deadline)
            try stop.check()
            // The rule's first clause: the first candidate selecting exactly `node` by what it is.
            // A candidate by position cannot satisfy it, so it is not run yet.
            for candidate in candidates where !registry.byPosition(candidate, of: engine, named: name) {
                if try run(candidate, engine: name) == [node] {
                    return SelectorSuggestion(engine: name, selector: candidate, count: 1, unique: true)
                }
            }
            offered.append((engine, name, candidates))
        }
        for (engine, name, candidates) in offered {
            let s = try EngineRegistry.suggestion(from: candidates, of: engine, named: name, for: node,
                                                  byPosition: { [registry] in registry.byPosition($0, of: engine, named: name) }) { (text) throws(SelectorError) in
                try run(text, engine: name)
            }
            if let s, s.unique { return s }
        }
        return nil
    }
}

extension EngineRegistry {
    /// The first of `engines` whose suggestion names `node` alone by what it records, else the
    /// first that names it by position (`fragile`), within `deadline` (nil: none); nil when none
    /// does. `SuggestionProver.name(_:engines:)` for one view; a caller naming many views of one
    /// tree keeps one prover, so candidates the views share run once.
    public func name(_ node: NodeID, in tree: ViewTree, engines: [String],
                     deadline: ContinuousClock.Instant? = nil) throws(SelectorError) -> SelectorSuggestion? {
        var prover = SuggestionProver(registry: self, tree: tree, deadline: deadline)
        return try prover.name(node, engines: engines)
    }
}
