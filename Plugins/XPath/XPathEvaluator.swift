import SelectorCore

// The interpreter for what the core's steps cannot express: predicates that read XPath's values
// (positions in expressions, comparisons with XPath's type rules, node-sets compared with each
// other, the function library). It runs inside an `EngineStep`, so it reads the tree only through
// `StepContext`: axes are the core's walks (`StepContext.forEach(on:from:)`, every node visited
// charged to the query's budget), name tests and predicates the compiler could translate are the
// core's resolved `NodeFilter`s, and values come from the recorded columns. What is XPath's own
// here is the document's root node (above the views, on the parent and ancestor axes of a top-level
// view) and the attributes.
//
// Everything else that can be long is charged too (issue 28): one unit per expression node
// evaluated and per candidate a predicate tests, one per node of a node-set built or read, and one
// per 64 bytes a string function or a string-value touches. Units collect in `pending` and go to
// the budget in bulk (`settle`, every 4,096), so the deadline is read while a predicate works,
// without a clock read per candidate. Comparisons with node-sets are O(n + m): a node-set's
// distinct strings (or numeric extremes) are summarised once, and once per step for an invariant
// one (`XExpr.invariant`, memoised by its key).

/// One evaluation's state: what was resolved on the tree, and work not yet charged.
struct XEvaluator {
    /// How many views the tree holds.
    let count: Int32
    /// Classes and property values.
    let values: RecordedValues
    /// Attribute names, in the tree's property order (the attribute axis's order).
    let attributeNames: [String]
    let attributeColumns: [PropertyColumn]
    /// The attribute index `@class` reads when no property is named `class`: the class name, as
    /// `ViewTree.value` reads it (it is not among `@*`, which lists properties only).
    let classIndex: Int32
    /// Core predicates resolved on this tree, by their key (`XPredicate.coreKey`).
    var filters: [Int: NodeFilter] = [:]
    /// Per-thread regex evaluators, by matcher.
    var regexEvaluators: [ObjectIdentifier: any StringEvaluator] = [:]
    /// Views that pass an existence predicate, by its key.
    var existences: [Int: [Bool]] = [:]
    /// Attribute equalities resolved on this tree, by their key.
    var equalities: [Int: TypedEquality] = [:]
    /// Values of context-free subexpressions, by `XExpr.invariant` key.
    var invariants: [Int: XValue] = [:]
    /// The distinct string-values of invariant node-sets, by key: `=` and `!=` against one are a
    /// set lookup per node of the other side instead of a pass over it per candidate.
    var stringSummaries: [Int: Set<String>] = [:]
    /// The numbers of invariant node-sets, by key.
    var numberSummaries: [Int: NumberSummary] = [:]
    /// The last pattern `matches()` compiled while evaluating (a pattern that is not a literal),
    /// with its evaluator: the same text from every candidate is compiled once.
    var dynamicRegex: (pattern: String, evaluator: any StringEvaluator)?
    /// Matchers of the patterns `replace()` and `tokenize()` compiled with the expression.
    var patternMatchers: [ObjectIdentifier: XPathPatternMatcher] = [:]
    /// The last pattern `replace()` or `tokenize()` compiled while evaluating (flags, NUL, pattern).
    var dynamicPattern: (key: String, matcher: XPathPatternMatcher)?
    /// Nodes visited since the last charge.
    var pending = 0

    /// Core programs for absolute paths, by `XExpr.invariant` key.
    let programs: [Int: SelectorProgram]

    /// Name tests resolved on this tree, by class name.
    var nameTests: [String: NodeFilter] = [:]

    init(_ context: StepContext, programs: [Int: SelectorProgram] = [:]) {
        count = Int32(context.nodeCount)
        values = context.values
        self.programs = programs
        var names: [String] = [], columns: [PropertyColumn] = []
        for n in values.propertyNames {
            guard let c = values.column(n) else { continue }
            names.append(n); columns.append(c)
        }
        attributeNames = names; attributeColumns = columns
        classIndex = Int32(names.count)
    }

    mutating func flush(_ sc: inout StepContext) throws(SelectorError) {
        if pending > 0 { let n = pending; pending = 0; try sc.charge(n) }
    }

    /// Longest string `concat()` or `translate()` may build (4 MiB, four times a view's text
    /// limit): without it `concat(@a, @a, …)` over a megabyte label builds gigabytes per view.
    static let maxStringBytes = 4 << 20

    /// Charges the pending work once enough has collected (the budget reads the clock every 2^16
    /// units of it), so long loops stop at the deadline without a clock read per iteration.
    @inline(__always) mutating func settle(_ sc: inout StepContext) throws(SelectorError) {
        if pending > 4096 { try flush(&sc) }
    }

    /// Work proportional to `bytes` of string touched: one unit, plus one per 64 bytes.
    @inline(__always) mutating func spendBytes(_ bytes: Int) {
        pending &+= 1 &+ bytes >> 6
    }

    // MARK: Node properties

    func attributeText(_ n: XNode) -> String {
        if n.attr == classIndex { return values.className(of: n.node) }
        guard let v = attributeColumns[Int(n.attr)].value(at: Int(n.node)) else { return "" }
        return XPathText.attribute(v)
    }

    /// The string-value: an attribute's text; views and the root have no text nodes, so "".
    func stringValue(_ n: XNode) -> String { n.isAttribute ? attributeText(n) : "" }

