// The explainer runs a compiled query as `select` does (the one `>>` loop, the planner's
// strategies) with its plan recorded, and reads each step's count from the plan, so it sees exactly
// what the matcher does and knows no engine: every engine, a plug-in's included, reaches it as a
// program. Steps the planner matched together have one count; when the query selects nothing the
// entry that left none is re-run a step at a time to find the step where candidates ran out. Only
// that step is taken apart: its axis is run
// once more without its filter, and each conjunct of the filter is resolved on its own and tested
// on those candidates, so a view failing exactly one conjunct is a near miss. An engine step is
// opaque (its output is counted, nothing is looked for inside it).
//
// Cost: the query's own scans; for the failing step one whole-tree scan per conjunct (its
// passing views as a bitset, read 64 candidates at a time) or, for a few candidates, one
// per-node test per conjunct; one whole-tree scan for views the axis did not reach; one score per
// distinct value of a failed test; and at most a few selections to check a fix. Candidates of an
// ambiguous selection each cost a suggestion's selections, so only the first
// `SelectorExplanation.maxListed` are looked at.

extension EngineRegistry {
    /// Explains what `selector` selects in `tree`, within the same limits as `select` (and
    /// `deadline`). Throws what `select` would throw for a selector that does not compile or run.
    public func explain(_ selector: String, engine name: String? = nil, in tree: ViewTree,
                        deadline: ContinuousClock.Instant? = nil) throws(SelectorError) -> SelectorExplanation {
        let query = try compileQuery(selector, engine: name)
        var explainer = Explainer(registry: self, tree: tree, query: query, deadline: deadline)
        do {
            return try explainer.explain(engine: try resolvedName(name))
        } catch {
            var e = error
            if e.selector == nil { e.selector = selector }
            if e.engine == nil { e.engine = try resolvedName(name) }
            throw e
        }
    }
}

extension Matcher {
    /// A fresh evaluation state for stepping through a program by hand (the explainer's hook).
    func makeRun(in tree: ViewTree, predicates: PredicateRegistry, budget: QueryBudget) -> Run {
        let meter = BudgetMeter(budget)
        return Run(matcher: self, tree: tree,
                   resolver: Resolver(tree: tree, predicates: predicates, matcher: self, deadline: meter.deadline),
                   meter: meter)
    }
}

struct Explainer {
    let registry: EngineRegistry
    let tree: ViewTree
    let query: CompiledQuery
    let deadline: ContinuousClock.Instant?

    /// The step where the list first became empty, with what it was given and the run state then.
    private struct Failure {
        var part: Int
        var step: Int  // 0-based index into the part's steps
        var input: [NodeID]
        var run: Run
    }

    mutating func explain(engine: String) throws(SelectorError) -> SelectorExplanation {
        // The query runs once as `select` runs it (the one `>>` loop, the planner's strategies),
        // with its plan recorded; the steps' counts are read from that plan.
        var statistics = MatchStatistics()
        statistics.plan = MatchPlan()
        let result = try registry.select(query, in: tree, deadline: deadline, statistics: &statistics)
        let plan = statistics.plan ?? MatchPlan()
        var parts: [SelectorExplanation.PartReport] = []
        var failingEntry: (part: Int, steps: ClosedRange<Int>)?
        var startEmptyPart: Int?
        for (k, part) in query.parts.enumerated() {
            let program = part.compiled.program
            let start = k == 0 ? "start .\(program.start)" : "from part \(k)'s views"
            // Padded as the printer pads a whole program, so the steps line up the same way.
            let axisWidth = program.steps.reduce(0) { width, step in
                guard case let .axis(axis, _, _, _) = step else { return width }
                return max(width, axis.rawValue.count)
            }
            var steps = program.steps.map {
                SelectorExplanation.StepReport(text: ProgramPrinter.lines($0, axisWidth: axisWidth).joined(separator: "\n"), kept: nil)
            }
            guard k < plan.partCounts.count else {
                // An earlier part selected nothing, so this one never ran.
                parts.append(.init(engine: part.compiled.engine, source: part.compiled.source, start: start, startCount: 0,
                                   steps: steps, count: nil, virtualStart: false))
                continue
            }
            let startNodes = k == 0 ? registry.matcher.startNodes(program.start, in: tree) : []
            let startCount = k == 0 ? startNodes.count : plan.partCounts[k - 1]
            if startCount == 0 && startEmptyPart == nil && failingEntry == nil { startEmptyPart = k }
            for entry in plan.entries where entry.part == k && entry.depth == 0 && entry.strategy != .skipped {
                let last = entry.steps.upperBound - 1
                steps[last].kept = entry.outputs
                // Steps matched together (right to left, a reverse chain) have one count, the last's.
                for inner in (entry.steps.lowerBound - 1)..<last { steps[inner].together = last + 1 }
                if entry.outputs == 0 && failingEntry == nil { failingEntry = (k, entry.steps) }
            }
            parts.append(.init(engine: part.compiled.engine, source: part.compiled.source, start: start,
                               startCount: startCount, steps: steps, count: plan.partCounts[k],
                               virtualStart: startNodes == [-1]))
        }
        var explanation = SelectorExplanation(selector: query.source, engine: engine, parts: parts, count: result.count)
        if result.isEmpty {
            if let failingEntry, var failure = try locate(failingEntry.part, failingEntry.steps, in: &explanation) {
                try analyse(&failure, into: &explanation)
            } else {
                // Nothing to start from (an empty tree), or the steps all kept their input and the
                // virtual start node was all there was.
                let part = startEmptyPart ?? max(0, parts.count - 1)
                explanation.empty = .init(part: part, step: 0, candidates: 0,
                                          reason: tree.count == 0 ? "the tree is empty" : "there was no view to start from")
            }
        } else if result.count > 1 {
            let engineName = query.parts[query.parts.count - 1].compiled.engine
            explanation.candidates = result.prefix(SelectorExplanation.maxListed).map { node in
                .init(node: node, view: describe(node),
                      suggestion: registry.suggestion(engine: engineName, for: node, in: tree))
            }
        }
        return explanation
    }

