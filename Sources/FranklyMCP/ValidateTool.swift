import SelectorCore
import ViewSelectors

extension MCPToolbox {
    /// Most matches `validate` lists.
    static let validateListed = 10

    /// `validate`: a selector run on a recording, with the proof an agent needs before it writes
    /// the selector into a test: whether it compiles (else the error and its column), how many
    /// views it selects, whether that is one, and when it is not, the explainer's answer (the
    /// nearest misses and a fix checked to select a view, or each candidate's distinguishing
    /// selector); and whether the language runs in the tool that made the recording ("works
    /// there": `SelectorEngine.reads(_:)`).
    func validate(_ arguments: JSONValue?, deadline: ContinuousClock.Instant?) throws(ToolFault) -> JSONValue {
        let args = try ToolArguments(tool: "validate", arguments, allowed: Self.selectorArguments)
        let selector = try args.requiredString("selector", maxBytes: registry.limits.maxSelectorBytes)
        let requested = try self.engine(args)
        let recording = try self.recording(args)
        let tree = recording.tree
        let source = tree.recordingSource
        let engine = requested ?? preferredEngines(for: source).first ?? registry.defaultEngine ?? "uiquery"
        var pairs: [(String, JSONValue)] = [
            ("selector", .string(selector)), ("engine", .string(engine)), ("recording", .string(recording.name)),
        ]
        pairs.append(("worksThere", worksThere(engine: engine, source: source)))
        if let strategy = AppiumCode.strategy(forEngine: engine) { pairs.append(("appiumStrategy", .string(strategy))) }
        let nodes: [NodeID]
        do {
            nodes = try registry.select(selector, engine: engine, in: tree, deadline: deadline)
        } catch {
            if error.kind == .deadline || error.kind == .cancelled { throw .selector(error, limits: limits) }
            pairs.insert(("verdict", "invalid"), at: 0)
            pairs.append(("compiles", false))
            pairs.append(("error", .string(error.message)))
            if let column = error.column { pairs.append(("column", .int(Int64(column)))) }
            if let diagram = error.caretDiagram, diagram.utf8.count <= 4096 { pairs.append(("caret", .string(diagram))) }
            return .object(pairs)
        }
        pairs.append(("compiles", true))
        pairs.append(("count", .int(Int64(nodes.count))))
        pairs.append(("unique", .bool(nodes.count == 1)))
        pairs.append(("matches", .array(nodes.prefix(Self.validateListed).map { n in
            .object([("node", .int(Int64(n))), ("view", .string(tree.describe(n, labelBytes: 80)))])
        })))
        let verdict: String
        if nodes.count == 1 {
            verdict = "unique"
        } else {
            verdict = nodes.isEmpty ? "no match" : "ambiguous"
            let explanation: SelectorExplanation
            do { explanation = try registry.explain(selector, engine: engine, in: tree, deadline: deadline) } catch {
                throw .selector(error, limits: limits)
            }
            if let empty = explanation.empty { pairs.append(("emptyAt", .string(empty.reason))) }
            if !explanation.nearMisses.isEmpty {
                pairs.append(("nearMisses", .array(explanation.nearMisses.map { m in
                    .object([("node", .int(Int64(m.node))), ("view", .string(m.view)), ("reason", .string(m.reason))])
                })))
            }
            if let fix = explanation.fix {
                // The explainer checked it; run once more here so the answer says what it selects.
                let selected = (try? registry.select(fix.selector, engine: engine, in: tree, deadline: deadline)) ?? []
                pairs.append(("fix", .object([("selector", .string(fix.selector)), ("node", .int(Int64(fix.node))),
                                              ("count", .int(Int64(selected.count))), ("unique", .bool(selected == [fix.node]))])))
            }
            if !explanation.candidates.isEmpty {
                // Each candidate's own selector: the explainer's where it is unique, else the first
                // proven one in the validated engine's tool (`screen`'s rule), XPath's position last.
                let family = [engine] + preferredEngines(for: source).filter { $0 != engine }
                var items: [JSONValue] = []
                for c in explanation.candidates {
                    var fields: [(String, JSONValue)] = [("node", .int(Int64(c.node))), ("view", .string(c.view))]
                    var proven = c.suggestion.flatMap { $0.unique ? $0 : nil }
                    if proven == nil {
                        do { proven = try provenSelector(for: c.node, in: tree, engines: family, deadline: deadline) } catch {
                            throw .selector(error, limits: limits)
                        }
                    }
                    if let proven {
                        fields.append(("selector", .string(proven.selector)))
                        if proven.engine != engine { fields.append(("engine", .string(proven.engine))) }
                        if proven.fragile { fields.append(("fragile", true)) }
                    }
                    items.append(.object(fields))
                }
                pairs.append(("candidates", .array(items)))
                if explanation.moreCandidates > 0 { pairs.append(("moreCandidates", .int(Int64(explanation.moreCandidates)))) }
            }
        }
        pairs.insert(("verdict", .string(verdict)), at: 0)
        return .object(pairs)
    }

    /// Whether `engine`'s own tool reads recordings from `source`, and if not, the languages that do.
    func worksThere(engine: String, source: RecordingSource) -> JSONValue {
        let reads = registry.registeredEngine(engine)?.reads(source) ?? false
        var pairs: [(String, JSONValue)] = [("recordedBy", .string(source.rawValue)), ("platform", .string(source.description)),
                                            ("reads", .bool(reads))]
        if !reads {
            pairs.append(("why", .string("\(engine)'s own tool does not read \(source.description) recordings: "
                                         + "a test written in it would not run where this recording was made; use one of \"engines\"")))
            pairs.append(("engines", .array(registry.engines(reading: source).map { .string($0) })))
        }
        return .object(pairs)
    }
}
