public import SelectorCore
public import TreeAlignment

/// A ready-made selector for a view, with how it survives across recordings of its screen.
public struct RankedSuggestion: Sendable, Equatable {
    public var engine: String
    public var selector: String
    /// Per recording: whether it selects exactly the view's counterpart there (the view itself on
    /// the first).
    public var survives: [Bool]
    /// Whether it names the view by where it stands (`SelectorProgram.selectsByPosition`); ranked
    /// after those that name it by its attributes at the same rate.
    public var fragile: Bool = false
    /// The fraction of recordings it survives on.
    public var rate: Double { survives.isEmpty ? 0 : Double(survives.filter { $0 }.count) / Double(survives.count) }

    /// `{"engine","selector","survives":[Bool per recording],"rate","fragile"}`, as `frankly suggest
    /// --format json` prints it and `/inspector/survival` sends it.
    public var json: JSONValue {
        .object([("engine", .string(engine)), ("selector", .string(selector)),
                 ("survives", .array(survives.map { .bool($0) })), ("rate", .double(rate)), ("fragile", .bool(fragile))])
    }
}

extension EngineRegistry {
    /// Each engine's suggestions for `node` of `trees[0]`, ranked by how many of `trees` they
    /// select exactly the view's counterpart on (its alignment with each other recording), then
    /// in the engine's own order: the inspector's suggestions, chosen for several recordings
    /// rather than by a fixed order (`frankly suggest --tree A --tree B --uid U`). `engines` nil:
    /// the engines that read the recordings' common source (`engines(reading:)`).
    public func robustSuggestions(for node: NodeID, in trees: [ViewTree], engines: [String]? = nil,
                                  options: AlignmentOptions = AlignmentOptions()) -> [RankedSuggestion] {
        guard let base = trees.first else { return [] }
        let counterparts: [NodeID?] = [node] + trees.dropFirst().map { align(base, $0, options: options).newCounterpart(of: node) }
        // Without a deadline nothing stops every check, so this never throws.
        return (try? robustSuggestions(for: node, in: trees, counterparts: counterparts, engines: engines, deadline: nil)) ?? []
    }

    /// As `robustSuggestions(for:in:engines:options:)`, the alignments and every selection run to
    /// `deadline` (`frankly suggest --timeout`): throws the deadline's error (or the cancellation's)
    /// once it passes, rather than ranking what was not run.
    public func robustSuggestions(for node: NodeID, in trees: [ViewTree], engines: [String]? = nil,
                                  options: AlignmentOptions = AlignmentOptions(),
                                  deadline: ContinuousClock.Instant?) throws(SelectorError) -> [RankedSuggestion] {
        guard let base = trees.first else { return [] }
        let stop = QueryDeadline(deadline)
        var counterparts: [NodeID?] = [node]
        for tree in trees.dropFirst() {
            counterparts.append(try align(base, tree, options: options, deadline: stop).newCounterpart(of: node))
        }
        return try robustSuggestions(for: node, in: trees, counterparts: counterparts, engines: engines, deadline: deadline)
    }

    /// As `robustSuggestions(for:in:engines:options:)` with the counterparts already known
    /// (`counterparts[k]`: the view in `trees[k]`, nil where it has none; `counterparts[0]` is
    /// `node`), every selection run to `deadline`: what a server that aligned the recordings
    /// itself, and must answer within a budget, calls (`POST /inspector/survival/<id>`).
    ///
    /// Throws the error that stops every further check (the deadline passed, or the query was
    /// cancelled through `QueryCancellation`) rather than ranking what was not run; any other
    /// failure of a candidate on a recording counts as not surviving there.
    public func robustSuggestions(for node: NodeID, in trees: [ViewTree], counterparts: [NodeID?],
                                  engines: [String]? = nil,
                                  deadline: ContinuousClock.Instant?) throws(SelectorError) -> [RankedSuggestion] {
        guard let base = trees.first, counterparts.count == trees.count, Int(node) >= 0, Int(node) < base.count else { return [] }
        let stop = QueryDeadline(deadline)
        /// The views `query` selects on `tree`, or nil when it fails there for any reason but the
        /// ones that stop every check.
        func run(_ query: CompiledQuery, _ tree: ViewTree) throws(SelectorError) -> [NodeID]? {
            do throws(SelectorError) {
                return try select(query, in: tree, deadline: deadline)
            } catch {
                // A stop is the whole ranking's (told by the deadline itself, not the message).
                try stop.check()
                return nil
            }
        }
        func rank(_ text: String, engine name: String) throws(SelectorError) -> (RankedSuggestion, onBase: [NodeID]?)? {
            guard let query = try? compileQuery(text, engine: name) else { return nil }
            var survives: [Bool] = []
            var onBase: [NodeID]?
            for (k, (tree, target)) in zip(trees, counterparts).enumerated() {
                let found = try run(query, tree)
                if k == 0 { onBase = found }
                if let target { survives.append(found == [target]) } else { survives.append(false) }
            }
            let fragile = query.parts.contains { $0.compiled.program.selectsByPosition }
            return (RankedSuggestion(engine: name, selector: text, survives: survives, fragile: fragile), onBase)
        }
        var out: [RankedSuggestion] = []
        for name in engines ?? self.engines(reading: RecordingSource.common(of: trees)) {
            guard let engine = registeredEngine(name) else { continue }
            let candidates = Array(engine.suggestions(for: node, in: base, deadline: deadline).prefix(16))
            try stop.check()
            var ranked: [RankedSuggestion] = []
            var onBase: [String: [NodeID]?] = [:]
            for text in candidates {
                guard let (suggestion, found) = try rank(text, engine: name) else { onBase[text] = .some(nil); continue }
                ranked.append(suggestion)
                onBase[text] = found
            }
            // What `suggestion(engine:for:in:)` adds to the engine's own candidates (its rule, over
            // the runs on the first recording made above): a candidate narrowed to the view's
            // position. It goes last, as it did when that method made it.
            var narrowedOne: RankedSuggestion?
            let chosen = try EngineRegistry.suggestion(from: candidates, of: engine, named: name, for: node) {
                text throws(SelectorError) -> [NodeID]? in
                if let found = onBase[text] { return found }
                guard let (suggestion, found) = try rank(text, engine: name) else { return nil }
                narrowedOne = suggestion
                return found
            }
            if let chosen, chosen.unique, let narrowedOne, narrowedOne.selector == chosen.selector { ranked.append(narrowedOne) }
            // Stable: equal rates put positions last, then keep the engine's order (most readable first).
            let order = ranked.enumerated().sorted { a, b in
                if a.element.rate != b.element.rate { return a.element.rate > b.element.rate }
                if a.element.fragile != b.element.fragile { return !a.element.fragile }
                return a.offset < b.offset
            }
            out += order.map(\.element).filter { $0.rate > 0 }
        }
        return out
    }
}
