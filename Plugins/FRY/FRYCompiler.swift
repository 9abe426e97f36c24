import SelectorCore

/// One FRY query object in a chain: its predicate and whether it returns only its first match.
struct FRYLookup: Equatable {
    var predicate: Predicate?
    var firstOnly = false
}

/// Lookups to the core's program.
enum FRYCompiler {
    /// Each lookup searches every current result, itself included (FRY's
    /// `fry_enumerateAllChildrenMatching:` tests `self` first), de-duplicated; the application is
    /// never a result (FRY raises for it). A first-only lookup is FRY's first match in its own
    /// order, an engine step (`FRYFirstMatch`).
    static func program(for lookups: [FRYLookup]) -> SelectorProgram {
        var builder = ProgramBuilder(start: .roots)
        for lookup in lookups {
            let test = Predicate.all([.not(.kindOf("UIApplication")), lookup.predicate ?? .any])
            if lookup.firstOnly {
                builder.engine(FRYFirstMatch(predicate: test))
            } else {
                builder.axis(.descendantsOrSelf, filter: test, unique: true)
            }
        }
        return builder.build()
    }
}

/// FRY's first match (`fry_firstDescendentMatching:`) within the current results: pre-order, a view
/// before its subviews, subviews front-most (last) first, as `hitTest:` visits them.
///
/// That order reaches a match's ancestors before it and otherwise runs back to front, so the first
/// match under one view is the *outermost* matching ancestor-or-self, up to that view, of the *last*
/// match in document order under it: one backward scan of its range and a climb, not a walk. The
/// current results are visited front-most first too (an inner one is already covered by the outer
/// one holding it), and the first that holds a match gives the answer. The application is the
/// exception: it searches its windows in order, first window first (`UIApplication.windows`).
/// (The application itself never matches: FRY raises for it, so the predicate excludes it.)
struct FRYFirstMatch: EngineStep {
    let predicate: Predicate

    var description: String { "fryFirstMatch(\(predicate))" }

    func apply(to input: [NodeID], in context: inout StepContext) throws(SelectorError) -> [NodeID] {
        let test = try context.test(predicate)
        if test.isNever { return [] }
        // The scopes: outermost inputs in document order (-1, the virtual document, spans the tree).
        var scopes: [(root: NodeID, start: Int, end: Int)] = []
        var coveredEnd = Int.min
        for v in Set(input).sorted() {
            let (start, end) = (max(0, Int(v)), context.subtreeEnd(of: v))
            if start < coveredEnd { continue }
            scopes.append((v, start, end)); coveredEnd = end
        }
        // The application's children are its windows, which FRY searches in `windows` order,
        // first window first; views search their subviews front-most first.
        let isApplication = try context.test(.kindOf("UIApplication"))
        var visits: [(root: NodeID, start: Int, end: Int)] = []
        for scope in scopes.reversed() {
            guard scope.root >= 0, isApplication(scope.root) else { visits.append(scope); continue }
            for window in context.children(of: scope.root) {
                visits.append((window, Int(window), context.subtreeEnd(of: window)))
            }
        }
        for scope in visits {
            var last = -1
            var i = scope.end - 1
            while i >= scope.start {
                if test(NodeID(i)) { last = i; break }
                i -= 1
            }
            try context.charge(scope.end - max(i, scope.start))
            guard last >= 0 else { continue }
            var first = NodeID(last)
            var up = context.parent(of: NodeID(last))
            while up >= 0 && (scope.root < 0 || up >= scope.root) {
                if test(up) { first = up }
                if up == scope.root { break }
                up = context.parent(of: up)
            }
            return [first]
        }
        return []
    }
}
