import SelectorCore

// Suggestions come from the engines (`SelectorEngine.suggestions(for:in:deadline:)`), checked by
// `EngineRegistry.suggestion(engine:for:in:deadline:)`: the server knows no engine's syntax, so a
// new engine, built in or registered by a host, shows up in the inspector without an edit here.
extension SelectorSuggestion {
    /// `{"engine","selector","count","unique","fragile"}`, as `/inspector/node/<id>` sends it.
    var json: JSONValue {
        .object([("engine", .string(engine)), ("selector", .string(selector)),
                 ("count", .int(Int64(count))), ("unique", .bool(unique)), ("fragile", .bool(fragile))])
    }
}

extension EngineRegistry {
    /// `suggestions(for:in:)` within `deadline` (the engines that read the tree's source), each
    /// engine's through
    /// `suggestion(engine:for:in:deadline:)`, the registry's one rule, whose candidates come from
    /// the engine's deadline form and whose checks run to the deadline (one engine's candidates on
    /// 10^6 views cost several full selections; maestro's own search for them, seconds). Once the
    /// deadline passes (or the query is cancelled), the engines not yet checked are left out and
    /// `stopped` is that error.
    func checkedSuggestions(for node: NodeID, in tree: ViewTree,
                            deadline: ContinuousClock.Instant) -> (suggestions: [SelectorSuggestion], stopped: SelectorError?) {
        guard Int(node) >= 0, Int(node) < tree.count else { return ([], nil) }
        var found: [SelectorSuggestion] = []
        for name in engines(reading: tree.recordingSource) {
            do throws(SelectorError) {
                if let suggestion = try suggestion(engine: name, for: node, in: tree, deadline: deadline) {
                    found.append(suggestion)
                }
            } catch {
                return (found, error)
            }
        }
        return (found, nil)
    }
}
