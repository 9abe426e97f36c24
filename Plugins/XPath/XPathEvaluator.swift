import SelectorCore

// The interpreter for what the core's steps cannot express: positional predicates, the axes the
// core lacks, value comparisons between node-sets and the function library. It runs inside an
// `EngineStep`, so it reads the tree only through `StepContext`: class tests are class-id
// comparisons, predicates the compiler could translate are the core's resolved `NodeFilter`s, and
// every node an axis visits is charged to the query's budget.

/// One evaluation's state: the tree, what was resolved for it, and work not yet charged.
struct XEvaluator {
    let tree: ViewTree
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
    /// Nodes visited since the last charge.
    var pending = 0

    /// Core programs for absolute paths, by `XExpr.invariant` key.
    let programs: [Int: SelectorProgram]

    init(tree: ViewTree, programs: [Int: SelectorProgram] = [:]) {
        self.tree = tree
        self.programs = programs
        var names: [String] = [], columns: [PropertyColumn] = []
        for n in tree.propertyNames {
            guard let c = tree.columns[n] else { continue }
            names.append(n); columns.append(c)
        }
        attributeNames = names; attributeColumns = columns
        classIndex = Int32(names.count)
    }

    mutating func flush(_ sc: inout StepContext) throws(SelectorError) {
        if pending > 0 { let n = pending; pending = 0; try sc.charge(n) }
    }

    // MARK: Node properties

    var count: Int32 { Int32(tree.count) }

    func attributeText(_ n: XNode) -> String {
        if n.attr == classIndex { return tree.className(of: n.node) }
        guard let v = attributeColumns[Int(n.attr)].value(at: Int(n.node)) else { return "" }
        return XPathText.attribute(v)
    }

    /// The string-value: an attribute's text; views and the root have no text nodes, so "".
    func stringValue(_ n: XNode) -> String { n.isAttribute ? attributeText(n) : "" }

    func name(_ n: XNode) -> String {
        if n.isAttribute { return n.attr == classIndex ? "class" : attributeNames[Int(n.attr)] }
        return n.node < 0 ? "" : tree.className(of: n.node)
    }

    // MARK: Axes

    /// What a node test accepts, resolved once per step.
    enum ResolvedTest {
        case none
        /// Views of this class id (and, with `anyPrincipal`, every view).
        case classID(Int32)
        case anyElement
        case attributeIndex(Int32)
        case anyAttribute
        /// Every node, the root included.
        case all
    }