    /// The string-value, charged by its length (reading a pooled value copies it).
    @inline(__always) mutating func text(_ n: XNode) -> String {
        guard n.isAttribute else { pending &+= 1; return "" }
        let s = attributeText(n)
        spendBytes(s.utf8.count)
        return s
    }

    func name(_ n: XNode) -> String {
        if n.isAttribute { return n.attr == classIndex ? "class" : attributeNames[Int(n.attr)] }
        return n.node < 0 ? "" : values.className(of: n.node)
    }

    // MARK: Axes

    /// What a node test accepts, resolved once per step.
    enum ResolvedTest {
        case none
        /// Views passing a resolved name test.
        case views(NodeFilter)
        case anyElement
        case attributeIndex(Int32)
        case anyAttribute
        /// Every node, the root included.
        case all
    }

    mutating func resolve(_ test: XNodeTest, axis: XAxis, _ sc: inout StepContext) throws(SelectorError) -> ResolvedTest {
        switch test {
        case .node: return .all
        case .text, .comment, .processingInstruction: return .none
        case .any: return axis == .attribute ? .anyAttribute : axis == .namespace ? .none : .anyElement
        case .name(let n):
            if axis == .namespace { return .none }
            if axis == .attribute {
                if let k = attributeNames.firstIndex(of: n) { return .attributeIndex(Int32(k)) }
                return n == "class" ? .attributeIndex(classIndex) : .none
            }
            if let f = nameTests[n] { return f.isNever ? .none : .views(f) }
            let f = try sc.test(.memberOf(n))
            nameTests[n] = f
            return f.isNever ? .none : .views(f)
        }
    }

    @inline(__always) func passes(_ n: Int32, _ t: ResolvedTest) -> Bool {
        switch t {
        case .none, .attributeIndex, .anyAttribute: return false
        case .views(let f): return n >= 0 && f(n)
        case .anyElement: return n >= 0
        case .all: return true
        }
    }

    /// The nodes on `axis` from `c` that pass `t`, in the axis's order (reverse axes nearest
    /// first). Between views it is the core's walk; what is XPath's own is the root node (the
    /// parent of a top-level view, the last of every view's ancestors, `node()` its only test that
    /// passes it) and the attributes.
    mutating func axisNodes(_ c: XNode, _ axis: XAxis, _ t: ResolvedTest, into out: inout [XNode],
                            _ sc: inout StepContext) throws(SelectorError) {
        if case .none = t { return }
        let n = c.node
        /// The core's walk, the views passing `t` appended.
        func walk(_ a: Axis, from v: NodeID, _ out: inout [XNode], _ sc: inout StepContext) throws(SelectorError) {
            switch t {
            // The core's walks yield views only, so `*` and `node()` keep every one.
            case .anyElement, .all:
                try sc.forEach(on: a, from: v) { k in out.append(.element(k)); return true }
            case .views(let f):
                try sc.forEach(on: a, from: v) { k in if f(k) { out.append(.element(k)) }; return true }
            case .none, .attributeIndex, .anyAttribute:
                break
            }
        }
        if c.isAttribute {
            switch axis {
            case .self: if case .all = t { out.append(c) } else if case .anyAttribute = t { out.append(c) }
                else if case .attributeIndex(let k) = t, k == c.attr { out.append(c) }
            case .parent: if passes(n, t) { out.append(.element(n)) }
            case .ancestorOrSelf, .ancestor:
                if axis == .ancestorOrSelf, case .all = t { out.append(c) }
                if passes(n, t) { out.append(.element(n)) }
                try axisNodes(.element(n), .ancestor, t, into: &out, &sc)
            case .following:
                // After an attribute come its view's descendants, then what follows the view.
                try walk(.descendants, from: n, &out, &sc)
                try walk(.following, from: n, &out, &sc)
            case .preceding: try axisNodes(.element(n), .preceding, t, into: &out, &sc)
            default: break
            }
            return
        }
        switch axis {
        case .self:
            if passes(n, t) { out.append(c) }
        case .descendantOrSelf, .ancestorOrSelf:
            if passes(n, t) { out.append(c) }
            try walk(axis == .descendantOrSelf ? .descendants : .ancestors, from: n, &out, &sc)
            if axis == .ancestorOrSelf && n >= 0, case .all = t { out.append(.element(-1)) }
        case .parent, .ancestor:
            try walk(axis.core!, from: n, &out, &sc)
            // The root node: every view's last ancestor, and a top-level view's parent.
            if n >= 0, case .all = t, axis == .ancestor || sc.parent(of: n) < 0 { out.append(.element(-1)) }
        case .attribute:
            guard n >= 0 else { return }
            pending += 1
            switch t {
            case .attributeIndex(let k):
                if k == classIndex { out.append(XNode(node: n, attr: k)); return }
                if attributeColumns[Int(k)].value(at: Int(n)) != nil { out.append(XNode(node: n, attr: k)) }
            case .anyAttribute, .all:
                pending += attributeColumns.count
                for k in attributeColumns.indices where attributeColumns[k].value(at: Int(n)) != nil {
                    out.append(XNode(node: n, attr: Int32(k)))
                }
            default: break
            }
        case .namespace:
            break
        default:
            try walk(axis.core!, from: n, &out, &sc)
        }
    }