    /// The exact step where candidates ran out, inside the plan entry (steps `steps`, from 1) of
    /// part `part` that left none: the lists are rebuilt (the earlier parts as `select` runs them,
    /// the part's steps before the entry as planned), then the entry's steps run one at a time,
    /// their counts filling in the entry's inner steps. Only an empty selection pays for this.
    private func locate(_ part: Int, _ steps: ClosedRange<Int>,
                        in explanation: inout SelectorExplanation) throws(SelectorError) -> Failure? {
        let program = query.parts[part].compiled.program
        var input: [NodeID]
        if part == 0 {
            input = registry.matcher.startNodes(program.start, in: tree)
        } else {
            let earlier = CompiledQuery(source: query.source, parts: Array(query.parts[..<part]))
            input = try registry.select(earlier, in: tree, deadline: deadline).firstOccurrences(treeSize: tree.count)
        }
        let budget = registry.limits.budget(treeSize: tree.count, deadline: deadline)
        var run = registry.matcher.makeRun(in: tree, predicates: registry.predicates, budget: budget)
        input = try run.run(Array(program.steps[..<(steps.lowerBound - 1)]), from: input)
        for n in (steps.lowerBound - 1)..<steps.upperBound {
            let output = try run.run([program.steps[n]], from: input)
            explanation.parts[part].steps[n].kept = output.count
            explanation.parts[part].steps[n].together = nil
            if output.isEmpty {
                for later in (n + 1)..<max(n + 1, steps.upperBound) {
                    explanation.parts[part].steps[later].kept = nil
                    explanation.parts[part].steps[later].together = nil
                }
                return Failure(part: part, step: n, input: input, run: run)
            }
            input = output
        }
        return nil
    }

    // MARK: - The failing step

