// The explainer re-runs a compiled query one step at a time with the core's own `Run`, so it
// sees exactly what the matcher does and knows no engine: every engine, a plug-in's included,
// reaches it as a program. Only the step where candidates ran out is taken apart: its axis is run
// once more without its filter, and each conjunct of the filter is resolved on its own and tested
// on those candidates, so a view failing exactly one conjunct is a near miss. An engine step is
// opaque (its output is counted, nothing is looked for inside it).
//
// Cost: the query's own scans, one axis scan without the filter, one per-node test per conjunct
// over its candidates, one whole-tree scan for views the axis did not reach, and at most a few
// selections to check a fix. Candidates of an ambiguous selection each cost a suggestion's
// selections, so only the first `SelectorExplanation.maxListed` are looked at.

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
        let budget = registry.limits.budget(treeSize: tree.count, deadline: deadline)
        var parts: [SelectorExplanation.PartReport] = []
        var list: [NodeID]? = nil
        var failure: Failure? = nil
        var startEmptyPart: Int? = nil
        for (k, part) in query.parts.enumerated() {
            let program = part.compiled.program
            let start = k == 0 ? "start .\(program.start)" : "from part \(k)'s views"
            // Padded as the printer pads a whole program, so the steps line up the same way.
            let axisWidth = program.steps.reduce(0) { width, step in
                guard case let .axis(axis, _, _, _) = step else { return width }
                return max(width, axis.rawValue.count)
            }
            let stepTexts = program.steps.map { ProgramPrinter.lines($0, axisWidth: axisWidth).joined(separator: "\n") }
            if k > 0 && (list?.isEmpty ?? true) {
                parts.append(.init(engine: part.compiled.engine, source: part.compiled.source, start: start, startCount: 0,
                                   steps: stepTexts.map { .init(text: $0, kept: nil) }, count: nil, virtualStart: false))
                continue
            }
            var run = registry.matcher.makeRun(in: tree, predicates: registry.predicates, budget: budget)
            var current = list ?? registry.matcher.startNodes(program.start, in: tree)
            let startCount = current.count
            let virtualStart = current == [-1]
            if current.isEmpty && startEmptyPart == nil && failure == nil { startEmptyPart = k }
            var steps: [SelectorExplanation.StepReport] = []
            for (n, step) in program.steps.enumerated() {
                if current.isEmpty { steps.append(.init(text: stepTexts[n], kept: nil)); continue }
                let input = current
                current = try run.apply(step, to: input)
                try run.meter.endStep(current.count)
                steps.append(.init(text: stepTexts[n], kept: current.count))
                if current.isEmpty && failure == nil { failure = Failure(part: k, step: n, input: input, run: run) }
            }
            current.removeAll { $0 < 0 }
            if query.isChain { current = Self.uniqued(current) }
            list = current
            parts.append(.init(engine: part.compiled.engine, source: part.compiled.source, start: start,
                               startCount: startCount, steps: steps, count: current.count, virtualStart: virtualStart))
        }
        let result = list ?? []
        var explanation = SelectorExplanation(selector: query.source, engine: engine, parts: parts, count: result.count)
        if result.isEmpty {
            if var failure {
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

    // MARK: - The failing step

    private func analyse(_ failure: inout Failure, into explanation: inout SelectorExplanation) throws(SelectorError) {
        let step = query.parts[failure.part].compiled.program.steps[failure.step]
        let input = failure.input
        let inputViews = input == [-1] ? "the whole tree" : SelectorExplanation.views(input.count)
        // "its 5 views", but "the whole tree" (never "its the whole tree").
        let itsInput = input == [-1] ? inputViews : "its " + inputViews
        var candidates: [NodeID] = []
        var conjuncts: [Predicate] = []
        var reason: String
        switch step {
        case let .axis(axis, order, filter, unique):
            candidates = Self.uniqued(try failure.run.apply(.axis(axis, order: order, filter: .any, unique: unique), to: input))
            candidates.removeAll { $0 < 0 }
            try failure.run.meter.charge(candidates.count)
            conjuncts = Self.conjuncts(filter)
            reason = candidates.isEmpty
                ? "no view on its axis (\(axis.rawValue)) from " + (input == [-1] ? inputViews : "the \(inputViews) before it")
                : "none of its \(SelectorExplanation.views(candidates.count)) (\(axis.rawValue) of \(inputViews)) passes its filter"
            // Wrong nesting: the filter finds views, only not where the axis looks.
            let everywhere = try failure.run.apply(.axis(.descendants, order: .document, filter: filter, unique: true), to: [-1])
            if !everywhere.isEmpty {
                explanation.elsewhereCount = everywhere.count
                explanation.elsewhere = Array(everywhere.prefix(SelectorExplanation.maxListed))
                explanation.elsewhereViews = explanation.elsewhere.map(describe)
            }
        case .filter(let p):
            candidates = Self.uniqued(input.filter { $0 >= 0 })
            conjuncts = Self.conjuncts(p)
            reason = "none of \(itsInput) passes its filter"
        case .pick(let n):
            reason = "pick \(n) is out of range: there \(input.count == 1 ? "is 1 view" : "are \(input.count) views")"
        case .engine:
            reason = input == [-1] ? "the engine step selected nothing from the whole tree"
                : "the engine step kept none of its \(inputViews)"
        case .union:
            reason = "no member of the union selected anything from \(itsInput)"
        case .deduplicate, .sortInDocumentOrder:
            reason = input == [-1] ? "it kept nothing of the whole tree" : "it kept none of its \(inputViews)"
        }
        explanation.empty = .init(part: failure.part, step: failure.step + 1, candidates: candidates.count, reason: reason)
        guard !conjuncts.isEmpty, !candidates.isEmpty else { return }
        try nearMisses(candidates, conjuncts, run: &failure.run, into: &explanation)
        explanation.fix = suggestFix(explanation.nearMisses, conjunctsOf: conjuncts, failure: failure)
    }

    /// Candidates failing exactly one conjunct, closest first; each conjunct is resolved once and
    /// tested per candidate, so this costs one pass per conjunct.
    private func nearMisses(_ candidates: [NodeID], _ conjuncts: [Predicate], run: inout Run,
                            into explanation: inout SelectorExplanation) throws(SelectorError) {
        var tests: [NodeTest] = []
        for c in conjuncts { tests.append(try run.resolver.nodeTest(c)) }
        try run.meter.charge(candidates.count * tests.count)
        let classIDs = tree.classIDs
        // First pass: who fails exactly one conjunct, and how many fail each one alone.
        var misses: [(node: NodeID, conjunct: Int32)] = []
        var perConjunct = [Int](repeating: 0, count: tests.count)
        for v in candidates {
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
        var best: [(score: Int, node: NodeID, conjunct: Int)] = []
        var found = 0
        // Closeness depends on the conjunct and the actual value only, and values repeat a lot:
        // it is computed once per distinct value. Where the value is a string column's value id
        // or a class id, the cache is an array indexed by that id (a million misses cost a
        // million array loads, not a million strings built and hashed); other tests key by text.
        let unknown = Int.min
        var idColumns: [ContiguousArray<Int32>?] = []
        var idScores: [[Int]] = []
        for c in conjuncts {
            switch c {
            case .string(let property, _):
                if case .strings(let ids, let pool)? = tree.columns[property] {
                    idColumns.append(ids)
                    idScores.append([Int](repeating: unknown, count: pool.count + 1))
                    continue
                }
            case .kindOf, .memberOf:
                idColumns.append(tree.classIDs)
                idScores.append([Int](repeating: unknown, count: tree.classes.names.count + 1))
                continue
            default: break
            }
            idColumns.append(nil)
            idScores.append([])
        }
        var scores: [Int: [String: Int]] = [:]
        for (v, c32) in misses {
            let failed = Int(c32)
            let crowded = perConjunct[failed] > SelectorExplanation.maxNearMisses
            let score: Int
            if let ids = idColumns[failed] {
                let slot = Int(ids[Int(v)]) + 1
                if idScores[failed][slot] != unknown { score = idScores[failed][slot] } else {
                    score = closeness(conjuncts[failed], v, crowded: crowded) ?? Int.max
                    idScores[failed][slot] = score
                }
            } else {
                let key = actualKey(conjuncts[failed], v)
                if let known = scores[failed]?[key] { score = known } else {
                    // A class test that many views fail alone (every view but the hidden one
                    // fails the class test of "the hidden spinner") names only classes close to
                    // the wanted.
                    score = closeness(conjuncts[failed], v, crowded: crowded) ?? Int.max
                    scores[failed, default: [:]][key] = score
                }
            }
            // A label nothing like the wanted one is no near miss: listing every labelled view
            // would bury the one with a typo.
            if score == Int.max { continue }
            found += 1
            // A short sorted list: the top ten of a million misses without sorting a million.
            if best.count == SelectorExplanation.maxNearMisses, let last = best.last,
               (last.score, last.node) < (score, v) { continue }
            let at = best.firstIndex { ($0.score, $0.node) > (score, v) } ?? best.count
            best.insert((score, v, failed), at: at)
            if best.count > SelectorExplanation.maxNearMisses { best.removeLast() }
        }
        explanation.nearMissCount = found
        explanation.nearMisses = best.map { entry in
            let p = conjuncts[entry.conjunct]
            return .init(node: entry.node, view: describe(entry.node), test: ProgramPrinter.text(p),
                         reason: why(p, fails: entry.node), closeness: entry.score)
        }
    }

    // MARK: - Fixes

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

    /// `UIButton "Log In" (uid 5)`: class, label and uid, as far as the view has them.
    func describe(_ node: NodeID) -> String {
        var s = tree.className(of: node)
        if let label = tree.label(of: node) { s += " " + SelectorLiteral.quoted(label) }
        if let uid = tree.uidString(of: node) { s += " (uid \(uid))" }
        return s
    }

    /// What makes two misses of the same conjunct equally close.
    private func actualKey(_ p: Predicate, _ v: NodeID) -> String {
        switch p {
        case .string(let property, _): return tree.string(property, of: v).map { "s" + $0 } ?? "-"
        case .kindOf, .memberOf: return tree.className(of: v)
        case .or: return stringLeaf(p, for: v).map { actualKey($0, v) } ?? ""
        default: return ""
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
        case .onScreen: return "it is not on screen"
        case let .indexPath(section, row): return "it is not the cell at section \(section), row \(row)"
        case let .custom(name, arguments):
            if arguments.isEmpty, let value = tree.value(name, of: v) { return "\(name) is \(render(value))" }
            return "it fails \(ProgramPrinter.text(p))"
        default: return "it fails \(ProgramPrinter.text(p))"
        }
    }

    private func render(_ value: JSONValue) -> String {
        if case .string(let s) = value { return SelectorLiteral.quoted(s) }
        return value.jsonString
    }

    /// Lower is closer: same but for case 1, for whitespace 2, a prefix 3, then 10 plus the edit
    /// distance; class tests after every string test, other tests after those. Nil: too far to
    /// count as a near miss (a string a third or more edited, or a pattern that is no plain word).
    private func closeness(_ p: Predicate, _ v: NodeID, crowded: Bool) -> Int? {
        switch p {
        case let .string(property, test):
            guard let actual = tree.string(property, of: v) else { return nil }
            var a = actual
            if test.options.contains(.noBreakSpaceAsSpace) { a = a.replacing("\u{00A0}", with: " ") }
            let wanted: String
            let containing: Bool
            switch test.operation {
            case .matcher(let m):
                guard let literal = Closeness.plainPattern(m.description) else { return nil }
                wanted = literal.text; containing = !literal.anchored
            case .contains: wanted = test.value; containing = true
            default: wanted = test.value; containing = false
            }
            return Closeness.nearScore(actual: a, wanted: wanted, containing: containing)
        case .kindOf(let c), .memberOf(let c):
            let d = Closeness.editDistance(tree.className(of: v), c)
            return crowded && d > max(2, c.count / 3) ? nil : 300 + d
        case .bool, .number, .bitsSet: return 200
        case .or:
            // An alias (`label` read as `accessibilityLabel` or `label`): as close as its string test.
            if let leaf = stringLeaf(p, for: v) { return closeness(leaf, v, crowded: crowded) }
            return 400
        default: return 400
        }
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

    static func uniqued(_ list: [NodeID]) -> [NodeID] {
        guard list.count > 1 else { return list }
        // The usual case, a step's output in document order, has no repeats: checking that is one
        // pass, where hashing a million candidates cost tens of milliseconds.
        if zip(list, list.dropFirst()).allSatisfy({ $0 < $1 }) { return list }
        var seen = Set<NodeID>(minimumCapacity: list.count)
        return list.filter { seen.insert($0).inserted }
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
    /// least 2) edited. ASCII strings are compared as bytes with an edit distance that stops
    /// past that bound, since a near-miss search scores every distinct value of a column.
    static func nearScore(actual: String, wanted: String, containing: Bool) -> Int? {
        let fast = actual.utf8.withContiguousStorageIfAvailable { ab in
            wanted.utf8.withContiguousStorageIfAvailable { wb in asciiNearScore(ab, wb, containing: containing) }
        } ?? nil
        switch fast {
        case .score(let s)?: return s
        case .far?: return nil
        case .notASCII?, nil:
            let score = score(actual: actual, wanted: wanted, containing: containing)
            return score <= 3 || score - 10 <= max(2, wanted.count / 3) ? score : nil
        }
    }

    private enum Near { case score(Int), far, notASCII }

    /// `nearScore` for plain ASCII (no carriage return, which joins a following line feed into
    /// one character). Allocates nothing: it runs once per distinct value of a column.
    private static func asciiNearScore(_ a: UnsafeBufferPointer<UInt8>, _ w: UnsafeBufferPointer<UInt8>,
                                       containing: Bool) -> Near {
        for c in a where c >= 0x80 || c == 13 { return .notASCII }
        for c in w where c >= 0x80 || c == 13 { return .notASCII }
        @inline(__always) func lower(_ c: UInt8) -> UInt8 { c >= 65 && c <= 90 ? c + 32 : c }
        @inline(__always) func space(_ c: UInt8) -> Bool { c == 32 || (c >= 9 && c <= 13) }
        // Whether x[at...] starts with y, ignoring case, and (with dropSpace) whitespace on both sides.
        func startsFolded(_ x: UnsafeBufferPointer<UInt8>, at: Int, _ y: UnsafeBufferPointer<UInt8>,
                          dropSpace: Bool, whole: Bool) -> Bool {
            var i = at, j = 0
            while true {
                if dropSpace {
                    while i < x.count && space(x[i]) { i += 1 }
                    while j < y.count && space(y[j]) { j += 1 }
                }
                if j == y.count { return !whole || i == x.count }
                if i == x.count || lower(x[i]) != lower(y[j]) { return false }
                i += 1; j += 1
            }
        }
        func holds(dropSpace: Bool) -> Bool {
            if !containing { return startsFolded(a, at: 0, w, dropSpace: dropSpace, whole: true) }
            if w.isEmpty { return true }
            for start in 0..<max(1, a.count) where startsFolded(a, at: start, w, dropSpace: dropSpace, whole: false) {
                return true
            }
            return false
        }
        if holds(dropSpace: false) { return .score(1) }
        if holds(dropSpace: true) { return .score(2) }
        if !a.isEmpty && !w.isEmpty
            && (startsFolded(a, at: 0, w, dropSpace: false, whole: false) || startsFolded(w, at: 0, a, dropSpace: false, whole: false)) {
            return .score(3)
        }
        guard let d = boundedEditDistance(a, w, limit: max(2, w.count / 3)) else { return .far }
        return .score(10 + d)
    }

    /// Levenshtein distance when it is at most `limit`, else nil (also for strings over 256
    /// elements); a row whose every entry passed the limit ends the computation.
    static func boundedEditDistance<E: Equatable>(_ a: UnsafeBufferPointer<E>, _ b: UnsafeBufferPointer<E>, limit: Int) -> Int? {
        if abs(a.count - b.count) > limit || a.count > 256 || b.count > 256 { return nil }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Two rows on the stack (at most 257 entries each): no allocation per value.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * (b.count + 1)) { rows -> Int? in
            var previous = UnsafeMutableBufferPointer(rebasing: rows[0...b.count])
            var current = UnsafeMutableBufferPointer(rebasing: rows[(b.count + 1)...])
            for j in 0...b.count { previous[j] = j }
            for i in 1...a.count {
                current[0] = i
                var rowMin = i
                for j in 1...b.count {
                    current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                    rowMin = min(rowMin, current[j])
                }
                if rowMin > limit { return nil }
                swap(&previous, &current)
            }
            return previous[b.count] <= limit ? previous[b.count] : nil
        }
    }

    static func score(actual: String, wanted: String, containing: Bool) -> Int {
        let a = actual.lowercased(), w = wanted.lowercased()
        if containing ? a.contains(w) : a == w { return 1 }
        let sa = String(a.filter { !$0.isWhitespace }), sw = String(w.filter { !$0.isWhitespace })
        if containing ? sa.contains(sw) : sa == sw { return 2 }
        if !a.isEmpty && !w.isEmpty && (a.hasPrefix(w) || w.hasPrefix(a)) { return 3 }
        return 10 + editDistance(actual, wanted)
    }

    /// Levenshtein distance in characters; long strings (over 256) count as far apart rather
    /// than costing a quadratic table.
    static func editDistance(_ x: String, _ y: String) -> Int {
        Array(x).withUnsafeBufferPointer { a in
            Array(y).withUnsafeBufferPointer { b in boundedEditDistance(a, b, limit: .max) }
        } ?? 1000
    }
}
