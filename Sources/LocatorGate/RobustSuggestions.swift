public import SelectorCore
public import TreeAlignment

/// A ready-made selector for a view, with how it survives across recordings of its screen.
public struct RankedSuggestion: Sendable, Equatable {
    public var engine: String
    public var selector: String
    /// Per recording: whether it selects exactly the view's counterpart there (the view itself on
    /// the first).
    public var survives: [Bool]
    /// The fraction of recordings it survives on.
    public var rate: Double { survives.isEmpty ? 0 : Double(survives.filter { $0 }.count) / Double(survives.count) }
}

extension EngineRegistry {
    /// Each engine's suggestions for `node` of `trees[0]`, ranked by how many of `trees` they
    /// select exactly the view's counterpart on (its alignment with each other recording), then
    /// in the engine's own order: the inspector's suggestions, chosen for several recordings
    /// rather than by a fixed order (`frankly suggest --tree A --tree B --uid U`).
    public func robustSuggestions(for node: NodeID, in trees: [ViewTree], engines: [String]? = nil,
                                  options: AlignmentOptions = AlignmentOptions()) -> [RankedSuggestion] {
        guard let base = trees.first else { return [] }
        let counterparts: [NodeID?] = [node] + trees.dropFirst().map { align(base, $0, options: options).newCounterpart(of: node) }
        var out: [RankedSuggestion] = []
        for name in engines ?? self.names {
            guard let engine = registeredEngine(name) else { continue }
            var candidates = engine.suggestions(for: node, in: base)
            if let checked = suggestion(engine: name, for: node, in: base), !candidates.contains(checked.selector) {
                candidates.append(checked.selector)
            }
            var ranked: [RankedSuggestion] = []
            for text in candidates.prefix(16) {
                guard let query = try? compileQuery(text, engine: name) else { continue }
                let survives = zip(trees, counterparts).map { tree, target -> Bool in
                    guard let target, let found = try? select(query, in: tree) else { return false }
                    return found == [target]
                }
                ranked.append(RankedSuggestion(engine: name, selector: text, survives: survives))
            }
            // Stable: equal rates keep the engine's order (most readable first).
            let order = ranked.enumerated().sorted { a, b in
                a.element.rate != b.element.rate ? a.element.rate > b.element.rate : a.offset < b.offset
            }
            out += order.map(\.element).filter { $0.rate > 0 }
        }
        return out
    }
}
