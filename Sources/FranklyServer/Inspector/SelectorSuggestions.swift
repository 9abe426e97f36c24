import SelectorCore

// Suggestions come from the engines (`SelectorEngine.suggestions(for:in:)`), checked by the
// registry (`EngineRegistry.suggestion(engine:for:in:)`): the server knows no engine's syntax, so a
// new engine, built in or registered by a host, shows up in the inspector without an edit here.
extension SelectorSuggestion {
    /// `{"engine","selector","count","unique"}`, as `/inspector/node/<id>` sends it.
    var json: JSONValue {
        .object([("engine", .string(engine)), ("selector", .string(selector)),
                 ("count", .int(Int64(count))), ("unique", .bool(unique))])
    }
}
