// What `EngineRegistry.explain` finds out about a selector, in a form the CLI prints (`text`) and
// the server sends (`json`). Docs/Explain.md shows examples of both.

/// Why a selector selected what it did: its program step by step with the views each step kept,
/// and, when it selected none or several, the nearest misses, a checked fix or the candidates.
public struct SelectorExplanation: Sendable, Equatable {
    /// One step of one part's program and how many views it kept.
    public struct StepReport: Sendable, Equatable {
        /// The step in the program printer's notation (several lines for a union).
        public var text: String
        /// Views it kept; nil when an earlier step had already left none, so it never ran, or
        /// when the matcher ran it together with later steps (`together`).
        public var kept: Int?
        /// The step (from 1) whose count includes this one's, when the planner matched a run of
        /// steps at once (right to left, a reverse chain), so this step has no count of its own.
        public var together: Int?

        public init(text: String, kept: Int?, together: Int? = nil) {
            self.text = text; self.kept = kept; self.together = together
        }
    }

    /// One `>>` part (the whole selector when there is no chain).
    public struct PartReport: Sendable, Equatable {
        /// The engine that compiled the part.
        public var engine: String
        /// The part's text.
        public var source: String
        /// The start line of its program (`start .windows`), or `from the previous part` in a chain.
        public var start: String
        /// Views the first step started from.
        public var startCount: Int
        /// The program's steps.
        public var steps: [StepReport]
        /// Views the part selected; nil when an earlier part had selected none.
        public var count: Int?
        /// Whether the start is the virtual node above the roots (the document, or an application
        /// the tree does not record), not views.
        public var virtualStart: Bool
    }

    /// Where candidates ran out.
    public struct EmptyPoint: Sendable, Equatable {
        /// Index into `parts`.
        public var part: Int
        /// 1-based step number; 0 when the start point itself held no view.
        public var step: Int
        /// Views the step had to choose from (its axis from its inputs, without its filter).
        public var candidates: Int
        /// The reason in words.
        public var reason: String
    }

    /// A view that fails exactly one test of the step where candidates ran out.
    public struct NearMiss: Sendable, Equatable {
        /// The view.
        public var node: NodeID
        /// How the view reads in a message: class, label and uid.
        public var view: String
        /// The failing test in the program printer's notation.
        public var test: String
        /// The test and the actual value in words.
        public var reason: String
        /// Lower is closer (case only, whitespace, prefix, then edit distance; other tests after).
        public var closeness: Int
    }

    /// A rewritten selector that was run and selects the near miss it was made for.
    public struct Fix: Sendable, Equatable {
        /// The whole selector, rewritten.
        public var selector: String
        /// The near miss it selects.
        public var node: NodeID
    }

    /// One of several selected views, with a selector that tells it apart.
    public struct Candidate: Sendable, Equatable {
        /// The view.
        public var node: NodeID
        /// How the view reads in a message.
        public var view: String
        /// A ready-made selector for it in the last part's engine, when the engine offers one.
        public var suggestion: SelectorSuggestion?
    }

    /// The selector as given.
    public var selector: String
    /// The engine it was compiled with (a chain's parts may name others).
    public var engine: String
    /// The parts in chain order.
    public var parts: [PartReport]
    /// Views selected in all.
    public var count: Int
    /// Set when nothing was selected.
    public var empty: EmptyPoint?
    /// The closest near misses, at most `SelectorExplanation.maxNearMisses`.
    public var nearMisses: [NearMiss] = []
    /// Near misses found in all.
    public var nearMissCount = 0
    /// Views that pass the failing step's filter somewhere its axis does not reach (wrong nesting),
    /// at most `maxListed`.
    public var elsewhere: [NodeID] = []
    /// Such views in all.
    public var elsewhereCount = 0
    /// Descriptions of `elsewhere`, in the same order.
    public var elsewhereViews: [String] = []
    /// A checked fix, when one test stood between a near miss and a match.
    public var fix: Fix?
    /// With several views selected: the first `maxListed`, with distinguishing selectors.
    public var candidates: [Candidate] = []

    /// Bytes of bitsets the explainer held at once for the failing step (at most 65 bitsets of
    /// the tree's size, and `Explainer.maxBitsetBytes`): what tests read to see memory bounded.
    var bitsetBytes = 0

    /// Most near misses reported.
    public static let maxNearMisses = 10
    /// Most candidates or misplaced views listed.
    public static let maxListed = 20

    /// Candidates left out of `candidates`.
    public var moreCandidates: Int { count > 1 ? max(0, count - candidates.count) : 0 }