    private func analyse(_ failure: inout Failure, into explanation: inout SelectorExplanation) throws(SelectorError) {
        let step = query.parts[failure.part].compiled.program.steps[failure.step]
        let input = failure.input
        let inputViews = input == [-1] ? "the whole tree" : SelectorExplanation.views(input.count)
        // "its 5 views", but "the whole tree" (never "its the whole tree").
        let itsInput = input == [-1] ? inputViews : "its " + inputViews
        var candidates = Candidates.list([])
        var conjuncts: [Predicate] = []
        var reason: String
        switch step {
        case let .axis(axis, order, filter, unique):
            if axis == .descendants || axis == .descendantsOrSelf {
                // Subtrees of the tree's flat order: ranges, not a list of (often) every view.
                candidates = .ranges(descendantRanges(input, includeSelf: axis == .descendantsOrSelf))
            } else {
                var list = try failure.run.run([.axis(axis, order: order, filter: .any, unique: unique)], from: input)
                    .firstOccurrences(treeSize: tree.count)
                list.removeAll { $0 < 0 }
                candidates = .list(list)
            }
            try failure.run.meter.charge(candidates.count)
            conjuncts = Self.conjuncts(filter)
            reason = candidates.count == 0
                ? "no view on its axis (\(axis.rawValue)) from " + (input == [-1] ? inputViews : "the \(inputViews) before it")
                : "none of its \(SelectorExplanation.views(candidates.count)) (\(axis.rawValue) of \(inputViews)) passes its filter"
            // Wrong nesting: the filter finds views, only not where the axis looks.
            let everywhere = try failure.run.run([.axis(.descendants, order: .document, filter: filter, unique: true)], from: [-1])
            if !everywhere.isEmpty {
                explanation.elsewhereCount = everywhere.count
                explanation.elsewhere = Array(everywhere.prefix(SelectorExplanation.maxListed))
                explanation.elsewhereViews = explanation.elsewhere.map(describe)
            }
        case .filter(let p):
            candidates = .list(input.filter { $0 >= 0 }.firstOccurrences(treeSize: tree.count))
            conjuncts = Self.conjuncts(p)
            reason = "none of \(itsInput) passes its filter"
        case .pick(let n):
            reason = "pick \(n) is out of range: there \(input.count == 1 ? "is 1 view" : "are \(input.count) views")"
        case .siblingPosition(let step):
            reason = "none of \(itsInput) stands at its place (\(step.position.description))"
        case .nthDescendant(let step):
            reason = "none of \(itsInput) has a descendant \(step.n) (from 0) passing \(ProgramPrinter.text(step.filter))"
                + (step.position.map { " at \($0.description)" } ?? "")
        case .axisPosition(let step):
            reason = "none of \(itsInput) has a view \(step.index) (from 0) on its \(step.axis.rawValue) axis passing "
                + ProgramPrinter.text(step.filter)
        case .hasDescendant(let step):
            reason = "none of \(itsInput) has a descendant\(step.includingSelf ? " (or is one)" : "") passing "
                + ProgramPrinter.text(step.predicate)
        case .engine:
            reason = input == [-1] ? "the engine step selected nothing from the whole tree"
                : "the engine step kept none of its \(inputViews)"
        case .union:
            reason = "no member of the union selected anything from \(itsInput)"
        case let .relation(relation, program):
            let references = try failure.run.run(program.steps, from: failure.run.queryRoots ?? input).filter { $0 >= 0 }
            let what: String
            switch relation {
            case .below: what = "is below"
            case .above: what = "is above"
            case .leftOf: what = "is left of"
            case .rightOf: what = "is right of"
            case .parentOf: what = "is the parent of"
            }
            reason = references.isEmpty
                ? "its reference selector (relation \(relation.rawValue)) selected no view"
                : "none of \(itsInput) \(what) any of the \(SelectorExplanation.views(references.count)) its reference selector selected"
                    + (relation == .parentOf ? "" : " (top-left corners compared, from the views' accessibilityFrame)")
        case .deduplicate, .sortInDocumentOrder, .deepest, .sort:
            reason = input == [-1] ? "it kept nothing of the whole tree" : "it kept none of its \(inputViews)"
        }
        explanation.empty = .init(part: failure.part, step: failure.step + 1, candidates: candidates.count, reason: reason)
        guard !conjuncts.isEmpty, candidates.count > 0 else { return }
        try nearMisses(candidates, conjuncts, run: &failure.run, into: &explanation)
        explanation.fix = suggestFix(explanation.nearMisses, conjunctsOf: conjuncts, failure: failure)
    }

