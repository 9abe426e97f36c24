// The compiled form read back as a search path, the shape most selectors in every language share,
// so that each engine can print it in its own syntax (`SelectorEngine.render`, issue 31).
//
// A path is a list of class-and-property filters, each a descendant or a child of a view the
// previous one found, and an optional pick from the result. `//UITableViewCell//UIButton[@name='x']`,
// `tableViewCell button marked:'x'`, `**/XCUIElementTypeCell/**/XCUIElementTypeButton[`name == 'x'`]`
// and `new UiSelector().className("…").instance(2)` are all paths, and so are positions:
// `/hierarchy/FrameLayout[1]/LinearLayout/TextView[2]` (a step's place among its siblings) and
// `(//Cell)[2]/Button` (a pick before another step). A sibling axis, a union or an engine's own
// step is not. Only printers that say positions (`SelectorEngine.rendersPositions`) are handed a
// path with them; the others are told which part they cannot say. The reading forgets where each
// language starts (Shelley below the windows, UISpec below the application, a predicate at the
// roots themselves) and in which order it lists the result: a rendered selector is a candidate that
// the translation proves on every tree, never an answer by itself.

/// A program read as a chain of filters, each a descendant or a child of the previous one's views.
public struct SearchPath: Sendable, Equatable {
    /// How a step's views relate to the previous step's.
    public enum Link: Sendable, Equatable {
        /// Any descendant; for the first step, any view of the tree.
        case descendant
        /// A direct child; for the first step, a top-level view.
        case child
    }

    /// One step: where to look, what a view there must pass, where it stands among its
    /// siblings, and which one of the results so far is kept.
    public struct Step: Sendable, Equatable {
        public var link: Link
        public var filter: Predicate
        /// The view's place among its parent's children that pass `filter`, from 0 (negative from
        /// the last): XPath's `A[k]`, `A[last()]`. nil: anywhere.
        public var position: Int?
        /// The one view kept of the path's results up to this step, by position in them (negative
        /// from the end): XPath's `(//A)[2]`, `instance(1)`; the next step starts from it. nil: all.
        public var pick: Int?
        public init(link: Link, filter: Predicate, position: Int? = nil, pick: Int? = nil) {
            self.link = link; self.filter = filter; self.position = position; self.pick = pick
        }
    }

    /// The steps, at least one.
    public var steps: [Step]
    /// The order the source lists its result in: UISpec's reverse order or the document's.
    public var order: TraversalOrder

    public init(steps: [Step], pick: Int? = nil, order: TraversalOrder = .document) {
        self.steps = steps; self.order = order
        if let pick, !steps.isEmpty { self.steps[steps.count - 1].pick = pick }
    }

    /// The one result kept at the end (the last step's pick); nil: all.
    public var pick: Int? {
        get { steps.last?.pick }
        set { if !steps.isEmpty { steps[steps.count - 1].pick = newValue } }
    }

    /// The positional part a printer without positions cannot say (a step's place among its
    /// siblings, a pick before another step), named; nil when the path has none.
    public var positionalPart: String? {
        if steps.contains(where: { $0.position != nil }) { return "a step's position among its siblings" }
        if steps.dropLast().contains(where: { $0.pick != nil }) { return "a pick by position before another step" }
        return nil
    }
}

extension SearchPath {
    /// The path as a program that reads back as it (`SelectorProgram.searchPath`): from the
    /// document, one axis step a step, in document order, then the pick. How the path travels to a
    /// plug-in's printer.
    public var program: SelectorProgram {
        var b = ProgramBuilder(start: .document)
        for step in steps {
            b.axis(step.link == .descendant ? .descendants : .children, filter: step.filter, unique: true)
            if let position = step.position { b.siblingPosition(SiblingPosition(position, among: step.filter)) }
            b.sortInDocumentOrder()
            if let pick = step.pick { b.pick(pick) }
        }
        return b.build()
    }
}

/// What an engine's printer makes of a search path.
public enum Rendering: Sendable, Equatable {
    /// The path in the engine's syntax.
    case selector(String)
    /// The language cannot say a part of the path; the text names that part.
    case cannotSay(String)
}