    // MARK: Steps

    /// One location step from every node of `input` (in document order), with its predicates.
    mutating func step(_ s: XStep, from input: [XNode], _ sc: inout StepContext) throws(SelectorError) -> [XNode] {
        let t = try resolve(s.test, axis: s.axis, &sc)
        var out: [XNode] = []
        var candidates: [XNode] = []
        for c in input {
            candidates.removeAll(keepingCapacity: true)
            try axisNodes(c, s.axis, t, into: &candidates, &sc)
            for p in s.predicates {
                if candidates.isEmpty { break }
                candidates = try filter(candidates, by: p, &sc)
            }
            out.append(contentsOf: candidates)
            pending += 1
            if pending > 4096 { try flush(&sc) }
            try sc.checkResults(out.count)
        }
        pending += out.count
        try flush(&sc)
        return Self.sortedUnique(out)
    }

    static func sortedUnique(_ list: [XNode]) -> [XNode] {
        if list.count < 2 { return list }
        var out = list
        var sorted = true
        for i in 1..<out.count where !(out[i - 1] < out[i]) { sorted = false; break }
        if sorted { return out }
        out.sort()
        var kept = 1
        for i in 1..<out.count where out[i] != out[kept - 1] { out[kept] = out[i]; kept += 1 }
        out.removeLast(out.count - kept)
        return out
    }

    /// The nodes of `candidates` (in axis order) that pass `p`, positions counted along that order.
    mutating func filter(_ candidates: [XNode], by p: XPredicate, _ sc: inout StepContext) throws(SelectorError) -> [XNode] {
        if let k = p.constantIndex { return k >= 1 && k <= candidates.count ? [candidates[k - 1]] : [] }
        if p.isLast { return [candidates[candidates.count - 1]] }
        var filter: NodeFilter? = nil
        if let core = p.core, let key = p.coreKey {
            if let f = filters[key] { filter = f } else {
                let f = try sc.test(core)
                filters[key] = f
                filter = f
            }
        }
        if let (descendants, target) = p.existence, let key = p.coreKey,
           let marks = try existenceMarks(key, descendants, target, for: candidates, &sc) {
            return candidates.filter { $0.isElement && marks[Int($0.node)] }
        }
        var equality: TypedEquality? = nil
        if let (name, value, equal) = p.attributeEquality, let key = p.coreKey {
            if let e = equalities[key] { equality = e } else {
                let e = TypedEquality(column: values.column(name), value: value, equal: equal)
                equalities[key] = e
                equality = e
            }
        }
        var out: [XNode] = []
        let size = candidates.count
        pending &+= size
        for (i, c) in candidates.enumerated() {
            try settle(&sc)
            if let equality, c.isElement {
                if equality.passes(c.node) { out.append(c) }
                continue
            }
            if let filter, c.isElement {
                if filter(c.node) { out.append(c) }
                continue
            }
            let v = try eval(p.expr, c, i + 1, size, &sc)
            let keep: Bool
            if case .number(let d) = v { keep = d == Double(i + 1) } else { keep = boolean(v) }
            if keep { out.append(c) }
        }
        return out
    }

    /// For an existence predicate over many candidates: every view with a matching child (or
    /// descendant), from one core scan for the matches and a walk up from each; nil when the
    /// candidates' subtrees are small enough to search one by one.
    mutating func existenceMarks(_ key: Int, _ descendants: Bool, _ target: Predicate, for candidates: [XNode],
                                 _ sc: inout StepContext) throws(SelectorError) -> [Bool]? {
        if let marks = existences[key] { return marks }
        var covered = 0
        for c in candidates {
            guard c.isElement else { return nil }
            covered += sc.subtreeEnd(of: c.node) - Int(c.node)
        }
        guard covered > Int(count) / 4 else { return nil }
        var scan = ProgramBuilder(start: .document)
        scan.descendants(target, unique: true)
        let found = try sc.select(scan.build(), from: [-1])
        var marks = [Bool](repeating: false, count: Int(count))
        var walked = 0
        for v in found {
            var p = sc.parent(of: v)
            while p >= 0 && !marks[Int(p)] {
                marks[Int(p)] = true
                walked += 1
                if !descendants { break }
                p = sc.parent(of: p)
            }
        }
        try sc.charge(walked)
        existences[key] = marks
        return marks
    }

    // MARK: Expressions

    func boolean(_ v: XValue) -> Bool {
        switch v {
        case .nodes(let n): return !n.isEmpty
        case .string(let s): return !s.isEmpty
        case .number(let d): return !(d.isNaN || d == 0)
        case .boolean(let b): return b
        case .strings(let s): return !s.isEmpty
        }
    }

    mutating func string(_ v: XValue) -> String {
        switch v {
        case .nodes(let n): return n.first.map { text($0) } ?? ""
        case .string(let s): return s
        case .number(let d): return XPathNumber.string(d)
        case .boolean(let b): return b ? "true" : "false"
        case .strings(let s): return s.first ?? ""
        }
    }

    mutating func number(_ v: XValue) -> Double {
        switch v {
        case .nodes: return XPathNumber.parse(string(v))
        case .string(let s): spendBytes(s.utf8.count); return XPathNumber.parse(s)
        case .strings(let s): return number(.string(s.first ?? ""))
        case .number(let d): return d
        case .boolean(let b): return b ? 1 : 0
        }
    }