    /// Candidates failing exactly one conjunct, closest first. Which conjuncts a candidate fails
    /// is read from one scan of the tree per conjunct when the candidates are a good part of the
    /// tree, else from a per-node test per conjunct (`failedOnce`).
    private func nearMisses(_ candidates: Candidates, _ conjuncts: [Predicate], run: inout Run,
                            into explanation: inout SelectorExplanation) throws(SelectorError) {
        // First pass: who fails exactly one conjunct, and how many fail each one alone.
        let (misses, perConjunct, bitsetBytes) = try failedOnce(candidates, conjuncts, run: &run)
        explanation.bitsetBytes = bitsetBytes
        var best: [(score: Int, node: NodeID, conjunct: Int)] = []
        var found = 0
        func consider(_ v: NodeID, _ score: Int, _ failed: Int) {
            // A label nothing like the wanted one is no near miss: listing every labelled view
            // would bury the one with a typo.
            if score == Int.max { return }
            found += 1
            // A short sorted list: the top ten of a million misses without sorting a million.
            if best.count == SelectorExplanation.maxNearMisses, let last = best.last,
               (last.score, last.node) < (score, v) { return }
            let at = best.firstIndex { ($0.score, $0.node) > (score, v) } ?? best.count
            best.insert((score, v, failed), at: at)
            if best.count > SelectorExplanation.maxNearMisses { best.removeLast() }
        }
        // Closeness depends on the conjunct and the actual value only, and values repeat a lot:
        // it is computed once per distinct value, one conjunct at a time. Where the value is a
        // string column's value id or a class id, the cache is an array indexed by that id (a
        // million misses cost a million array loads, not a million strings built and hashed),
        // and a string column's values are scored on the pool's bytes; other tests key by text.
        //
        // Each distinct value scored is charged to the query's work budget (one unit, plus one
        // per 64 bytes the scorer examines, at most `NearScorer.window`), and the clock is read
        // every 1,024 values, so a column of many long values stops at the budget with its error
        // instead of running on past it; a partial ranking is never returned as complete.
        var scored = 0
        func charge(bytes: Int) throws(SelectorError) {
            scored += 1
            try run.meter.charge(1 + NearScorer.examined(bytes) >> 6)
            if scored & 1023 == 0 { try run.meter.deadline.check() }
        }
        let unknown = Int.min
        for failed in conjuncts.indices where perConjunct[failed] > 0 {
            let conjunct = conjuncts[failed]
            // A class test that many views fail alone (every view but the hidden one fails the
            // class test of "the hidden spinner") names only classes close to the wanted.
            let crowded = perConjunct[failed] > SelectorExplanation.maxNearMisses
            switch conjunct {
            case .string(let property, let test):
                guard case .strings(let ids, let pool)? = tree.columns[property] else { break }
                let scorer = nearScorer(test)
                let spaces = test.options.contains(.noBreakSpaceAsSpace) && pool.containsNoBreakSpace
                var idScore = [Int](repeating: unknown, count: pool.count + 1)
                var stop: SelectorError? = nil
                pool.withValueBytes { bytes, offsets in
                    for (v, c32) in misses where Int(c32) == failed {
                        let id = ids[Int(v)]
                        let slot = Int(id) + 1
                        if idScore[slot] == unknown {
                            if id < 0 || scorer == nil {
                                idScore[slot] = Int.max
                            } else {
                                let value = UnsafeBufferPointer(rebasing: bytes[Int(offsets[Int(id)])..<Int(offsets[Int(id) + 1])])
                                do throws(SelectorError) { try charge(bytes: value.count) } catch { stop = error; return }
                                if spaces {
                                    let cut = UnsafeBufferPointer(rebasing: value.prefix(NearScorer.window + 1))
                                    idScore[slot] = stringCloseness(test, scorer: scorer, actual: String(decoding: cut, as: UTF8.self)) ?? Int.max
                                } else {
                                    idScore[slot] = scorer?.score(bytes: value, actual: pool[id]) ?? Int.max
                                }
                            }
                        }
                        consider(v, idScore[slot], failed)
                    }
                }
                if let stop { throw stop }
                continue
            case .kindOf(let c), .memberOf(let c):
                let ids = tree.classIDs
                var idScore = [Int](repeating: unknown, count: tree.classes.names.count + 1)
                // Once per test, not per class: the wanted class may be as long as the selector.
                let far = max(2, c.count / 3)
                for (v, c32) in misses where Int(c32) == failed {
                    let slot = Int(ids[Int(v)]) + 1
                    if idScore[slot] == unknown {
                        let name = tree.className(of: v)
                        try charge(bytes: name.utf8.count)
                        let d = Closeness.editDistance(name, c)
                        idScore[slot] = crowded && d > far ? Int.max : 300 + d
                    }
                    consider(v, idScore[slot], failed)
                }
                continue
            default: break
            }
            // Keys are a string column's value id where there is one (never the value itself: a
            // megabyte label shared by many views would be copied once per view), and a string
            // test's scorer is built once per property, not per value.
            var scores: [String: Int] = [:]
            var scorers: [String: NearScorer?] = [:]
            for (v, c32) in misses where Int(c32) == failed {
                let key = actualKey(conjunct, v)
                let score: Int
                if let known = scores[key] { score = known } else {
                    try charge(bytes: valueLength(conjunct, v))
                    score = closeness(conjunct, v, crowded: crowded, scorers: &scorers) ?? Int.max
                    scores[key] = score
                }
                consider(v, score, failed)
            }
        }
        explanation.nearMissCount = found
        explanation.nearMisses = best.map { entry in
            let p = conjuncts[entry.conjunct]
            return .init(node: entry.node, view: describe(entry.node), test: ProgramPrinter.text(p),
                         reason: why(p, fails: entry.node), closeness: entry.score)
        }
    }

    // MARK: - Fixes