extension SelectorProgram {
    /// The program as a search path, or why it is not one (a step no printer reads, named). An
    /// engine step that is a filter on `trees` (`EngineStep.filter(on:)`) joins its step's filter.
    public func searchPath(on trees: [ViewTree] = []) -> Result<SearchPath, SearchPathError> {
        var steps: [SearchPath.Step] = []
        var order = TraversalOrder.document
        var atDocument = start == .document
        for step in self.steps {
            // A filter after a position or a pick would count among other views than the step's.
            let counted = steps.last.map { $0.position != nil || $0.pick != nil } ?? false
            switch step {
            case .engine(let e) where e.isDocumentRoot && steps.isEmpty:
                atDocument = true
            case let .axis(axis, o, filter, _):
                let link: SearchPath.Link
                switch axis {
                case .descendants: link = .descendant
                case .children: link = .child
                case .descendantsOrSelf where steps.isEmpty && (start == .roots || atDocument): link = .descendant
                default: return .failure(SearchPathError("the \(axis.rawValue) axis"))
                }
                if o == .reverse { order = .reverse }
                steps.append(SearchPath.Step(link: link, filter: filter))
            case .filter(let p):
                guard !steps.isEmpty else { return .failure(SearchPathError("a filter on the start point")) }
                guard !counted else { return .failure(SearchPathError("a filter after a position")) }
                steps[steps.count - 1].filter = .all([steps[steps.count - 1].filter, p])
            case .pick(let n):
                guard !steps.isEmpty else { return .failure(SearchPathError("a pick on the start point")) }
                guard steps[steps.count - 1].pick == nil else { return .failure(SearchPathError("a pick from one view")) }
                steps[steps.count - 1].pick = n
            case .deduplicate, .sortInDocumentOrder:
                continue
            case .union:
                return .failure(SearchPathError("a union of selectors"))
            case .relation(let relation, _):
                return .failure(SearchPathError(relation == .parentOf ? "a relation to another selector's views"
                                                                       : "a spatial relation (\(relation.rawValue))"))
            case .deepest:
                return .failure(SearchPathError("a reduction to the deepest views"))
            case .sort:
                return .failure(SearchPathError("an order by frame or by a property"))
            case .siblingPosition(let s):
                // `//A[k]`: the step's views standing k-th among their siblings that pass its filter.
                guard let last = steps.last, !counted, s.position.exempt == .none, s.position.among == last.filter else {
                    return .failure(SearchPathError("the step `\(s.description)`"))
                }
                steps[steps.count - 1].position = s.position.index
            case .axisPosition(let s) where s.axis == .children && !steps.isEmpty:
                // `A/B[k]`: each input's k-th child passing the filter is the child standing k-th
                // among its siblings passing it.
                steps.append(SearchPath.Step(link: .child, filter: s.filter, position: s.index))
            case .axisPosition(let s):
                return .failure(SearchPathError("the step `\(s.description)`"))
            case .nthDescendant(let step):
                return .failure(SearchPathError("the step `\(step.description)`"))
            case .hasDescendant(let step):
                return .failure(SearchPathError("the step `\(step.description)`"))
            case .engine(let e):
                // An engine step that only filters, asked once: XPath's reads every tree's columns.
                guard !steps.isEmpty, !counted, !trees.isEmpty, let test = e.filter(on: trees) else {
                    return .failure(SearchPathError("the engine step `\(e.description)`"))
                }
                steps[steps.count - 1].filter = .all([steps[steps.count - 1].filter, test])
            }
        }
        guard !steps.isEmpty else { return .failure(SearchPathError("no step")) }
        return .success(SearchPath(steps: steps, order: order))
    }
}

/// Why a program is not a search path: the part no printer reads.
public struct SearchPathError: Error, Sendable, Equatable, CustomStringConvertible {
    public let part: String
    public init(_ part: String) { self.part = part }
    public var description: String { "the source compiles to \(part), which no printer reads" }
}

// MARK: Reading the filters against the recordings

extension SearchPath {
    /// The path with each filter read against what `trees` record: a test of a property no tree
    /// records is false, a class none has is absent, and `kindOf(C)` becomes the classes the trees
    /// hold that are kinds of `C` (at most `maxClasses`, else it stays). Engines compile an alias to
    /// every place it may be recorded (a predicate's `name` reads `accessibilityIdentifier`, then
    /// `name`); this keeps the places these recordings use, so a printer sees `name == "x"`.
    /// Exact on these trees, which are the ones the rendering is proved on.
    public func specialized(for trees: [ViewTree], maxClasses: Int = 8) -> SearchPath {
        // No deadline and no cancellation: this cannot throw; `self` only satisfies the type.
        (try? specialized(for: trees, maxClasses: maxClasses, stop: .none, deadline: nil)) ?? self
    }

