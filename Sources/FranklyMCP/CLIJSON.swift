public import SelectorCore

/// The JSON `frankly`'s commands print with `--format json`, built in one place so that the MCP
/// tools answer exactly what the CLI prints (Tests/FranklyCLITests/MCPToolTests compares them).
public enum CLIJSON {
    /// `frankly select --format json`: Frankly's response, `{"outcome":"SUCCESS","results":[uids]}`.
    public static func select(_ nodes: [NodeID], in tree: ViewTree) -> JSONValue {
        let uids = nodes.map { tree.value(PropertyName.uid, of: $0) ?? .null }
        return .object([("outcome", "SUCCESS"), ("results", .array(uids))])
    }

    /// `frankly translate --format json` for one selector: each translation's JSON, in order.
    public static func translations(_ translations: [Translation], candidates: Bool) -> JSONValue {
        .array(translations.map { $0.json(candidates: candidates) })
    }

    /// `selector`'s translations into `targets` (nil or `["all"]`: every other engine, those whose
    /// tool does not read the trees answered so), as `frankly translate --to` chooses them.
    public static func translate(_ selector: String, from source: String, to targets: [String]?, registry: EngineRegistry,
                                 trees: [ViewTree], deadline: ContinuousClock.Instant?) throws(SelectorError) -> [Translation] {
        if let targets, targets != ["all"] {
            return try registry.translate(selector, from: source, to: targets, on: trees, deadline: deadline)
        }
        return try registry.translateToEveryEngine(selector, from: source, on: trees, deadline: deadline)
    }
}