    mutating func nodes(_ e: XExpr, _ c: XNode, _ pos: Int, _ size: Int, _ sc: inout StepContext) throws(SelectorError) -> [XNode] {
        guard case .nodes(let n) = try eval(e, c, pos, size, &sc) else {
            throw SelectorError(.evaluation, "\(e.text) is not a node-set")
        }
        return n
    }

    mutating func eval(_ e: XExpr, _ c: XNode, _ pos: Int, _ size: Int, _ sc: inout StepContext) throws(SelectorError) -> XValue {
        pending &+= 1
        switch e {
        case .literal(let s): return .string(s)
        case .pattern(let p): return .string(p.pattern)
        case .number(let d): return .number(d)
        case let .path(absolute, steps):
            var list = [absolute ? XNode.root : c]
            for s in steps {
                if list.isEmpty { break }
                list = try path(s, from: list, &sc)
            }
            return .nodes(list)
        case let .filter(primary, preds, steps):
            var list = try nodes(primary, c, pos, size, &sc)
            for p in preds {
                if list.isEmpty { break }
                list = try filter(list, by: p, &sc)
            }
            for s in steps {
                if list.isEmpty { break }
                list = try path(s, from: list, &sc)
            }
            return .nodes(list)
        case .union(let parts):
            var all: [XNode] = []
            for part in parts { all.append(contentsOf: try nodes(part, c, pos, size, &sc)) }
            pending &+= all.count
            try settle(&sc)
            return .nodes(Self.sortedUnique(all))
        case .or(let parts):
            for part in parts where boolean(try eval(part, c, pos, size, &sc)) { return .boolean(true) }
            return .boolean(false)
        case .and(let parts):
            for part in parts where !boolean(try eval(part, c, pos, size, &sc)) { return .boolean(false) }
            return .boolean(true)
        case let .compare(first, rest):
            return try comparison(first, rest, c, pos, size, &sc)
        case let .arith(first, rest):
            return try arithmetic(first, rest, c, pos, size, &sc)
        case .negate(let inner):
            let v = try eval(inner, c, pos, size, &sc)
            return .number(-number(v))
        case let .call(f, args):
            let v = try call(f, args, c, pos, size, &sc)
            try settle(&sc)
            return v
        case let .invariant(key, inner):
            if let v = invariants[key] { return v }
            return try invariant(key, inner, c, pos, size, &sc)
        case let .matches(subject, regex):
            let v = try eval(subject, c, pos, size, &sc)
            return .boolean(try match(string(v), regex, &sc))
        }
    }

    // The cases of `eval` with more than a line or two live in functions of their own: `eval`
    // recurses once per nesting level, and a debug build gives every local of every case its own
    // slot in its frame (XPathSelectionTests.deepestExpressionsFitSmallStacks).

    private mutating func comparison(_ first: XExpr, _ rest: [(XCompare, XExpr)], _ c: XNode, _ pos: Int, _ size: Int,
                                     _ sc: inout StepContext) throws(SelectorError) -> XValue {
        var left = try eval(first, c, pos, size, &sc)
        var leftKey = Self.invariantKey(first)
        for (op, r) in rest {
            let right = try eval(r, c, pos, size, &sc)
            left = .boolean(try compare(left, leftKey, op, right, Self.invariantKey(r), &sc))
            leftKey = nil
        }
        return left
    }

    private mutating func arithmetic(_ first: XExpr, _ rest: [(XArith, XExpr)], _ c: XNode, _ pos: Int, _ size: Int,
                                     _ sc: inout StepContext) throws(SelectorError) -> XValue {
        var x = number(try eval(first, c, pos, size, &sc))
        for (op, r) in rest {
            let y = number(try eval(r, c, pos, size, &sc))
            switch op {
            case .add: x += y
            case .sub: x -= y
            case .mul: x *= y
            case .div: x /= y
            case .mod: x = x.truncatingRemainder(dividingBy: y)
            }
        }
        return .number(x)
    }

    /// A context-free subexpression's value, computed once per evaluation.
    private mutating func invariant(_ key: Int, _ inner: XExpr, _ c: XNode, _ pos: Int, _ size: Int,
                                    _ sc: inout StepContext) throws(SelectorError) -> XValue {
        let v: XValue
        if let program = programs[key] {
            let found = try sc.select(program, from: [-1])
            pending &+= found.count
            v = .nodes(found.map { XNode.element($0) })
        } else {
            v = try eval(inner, c, pos, size, &sc)
        }
        invariants[key] = v
        try settle(&sc)
        return v
    }

    /// The key of an invariant node-set expression, whose summaries the evaluator keeps.
    static func invariantKey(_ e: XExpr) -> Int? {
        if case let .invariant(key, inner) = e, inner.type == .nodeSet { return key }
        return nil
    }

    /// `matches(subject, regex)` with the compiled pattern's evaluator for this evaluation, which
    /// reads the query's deadline inside a long subject.
    private mutating func match(_ s: String, _ regex: XPathRegex, _ sc: inout StepContext) throws(SelectorError) -> Bool {
        let key = ObjectIdentifier(regex)
        let evaluator: any StringEvaluator
        if let ev = regexEvaluators[key] { evaluator = ev } else {
            evaluator = regex.makeEvaluator()
            evaluator.useDeadline(sc.deadline)
            regexEvaluators[key] = evaluator
        }
        spendBytes(s.utf8.count)
        try settle(&sc)
        return try Self.matches(s, evaluator)
    }