    /// As `specialized(for:maxClasses:)`, within `deadline` (nil: none) and the current
    /// `QueryCancellation`: reading the filters runs a count of the views passing each guard on
    /// every tree, so past the deadline it throws `QueryBudget.deadlineError` (or
    /// `QueryBudget.cancelledError`) instead of going on. With no deadline and no cancelled
    /// token, the same path as `specialized(for:maxClasses:)`.
    public func specialized(for trees: [ViewTree], maxClasses: Int = 8,
                            deadline: ContinuousClock.Instant?) throws(SelectorError) -> SearchPath {
        try specialized(for: trees, maxClasses: maxClasses, stop: QueryDeadline(deadline), deadline: deadline)
    }

    private func specialized(for trees: [ViewTree], maxClasses: Int, stop: QueryDeadline,
                             deadline: ContinuousClock.Instant?) throws(SelectorError) -> SearchPath {
        try stop.check()
        var knowledge = RecordedVocabulary(trees)
        knowledge.stop = stop
        knowledge.deadline = deadline
        try stop.check()
        var out = self
        for i in out.steps.indices {
            out.steps[i].filter = try knowledge.pruned(knowledge.specialize(out.steps[i].filter, maxClasses: maxClasses))
        }
        return out
    }
}

/// The property names and classes a set of trees records.
struct RecordedVocabulary {
    var properties: Set<String> = []
    /// The properties every view of every tree records.
    var universal: Set<String> = []
    /// Copied columns (`ViewTree.copiedColumns`) that are copies of the same attribute in every
    /// tree that records them.
    var copies: [String: String] = [:]
    /// The classes the trees' views have, and the trees' tables to test kinds.
    var classes: [(tree: ViewTree, ids: Set<Int32>)] = []
    /// When `count` stops: each count is a query on every tree, run within `deadline`; a stop
    /// (the deadline passed, the query cancelled) throws out of `pruned`.
    var stop = QueryDeadline.none
    var deadline: ContinuousClock.Instant?

    init(_ trees: [ViewTree]) {
        for (k, tree) in trees.enumerated() {
            properties.formUnion(tree.columns.keys)
            let everywhere = Set(tree.columns.filter { $0.value.coversAll(tree.count) }.keys)
            universal = k == 0 ? everywhere : universal.intersection(everywhere)
            classes.append((tree, Set(tree.classIDs)))
        }
        var candidates: [String: String] = [:]
        for tree in trees { candidates.merge(tree.copiedColumns) { a, _ in a } }
        copies = candidates.filter { column, source in
            trees.allSatisfy { $0.columns[column] == nil || $0.copiedColumns[column] == source }
        }
    }

    /// Whether some tree records `property` (a frame part reads its frame's column).
    func records(_ property: String) -> Bool {
        // `class` is the class name read as a string.
        if property == "class" || properties.contains(property) { return true }
        if let dot = property.firstIndex(of: "."), properties.contains(String(property[..<dot])) { return true }
        return false
    }

    /// The names of the classes some view has that are kinds of `name`, in name order.
    func kinds(of name: String) -> [String] {
        var out: Set<String> = []
        for (tree, ids) in classes {
            guard let target = tree.classes.id(of: name) else { continue }
            for id in ids where tree.classes.isKind(id, of: target) { out.insert(tree.classes.names[Int(id)]) }
        }
        return out.sorted()
    }

    /// How many views of the trees pass `p`.
    /// A tree where the count fails for another reason (a limit) counts none.
    func count(_ p: Predicate) throws(SelectorError) -> Int {
        var b = ProgramBuilder(start: .document)
        b.descendants(p, unique: true)
        let program = b.build()
        let matcher = Matcher(configuration: .serial)
        var total = 0
        for (tree, _) in classes {
            try stop.check()
            do {
                total += try matcher.select(program, in: tree,
                                            budget: SelectorLimits().budget(treeSize: tree.count, deadline: deadline)).count
            } catch {
                try stop.check()
            }
        }
        return total
    }