    /// The candidates that fail exactly one conjunct (with its index), and how many fail each.
    ///
    /// A failing step's candidates are often most of the tree (`view:'UILabel' marked:'x'` from
    /// the window: every view). Testing each conjunct per candidate then costs a general per-node
    /// test a million times; instead each conjunct runs once as a whole-tree scan through the
    /// matcher's own kernel, its passing views become a bitset, and a candidate's failures are a
    /// few bit reads. For a handful of candidates the per-node test is cheaper than any scan.
    private func failedOnce(_ candidates: Candidates, _ conjuncts: [Predicate], run: inout Run)
        throws(SelectorError) -> (misses: [(node: NodeID, conjunct: Int32)], perConjunct: [Int], bitsetBytes: Int) {
        var misses: [(node: NodeID, conjunct: Int32)] = []
        var perConjunct = [Int](repeating: 0, count: conjuncts.count)
        if candidates.count * conjuncts.count < tree.count / 4 {
            var tests: [NodeTest] = []
            for c in conjuncts { tests.append(try run.resolver.nodeTest(c)) }
            try run.meter.charge(candidates.count * tests.count)
            let classIDs = tree.classIDs
            for v in candidates.list {
                var failed = -1
                var failures = 0
                for (i, t) in tests.enumerated() where !t.passes(v, classIDs: classIDs) {
                    failures += 1
                    failed = i
                    if failures > 1 { break }
                }
                guard failures == 1 else { continue }
                misses.append((v, Int32(failed)))
                perConjunct[failed] += 1
            }
            return (misses, perConjunct, 0)
        }
        let words = (tree.count + 63) / 64
        // A bitset per conjunct, for the first `maxBitsets` only (and fewer when they would pass
        // `maxBitsetBytes`): 3,000 conjuncts on 10^6 views took 375 MB at once. The conjuncts
        // past them are tested per node, only on the candidates that failed at most one of those
        // with a bitset (usually few: most views fail two tests of a long filter early).
        let bitsetBytes = words * 8
        let withBits = min(conjuncts.count, Self.maxBitsets, max(1, Self.maxBitsetBytes / max(1, bitsetBytes) - 1))
        var bits = [UInt64](repeating: 0, count: words * withBits)
        for (i, c) in conjuncts.prefix(withBits).enumerated() {
            let passing = try run.run([.axis(.descendants, order: .document, filter: c, unique: true)], from: [-1])
            bits.withUnsafeMutableBufferPointer { b in
                for v in passing where v >= 0 { b[i * words + Int(v) >> 6] |= 1 << UInt64(v & 63) }
            }
        }
        var rest: [NodeTest] = []
        for c in conjuncts.dropFirst(withBits) { rest.append(try run.resolver.nodeTest(c)) }
        try run.meter.charge(candidates.count)
        var wanted = [UInt64](repeating: 0, count: words)
        wanted.withUnsafeMutableBufferPointer { w in
            switch candidates {
            case .list(let list):
                for v in list { w[Int(v) >> 6] |= 1 << UInt64(v & 63) }
            case .ranges(let ranges):
                for r in ranges { Self.setBits(r, in: w) }
            }
        }
        // Sixty-four candidates at a time: `once` has a bit for each candidate that failed some
        // conjunct, `twice` for each that failed two or more, so `once & ~twice` are the near
        // misses; only their bits are then taken apart to find the conjunct they failed. With
        // conjuncts past the bitsets, every candidate not in `twice` is tested on those too.
        let classIDs = tree.classIDs
        var stop: SelectorError? = nil
        var meter = run.meter
        bits.withUnsafeBufferPointer { b in
            wanted.withUnsafeBufferPointer { w in
                for word in 0..<words where w[word] != 0 {
                    var once: UInt64 = 0, twice: UInt64 = 0
                    for i in 0..<withBits {
                        let failing = w[word] & ~b[i * words + word]
                        twice |= once & failing
                        once |= failing
                    }
                    var pick = rest.isEmpty ? once & ~twice : w[word] & ~twice
                    var tests = 0
                    while pick != 0 {
                        let bit = pick.trailingZeroBitCount
                        pick &= pick - 1
                        let v = NodeID(word * 64 + bit)
                        var failures = 0, failed = -1
                        if (once >> UInt64(bit)) & 1 != 0 {
                            failures = 1
                            failed = 0
                            while (b[failed * words + word] >> UInt64(bit)) & 1 != 0 { failed += 1 }
                        }
                        for (j, t) in rest.enumerated() {
                            tests += 1
                            if t.passes(v, classIDs: classIDs) { continue }
                            failures += 1
                            failed = withBits + j
                            if failures > 1 { break }
                        }
                        guard failures == 1 else { continue }
                        misses.append((v, Int32(failed)))
                        perConjunct[failed] += 1
                    }
                    if tests > 0 {
                        do throws(SelectorError) { try meter.charge(tests) } catch { stop = error; return }
                    }
                }
            }
        }
        run.meter = meter
        if let stop { throw stop }
        return (misses, perConjunct, (withBits + 1) * bitsetBytes)
    }

    /// Most conjuncts of a failing step given a bitset of their passing views (see `failedOnce`).
    static let maxBitsets = 64
    /// Most bytes those bitsets (and the candidates' own) may take at once.
    static let maxBitsetBytes = 64 << 20