    static func matches(_ s: String, _ evaluator: any StringEvaluator) throws(SelectorError) -> Bool {
        var bytes = Array(s.utf8)
        // PCRE2 wants an address even for an empty subject.
        if bytes.isEmpty { bytes.reserveCapacity(1) }
        return try bytes.withUnsafeBufferPointer { b throws(SelectorError) in try evaluator.matches(b) }
    }

    /// A location step inside an expression: `@class` on a tree with no `class` property reads the class name.
    private mutating func path(_ s: XStep, from list: [XNode], _ sc: inout StepContext) throws(SelectorError) -> [XNode] {
        try step(s, from: list, &sc)
    }

    // MARK: Comparisons (XPath 1.0, section 3.4)

    /// `a op b`; `aKey` and `bKey` name the operands that are invariant node-sets (their summaries
    /// are kept for the rest of the evaluation).
    mutating func compare(_ a: XValue, _ aKey: Int?, _ op: XCompare, _ b: XValue, _ bKey: Int?,
                          _ sc: inout StepContext) throws(SelectorError) -> Bool {
        switch (a, b) {
        case let (.strings(x), .strings(y)):
            return try compareLists(x, op, y, &sc)
        case let (.strings(x), .nodes(y)):
            return try compareLists(x, op, try texts(y, &sc), &sc)
        case let (.nodes(x), .strings(y)):
            return try compareLists(try texts(x, &sc), op, y, &sc)
        case let (.strings(x), other):
            return try compareList(x, op, other, listOnLeft: true, &sc)
        case let (other, .strings(y)):
            return try compareList(y, op, other, listOnLeft: false, &sc)
        case let (.nodes(x), .nodes(y)):
            return try compareSets(x, aKey, op, y, bKey, &sc)
        case let (.nodes(x), other):
            return try compareSet(x, aKey, op, other, setOnLeft: true, &sc)
        case let (other, .nodes(y)):
            return try compareSet(y, bKey, op, other, setOnLeft: false, &sc)
        default:
            if op == .eq || op == .ne {
                let equal: Bool
                if case .boolean = a { equal = boolean(a) == boolean(b) }
                else if case .boolean = b { equal = boolean(a) == boolean(b) }
                else if case .number = a { equal = number(a) == number(b) }
                else if case .number = b { equal = number(a) == number(b) }
                else {
                    let s = string(a), t = string(b)
                    spendBytes(min(s.utf8.count, t.utf8.count))
                    equal = s == t
                }
                return op == .eq ? equal : !equal
            }
            return relational(number(a), op, number(b))
        }
    }

    /// Two node-sets: is there a pair of nodes, one from each, whose string-values (`=`, `!=`) or
    /// numbers (`<` …) compare true? One side is summarised (its distinct strings, or its least
    /// and greatest numbers), then the other is read once: O(n + m), where the pairs are n × m.
    private mutating func compareSets(_ x: [XNode], _ xKey: Int?, _ op: XCompare, _ y: [XNode], _ yKey: Int?,
                                      _ sc: inout StepContext) throws(SelectorError) -> Bool {
        if x.isEmpty || y.isEmpty { return false }
        switch op {
        case .eq, .ne:
            // Summarise the invariant side (kept for the next candidate), else the smaller one.
            let summariseX = yKey == nil && (xKey != nil || x.count < y.count)
            let values = summariseX ? try strings(x, xKey, &sc) : try strings(y, yKey, &sc)
            let walk = summariseX ? y : x
            if op == .ne && values.count > 1 { return true }
            let only = values.first ?? ""
            for n in walk {
                let s = text(n)
                if op == .eq ? values.contains(s) : s != only { return true }
                try settle(&sc)
            }
            return false
        case .lt, .le, .gt, .ge:
            let nx = try numbers(x, xKey, &sc), ny = try numbers(y, yKey, &sc)
            guard nx.hasNumbers && ny.hasNumbers else { return false }
            // Some x op some y: the least x against the greatest y (or the reverse).
            switch op {
            case .lt: return nx.min < ny.max
            case .le: return nx.min <= ny.max
            case .gt: return nx.max > ny.min
            default: return nx.max >= ny.min
            }
        }
    }

    /// A node-set against a string, number or boolean: is there a node for which it holds?
    private mutating func compareSet(_ set: [XNode], _ key: Int?, _ op: XCompare, _ other: XValue, setOnLeft: Bool,
                                     _ sc: inout StepContext) throws(SelectorError) -> Bool {
        switch other {
        case .boolean(let b):
            let s = !set.isEmpty
            if op == .eq { return s == b }
            if op == .ne { return s != b }
            let x = s ? 1.0 : 0.0, y = b ? 1.0 : 0.0
            return setOnLeft ? relational(x, op, y) : relational(y, op, x)
        case .string(let s) where op == .eq || op == .ne:
            if key != nil {
                let values = try strings(set, key, &sc)
                spendBytes(s.utf8.count)
                if op == .eq { return values.contains(s) }
                return values.count > 1 || (values.first.map { $0 != s } ?? false)
            }
            for n in set {
                if (text(n) == s) == (op == .eq) { return true }
                try settle(&sc)
            }
            return false
        case .string, .number:
            let d = number(other)
            // `d op v` is `v op' d` with the operator turned around.
            let o = setOnLeft ? op : op.swapped
            if key != nil { return try numbers(set, key, &sc).some(o, d) }
            for n in set {
                if relational(XPathNumber.parse(text(n)), o, d) { return true }
                try settle(&sc)
            }
            return false
        case .nodes, .strings:
            return false
        }
    }

