// Translating a selector into other engines' languages, each translation proved by running it:
// `frankly translate`, `EngineRegistry.translate`. Docs/Translate.md says how and what each
// language cannot say.

/// One target engine's translation of a selector, proved on every given tree, or why there is
/// none.
public struct Translation: Sendable, Equatable {
    /// How a translation was found.
    public enum Origin: String, Sendable {
        /// Printed by the target engine from the source's compiled form (`SelectorEngine.render`):
        /// the source's rule in the target's words.
        case rendered
        /// From the views the source selects: a selector every one of them shares, or the
        /// language's union of one selector a view. It may not generalise beyond the given trees.
        case results
    }

    /// A proved selector in the target language and what it cost.
    public struct Candidate: Sendable, Equatable {
        public var selector: String
        public var origin: Origin
        /// The views it selects on each tree.
        public var matches: [Int]
        /// Its median time on each tree, in milliseconds.
        public var milliseconds: [Double]
        /// The results are the source's as a set, in document order, which is the target's own
        /// order where the source's is another (UISpec's).
        public var documentOrder: Bool
    }

    /// The target engine.
    public var engine: String
    /// The chosen translation (the most readable proved candidate); nil with `reason` when none
    /// was proved.
    public var chosen: Candidate?
    /// Why there is none.
    public var reason: String?
    /// Every proved candidate, in the order they were tried: the rendering, the suggestions the
    /// views share (the engine's order, most readable first), the union.
    public var candidates: [Candidate]
}

extension Translation {
    /// `{"engine", "selector" (or null), "reason" (or null), "from", "matches": [per tree], "ms":
    /// [per tree]}`, with `"candidates"` (each `{"selector", "from", "matches", "ms",
    /// "documentOrder"}`) when `candidates` is true: `frankly translate --format json` and `POST
    /// /inspector/translate`.
    public func json(candidates: Bool = false) -> JSONValue {
        func candidate(_ c: Candidate) -> JSONValue {
            .object([("selector", .string(c.selector)), ("from", .string(c.origin.rawValue)),
                     ("matches", .array(c.matches.map { .int(Int64($0)) })),
                     ("ms", .array(c.milliseconds.map { .double($0) })),
                     ("documentOrder", .bool(c.documentOrder))])
        }
        var fields: [(String, JSONValue)] = [
            ("engine", .string(engine)),
            ("selector", chosen.map { .string($0.selector) } ?? .null),
            ("reason", reason.map { .string($0) } ?? .null),
            ("from", chosen.map { .string($0.origin.rawValue) } ?? .null),
            ("matches", .array((chosen?.matches ?? []).map { .int(Int64($0)) })),
            ("ms", .array((chosen?.milliseconds ?? []).map { .double($0) })),
        ]
        if candidates { fields.append(("candidates", .array(self.candidates.map(candidate)))) }
        return .object(fields)
    }
}

extension Translation {
    /// A target whose tool does not read recordings from `source` (`SelectorEngine.reads(_:)`):
    /// no translation, and why, so a list of every language shows which runs where.
    public static func notRead(engine: String, on source: RecordingSource) -> Translation {
        Translation(engine: engine, chosen: nil, reason: "not read on \(source.description) recordings; name it as a target to translate anyway",
                    candidates: [])
    }
}

extension EngineRegistry {
    /// `selector` translated into every other engine (`frankly translate`'s default `--to all`,
    /// `/inspector/translate` without `to`), in name order: engines that read the trees' common
    /// source (`RecordingSource.common(of:)`) as `translate(_:from:to:on:deadline:)` proves them,
    /// the others `Translation.notRead`, since what they print would not run where the
    /// recordings were made.
    public func translateToEveryEngine(_ selector: String, from source: String, on trees: [ViewTree],
                                       deadline: ContinuousClock.Instant? = nil) throws(SelectorError) -> [Translation] {
        let recordings = RecordingSource.common(of: trees)
        let targets = names.filter { $0 != source }
        let read = Set(engines(reading: recordings))
        let proved = try translate(selector, from: source, to: targets.filter { read.contains($0) }, on: trees, deadline: deadline)
        var byEngine = Dictionary(uniqueKeysWithValues: proved.map { ($0.engine, $0) })
        return targets.map { byEngine.removeValue(forKey: $0) ?? .notRead(engine: $0, on: recordings) }
    }