    /// The first rewrite that swaps a near miss's failing literal for its actual value and, run,
    /// selects that view. Only string and class tests are tried, on the three closest misses.
    private func suggestFix(_ misses: [SelectorExplanation.NearMiss], conjunctsOf conjuncts: [Predicate],
                            failure: Failure) -> SelectorExplanation.Fix? {
        var tries = 0
        for miss in misses.prefix(3) {
            guard let conjunct = conjuncts.first(where: { ProgramPrinter.text($0) == miss.test }) else { continue }
            let wanted: String, actual: String
            switch stringLeaf(conjunct, for: miss.node) ?? conjunct {
            case let .string(property, test):
                guard let value = tree.string(property, of: miss.node) else { continue }
                switch test.operation {
                case .equals, .contains, .hasPrefix, .hasSuffix: wanted = test.value
                case .matcher(let m):
                    // A plain-word pattern: its word is in the selector text as written.
                    guard let literal = Closeness.plainPattern(m.description) else { continue }
                    wanted = literal.text
                }
                actual = value
            case .kindOf(let c), .memberOf(let c):
                wanted = c; actual = tree.className(of: miss.node)
            default:
                continue
            }
            // A rewrite longer than a selector may be would only be refused: a megabyte label is
            // no fix, and building three megabyte selectors to find that out is not done.
            guard query.source.utf8.count - wanted.utf8.count + actual.utf8.count <= registry.limits.maxSelectorBytes else { continue }
            for selector in rewrites(replacing: wanted, with: actual, inPart: failure.part) {
                tries += 1
                if tries > 4 { return nil }
                if selects(selector, miss.node, throughPart: failure.part) {
                    return .init(selector: selector, node: miss.node)
                }
            }
        }
        return nil
    }

    /// The whole selector with the part's one occurrence of `wanted` (quoted as the engines quote,
    /// or bare) replaced by `actual`.
    private func rewrites(replacing wanted: String, with actual: String, inPart k: Int) -> [String] {
        let part = query.parts[k]
        let text = part.compiled.source
        var forms: [(String, String)] = []
        for quote: Character in ["'", "\""] {
            forms.append((SelectorLiteral.quoted(wanted, by: quote), SelectorLiteral.quoted(actual, by: quote)))
        }
        forms.append((wanted, actual))
        var out: [String] = []
        for (old, new) in forms where !old.isEmpty && text.ranges(of: old).count == 1 {
            guard let range = text.firstRange(of: old) else { continue }
            var fixedPart = text
            fixedPart.replaceSubrange(range, with: new)
            let bytes = Array(query.source.utf8)
            let end = part.offset + text.utf8.count
            guard end <= bytes.count else { continue }
            let whole = String(decoding: bytes[..<part.offset], as: UTF8.self) + fixedPart
                + String(decoding: bytes[end...], as: UTF8.self)
            if !out.contains(whole) { out.append(whole) }
        }
        return out
    }

    /// Whether `selector`'s parts up to `k` select `node` (a later part may still filter it out,
    /// but the failing part is fixed).
    private func selects(_ selector: String, _ node: NodeID, throughPart k: Int) -> Bool {
        guard let fixed = try? registry.compileQuery(selector, engine: query.parts[0].compiled.engine),
              fixed.parts.count == query.parts.count else { return false }
        let prefix = CompiledQuery(source: fixed.source, parts: Array(fixed.parts.prefix(k + 1)))
        guard let found = try? registry.select(prefix, in: tree, deadline: deadline) else { return false }
        return found.contains(node)
    }

    // MARK: - Words

    /// `UIButton "Log In" (uid 5)` (`ViewTree.describe`).
    func describe(_ node: NodeID) -> String { tree.describe(node) }

    /// What makes two misses of the same conjunct equally close: a string column's value id with
    /// its property (an `or`'s leaf for a view is the first with its property, so the property
    /// names the leaf), else the text.
    private func actualKey(_ p: Predicate, _ v: NodeID) -> String {
        switch p {
        case .string(let property, _):
            if case .strings(let ids, _)? = tree.columns[property] { return "\(property)#\(ids[Int(v)])" }
            return tree.string(property, of: v).map { "s" + property + "\u{0}" + $0 } ?? "-"
        case .kindOf, .memberOf: return tree.className(of: v)
        case .or: return stringLeaf(p, for: v).map { actualKey($0, v) } ?? ""
        default: return ""
        }
    }

    /// Bytes of the value `closeness` scores for `p` on `v` (0 for tests without one).
    private func valueLength(_ p: Predicate, _ v: NodeID) -> Int {
        switch p {
        case .string(let property, _):
            if case .strings(let ids, let pool)? = tree.columns[property] {
                let id = ids[Int(v)]
                return id < 0 ? 0 : pool.withValueBytes { _, offsets in Int(offsets[Int(id) + 1] - offsets[Int(id)]) }
            }
            return tree.string(property, of: v)?.utf8.count ?? 0
        case .or: return stringLeaf(p, for: v).map { valueLength($0, v) } ?? 0
        default: return 0
        }
    }

