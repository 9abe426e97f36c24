import SelectorCore

// Suggestions come from the engines (`SelectorEngine.suggestions(for:in:)`), checked the way
// `EngineRegistry.suggestion(engine:for:in:)` checks them: the server knows no engine's syntax, so a
// new engine, built in or registered by a host, shows up in the inspector without an edit here.
extension SelectorSuggestion {
    /// `{"engine","selector","count","unique"}`, as `/inspector/node/<id>` sends it.
    var json: JSONValue {
        .object([("engine", .string(engine)), ("selector", .string(selector)),
                 ("count", .int(Int64(count))), ("unique", .bool(unique))])
    }
}

extension EngineRegistry {
    /// `suggestions(for:in:)` with every checking selection run to `deadline`: the registry's own
    /// method has no deadline, and one engine's candidates on 10^6 views cost several full
    /// selections. Once a selection stops at the deadline (or is cancelled), the engines not yet
    /// checked are left out and `stopped` is that error; other failures skip the candidate, as
    /// the registry does.
    func checkedSuggestions(for node: NodeID, in tree: ViewTree,
                            deadline: ContinuousClock.Instant) -> (suggestions: [SelectorSuggestion], stopped: SelectorError?) {
        guard Int(node) >= 0, Int(node) < tree.count else { return ([], nil) }
        var found: [SelectorSuggestion] = []
        for name in names {
            guard let engine = registeredEngine(name) else { continue }
            do throws(SelectorError) {
                if let suggestion = try checkedSuggestion(engine, name: name, for: node, in: tree, deadline: deadline) {
                    found.append(suggestion)
                }
            } catch {
                return (found, error)
            }
        }
        return (found, nil)
    }

    /// The first candidate that selects exactly `node` (narrowed to its position when the engine
    /// can say so), else the first that selects it among others; throws only the errors that stop
    /// every further check (the deadline, a cancellation).
    private func checkedSuggestion(_ engine: any SelectorEngine, name: String, for node: NodeID, in tree: ViewTree,
                                   deadline: ContinuousClock.Instant) throws(SelectorError) -> SelectorSuggestion? {
        func run(_ selector: String) throws(SelectorError) -> [NodeID]? {
            do throws(SelectorError) {
                return try select(selector, engine: name, in: tree, deadline: deadline)
            } catch where Self.stopsEveryCheck(error) {
                throw error
            } catch {
                return nil
            }
        }
        var fallback: SelectorSuggestion?
        for candidate in engine.suggestions(for: node, in: tree) {
            guard let selected = try run(candidate) else { continue }
            if selected == [node] { return SelectorSuggestion(engine: name, selector: candidate, count: 1, unique: true) }
            guard let position = selected.firstIndex(of: node) else { continue }
            if let narrowed = engine.narrowed(candidate, toResult: position), try run(narrowed) == [node] {
                return SelectorSuggestion(engine: name, selector: narrowed, count: 1, unique: true)
            }
            if fallback == nil {
                fallback = SelectorSuggestion(engine: name, selector: candidate, count: selected.count, unique: false)
            }
        }
        return fallback
    }

    /// The registry may add the selector and engine to the error, so only the message is compared.
    private static func stopsEveryCheck(_ error: SelectorError) -> Bool {
        error.kind == .limit
            && (error.message == QueryBudget.deadlineError.message || error.message == QueryBudget.cancelledError.message)
    }
}