    /// `selector` (in engine `source`) translated into each of `targets`, every translation
    /// checked to select the same views, in the same order (or in document order where the
    /// target's order is that and the source's is not), on every tree of `trees`.
    ///
    /// Candidates come from the views the selector selects on the first tree: each engine's
    /// suggestions (`SelectorEngine.suggestions(for:in:)`) that every selected view shares, and,
    /// for a few views, the language's union (`SelectorEngine.union(of:)`) of each view's unique
    /// suggestion. Throws the source selector's error, and `QueryBudget.deadlineError` once
    /// `deadline` passes (`QueryBudget.cancelledError` once the current `QueryCancellation` is
    /// cancelled): every query it runs has the deadline, and every phase checks it (after the
    /// compile, while the path's filters are read against the trees, after each rendering, within
    /// and after each view's suggestions, between the union's views and candidates); a proof that
    /// the deadline stopped is that error, not a failed candidate.
    public func translate(_ selector: String, from source: String, to targets: [String],
                          on trees: [ViewTree], deadline: ContinuousClock.Instant? = nil) throws(SelectorError) -> [Translation] {
        guard !trees.isEmpty else { throw SelectorError(.usage, "translate needs at least one tree to prove on") }
        let stop = QueryDeadline(deadline)
        let query = try compileQuery(selector, engine: source)
        try stop.check()
        var expected: [[NodeID]] = []
        for tree in trees { expected.append(try select(query, in: tree, deadline: deadline)) }
        // The source's rule as a search path, its tests read against these trees, for the printers.
        var path: Result<SearchPath, SearchPathError> = .failure(SearchPathError("a `>>` chain of \(query.parts.count) parts"))
        if query.parts.count == 1 {
            switch query.parts[0].compiled.program.searchPath(on: trees) {
            case .success(let p): path = .success(try p.specialized(for: trees, deadline: deadline))
            case .failure(let e): path = .failure(e)
            }
        }
        try stop.check()
        var out: [Translation] = []
        for target in targets {
            out.append(try translate(expected: expected, path: path, to: target, on: trees,
                                     excluding: target == source ? selector : nil, deadline: deadline))
        }
        return out
    }

    /// A selector in engine `target` that selects `expected[k]` on `trees[k]` for every `k` (the
    /// same list, or the same views in document order), made from the views' suggestions as
    /// `translate` makes its candidates from the results, or the reason there is none: how the
    /// locator gate (`frankly check`) proposes a fix for a selector a new build broke.
    /// Each candidate runs once a tree (its time is that run's), not three times: a fix needs its
    /// proof, not a timing.
    public func selector(selecting expected: [[NodeID]], engine target: String, on trees: [ViewTree],
                         deadline: ContinuousClock.Instant? = nil) throws(SelectorError) -> Translation {
        guard expected.count == trees.count, !trees.isEmpty else {
            throw SelectorError(.usage, "one expected list a tree is needed, and at least one tree")
        }
        return try translate(expected: expected, path: nil, to: target, on: trees, excluding: nil, deadline: deadline, runs: 1)
    }

