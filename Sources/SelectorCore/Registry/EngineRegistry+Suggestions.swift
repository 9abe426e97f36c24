/// A ready-made selector for one view in one engine, checked by running it.
public struct SelectorSuggestion: Sendable, Equatable {
    /// The engine that reads `selector`.
    public var engine: String
    /// The selector text, without an engine prefix.
    public var selector: String
    /// How many views the selector selects (with repeats, as `/map` counts them).
    public var count: Int
    /// Whether it selects exactly this view.
    public var unique: Bool
    /// Whether it names the view by where it stands (`SelectorProgram.selectsByPosition`), since
    /// nothing the view records tells it apart: a view inserted before it moves it.
    public var fragile: Bool

    public init(engine: String, selector: String, count: Int, unique: Bool, fragile: Bool = false) {
        self.engine = engine; self.selector = selector; self.count = count; self.unique = unique; self.fragile = fragile
    }
}

extension EngineRegistry {
    /// One suggestion per registered engine that offers any (`SelectorEngine.suggestions(for:in:)`)
    /// and reads recordings from the tree's source (`engines(reading:)`: an Android page source
    /// gets no predicate), in engine-name order.
    public func suggestions(for node: NodeID, in tree: ViewTree) -> [SelectorSuggestion] {
        engines(reading: tree.recordingSource).compactMap { suggestion(engine: $0, for: node, in: tree) }
    }

    /// The first of the engine's candidates that selects exactly `node`, trying each narrowed to
    /// `node`'s position when the language can say so; else the first that selects `node` among
    /// others (`unique` false); nil when none selects it or the engine offers none.
    ///
    /// The check lives here, not in the engines, so an engine cannot vouch for a selector that its
    /// own compiler, the limits or the matcher would treat differently.
    public func suggestion(engine name: String, for node: NodeID, in tree: ViewTree) -> SelectorSuggestion? {
        guard let engine = registeredEngine(name), Int(node) >= 0, Int(node) < tree.count else { return nil }
        return Self.suggestion(from: engine.suggestions(for: node, in: tree), of: engine, named: name, for: node,
                               byPosition: { byPosition($0, of: engine, named: name) }) { text in
            try? select(text, engine: name, in: tree)
        }
    }

    /// As `suggestion(engine:for:in:)`, within `deadline` (nil: none) and the current
    /// `QueryCancellation`: the engine's candidates come from its deadline form
    /// (`SelectorEngine.suggestions(for:in:deadline:)`), every check runs within the deadline, and
    /// once it has passed this throws `QueryBudget.deadlineError` (`QueryBudget.cancelledError`
    /// once cancelled) where `suggestion(engine:for:in:)` would count a stopped check as a
    /// candidate that failed. `EngineRegistry.translate` builds its unions with it.
    ///
    /// A caller asking about many views of one tree keeps a `SuggestionProver` instead, so the
    /// candidates its views share run once.
    public func suggestion(engine name: String, for node: NodeID, in tree: ViewTree,
                           deadline: ContinuousClock.Instant?) throws(SelectorError) -> SelectorSuggestion? {
        var prover = SuggestionProver(registry: self, tree: tree, deadline: deadline)
        return try prover.suggestion(engine: name, for: node)
    }

    /// Whether `selector` names by position (`SelectorProgram.selectsByPosition`): the program
    /// `select` runs, read from the compile cache (a plain selector), else compiled by `engine`.
    func byPosition(_ selector: String, of engine: any SelectorEngine, named name: String) -> Bool {
        if !isChainSelector(selector), let compiled = try? compile(selector, engine: name) {
            return compiled.program.selectsByPosition
        }
        return (try? engine.compile(selector))?.selectsByPosition ?? false
    }

    /// The rule `suggestion(engine:for:in:)` applies to `candidates`, over `run` (the views a
    /// selector text selects, nil when it fails): the one place it is written, for callers that
    /// run the candidates their own way (the locator gate's ranking, which runs them on several
    /// recordings within a deadline and reuses the runs on the first).
    ///
    /// The first candidate that selects exactly `node` by what the view is wins; one that does so
    /// only by position (its own `(//X)[2]`, or a candidate narrowed to the view's place) is kept
    /// and offered, marked `fragile`, only when no later candidate names the view alone (issue 41:
    /// positions rank after every attribute selector, two-attribute ones included); else the
    /// first that selects `node` among others (`unique` false).
    package static func suggestion<E: Error>(from candidates: [String], of engine: any SelectorEngine, named name: String,
                                             for node: NodeID,
                                             run: (String) throws(E) -> [NodeID]?) throws(E) -> SelectorSuggestion? {
        try suggestion(from: candidates, of: engine, named: name, for: node,
                       byPosition: { (try? engine.compile($0))?.selectsByPosition ?? false }, run: run)
    }

    /// As `suggestion(from:of:named:for:run:)`, with `byPosition` saying whether a candidate's
    /// program names by position (the registry reads it from its compile cache).
    package static func suggestion<E: Error>(from candidates: [String], of engine: any SelectorEngine, named name: String,
                                             for node: NodeID, byPosition: (String) -> Bool,
                                             run: (String) throws(E) -> [NodeID]?) throws(E) -> SelectorSuggestion? {
        var positional: SelectorSuggestion?
        var fallback: SelectorSuggestion?
        for candidate in candidates {
            guard let selected = try run(candidate) else { continue }
            if selected == [node] {
                if !byPosition(candidate) {
                    return SelectorSuggestion(engine: name, selector: candidate, count: 1, unique: true)
                }
                if positional == nil {
                    positional = SelectorSuggestion(engine: name, selector: candidate, count: 1, unique: true, fragile: true)
                }
                continue
            }
            guard let position = selected.firstIndex(of: node) else { continue }
            if positional == nil, let narrowed = engine.narrowed(candidate, toResult: position), try run(narrowed) == [node] {
                positional = SelectorSuggestion(engine: name, selector: narrowed, count: 1, unique: true, fragile: true)
            }
            if fallback == nil {
                fallback = SelectorSuggestion(engine: name, selector: candidate, count: selected.count, unique: false,
                                              fragile: byPosition(candidate))
            }
        }
        return positional ?? fallback
    }
}