    /// The string-values of `set`, charged by their length.
    private mutating func texts(_ set: [XNode], _ sc: inout StepContext) throws(SelectorError) -> [String] {
        var out: [String] = []
        out.reserveCapacity(set.count)
        for n in set { out.append(text(n)); try settle(&sc) }
        return out
    }

    /// Two sequences of strings (`tokenize()`'s, or a node-set's string-values): XPath 2's general
    /// comparison, a pair that compares true, found in O(n + m) as `compareSets` does.
    private mutating func compareLists(_ x: [String], _ op: XCompare, _ y: [String],
                                       _ sc: inout StepContext) throws(SelectorError) -> Bool {
        if x.isEmpty || y.isEmpty { return false }
        switch op {
        case .eq, .ne:
            var values = Set<String>()
            for s in y { values.insert(s); spendBytes(s.utf8.count); try settle(&sc) }
            if op == .ne && values.count > 1 { return true }
            for s in x {
                spendBytes(s.utf8.count)
                if op == .eq ? values.contains(s) : !values.contains(s) { return true }
                try settle(&sc)
            }
            return false
        case .lt, .le, .gt, .ge:
            var ny = NumberSummary()
            for s in y {
                let d = number(.string(s))
                if !d.isNaN { ny.min = Swift.min(ny.min, d); ny.max = Swift.max(ny.max, d) }
                try settle(&sc)
            }
            for s in x {
                let d = number(.string(s))
                if !d.isNaN, ny.hasNumbers, relational(d, op, op == .lt || op == .le ? ny.max : ny.min) { return true }
                try settle(&sc)
            }
            return false
        }
    }

    /// A sequence of strings against a string, number or boolean: is there an item for which it holds?
    private mutating func compareList(_ list: [String], _ op: XCompare, _ other: XValue, listOnLeft: Bool,
                                      _ sc: inout StepContext) throws(SelectorError) -> Bool {
        if case .boolean(let b) = other {
            let s = !list.isEmpty
            if op == .eq { return s == b }
            if op == .ne { return s != b }
            let x = s ? 1.0 : 0.0, y = b ? 1.0 : 0.0
            return listOnLeft ? relational(x, op, y) : relational(y, op, x)
        }
        if case .string(let t) = other, op == .eq || op == .ne {
            for s in list {
                spendBytes(Swift.min(s.utf8.count, t.utf8.count))
                if (s == t) == (op == .eq) { return true }
                try settle(&sc)
            }
            return false
        }
        let d = number(other)
        let o = listOnLeft ? op : op.swapped
        for s in list {
            if relational(number(.string(s)), o, d) { return true }
            try settle(&sc)
        }
        return false
    }

    /// The distinct string-values of `set`, kept under `key` when it is an invariant's.
    private mutating func strings(_ set: [XNode], _ key: Int?, _ sc: inout StepContext) throws(SelectorError) -> Set<String> {
        if let key, let s = stringSummaries[key] { return s }
        var values = Set<String>()
        for n in set {
            values.insert(text(n))
            try settle(&sc)
        }
        if let key { stringSummaries[key] = values }
        return values
    }

    /// The numbers of `set`'s string-values, kept under `key` (with the set of them) when it is
    /// an invariant's.
    private mutating func numbers(_ set: [XNode], _ key: Int?, _ sc: inout StepContext) throws(SelectorError) -> NumberSummary {
        if let key, let s = numberSummaries[key] { return s }
        var summary = NumberSummary()
        for n in set {
            let d = XPathNumber.parse(text(n))
            if d.isNaN { summary.hasNaN = true } else {
                summary.min = Swift.min(summary.min, d)
                summary.max = Swift.max(summary.max, d)
                if key != nil { summary.values.insert(d) }
            }
            try settle(&sc)
        }
        if let key { numberSummaries[key] = summary }
        return summary
    }

    func relational(_ x: Double, _ op: XCompare, _ y: Double) -> Bool {
        switch op {
        case .eq: return x == y
        case .ne: return x != y
        case .lt: return x < y
        case .le: return x <= y
        case .gt: return x > y
        case .ge: return x >= y
        }
    }

    // MARK: Functions (XPath 1.0, section 4)