    private func translate(expected: [[NodeID]], path: Result<SearchPath, SearchPathError>?, to target: String, on trees: [ViewTree],
                           excluding same: String?, deadline: ContinuousClock.Instant?, runs: Int = 3) throws(SelectorError) -> Translation {
        // The deadline, and the `QueryCancellation` current now: one clock read a check.
        let stop = QueryDeadline(deadline)
        func checkDeadline() throws(SelectorError) { try stop.check() }
        try checkDeadline()
        var translation = Translation(engine: target, chosen: nil, reason: nil, candidates: [])
        guard let engine = registeredEngine(target) else {
            translation.reason = "no engine named '\(target)'"
            return translation
        }
        guard let first = expected.first, !first.isEmpty else {
            translation.reason = "the selector selects nothing on the first tree, so no view says what to translate"
            return translation
        }
        let tree = trees[0]
        var texts: [(String, Translation.Origin)] = []
        var seen: Set<String> = []
        func offer(_ text: String, _ origin: Translation.Origin = .results) {
            if text != same, seen.insert(text).inserted { texts.append((text, origin)) }
        }
        // The source's rule printed in the target's syntax.
        var unsaid: String?
        switch path {
        case .success(let p)?:
            // A printer without positions is not handed a path with them.
            let rendering: Rendering?
            if let part = p.positionalPart, !engine.rendersPositions { rendering = .cannotSay(part) } else { rendering = engine.render(p) }
            switch rendering {
            case .selector(let text)?: offer(text, .rendered)
            case .cannotSay(let part)?: unsaid = "\(target) cannot say \(part)"
            case nil: unsaid = "\(target) has no printer for compiled selectors"
            }
            try checkDeadline()
        case .failure(let e)?: unsaid = e.description
        case nil: break
        }
        // Suggestions every selected view shares (`//UILabel`, `type == 'UIButton'`), in the
        // order the first view's list gives them (most readable first).
        let sample = first.count <= 64 ? first : stride(from: 0, to: first.count, by: first.count / 64).map { first[$0] }
        // Each view's list is made within the deadline and dropped once it has passed (it may be
        // cut short then).
        var shared = engine.suggestions(for: sample[0], in: tree, deadline: deadline)
        try checkDeadline()
        for v in sample.dropFirst() where !shared.isEmpty {
            let own = Set(engine.suggestions(for: v, in: tree, deadline: deadline))
            try checkDeadline()
            shared.removeAll { !own.contains($0) }
        }
        for s in shared { offer(s) }
        // One selector a view, joined by the language's union.
        var unionText: String?
        if first.count <= Self.unionLimit {
            var parts: [String] = []
            for v in first {
                try checkDeadline()
                guard let s = try suggestion(engine: target, for: v, in: tree, deadline: deadline), s.unique else { parts = []; break }
                parts.append(s.selector)
            }
            if parts.count == 1 { offer(parts[0]) } else if !parts.isEmpty, let union = engine.union(of: parts) {
                offer(union)
                unionText = union
            }
            try checkDeadline()
        }
        var fromResults = 0
        for (text, origin) in texts {
            try checkDeadline()
            switch try prove(text, origin: origin, engine: target, expected: expected, on: trees, stop: stop,
                             deadline: deadline, runs: runs) {
            case .success(let candidate): translation.candidates.append(candidate)
            case .failure(let why) where origin == .rendered: unsaid = "its rendering `\(text)` \(why.text)"
            case .failure: break
            }
            if origin == .results { fromResults += 1 }
        }
        // The most readable: the source's rule printed (it says what the source says, where a
        // suggestion the views share may say it of these trees only), then a shared suggestion,
        // then a union of views; among equals the shorter text, then the fastest on the trees.
        func readability(_ c: Translation.Candidate) -> (Int, Int) {
            (c.origin == .rendered ? 0 : c.selector == unionText ? 2 : 1, c.selector.count)
        }
        translation.chosen = translation.candidates.min { a, b in
            if readability(a) != readability(b) { return readability(a) < readability(b) }
            return a.milliseconds.reduce(0, +) < b.milliseconds.reduce(0, +)
        }
        if translation.chosen == nil {
            let results = fromResults == 0
                ? "offers no selector that the selected views share\(first.count > Self.unionLimit ? "" : ", and no union of one selector a view")"
                : "has none of its \(fromResults) candidates from the results select the same views on every tree"
            translation.reason = [unsaid, "\(target) \(results)"].compactMap { $0 }.joined(separator: "; ")
        }
        return translation
    }

    /// Why a candidate failed its proof.
    struct Disproof: Error {
        var text: String
    }

    /// Unions are tried for at most this many views.
    static var unionLimit: Int { 16 }

    /// `text` as a candidate when it selects `expected` on every tree: the same list, or the same
    /// views in document order where the source's list is in another order. Throws the deadline's
    /// error (or the cancellation's) once `stop` has passed, whichever run it stopped: a run cut
    /// short says nothing about the candidate.
    private func prove(_ text: String, origin: Translation.Origin, engine: String, expected: [[NodeID]], on trees: [ViewTree],
                       stop: QueryDeadline, deadline: ContinuousClock.Instant?,
                       runs count: Int) throws(SelectorError) -> Result<Translation.Candidate, Disproof> {
        let query: CompiledQuery
        do { query = try compileQuery(text, engine: engine) } catch {
            try stop.check()
            return .failure(Disproof(text: "does not compile: \(error.message)"))
        }
        var matches: [Int] = [], times: [Double] = [], documentOrder = false
        for (k, tree) in trees.enumerated() {
            var runs: [Double] = []
            var got: [NodeID] = []
            for _ in 0..<count {
                let start = ContinuousClock.now
                let result: [NodeID]
                do { result = try select(query, in: tree, deadline: deadline) } catch {
                    try stop.check()
                    return .failure(Disproof(text: "fails on tree \(k + 1): \(error.message)"))
                }
                let elapsed = ContinuousClock.now - start
                runs.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
                got = result
            }
            if got != expected[k] {
                guard got.isStrictlyAscending, got == expected[k].sortedUnique(), expected[k].count == got.count else {
                    let same = got.count == expected[k].count && got.sortedUnique() == expected[k].sortedUnique()
                    return .failure(Disproof(text: same
                        ? "selects the same views in another order on tree \(k + 1)"
                        : "selects \(got.count) views where the source selects \(expected[k].count) on tree \(k + 1)"))
                }
                documentOrder = true
            }
            matches.append(got.count)
            times.append(runs.sorted()[runs.count / 2])
        }
        return .success(Translation.Candidate(selector: text, origin: origin, matches: matches, milliseconds: times,
                                              documentOrder: documentOrder))
    }
}