    /// The failing test and the actual value, in words.
    func why(_ p: Predicate, fails v: NodeID) -> String {
        switch p {
        case let .string(property, test):
            let actual = tree.value(property, of: v)
            let have = actual.map { "\(property) is \(render($0))" } ?? "\(property) is not set"
            var want: String
            switch test.operation {
            case .equals: want = SelectorLiteral.quoted(test.value)
            case .contains: want = "one containing \(SelectorLiteral.quoted(test.value))"
            case .hasPrefix: want = "one starting with \(SelectorLiteral.quoted(test.value))"
            case .hasSuffix: want = "one ending with \(SelectorLiteral.quoted(test.value))"
            case .matcher(let m): want = "a match for \(m.description)"
            }
            if test.options.contains(.caseInsensitive) { want += " (ignoring case)" }
            return "\(have), wanted \(want)"
        case .kindOf(let c): return "class \(tree.className(of: v)) is not a kind of \(c)"
        case .memberOf(let c): return "class \(tree.className(of: v)) is not \(c)"
        case let .bool(property, value):
            // Boolean columns hold 0 and 1, as dumps write BOOLs.
            let have: String
            switch tree.value(property, of: v) {
            case .int(0)?: have = "false"
            case .int(1)?: have = "true"
            case let other?: have = render(other)
            case nil: have = "not set"
            }
            return "\(property) is \(have), wanted \(value)"
        case .number(let property, _, _):
            return "\(property) is \(tree.value(property, of: v).map(render) ?? "not set"), wanted \(ProgramPrinter.text(p))"
        case .hasProperty(let property): return "it has no \(property)"
        case let .bitsSet(property, mask):
            return "\(property) is \(tree.value(property, of: v).map(render) ?? "not set"), wanted the bits of \(mask) set"
        case .not(let q): return "\(ProgramPrinter.text(q)) holds, wanted it not to"
        case .or:
            if let leaf = stringLeaf(p, for: v) { return why(leaf, fails: v) }
            return "it fails \(ProgramPrinter.text(p))"
        case .hasAncestor(let q): return "no ancestor passes \(ProgramPrinter.text(q))"
        case let .hasRelative(relative, q):
            let who: String
            switch relative {
            case .parent: who = "its parent does not pass"
            case .child: who = "no child passes"
            case .descendant: who = "no descendant passes"
            case .sibling: who = "no sibling passes"
            }
            return "\(who) \(ProgramPrinter.text(q))"
        case .structural(let condition): return condition.test.failure
        case let .custom(name, arguments):
            if arguments.isEmpty, let value = tree.value(name, of: v) { return "\(name) is \(render(value))" }
            return "it fails \(ProgramPrinter.text(p))"
        default: return "it fails \(ProgramPrinter.text(p))"
        }
    }

    private func render(_ value: JSONValue) -> String {
        if case .string(let s) = value { return SelectorLiteral.quotedClipped(s) }
        return value.jsonString
    }

    /// Lower is closer: same but for case 1, for whitespace 2, a prefix 3, then 10 plus the edit
    /// distance; class tests after every string test, other tests after those. Nil: too far to
    /// count as a near miss (a string a third or more edited, or a pattern that is no plain word).
    private func closeness(_ p: Predicate, _ v: NodeID, crowded: Bool, scorers: inout [String: NearScorer?]) -> Int? {
        switch p {
        case let .string(property, test):
            guard let actual = tree.string(property, of: v) else { return nil }
            let scorer: NearScorer?
            if let known = scorers[property] { scorer = known } else {
                scorer = nearScorer(test)
                scorers[property] = .some(scorer)
            }
            return stringCloseness(test, scorer: scorer, actual: actual)
        case .kindOf(let c), .memberOf(let c):
            let d = Closeness.editDistance(tree.className(of: v), c)
            return crowded && d > max(2, c.count / 3) ? nil : 300 + d
        case .bool, .number, .bitsSet: return 200
        case .or:
            // An alias (`label` read as `accessibilityLabel` or `label`): as close as its string test.
            if let leaf = stringLeaf(p, for: v) { return closeness(leaf, v, crowded: crowded, scorers: &scorers) }
            return 400
        default: return 400
        }
    }

    /// What a string test's values are scored against: its literal, or a pattern's plain word;
    /// nil for a pattern with regex operators in it (no value is near that).
    private func nearScorer(_ test: StringTest) -> NearScorer? {
        switch test.operation {
        case .matcher(let m):
            guard let literal = Closeness.plainPattern(m.description) else { return nil }
            return NearScorer(wanted: literal.text, containing: !literal.anchored)
        case .contains: return NearScorer(wanted: test.value, containing: true)
        default: return NearScorer(wanted: test.value, containing: false)
        }
    }

    /// `closeness` of a string test whose actual value is `actual`.
    private func stringCloseness(_ test: StringTest, scorer: NearScorer?, actual: String) -> Int? {
        guard let scorer else { return nil }
        var a = actual
        // One byte past the window is as good as the rest: the scorer looks at `window` bytes and
        // knows from the extra one that the value goes on (so it is no whole match).
        if a.utf8.count > NearScorer.window { a = String(decoding: a.utf8.prefix(NearScorer.window + 1), as: UTF8.self) }
        if test.options.contains(.noBreakSpaceAsSpace) { a = a.replacing("\u{00A0}", with: " ") }
        return scorer.score(a)
    }