    mutating func call(_ f: XFunction, _ args: [XExpr], _ c: XNode, _ pos: Int, _ size: Int,
                       _ sc: inout StepContext) throws(SelectorError) -> XValue {
        func arg(_ i: Int) throws(SelectorError) -> XValue { try eval(args[i], c, pos, size, &sc) }
        func str(_ i: Int) throws(SelectorError) -> String {
            i < args.count ? string(try arg(i)) : text(c)
        }
        switch f {
        case .last: return .number(Double(size))
        case .position: return .number(Double(pos))
        case .count:
            if case .strings(let s) = try eval(args[0], c, pos, size, &sc) { return .number(Double(s.count)) }
            return .number(Double(try nodes(args[0], c, pos, size, &sc).count))
        case .id:
            // Views have no ID-typed attributes (no DTD), as in a page source without one.
            _ = try arg(0)
            return .nodes([])
        case .localName, .name:
            if args.isEmpty { return .string(name(c)) }
            let n = try nodes(args[0], c, pos, size, &sc)
            return .string(n.first.map(name) ?? "")
        case .namespaceURI:
            if !args.isEmpty { _ = try nodes(args[0], c, pos, size, &sc) }
            return .string("")
        case .string: return .string(try str(0))
        case .concat: return .string(try concat(args, c, pos, size, &sc))
        case .startsWith:
            let s = try str(0), t = try str(1)
            spendBytes(Swift.min(s.utf8.count, t.utf8.count))
            return .boolean(s.utf8.starts(with: t.utf8))
        case .contains:
            let needle = try str(1)
            let hay = try str(0)
            spendBytes(hay.utf8.count + needle.utf8.count)
            return .boolean(XPathByteSearch.range(of: needle, in: hay) != nil)
        case .substringBefore, .substringAfter:
            let s = try str(0), t = try str(1)
            spendBytes(2 * s.utf8.count + t.utf8.count)
            guard let r = XPathByteSearch.range(of: t, in: s) else { return .string("") }
            return .string(XPathByteSearch.slice(s, f == .substringBefore ? 0..<r.lowerBound : r.upperBound..<s.utf8.count))
        case .substring:
            let s = try str(0)
            let start = number(try arg(1)).xpathRounded
            let length = args.count > 2 ? number(try arg(2)).xpathRounded : Double.infinity
            spendBytes(4 * s.utf8.count)
            var out = String.UnicodeScalarView()
            for (i, u) in s.unicodeScalars.enumerated() {
                let p = Double(i + 1)
                if p >= start && p < start + length { out.append(u) }
            }
            return .string(String(out))
        case .stringLength:
            let s = try str(0)
            spendBytes(s.utf8.count)
            return .number(Double(s.unicodeScalars.count))
        case .normalizeSpace:
            let s = try str(0)
            spendBytes(4 * s.utf8.count)
            let words = s.unicodeScalars.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
            return .string(words.map { String(String.UnicodeScalarView($0)) }.joined(separator: " "))
        case .translate: return .string(try translate(try str(0), try str(1), try str(2), &sc))
        case .boolean: return .boolean(boolean(try arg(0)))
        case .not: return .boolean(!boolean(try arg(0)))
        case .true: return .boolean(true)
        case .false: return .boolean(false)
        case .lang:
            // No view carries xml:lang.
            _ = try arg(0)
            return .boolean(false)
        case .number: return .number(args.isEmpty ? XPathNumber.parse(text(c)) : number(try arg(0)))
        case .sum:
            let n = try nodes(args[0], c, pos, size, &sc)
            var total = 0.0
            for x in n {
                total += XPathNumber.parse(text(x))
                try settle(&sc)
            }
            return .number(total)
        case .floor: return .number(number(try arg(0)).rounded(.down))
        case .ceiling: return .number(number(try arg(0)).rounded(.up))
        case .round: return .number(number(try arg(0)).xpathRounded)
        case .matches:
            // Patterns that are not literals are compiled when evaluated.
            let s = try str(0), pattern = try str(1), flags = args.count > 2 ? try str(2) : ""
            return .boolean(try dynamicMatch(s, pattern, flags, &sc))
        case .endsWith, .lowerCase, .upperCase, .replace, .tokenize, .stringJoin:
            return try xpath2(f, args, c, pos, size, &sc) ?? .boolean(false)
        }
    }

    /// `concat()`, refused past `maxStringBytes`.
    private mutating func concat(_ args: [XExpr], _ c: XNode, _ pos: Int, _ size: Int,
                                 _ sc: inout StepContext) throws(SelectorError) -> String {
        var out = ""
        for a in args {
            let part = string(try eval(a, c, pos, size, &sc))
            if out.utf8.count + part.utf8.count > Self.maxStringBytes { throw Self.stringTooLong("concat()") }
            out += part
            spendBytes(part.utf8.count)
            try settle(&sc)
        }
        return out
    }

    /// `translate()`, refused past `maxStringBytes` (a character may map to a longer one).
    private mutating func translate(_ s: String, _ fromText: String, _ toText: String,
                                    _ sc: inout StepContext) throws(SelectorError) -> String {
        spendBytes(4 * (s.utf8.count + fromText.utf8.count + toText.utf8.count))
        try settle(&sc)
        let from = Array(fromText.unicodeScalars), to = Array(toText.unicodeScalars)
        var map: [Unicode.Scalar: Unicode.Scalar?] = [:]
        for (i, u) in from.enumerated() where map[u] == nil { map[u] = i < to.count ? to[i] : nil }
        var out = String.UnicodeScalarView()
        var bytes = 0
        for u in s.unicodeScalars {
            if let m = map[u] {
                if let r = m { out.append(r); bytes += r.utf8.count }
            } else {
                out.append(u); bytes += u.utf8.count
            }
            if bytes > Self.maxStringBytes { throw Self.stringTooLong("translate()") }
        }
        return String(out)
    }