    /// `p` without the guards an engine compiles for places these trees never use: a fallback
    /// (a disjunct guarded by a negation, `¬has(accessibilityIdentifier) ∧ name == "x"`'s sibling)
    /// that no view passes, and a negated conjunct that every view passing the others passes
    /// (UiSelector's `¬memberOf(hierarchy)` beside a class). Exact on these trees; the source's own
    /// tests (a class, a name) stay even where these trees would not need them, so the rendering
    /// says the source's rule, not only its results.
    func pruned(_ p: Predicate) throws(SelectorError) -> Predicate {
        func guarded(_ p: Predicate) -> Bool {
            if case .and(let parts) = p { return parts.contains { if case .not = $0 { true } else { false } } }
            return false
        }
        switch p {
        case .or(let parts):
            var kept: [Predicate] = []
            for part in parts {
                let p = try pruned(part)
                if !guarded(p) { kept.append(p) } else if try count(p) > 0 { kept.append(p) }
            }
            return kept.isEmpty ? .none : kept.count == 1 ? kept[0] : .or(kept)
        case .and(let parts):
            var kept: [Predicate] = []
            for part in parts { kept.append(try pruned(part)) }
            guard try count(.all(kept)) > 0 else { return .all(kept) }
            var i = 0
            while kept.count > 1 && i < kept.count {
                guard case .not = kept[i] else { i += 1; continue }
                let others = Predicate.all(Array(kept[..<i] + kept[(i + 1)...]))
                if try count(others) == count(.all([others, kept[i]])) { kept.remove(at: i) } else { i += 1 }
            }
            return .all(kept)
        default:
            return p
        }
    }

    /// Whether some value of `property` on some tree holds a no-break space (U+00A0).
    func holdsNoBreakSpace(_ property: String) -> Bool {
        classes.contains { tree, _ in
            switch tree.columns[property] {
            case .strings(_, let pool)?: return pool.containsNoBreakSpace
            case .generic(let values)?:
                return values.values.contains { if case .string(let s) = $0 { s.unicodeScalars.contains("\u{00A0}") } else { false } }
            default: return false
            }
        }
    }

    func hasClass(_ name: String) -> Bool {
        classes.contains { tree, ids in tree.classes.id(of: name).map { ids.contains($0) } ?? false }
    }

    func specialize(_ p: Predicate, maxClasses: Int) -> Predicate {
        switch p {
        case .any, .none, .custom, .structural: return p
        case .kindOf(let name):
            let kinds = kinds(of: name)
            if kinds.isEmpty { return .none }
            if kinds.count > maxClasses { return p }
            return kinds.count == 1 ? .memberOf(kinds[0]) : .or(kinds.map { .memberOf($0) })
        case .memberOf(let name): return hasClass(name) ? p : .none
        case let .string("class", test) where test.operation == .equals && test.options.isEmpty:
            return specialize(.memberOf(test.value), maxClasses: maxClasses)
        case .string(let property, var test):
            guard records(property) else { return .none }
            // Shelley's `marked:` reads a no-break space as a space; where no value holds one,
            // that reading changes nothing (the matcher drops it the same way).
            if test.options.contains(.noBreakSpaceAsSpace) && !holdsNoBreakSpace(property) {
                test.options.remove(.noBreakSpaceAsSpace)
            }
            // The attribute the recording knows, for a test no empty value passes.
            if case .matcher = test.operation { return .string(property: property, test) }
            if let source = copies[property], !test.value.isEmpty { return .string(property: source, test) }
            return .string(property: property, test)
        case .bool(let property, _), .number(let property, _, _), .bitsSet(let property, _):
            return records(property) ? p : .none
        case .hasProperty(let property): return universal.contains(property) ? .any : records(property) ? p : .none
        case .and(let parts): return .all(parts.map { specialize($0, maxClasses: maxClasses) })
        case .or(let parts):
            let kept = parts.map { specialize($0, maxClasses: maxClasses) }.filter { $0 != .none }
            if kept.contains(.any) { return .any }
            return kept.isEmpty ? .none : kept.count == 1 ? kept[0] : .or(kept)
        case .not(let inner):
            switch specialize(inner, maxClasses: maxClasses) {
            case .none: return .any
            case .any: return .none
            case let s: return .not(s)
            }
        case .hasAncestor(let inner):
            let s = specialize(inner, maxClasses: maxClasses)
            return s == .none ? .none : .hasAncestor(s)
        case let .hasRelative(relative, inner):
            let s = specialize(inner, maxClasses: maxClasses)
            return s == .none ? .none : .hasRelative(relative, s)
        }
    }
}

extension Predicate {
    /// The conjuncts of an `and` (the predicate itself otherwise; none for `any`).
    public var conjuncts: [Predicate] {
        switch self {
        case .any: return []
        case .and(let parts): return parts
        default: return [self]
        }
    }
}