    func resolve(_ test: XNodeTest, axis: XAxis) -> ResolvedTest {
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
            guard let id = tree.classes.id(of: n) else { return .none }
            return .classID(id)
        }
    }

    @inline(__always) func passes(_ n: Int32, _ t: ResolvedTest) -> Bool {
        switch t {
        case .none, .attributeIndex, .anyAttribute: return false
        case .classID(let id): return n >= 0 && tree.classIDs[Int(n)] == id
        case .anyElement: return n >= 0
        case .all: return true
        }
    }

    /// The nodes on `axis` from `c` that pass `t`, in the axis's order (reverse axes nearest first).
    mutating func axisNodes(_ c: XNode, _ axis: XAxis, _ t: ResolvedTest, into out: inout [XNode]) {
        if case .none = t { return }
        let n = c.node
        if c.isAttribute {
            switch axis {
            case .self: if case .all = t { out.append(c) } else if case .anyAttribute = t { out.append(c) }
                else if case .attributeIndex(let k) = t, k == c.attr { out.append(c) }
            case .parent: if passes(n, t) { out.append(.element(n)) }
            case .ancestorOrSelf, .ancestor:
                if axis == .ancestorOrSelf, case .all = t { out.append(c) }
                if passes(n, t) { out.append(.element(n)) }
                axisNodes(.element(n), .ancestor, t, into: &out)
            case .following:
                // After an attribute come its view's descendants, then what follows the view.
                var j = n + 1
                let end = tree.ends[Int(n)]
                while j < end { if passes(j, t) { out.append(.element(j)) }; j += 1 }
                pending += Int(end - n)
                axisNodes(.element(n), .following, t, into: &out)
            case .preceding: axisNodes(.element(n), .preceding, t, into: &out)
            default: break
            }
            return
        }
        switch axis {
        case .self:
            if passes(n, t) { out.append(c) }
        case .child:
            var j = n + 1
            let end = n < 0 ? count : tree.ends[Int(n)]
            while j < end { if passes(j, t) { out.append(.element(j)) }; j = tree.ends[Int(j)]; pending += 1 }
        case .descendant, .descendantOrSelf:
            if axis == .descendantOrSelf && passes(n, t) { out.append(c) }
            let start = n + 1, end = n < 0 ? count : tree.ends[Int(n)]
            pending += Int(end - start)
            if case .classID(let id) = t {
                tree.classIDs.withUnsafeBufferPointer { ids in
                    var j = Int(start)
                    while j < Int(end) { if ids[j] == id { out.append(.element(Int32(j))) }; j += 1 }
                }
            } else if case .none = t {
            } else if case .attributeIndex = t {
            } else if case .anyAttribute = t {
            } else {
                var j = start
                while j < end { out.append(.element(j)); j += 1 }
            }
        case .parent:
            guard n >= 0 else { return }
            let p = tree.parents[Int(n)]
            if passes(p, t) { out.append(.element(p)) }
        case .ancestor, .ancestorOrSelf:
            if axis == .ancestorOrSelf && passes(n, t) { out.append(c) }
            guard n >= 0 else { return }
            var p = tree.parents[Int(n)]
            while true {
                pending += 1
                if passes(p, t) { out.append(.element(p)) }
                if p < 0 { break }
                p = tree.parents[Int(p)]
            }
        case .followingSibling, .precedingSibling:
            guard n >= 0 else { return }
            let p = tree.parents[Int(n)]
            let end = p < 0 ? count : tree.ends[Int(p)]
            if axis == .followingSibling {
                var j = tree.ends[Int(n)]
                while j < end { if passes(j, t) { out.append(.element(j)) }; j = tree.ends[Int(j)]; pending += 1 }
            } else {
                var j = p + 1
                let first = out.count
                while j < n { if passes(j, t) { out.append(.element(j)) }; j = tree.ends[Int(j)]; pending += 1 }
                out[first...].reverse()
            }
        case .following:
            guard n >= 0 else { return }
            var j = tree.ends[Int(n)]
            pending += Int(count - j)
            while j < count { if passes(j, t) { out.append(.element(j)) }; j += 1 }
        case .preceding:
            guard n >= 0 else { return }
            var j = n - 1
            pending += Int(n)
            while j >= 0 {
                // Ancestors end after `n`; every other earlier node ends at or before it.
                if tree.ends[Int(j)] <= n && passes(j, t) { out.append(.element(j)) }
                j -= 1
            }
        case .attribute:
            guard n >= 0 else { return }
            switch t {
            case .attributeIndex(let k):
                if k == classIndex { out.append(XNode(node: n, attr: k)); return }
                if attributeColumns[Int(k)].value(at: Int(n)) != nil { out.append(XNode(node: n, attr: k)) }
            case .anyAttribute, .all:
                for k in attributeColumns.indices where attributeColumns[k].value(at: Int(n)) != nil {
                    out.append(XNode(node: n, attr: Int32(k)))
                }
            default: break
            }
        case .namespace:
            break
        }
    }

    // MARK: Steps

    /// One location step from every node of `input` (in document order), with its predicates.
    mutating func step(_ s: XStep, from input: [XNode], _ sc: inout StepContext) throws(SelectorError) -> [XNode] {
        let t = resolve(s.test, axis: s.axis)
        var out: [XNode] = []
        var candidates: [XNode] = []
        for c in input {
            candidates.removeAll(keepingCapacity: true)
            axisNodes(c, s.axis, t, into: &candidates)
            for p in s.predicates {
                if candidates.isEmpty { break }
                candidates = try filter(candidates, by: p, &sc)
            }
            out.append(contentsOf: candidates)
            if pending > 4096 { try flush(&sc) }
            try sc.checkResults(out.count)
        }
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
                let e = TypedEquality(tree: tree, attribute: name, value: value, equal: equal)
                equalities[key] = e
                equality = e
            }
        }
        var out: [XNode] = []
        let size = candidates.count
        for (i, c) in candidates.enumerated() {
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
            covered += Int(tree.ends[Int(c.node)] - c.node)
        }
        guard covered > tree.count / 4 else { return nil }
        var scan = ProgramBuilder(start: .document)
        scan.descendants(target, unique: true)
        let found = try sc.select(scan.build(), from: [-1])
        var marks = [Bool](repeating: false, count: tree.count)
        var walked = 0
        for v in found {
            var p = tree.parents[Int(v)]
            while p >= 0 && !marks[Int(p)] {
                marks[Int(p)] = true
                walked += 1
                if !descendants { break }
                p = tree.parents[Int(p)]
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
        }
    }

    func string(_ v: XValue) -> String {
        switch v {
        case .nodes(let n): return n.first.map(stringValue) ?? ""
        case .string(let s): return s
        case .number(let d): return XPathNumber.string(d)
        case .boolean(let b): return b ? "true" : "false"
        }
    }

    func number(_ v: XValue) -> Double {
        switch v {
        case .nodes: return XPathNumber.parse(string(v))
        case .string(let s): return XPathNumber.parse(s)
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
        switch e {
        case .literal(let s): return .string(s)
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
            return .nodes(Self.sortedUnique(all))
        case .or(let parts):
            for part in parts where boolean(try eval(part, c, pos, size, &sc)) { return .boolean(true) }
            return .boolean(false)
        case .and(let parts):
            for part in parts where !boolean(try eval(part, c, pos, size, &sc)) { return .boolean(false) }
            return .boolean(true)
        case let .compare(first, rest):
            var left = try eval(first, c, pos, size, &sc)
            for (op, r) in rest {
                let right = try eval(r, c, pos, size, &sc)
                left = .boolean(compare(left, op, right))
            }
            return left
        case let .arith(first, rest):
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
        case .negate(let inner):
            return .number(-number(try eval(inner, c, pos, size, &sc)))
        case let .call(f, args):
            return try call(f, args, c, pos, size, &sc)
        case let .invariant(key, inner):
            if let v = invariants[key] { return v }
            let v: XValue
            if let program = programs[key] {
                v = .nodes(try sc.select(program, from: [-1]).map { XNode.element($0) })
            } else {
                v = try eval(inner, c, pos, size, &sc)
            }
            invariants[key] = v
            return v
        case let .matches(subject, regex):
            let s = string(try eval(subject, c, pos, size, &sc))
            let key = ObjectIdentifier(regex)
            let evaluator: any StringEvaluator
            if let ev = regexEvaluators[key] { evaluator = ev } else {
                evaluator = regex.makeEvaluator()
                regexEvaluators[key] = evaluator
            }
            var bytes = Array(s.utf8)
            if bytes.isEmpty { bytes.reserveCapacity(1) }
            return .boolean(try bytes.withUnsafeBufferPointer { b throws(SelectorError) in try evaluator.matches(b) })
        }
    }

    /// A location step inside an expression: `@class` on a tree with no `class` property reads the class name.
    private mutating func path(_ s: XStep, from list: [XNode], _ sc: inout StepContext) throws(SelectorError) -> [XNode] {
        try step(s, from: list, &sc)
    }

    // MARK: Comparisons (XPath 1.0, section 3.4)

    func compare(_ a: XValue, _ op: XCompare, _ b: XValue) -> Bool {
        switch (a, b) {
        case let (.nodes(x), .nodes(y)):
            if op == .eq || op == .ne {
                let ys = Set(y.map(stringValue))
                if op == .eq { return x.contains { ys.contains(stringValue($0)) } }
                return x.contains { xs in let s = stringValue(xs); return y.contains { stringValue($0) != s } }
            }
            let yn = y.map { XPathNumber.parse(stringValue($0)) }
            return x.contains { xn in let n = XPathNumber.parse(stringValue(xn)); return yn.contains { relational(n, op, $0) } }
        case let (.nodes(x), other):
            return compareSet(x, op, other, setOnLeft: true)
        case let (other, .nodes(y)):
            return compareSet(y, op, other, setOnLeft: false)
        default:
            if op == .eq || op == .ne {
                let equal: Bool
                if case .boolean = a { equal = boolean(a) == boolean(b) }
                else if case .boolean = b { equal = boolean(a) == boolean(b) }
                else if case .number = a { equal = number(a) == number(b) }
                else if case .number = b { equal = number(a) == number(b) }
                else { equal = string(a) == string(b) }
                return op == .eq ? equal : !equal
            }
            return relational(number(a), op, number(b))
        }
    }

    private func compareSet(_ set: [XNode], _ op: XCompare, _ other: XValue, setOnLeft: Bool) -> Bool {
        switch other {
        case .boolean(let b):
            let s = !set.isEmpty
            if op == .eq { return s == b }
            if op == .ne { return s != b }
            let x = s ? 1.0 : 0.0, y = b ? 1.0 : 0.0
            return setOnLeft ? relational(x, op, y) : relational(y, op, x)
        case .number(let d):
            return set.contains { n in
                let v = XPathNumber.parse(stringValue(n))
                return setOnLeft ? relational(v, op, d) : relational(d, op, v)
            }
        case .string(let s):
            if op == .eq { return set.contains { stringValue($0) == s } }
            if op == .ne { return set.contains { stringValue($0) != s } }
            let d = XPathNumber.parse(s)
            return set.contains { n in
                let v = XPathNumber.parse(stringValue(n))
                return setOnLeft ? relational(v, op, d) : relational(d, op, v)
            }
        case .nodes:
            return false
        }
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
            i < args.count ? string(try arg(i)) : stringValue(c)
        }
        switch f {
        case .last: return .number(Double(size))
        case .position: return .number(Double(pos))
        case .count: return .number(Double(try nodes(args[0], c, pos, size, &sc).count))
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
        case .concat:
            var out = ""
            for i in args.indices { out += string(try arg(i)) }
            return .string(out)
        case .startsWith: return .boolean(try str(0).hasPrefixBytes(try str(1)))
        case .contains:
            let needle = try str(1)
            let hay = try str(0)
            return .boolean(needle.isEmpty || hay.containsBytes(needle))
        case .substringBefore:
            let s = try str(0), t = try str(1)
            guard let r = s.rangeOfBytes(t) else { return .string("") }
            return .string(String(decoding: Array(s.utf8)[..<r.lowerBound], as: UTF8.self))
        case .substringAfter:
            let s = try str(0), t = try str(1)
            guard let r = s.rangeOfBytes(t) else { return .string("") }
            return .string(String(decoding: Array(s.utf8)[r.upperBound...], as: UTF8.self))
        case .substring:
            let s = Array(try str(0).unicodeScalars)
            let start = number(try arg(1)).xpathRounded
            let length = args.count > 2 ? number(try arg(2)).xpathRounded : Double.infinity
            var out = String.UnicodeScalarView()
            for (i, u) in s.enumerated() {
                let p = Double(i + 1)
                if p >= start && p < start + length { out.append(u) }
            }
            return .string(String(out))
        case .stringLength: return .number(Double(try str(0).unicodeScalars.count))
        case .normalizeSpace:
            let s = try str(0)
            let words = s.unicodeScalars.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
            return .string(words.map { String(String.UnicodeScalarView($0)) }.joined(separator: " "))
        case .translate:
            let s = try str(0), from = Array(try str(1).unicodeScalars), to = Array(try str(2).unicodeScalars)
            var map: [Unicode.Scalar: Unicode.Scalar?] = [:]
            for (i, u) in from.enumerated() where map[u] == nil { map[u] = i < to.count ? to[i] : nil }
            var out = String.UnicodeScalarView()
            for u in s.unicodeScalars {
                if let m = map[u] { if let r = m { out.append(r) } } else { out.append(u) }
            }
            return .string(String(out))
        case .boolean: return .boolean(boolean(try arg(0)))
        case .not: return .boolean(!boolean(try arg(0)))
        case .true: return .boolean(true)
        case .false: return .boolean(false)
        case .lang:
            // No view carries xml:lang.
            _ = try arg(0)
            return .boolean(false)
        case .number: return .number(args.isEmpty ? XPathNumber.parse(stringValue(c)) : number(try arg(0)))
        case .sum:
            let n = try nodes(args[0], c, pos, size, &sc)
            return .number(n.reduce(0.0) { $0 + XPathNumber.parse(stringValue($1)) })
        case .floor: return .number(number(try arg(0)).rounded(.down))
        case .ceiling: return .number(number(try arg(0)).rounded(.up))
        case .round: return .number(number(try arg(0)).xpathRounded)
        case .matches:
            // Patterns that are not literals are compiled when evaluated.
            let s = try str(0), pattern = try str(1)
            let regex: XPathRegex
            do { regex = try XPathRegex(pattern) } catch {
                throw SelectorError(.evaluation, "matches(): invalid regular expression: \(error.message)")
            }
            let ev = regex.makeEvaluator()
            let bytes = Array(s.utf8)
            return .boolean(try bytes.withUnsafeBufferPointer { b throws(SelectorError) in try ev.matches(b) })
        }
    }
}

extension Double {
    /// XPath's `round()`: the closest whole number, halves towards positive infinity.
    var xpathRounded: Double {
        if isNaN || isInfinite { return self }
        if self < 0 && self >= -0.5 { return -0.0 }
        return (self + 0.5).rounded(.down)
    }
}

extension String {
    func rangeOfBytes(_ t: String) -> Range<Int>? {
        let s = Array(utf8), n = Array(t.utf8)
        if n.isEmpty { return 0..<0 }
        if n.count > s.count { return nil }
        var i = 0
        while i + n.count <= s.count {
            if s[i] == n[0] && Array(s[i..<(i + n.count)]) == n { return i..<(i + n.count) }
            i += 1
        }
        return nil
    }
    func containsBytes(_ t: String) -> Bool { rangeOfBytes(t) != nil }
    func hasPrefixBytes(_ t: String) -> Bool { utf8.starts(with: t.utf8) }
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

    init(tree: ViewTree, attribute: String, value: String, equal: Bool) {
        self.equal = equal
        let column = tree.columns[attribute]
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