    static func stringTooLong(_ function: String) -> SelectorError {
        SelectorError(.limit, "\(function) would build a string longer than \(maxStringBytes) bytes, the limit of one XPath string value")
    }

    /// `matches()` with a pattern computed per candidate: compiled when it differs from the last.
    private mutating func dynamicMatch(_ s: String, _ pattern: String, _ flags: String,
                                       _ sc: inout StepContext) throws(SelectorError) -> Bool {
        let evaluator: any StringEvaluator
        let key = flags + "\u{0}" + pattern
        if let last = dynamicRegex, last.pattern == key {
            evaluator = last.evaluator
        } else {
            spendBytes(16 * pattern.utf8.count)
            try settle(&sc)
            let regex: XPathRegex
            let parsed: XPathRegexFlags
            switch XPathRegexFlags.parse(flags, allowsLiteral: false) {
            case .success(let f): parsed = f
            case .failure(let e): throw SelectorError(.evaluation, "matches(): unknown regex flag '\(e.flag)'")
            }
            do { regex = try XPathRegex(pattern, flags: parsed, text: flags) } catch {
                throw SelectorError(.evaluation, "matches(): invalid regular expression: \(error.message)")
            }
            evaluator = regex.makeEvaluator()
            evaluator.useDeadline(sc.deadline)
            dynamicRegex = (key, evaluator)
        }
        spendBytes(s.utf8.count)
        try settle(&sc)
        return try Self.matches(s, evaluator)
    }
}

/// The numbers of a node-set's string-values, as comparisons read them.
struct NumberSummary {
    var min = Double.infinity
    var max = -Double.infinity
    var hasNaN = false
    /// The numbers other than NaN (kept for invariant node-sets only, for `=` and `!=`).
    var values: Set<Double> = []

    /// Whether any node's string-value is a number.
    var hasNumbers: Bool { min <= max }

    /// Whether some node's number `v` satisfies `v op d` (for an invariant's summary).
    func some(_ op: XCompare, _ d: Double) -> Bool {
        switch op {
        case .eq: return values.contains(d)
        // NaN differs from everything, d included.
        case .ne: return hasNaN || values.count > 1 || (values.first.map { $0 != d } ?? false)
        case .lt: return hasNumbers && min < d
        case .le: return hasNumbers && min <= d
        case .gt: return hasNumbers && max > d
        case .ge: return hasNumbers && max >= d
        }
    }
}

extension XCompare {
    /// The operator with its operands exchanged: `a < b` is `b > a`.
    var swapped: XCompare {
        switch self {
        case .eq, .ne: return self
        case .lt: return .gt
        case .le: return .ge
        case .gt: return .lt
        case .ge: return .le
        }
    }
}

extension Double {
    /// XPath's `round()`: the closest whole number, halves towards positive infinity; zeros keep
    /// their sign (`round(-0)` is -0, as XPath 1.0 section 4.4 and libxml2 have it).
    var xpathRounded: Double {
        if isNaN || isInfinite || self == 0 { return self }
        if self < 0 && self >= -0.5 { return -0.0 }
        return (self + 0.5).rounded(.down)
    }
}

/// `@a = 'v'` (or `!=`) resolved against one tree's column: the value's id in a string column, the
/// number or boolean codes whose text is `v` in a typed one; per node a load and a comparison.
struct TypedEquality {
    enum Kind {
        case never
        case strings(ContiguousArray<Int32>, Int32)
        case numbers(ContiguousArray<Double>, Double)
        case bools(ContiguousArray<Int8>, Int8, Int8)
        case other(PropertyColumn, String)
    }
    let kind: Kind
    /// `=` (true) or `!=` (false; the view must have the attribute).
    let equal: Bool
    let exists: PropertyColumn?

    init(column: PropertyColumn?, value: String, equal: Bool) {
        self.equal = equal
        exists = column
        switch column {
        case nil: kind = .never
        case .strings(let ids, let pool)?:
            kind = pool.id(of: value).map { .strings(ids, $0) } ?? .strings(ids, -2)
        case .numbers(let v)?:
            // The number whose text is exactly `value`, if any (NaN never equals).
            let d = Double(value)
            kind = .numbers(v, d.map { XPathText.number($0) == value ? $0 : .nan } ?? .nan)
        case .bools(let v)?:
            // 0/1: numbers written as booleans; 2/3: JSON booleans (`false`/`true`).
            switch value {
            case "0": kind = .bools(v, 0, 0)
            case "1": kind = .bools(v, 1, 1)
            case "false": kind = .bools(v, 2, 2)
            case "true": kind = .bools(v, 3, 3)
            default: kind = .bools(v, -2, -2)
            }
        case let c?:
            kind = .other(c, value)
        }
    }

    @inline(__always) func passes(_ n: Int32) -> Bool {
        let i = Int(n)
        switch kind {
        case .never: return false
        case let .strings(ids, id):
            let v = ids[i]
            return v >= 0 && (v == id) == equal
        case let .numbers(values, d):
            let v = values[i]
            return !v.isNaN && (v == d) == equal
        case let .bools(values, a, _):
            let v = values[i]
            return v >= 0 && (v == a) == equal
        case let .other(column, value):
            guard let v = column.value(at: i) else { return false }
            return (XPathText.attribute(v) == value) == equal
        }
    }
}