    /// The string test inside an `or` that speaks for it on `v`: the first whose property `v`
    /// has, else the first at all (`not` is not entered: its test is wanted to fail).
    func stringLeaf(_ p: Predicate, for v: NodeID) -> Predicate? {
        var first: Predicate?
        func visit(_ q: Predicate) -> Predicate? {
            switch q {
            case .string(let property, _):
                if first == nil { first = q }
                return tree.value(property, of: v) != nil ? q : nil
            case .and(let ps), .or(let ps):
                for x in ps { if let found = visit(x) { return found } }
                return nil
            default: return nil
            }
        }
        guard case .or = p else { return nil }
        return visit(p) ?? first
    }

    // MARK: - Helpers

    static func conjuncts(_ p: Predicate) -> [Predicate] {
        switch p {
        case .any: return []
        case .and(let parts): return parts
        default: return [p]
        }
    }

    /// A failing step's candidates: a list, or for a descendant axis the subtrees' ranges of the
    /// tree's flat order (disjoint, ascending), so that a step run from the window does not
    /// build a list of every view.
    enum Candidates {
        case list([NodeID])
        case ranges([Range<Int>])

        var count: Int {
            switch self {
            case .list(let l): return l.count
            case .ranges(let r): return r.reduce(0) { $0 + $1.count }
            }
        }

        var list: [NodeID] {
            switch self {
            case .list(let l): return l
            case .ranges(let r): return r.flatMap { $0.lazy.map { NodeID($0) } }
            }
        }
    }

    /// What a descendant axis reaches from `input`, as merged ranges (the virtual root, -1,
    /// reaches the whole tree).
    func descendantRanges(_ input: [NodeID], includeSelf: Bool) -> [Range<Int>] {
        let spans: [(Int32, Int32)] = input.map { v in
            (v < 0 ? 0 : includeSelf ? v : v + 1, Int32(tree.subtreeEnd(of: v)))
        }
        return Matcher.merged(spans).map { Int($0.0)..<Int($0.1) }
    }

    /// Sets bits `r` of a bitset: whole words at once between the partial words at either end.
    static func setBits(_ r: Range<Int>, in w: UnsafeMutableBufferPointer<UInt64>) {
        guard !r.isEmpty else { return }
        let first = r.lowerBound >> 6, last = (r.upperBound - 1) >> 6
        let low = ~UInt64(0) << UInt64(r.lowerBound & 63)
        let high = ~UInt64(0) >> UInt64(63 - ((r.upperBound - 1) & 63))
        if first == last { w[first] |= low & high; return }
        w[first] |= low
        for k in (first + 1)..<last { w[k] = ~0 }
        w[last] |= high
    }
}

/// String closeness for ranking near misses.
enum Closeness {
    /// The text a pattern description such as `/^Log in$/i` matches when it is a plain word or
    /// phrase between optional anchors; nil for anything with regex operators in it.
    static func plainPattern(_ description: String) -> (text: String, anchored: Bool)? {
        var d = Substring(description)
        guard d.hasPrefix("/"), let close = d.lastIndex(of: "/"), close > d.startIndex else { return nil }
        d = d[d.index(after: d.startIndex)..<close]
        var anchored = false
        if d.hasPrefix("^") { d = d.dropFirst(); anchored = true }
        let endAnchor = d.hasSuffix("$")
        if endAnchor { d = d.dropLast() }
        anchored = anchored && endAnchor
        guard !d.isEmpty, !d.contains(where: { "\\.*+?[](){}|^$".contains($0) }) else { return nil }
        return (String(d), anchored)
    }

    /// `score`, or nil when it is too far to be a near miss: more than a third of `wanted` (at
    /// least 2) edited.
    static func nearScore(actual: String, wanted: String, containing: Bool) -> Int? {
        NearScorer(wanted: wanted, containing: containing).score(actual)
    }

    static func score(actual: String, wanted: String, containing: Bool) -> Int {
        // 1010: the distance `editDistance` gives strings too long to compare.
        Wanted(wanted).score(actual: actual, containing: containing) ?? 1010
    }

    /// Longest string (in the unit compared: Characters, or bytes of ASCII text) given an edit
    /// distance at all; a longer one counts as too far.
    static let longest = 256

    /// Whether `s` has more than `longest` characters, found by reading at most one more.
    static func long(_ s: String) -> Bool {
        s.index(s.startIndex, offsetBy: longest, limitedBy: s.endIndex).map { $0 < s.endIndex } ?? false
    }

    /// `EditDistance` in characters; long strings (over 256) count as far apart rather than
    /// costing a quadratic table, and are found so after reading 257 characters, not all.
    static func editDistance(_ x: String, _ y: String) -> Int {
        if long(x) || long(y) { return 1000 }
        return EditDistance.distance(x, y)
    }
}
