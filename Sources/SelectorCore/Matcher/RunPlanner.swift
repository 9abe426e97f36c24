// The matcher's planner: at each point of a run, which named strategy covers the next steps.
//
// A program is a list of steps; most run one at a time by their own kernel (`Run.apply`), but some
// runs of steps cost far less matched together, as Blink's selector query picks a fast path for a
// selector before it walks the document: a scan that stops at the pick after it, an ancestor test
// matched as a chain, a descendant step with a has-descendant test run from the test's matches,
// document-order descendant chains matched right to left, UISpec-order chains prepared backwards.
// `RunPlanner.next` makes that choice from the steps, the current list's shape (empty, ascending,
// disjoint subtrees) and `MatcherTuning`, and nothing else; `Run.run` executes what it chose and
// records it (`MatchPlan`). Choices that need the data (how many views a scan finds) stay inside
// the kernels, which record their own strategy (`Run.choose`).

/// What the planner chose for the steps at a run's cursor.
struct PlannedRun: Equatable {
    /// The strategy, with what it needs beyond the steps.
    enum Kind: Equatable {
        /// Steps not run: the list is empty and none of them must see it.
        case skip
        /// One step, by its own kernel (`Run.apply`).
        case step
        /// A descendant scan and the pick after it; the scan stops at the pick (`scan-to-pick`).
        case scanToPick(filter: Predicate, includeSelf: Bool, n: Int)
        /// A descendant search with an ancestor test, as the chain "the ancestor, then the rest
        /// below it" matched from the right.
        case ancestorTestAsChain([Step])
        /// A descendant step and a has-descendant test, run from the test's matches (`from-targets`).
        case fromTargets(filter: Predicate, includeSelf: Bool, test: HasDescendantStep)
        /// Document-order descendant steps, matched right to left (`right-to-left`).
        case rightToLeft
        /// UISpec-order descendant steps together (`reverse-chain`); they settle the budget per step
        /// themselves.
        case reverseChain
    }

    var kind: Kind
    /// The steps it covers (0-based).
    var steps: Range<Int>
}

/// Chooses, for each point of a run, the strategy for the next steps (`PlannedRun`).
struct RunPlanner {
    let tree: ViewTree
    let tuning: MatcherTuning

    /// The strategy for the steps from `k`, given the list they start from.
    func next(_ steps: [Step], at k: Int, list: [NodeID]) -> PlannedRun {
        if list.isEmpty {
            // Nothing follows from nothing, except a step that must see the empty list (a check
            // that an earlier step found something): the steps before it are skipped.
            if Self.runsOnEmptyInput(steps[k]) { return PlannedRun(kind: .step, steps: k..<(k + 1)) }
            return PlannedRun(kind: .skip, steps: k..<(steps[k...].firstIndex(where: Self.runsOnEmptyInput) ?? steps.count))
        }
        if tuning.pickStopsScan, k + 1 < steps.count, case .pick(let n) = steps[k + 1],
           let (filter, withSelf) = scanInDocumentOrder(steps[k], from: list) {
            return PlannedRun(kind: .scanToPick(filter: filter, includeSelf: withSelf, n: n), steps: k..<(k + 2))
        }
        if tuning.ancestorTestAsChain, let chain = ancestorTestAsChain(steps[k], from: list) {
            return PlannedRun(kind: .ancestorTestAsChain(chain), steps: k..<(k + 1))
        }
        if tuning.descendantTestFromTargets, k + 1 < steps.count,
           let pair = descendantTestPair(steps[k], steps[k + 1], from: list) {
            return PlannedRun(kind: .fromTargets(filter: pair.filter, includeSelf: pair.withSelf, test: pair.test),
                              steps: k..<(k + 2))
        }
        // A first step without de-duplication gives the same views when its inputs' subtrees
        // are disjoint (shelley's first step, from the one window).
        var chain = Self.isDocumentDescendantStep(steps[k], unique: true)
            || (Self.isDocumentDescendantStep(steps[k], unique: false) && areDisjointSubtrees(list)) ? 1 : 0
        while chain > 0, k + chain < steps.count, Self.isDocumentDescendantStep(steps[k + chain], unique: true) { chain += 1 }
        if chain >= max(2, tuning.rightToLeftMinimumSteps), list.isStrictlyAscending {
            return PlannedRun(kind: .rightToLeft, steps: k..<(k + chain))
        }
        chain = 0
        while k + chain < steps.count, Self.isReverseDescendantStep(steps[k + chain]) { chain += 1 }
        if chain >= max(2, tuning.reverseChainMinimumSteps) {
            return PlannedRun(kind: .reverseChain, steps: k..<(k + chain))
        }
        return PlannedRun(kind: .step, steps: k..<(k + 1))
    }