    /// The explanation for people, as `frankly explain` prints it.
    public var text: String {
        var out: [String] = []
        for (k, part) in parts.enumerated() {
            if parts.count > 1 { out.append("part \(k + 1) of \(parts.count)") }
            out.append("\(part.engine)> \(part.source)")
            out.append("\(part.start)  → " + (part.virtualStart ? "the whole tree" : Self.views(part.startCount)))
            for (n, step) in part.steps.enumerated() {
                var lines = step.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                let number = "\(n + 1)  "
                let indent = String(repeating: " ", count: number.count)
                lines[0] = number + lines[0] + "  → "
                    + (step.kept.map(Self.views) ?? step.together.map { "counted with step \($0)" } ?? "not run")
                for i in lines.indices.dropFirst() { lines[i] = indent + lines[i] }
                out += lines
            }
        }
        if let empty {
            let which = parts.count > 1 ? "part \(empty.part + 1) (\(parts[empty.part].engine)> \(parts[empty.part].source)), " : ""
            out.append("No views: \(which)\(empty.step == 0 ? "the start point" : "step \(empty.step)"): \(empty.reason)")
            if !nearMisses.isEmpty {
                out.append("Nearest misses (\(nearMissCount > nearMisses.count ? "\(nearMisses.count) of \(nearMissCount)" : "\(nearMissCount)")), failing one test:")
                for miss in nearMisses { out.append("  \(miss.view): \(miss.reason)") }
            }
            if elsewhereCount > 0 {
                out.append("\(Self.views(elsewhereCount).capitalizedFirst) pass\(elsewhereCount == 1 ? "es" : "") step \(empty.step)'s filter where its axis does not reach:")
                for view in elsewhereViews { out.append("  \(view)") }
                if elsewhereCount > elsewhereViews.count { out.append("  and \(elsewhereCount - elsewhereViews.count) more") }
            }
            if let fix { out.append("Suggested fix: \(fix.selector)") }
        } else if count > 1 {
            out.append("\(count) views selected where one was expected:")
            for c in candidates {
                let tell = c.suggestion.map { $0.unique ? " → \($0.selector)" : " → \($0.selector) (selects \($0.count))" } ?? ""
                out.append("  \(c.view)\(tell)")
            }
            if moreCandidates > 0 { out.append("  and \(moreCandidates) more (list capped at \(Self.maxListed))") }
        } else {
            out.append("1 view selected.")
        }
        return out.joined(separator: "\n")
    }

    /// The explanation as `/inspector/explain` sends it (Docs/Explain.md lists the fields).
    public var json: JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("selector", .string(selector)), ("engine", .string(engine)), ("count", .int(Int64(count))),
            ("parts", .array(parts.map { part in
                .object([
                    ("engine", .string(part.engine)), ("selector", .string(part.source)),
                    ("start", .string(part.start)), ("startCount", .int(Int64(part.virtualStart ? 0 : part.startCount))),
                    ("count", part.count.map { .int(Int64($0)) } ?? .null),
                    ("steps", .array(part.steps.enumerated().map { n, step in
                        .object([("step", .int(Int64(n + 1))), ("text", .string(step.text)),
                                 ("kept", step.kept.map { .int(Int64($0)) } ?? .null)]
                                 + (step.together.map { [("together", JSONValue.int(Int64($0)))] } ?? []))
                    })),
                ])
            })),
        ]
        if let empty {
            pairs.append(("empty", .object([
                ("part", .int(Int64(empty.part))), ("step", .int(Int64(empty.step))),
                ("candidates", .int(Int64(empty.candidates))), ("reason", .string(empty.reason)),
            ])))
            pairs.append(("nearMisses", .array(nearMisses.map { m in
                .object([("node", .int(Int64(m.node))), ("view", .string(m.view)), ("test", .string(m.test)),
                         ("reason", .string(m.reason))])
            })))
            pairs.append(("nearMissCount", .int(Int64(nearMissCount))))
            pairs.append(("elsewhere", .array(zip(elsewhere, elsewhereViews).map { node, view in
                .object([("node", .int(Int64(node))), ("view", .string(view))])
            })))
            pairs.append(("elsewhereCount", .int(Int64(elsewhereCount))))
            pairs.append(("fix", fix.map { .object([("selector", .string($0.selector)), ("node", .int(Int64($0.node)))]) } ?? .null))
        }
        if count > 1 {
            pairs.append(("candidates", .array(candidates.map { c in
                var fields: [(String, JSONValue)] = [("node", .int(Int64(c.node))), ("view", .string(c.view))]
                if let s = c.suggestion {
                    fields += [("selector", .string(s.selector)), ("unique", .bool(s.unique)), ("selects", .int(Int64(s.count)))]
                }
                return .object(fields)
            })))
            pairs.append(("moreCandidates", .int(Int64(moreCandidates))))
        }
        pairs.append(("text", .string(text)))
        return .object(pairs)
    }

    static func views(_ n: Int) -> String { n == 1 ? "1 view" : "\(n) views" }
}

fileprivate extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
