public import SelectorCore

// A plain interpreter of the compiled form, written from the doc comments of `StartPoint`, `Axis`,
// `TraversalOrder`, `Step` and `Predicate`, for differential tests against `Matcher`. It walks the
// tree node by node through `ViewTree`'s public accessors (children, parent, class, property
// values) and evaluates every predicate per node from its definition: no column, no mask, no
// range scan, no plan. It is meant to be slow and obviously right.
//
// Where a doc comment leaves a case open, the choice made here (and why) is written beside it.
// The only memoisation is of answers that are pure functions of a node (a node's window, whether
// an ancestor passes a predicate, a container's cells), so that a 10^4-deep chain stays linear.
//
// Engine steps are opaque (`EngineStep` is the engine's own code). They run through the real
// matcher as a one-step program from the current list; see `applyEngine`.

/// A slow, per-node interpreter of `SelectorProgram`s: the oracle the matcher is checked against.
public final class ReferenceInterpreter {
    /// Why the reference declined a program.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// More than `maxWork` node visits: the test should skip this program.
        case workLimit
        /// An engine step's output mixed the virtual document node with real nodes, whose order
        /// cannot be recovered through the matcher's public API.
        case unsupported(String)

        public var description: String {
            switch self {
            case .workLimit: return "the reference's work limit was reached"
            case .unsupported(let why): return "unsupported: \(why)"
            }
        }
    }

    /// The tree every query runs on.
    public let tree: ViewTree
    /// Custom predicates, as the matcher is given them.
    public let predicates: PredicateRegistry
    /// Most nodes the axes of one `select` may yield (its output and intermediate lists are bounded by it).
    public let maxWork: Int
    /// The matcher that runs engine steps (opaque to the reference).
    public let engineMatcher: Matcher

    /// Node visits in the current `select`.
    public private(set) var work = 0
    /// Engine steps run through the matcher since this interpreter was made.
    public private(set) var engineStepsDelegated = 0

    private var structuralMemo: [String: ViewSet] = [:]
    private var queryRoots: [NodeID] = []

    public init(tree: ViewTree, predicates: PredicateRegistry = PredicateRegistry(), maxWork: Int = .max,
                engineMatcher: Matcher = Matcher(configuration: .serial)) {
        self.tree = tree; self.predicates = predicates; self.maxWork = maxWork; self.engineMatcher = engineMatcher
    }

    // MARK: programs

    /// The nodes `program` selects, from `roots` when given, else from its start point; the
    /// virtual document node (-1) never appears in the result.
    public func select(_ program: SelectorProgram, from roots: [NodeID]? = nil) throws -> [NodeID] {
        work = 0
        let start = roots ?? startNodes(program.start)
        queryRoots = start
        return try run(program.steps, from: start).filter { $0 >= 0 }
    }

    /// The nodes a program's first step starts from (`StartPoint`'s doc comments).
    public func startNodes(_ start: StartPoint) -> [NodeID] {
        if tree.count == 0 { return [] }
        let roots = tree.roots
        // "the root ... is a UIApplication": one root, of that kind.
        let applicationRoot = roots.count == 1 && tree.isKind(roots[0], of: "UIApplication")
        switch start {
        case .document: return [-1]
        case .roots: return roots
        case .windows: return applicationRoot ? tree.children(of: roots[0]) : roots
        // The virtual application above the root is the virtual document node: its only child
        // (window) is the root.
        case .application: return applicationRoot ? [roots[0]] : [-1]
        }
    }

    private func run(_ steps: [Step], from start: [NodeID]) throws -> [NodeID] {
        var list = start
        for step in steps {
            list = try apply(step, to: list)
        }
        return list
    }

    private func apply(_ step: Step, to list: [NodeID]) throws -> [NodeID] {
        switch step {
        case let .axis(axis, order, filter, unique):
            var out: [NodeID] = []
            let check = Check(filter)
            for v in list {
                for w in try nodes(on: axis, order: order, from: v) where try holds(check, w) {
                    out.append(w)
                }
            }
            return unique ? firstOccurrences(out) : out
        case .filter(let p):
            let check = Check(p)
            return try list.filter { try holds(check, $0) }
        case .pick(let i):
            let k = i >= 0 ? i : list.count + i
            return k >= 0 && k < list.count ? [list[k]] : []
        case .deduplicate:
            return firstOccurrences(list)
        case .sortInDocumentOrder:
            // Node ids are preorder positions; the virtual node (-1) precedes every node.
            return firstOccurrences(list.sorted())
        case .union(let programs):
            var out: [NodeID] = []
            for program in programs {
                // A member's results, like a program's, never hold the virtual node.
                out += try run(program.steps, from: list).filter { $0 >= 0 }
            }
            return firstOccurrences(out)
        case let .relation(relation, program):
            // "at least one view the program selects when run from the query's roots".
            // Each pair is tested, the frames read once per view.
            let references = try run(program.steps, from: queryRoots).filter { $0 >= 0 }
            let referenceFrames = references.map(frame(of:))
            return try list.filter { v in
                guard v >= 0 else { return false }
                let own = frame(of: v)
                for (r, f) in zip(references, referenceFrames) {
                    try visit()
                    if stands(v, own, relation, to: r, f) { return true }
                }
                return false
            }
        case .deepest:
            // "the views of which no descendant is in the list": each listed view marks its
            // strict ancestors, stopping at one already marked (whose own ancestors are then
            // marked too), so a 10^4-deep chain stays linear.
            var holdsOne = Set<NodeID>()
            for v in Set(list) where v >= 0 {
                var a = tree.parent(of: v)
                while let x = a, holdsOne.insert(x).inserted {
                    try visit()
                    a = tree.parent(of: x)
                }
            }
            return list.filter { $0 >= 0 && !holdsOne.contains($0) }
        case .sort(.frameTopLeft):
            // "top edge, then left edge, smaller first; without a frame (or with either edge not
            // a number) last"; stable: the position breaks ties.
            let keyed = list.enumerated().map { (k, v) -> (Double, Double, Int, NodeID) in
                guard let f = frame(of: v), !f.x.isNaN, !f.y.isNaN else { return (.infinity, .infinity, k, v) }
                return (f.y, f.x, k, v)
            }
            return keyed.sorted { ($0.0, $0.1, $0.2) < ($1.0, $1.1, $1.2) }.map(\.3)
        case .sort(.trueFirst(let property)):
            let yes = Check(.bool(property: property, true)), no = Check(.bool(property: property, false))
            var first: [NodeID] = [], second: [NodeID] = [], rest: [NodeID] = []
            for v in list {
                if try holds(yes, v) { first.append(v) } else if try holds(no, v) { second.append(v) } else { rest.append(v) }
            }
            return first + second + rest
        // The core's own steps beyond axes and filters: defined here from their words, not run by
        // the matcher.
        case .axisPosition(let step):
            return try axisPosition(step, list)
        case .siblingPosition(let step):
            return try siblingPosition(step.position, list)
        case .hasDescendant(let step):
            return try hasDescendant(step, list)
        case .nthDescendant(let step):
            return try nthDescendant(step, list)
        case .engine(let e):
            return try applyEngine(e, to: list)
        }
    }

    /// `HasDescendantStep`: "the inputs, in their order, that have a descendant passing the
    /// predicate; the node itself counts too when `includingSelf`". The virtual document node's
    /// descendants are every node.
    private func hasDescendant(_ step: HasDescendantStep, _ list: [NodeID]) throws -> [NodeID] {
        let check = Check(step.predicate)
        var answers: [NodeID: Bool] = [:]
        return try list.filter { v in
            if let known = answers[v] { return known }
            let axis: Axis = step.includingSelf ? .descendantsOrSelf : .descendants
            let holds = try nodes(on: axis, order: .document, from: v).contains { try self.holds(check, $0) }
            answers[v] = holds
            return holds
        }
    }

    /// `NthDescendantStep`: "for each input in order, its `n`-th descendant (from 0, in document
    /// order) among those passing the filter and, when given, standing at the position among
    /// their siblings"; an input without one contributes nothing, and repeats stay.
    private func nthDescendant(_ step: NthDescendantStep, _ list: [NodeID]) throws -> [NodeID] {
        guard step.n >= 0 else { return [] }
        let check = Check(step.filter)
        var out: [NodeID] = []
        for v in list {
            var seen = 0
            for d in try nodes(on: .descendants, order: .document, from: v) where try holds(check, d) {
                if let position = step.position, try siblingPosition(position, [d]).isEmpty { continue }
                if seen == step.n { out.append(d); break }
                seen += 1
            }
        }
        return out
    }

    /// `AxisPositionStep`: for each input, the `index`-th node on the axis passing the filter.
    private func axisPosition(_ step: AxisPositionStep, _ list: [NodeID]) throws -> [NodeID] {
        let check = Check(step.filter)
        var out: [NodeID] = []
        for v in list {
            let passing = try nodes(on: step.axis, order: .document, from: v).filter { try holds(check, $0) }
            let k = step.index >= 0 ? step.index : passing.count + step.index
            if k >= 0 && k < passing.count { out.append(passing[k]) }
        }
        return out
    }

    /// `SiblingPositionStep`: the inputs exempt, or at the position among their siblings passing `among`.
    private func siblingPosition(_ position: SiblingPosition, _ list: [NodeID]) throws -> [NodeID] {
        let among = Check(position.among), exempt = Check(position.exempt)
        // Each family filtered once (by parent; -1 for the roots), as a wide family repeats.
        var families: [NodeID: [NodeID]] = [:]
        return try list.filter { v in
            guard v >= 0 else { return false }
            if try holds(exempt, v) { return true }
            guard try holds(among, v) else { return false }
            let parent = tree.parent(of: v) ?? -1
            let family: [NodeID]
            if let known = families[parent] { family = known } else {
                family = try (parent >= 0 ? tree.children(of: parent) : tree.roots).filter { try holds(among, $0) }
                families[parent] = family
            }
            try visit()
            let k = position.index >= 0 ? position.index : family.count + position.index
            return k >= 0 && k < family.count && family[k] == v
        }
    }

    /// An engine step, run by the matcher as a one-step program from `list`.
    ///
    /// Docs/Architecture.md: once the list is empty the remaining steps are skipped, except an
    /// `EmptyInputEngineStep`, which may look back at the query's roots; it runs after a
    /// `filter(none)` from those roots, so its `StepContext.queryRoots` are the query's. The
    /// matcher drops the virtual node from a program's result, so whether the step returned it
    /// is asked separately (the virtual node sorts first, and `pick 0` of it is empty).
    private func applyEngine(_ e: any EngineStep, to list: [NodeID]) throws -> [NodeID] {
        engineStepsDelegated += 1
        if list.isEmpty {
            guard e is any EmptyInputEngineStep else { return [] }
            var b = ProgramBuilder(start: .document)
            b.filter(.none)
            b.engine(e)
            return try engineMatcher.select(b.build(), in: tree, from: queryRoots, predicates: predicates,
                                            budget: .unlimited)
        }
        var one = ProgramBuilder(start: .document)
        one.engine(e)
        let real = try engineMatcher.select(one.build(), in: tree, from: list, predicates: predicates, budget: .unlimited)
        // The virtual node sorts first, and `pick 0` of it is dropped from the result.
        var probe = one
        probe.sortInDocumentOrder()
        probe.pick(0)
        if !real.isEmpty {
            let first = try engineMatcher.select(probe.build(), in: tree, from: list, predicates: predicates, budget: .unlimited)
            if !first.isEmpty { return real }
            throw Failure.unsupported("engine step \(e.description) returned the document node among others")
        }
        // Nothing real: the output is empty or copies of the virtual node, whose children are the roots.
        var children = one
        children.axis(.children, unique: false)
        let roots = try engineMatcher.select(children.build(), in: tree, from: list, predicates: predicates, budget: .unlimited)
        return [NodeID](repeating: -1, count: roots.count / max(1, tree.roots.count))
    }

    /// The view's absolute frame as the tree records it (`accessibilityFrame`), nil without one.
    private func frame(of v: NodeID) -> Rect? {
        guard v >= 0 else { return nil }
        return tree.value(PropertyName.accessibilityFrame, of: v).flatMap { Rect(json: $0) }
    }

    /// Whether `v` (framed `a`) stands in `relation` to `r` (framed `b`): `Relation`'s doc comments.
    private func stands(_ v: NodeID, _ a: Rect?, _ relation: Relation, to r: NodeID, _ b: Rect?) -> Bool {
        if relation == .parentOf { return tree.parent(of: r) == v }
        guard let a, let b else { return false }
        switch relation {
        case .below: return a.y > b.y
        case .above: return a.y < b.y
        case .leftOf: return a.x < b.x
        case .rightOf: return a.x > b.x
        case .parentOf: return false
        }
    }

    /// Later duplicates dropped.
    private func firstOccurrences(_ list: [NodeID]) -> [NodeID] {
        var seen = Set<NodeID>()
        return list.filter { seen.insert($0).inserted }
    }

    private func visit() throws {
        work += 1
        if work > maxWork { throw Failure.workLimit }
    }

    // MARK: axes

    /// The children of a node, or the roots for the virtual document node.
    private func kids(_ v: NodeID) -> [NodeID] {
        v < 0 ? tree.roots : tree.children(of: v)
    }

    /// The nodes `axis` yields from `v` in `order` (`Axis` and `TraversalOrder` doc comments).
    private func nodes(on axis: Axis, order: TraversalOrder, from v: NodeID) throws -> [NodeID] {
        var out: [NodeID] = []
        switch axis {
        case .descendants, .descendantsOrSelf:
            // The virtual node is a starting point only: never yielded as "self".
            if axis == .descendantsOrSelf && v >= 0 { try visit(); out.append(v) }
            if order == .document {
                // Preorder: a node, then its children's subtrees left to right.
                var stack = Array(kids(v).reversed())
                while let x = stack.popLast() {
                    try visit()
                    out.append(x)
                    stack.append(contentsOf: kids(x).reversed())
                }
            } else {
                // UISpec: expanding a node lists its children last to first, and the children
                // are expanded in that same order (last child's subtree first), depth first:
                // R[A[a1,a2],B[b1]] gives B, A, b1, a2, a1.
                var stack: [NodeID] = [v]
                while let x = stack.popLast() {
                    let children = kids(x)
                    for c in children.reversed() { try visit(); out.append(c) }
                    // Pushed first to last so that the last child is expanded first.
                    stack.append(contentsOf: children)
                }
            }
        case .children:
            let children = kids(v)
            for c in (order == .document ? children : children.reversed()) { try visit(); out.append(c) }
        // Ancestors and parent have one order (nearest first): `TraversalOrder.reverse` only
        // defines children and descendants, and the virtual node has neither.
        case .ancestors:
            guard v >= 0 else { break }
            for a in tree.ancestors(of: v) { try visit(); out.append(a) }
        case .parent:
            guard v >= 0, let p = tree.parent(of: v) else { break }
            try visit(); out.append(p)
        case .siblings:
            guard v >= 0 else { break }
            // A root's parent is the virtual node, whose children are the roots.
            let all = tree.parent(of: v).map { tree.children(of: $0) } ?? tree.roots
            for s in (order == .document ? all : all.reversed()) where s != v { try visit(); out.append(s) }
        // The axes below have one order each, whatever `order` says (`TraversalOrder`).
        case .followingSiblings, .precedingSiblings:
            guard v >= 0 else { break }
            let all = tree.parent(of: v).map { tree.children(of: $0) } ?? tree.roots
            let k = all.firstIndex(of: v)!
            let side = axis == .followingSiblings ? Array(all[(k + 1)...]) : Array(all[..<k].reversed())
            for s in side { try visit(); out.append(s) }
        case .following, .preceding:
            guard v >= 0 else { break }
            // From the definitions: after `v` in preorder and not inside it; before `v` and not
            // one of its ancestors. Node ids are preorder positions.
            // `v`'s subtree is listed by walking children, its ancestors by walking parents.
            var inside = Set<NodeID>()
            var stack = [v]
            while let x = stack.popLast() { inside.insert(x); stack += kids(x) }
            let excluded = axis == .following ? inside : Set(tree.ancestors(of: v))
            let candidates = axis == .following
                ? Array((v + 1)..<NodeID(tree.count))
                : Array((0..<v).reversed())
            for x in candidates where !excluded.contains(x) { try visit(); out.append(x) }
        case .ancestorsOrSelf:
            guard v >= 0 else { break }
            try visit(); out.append(v)
            for a in tree.ancestors(of: v) { try visit(); out.append(a) }
        }
        return out
    }

    // MARK: predicates

    /// A predicate with room for what it remembers per node (`hasAncestor`'s answers).
    private final class Check {
        let predicate: Predicate
        let parts: [Check]
        /// For `hasAncestor`: per node, 0 unknown, 1 no strict ancestor passes, 2 one does.
        var answers: [UInt8] = []

        init(_ p: Predicate) {
            predicate = p
            switch p {
            case .and(let ps), .or(let ps): parts = ps.map(Check.init)
            case .not(let q), .hasAncestor(let q), .hasRelative(_, let q): parts = [Check(q)]
            default: parts = []
            }
        }
    }

    /// Whether node `v` passes `p` (`Predicate`'s doc comments); the virtual node passes nothing.
    public func holds(_ p: Predicate, _ v: NodeID) throws -> Bool {
        try holds(Check(p), v)
    }

    private func holds(_ check: Check, _ v: NodeID) throws -> Bool {
        guard v >= 0 else { return false }
        switch check.predicate {
        case .any: return true
        case .none: return false
        case .kindOf(let name): return tree.isKind(v, of: name)
        case .memberOf(let name): return tree.className(of: v) == name
        case let .string(property, test):
            switch tree.value(property, of: v) {
            case .string(let s)?: return try Self.stringHolds(test, s)
            case .bool(let b)? where test.options.contains(.booleanAsText): return try Self.stringHolds(test, b ? "true" : "false")
            default: return false
            }
        case let .bool(property, want):
            guard let b = tree.value(property, of: v)?.boolValue else { return false }
            return b == want
        case let .number(property, comparison, x):
            guard let n = tree.value(property, of: v)?.numberValue else { return false }
            return comparison.holds(n, x)
        case .hasProperty(let property):
            return tree.value(property, of: v) != nil
        case let .custom(name, arguments):
            if let custom = predicates.predicate(named: name) {
                if let arity = custom.arity, arity != arguments.count {
                    throw SelectorError(.usage, "\(name) takes \(arity) arguments, but \(arguments.count) were supplied")
                }
                return custom.test(tree, v, arguments)
            }
            // An unregistered name reads the boolean property; with arguments, nothing responds.
            guard arguments.isEmpty, let b = tree.value(name, of: v)?.boolValue else { return false }
            return b
        case .structural(let condition):
            // The engine's own definition, decided once per tree (`PlainStructure` checks FRY's
            // against an independent one).
            let key = condition.test.description
            if structuralMemo[key] == nil {
                structuralMemo[key] = condition.test.passingViews(in: TreeStructure(tree))
            }
            return structuralMemo[key]!.contains(v)
        case let .bitsSet(property, mask):
            // "A numeric property, read as an integer": a JSON number (not a boolean),
            // truncated toward zero.
            let n: Double
            switch tree.value(property, of: v) {
            case .int(let i)?: n = Double(i)
            case .double(let d)?: n = d
            default: return false
            }
            guard n.isFinite, n.magnitude < 9.0e18 else { return false }
            return Int64(n) & mask == mask
        case .and:
            for q in check.parts where !(try holds(q, v)) { return false }
            return true
        case .or:
            for q in check.parts where try holds(q, v) { return true }
            return false
        case .not:
            return !(try holds(check.parts[0], v))
        case .hasAncestor:
            return try someAncestor(passes: check, v)
        case .hasRelative(let relative, _):
            let q = check.parts[0]
            switch relative {
            case .parent:
                guard let p = tree.parent(of: v) else { return false }
                return try holds(q, p)
            case .child:
                for c in tree.children(of: v) where try holds(q, c) { return true }
                return false
            case .sibling:
                let family = tree.parent(of: v).map { tree.children(of: $0) } ?? tree.roots
                for s in family where s != v {
                    if try holds(q, s) { return true }
                }
                return false
            case .descendant:
                return try someDescendant(passes: check, v)
            }
        }
    }

    /// Some strict descendant of `v` passes the check's operand: decided for every node on first
    /// use, from the last node back (a node's children come after it in preorder), by the
    /// definition "a child passes, or a child has such a descendant".
    private func someDescendant(passes check: Check, _ v: NodeID) throws -> Bool {
        if check.answers.isEmpty {
            check.answers = [UInt8](repeating: 1, count: tree.count)
            for x in stride(from: tree.count - 1, through: 0, by: -1) {
                for c in tree.children(of: NodeID(x)) {
                    if check.answers[Int(c)] == 2 { check.answers[x] = 2; break }
                    if try holds(check.parts[0], c) { check.answers[x] = 2; break }
                }
            }
        }
        return check.answers[Int(v)] == 2
    }

    /// A string test on one value: the subject read with the options, then compared as UTF-8.
    public static func stringHolds(_ test: StringTest, _ value: String) throws -> Bool {
        var subject = value
        if test.options.contains(.noBreakSpaceAsSpace) {
            var scalars = String.UnicodeScalarView()
            for u in value.unicodeScalars { scalars.append(u == "\u{00A0}" ? " " : u) }
            subject = String(scalars)
        }
        if case .matcher(let m) = test.operation {
            let evaluator = m.makeEvaluator()
            var bytes = Array(subject.utf8)
            return try bytes.withUnsafeMutableBufferPointer { b throws(SelectorError) in
                try evaluator.matches(UnsafeBufferPointer(b))
            }
        }
        var needle = test.value
        if test.options.contains(.caseInsensitive) {
            subject = subject.lowercased()
            needle = needle.lowercased()
        }
        let s = Array(subject.utf8), n = Array(needle.utf8)
        switch test.operation {
        case .equals: return s == n
        case .hasPrefix: return s.starts(with: n)
        case .hasSuffix: return s.reversed().starts(with: n.reversed())
        case .contains:
            if n.isEmpty { return true }
            if s.count < n.count { return false }
            for start in 0...(s.count - n.count) where s[start..<(start + n.count)].elementsEqual(n) { return true }
            return false
        case .matcher: return false
        }
    }

    /// Some strict ancestor of `v` passes the check's operand, remembered per node.
    private func someAncestor(passes check: Check, _ v: NodeID) throws -> Bool {
        if check.answers.isEmpty { check.answers = [UInt8](repeating: 0, count: tree.count) }
        let q = check.parts[0]
        // answer(v) = the parent passes q, or answer(parent).
        var path: [NodeID] = []
        var x = v
        var answer = false
        while true {
            if check.answers[Int(x)] != 0 { answer = check.answers[Int(x)] == 2; break }
            path.append(x)
            guard let p = tree.parent(of: x) else { answer = false; break }
            if try holds(q, p) { answer = true; check.answers[Int(x)] = 2; path.removeLast(); break }
            x = p
        }
        // Every node on the path reached the same answer through its parent.
        for y in path { check.answers[Int(y)] = answer ? 2 : 1 }
        return answer
    }
}