    /// A descendant search from the roots (or the document) whose filter requires an ancestor
    /// passing Q, `//A[ancestor::C]` or FRY's `parentViewOfClass`, as the two-step chain "Q or
    /// self, then A below it", which `matchFromTheRight` plans; nil for any other step.
    ///
    /// Resolved as a predicate, `hasAncestor` is decided for every view of the tree in a preorder
    /// pass before the scan; as a chain it costs what `tableViewCell imageView` costs. Why it is
    /// exact: every ancestor of a view under a root lies in that root's subtree, root included,
    /// so "has a proper ancestor passing Q" is "is a proper descendant of a view passing Q, found
    /// from the roots including themselves"; a root itself has no ancestor and passes neither.
    /// The roots are disjoint and ascending, so both forms list each view once, in document order.
    private func ancestorTestAsChain(_ step: Step, from list: [NodeID]) -> [Step]? {
        guard case let .axis(axis, .document, filter, _) = step,
              axis == .descendants || axis == .descendantsOrSelf else { return nil }
        let parts: [Predicate]
        switch filter {
        case .and(let p): parts = p
        case .hasAncestor: parts = [filter]
        default: return nil
        }
        guard let at = parts.firstIndex(where: { if case .hasAncestor = $0 { return true } else { return false } }),
              case .hasAncestor(let q) = parts[at] else { return nil }
        if list != [-1] {
            var previous = Int32.min
            for v in list {
                guard v >= 0, v > previous, tree.parents[Int(v)] < 0 else { return nil }
                previous = v
            }
        }
        var rest = parts
        rest.remove(at: at)
        let filterBelow: Predicate = rest.isEmpty ? .any : rest.count == 1 ? rest[0] : .and(rest)
        return [.axis(.descendantsOrSelf, order: .document, filter: q, unique: true),
                .axis(.descendants, order: .document, filter: filterBelow, unique: true)]
    }

    /// A descendant step followed by "has a descendant passing P" (class chain's `**/A[$P$]`,
    /// XPath's `A[.//P]` after a path), from inputs whose subtrees are disjoint: the pair
    /// `fromTargets` runs; nil for any other pair.
    private func descendantTestPair(_ step: Step, _ next: Step,
                                    from list: [NodeID]) -> (filter: Predicate, withSelf: Bool, test: HasDescendantStep)? {
        guard case let .axis(axis, .document, filter, _) = step, axis == .descendants || axis == .descendantsOrSelf,
              case .hasDescendant(let test) = next,
              list.isStrictlyAscending, areDisjointSubtrees(list) else { return nil }
        return (filter, axis == .descendantsOrSelf, test)
    }

    private static func runsOnEmptyInput(_ step: Step) -> Bool {
        if case .engine(let e) = step { return e is any EmptyInputEngineStep }
        return false
    }

    private static func isDocumentDescendantStep(_ step: Step, unique: Bool) -> Bool {
        if case .axis(let axis, .document, _, unique) = step, axis == .descendants || axis == .descendantsOrSelf { return true }
        return false
    }

    /// Whether `list` is ascending with no view inside another's subtree.
    func areDisjointSubtrees(_ list: [NodeID]) -> Bool {
        var end: Int32 = .min
        for v in list {
            if v < 0 { return list.count == 1 }
            if v < end { return false }
            end = tree.ends[Int(v)]
        }
        return true
    }

    private static func isReverseDescendantStep(_ step: Step) -> Bool {
        if case .axis(let axis, .reverse, _, _) = step, axis == .descendants || axis == .descendantsOrSelf { return true }
        return false
    }

    /// A descendant step whose output is its inputs' subtrees scanned in document order, once
    /// each: document order, from inputs in document order, de-duplicating or with disjoint
    /// subtrees. Its filter and whether it includes the inputs; nil for any other step.
    private func scanInDocumentOrder(_ step: Step, from list: [NodeID]) -> (Predicate, Bool)? {
        guard case let .axis(axis, .document, filter, unique) = step, axis == .descendants || axis == .descendantsOrSelf,
              list.isStrictlyAscending, unique || areDisjointSubtrees(list) else { return nil }
        return (filter, axis == .descendantsOrSelf)
    }
}
