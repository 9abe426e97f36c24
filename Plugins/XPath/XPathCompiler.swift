import SelectorCore

// From the expression tree to the core's compiled form. A location path becomes one core step per
// XPath step wherever the step is a name or `*` test on an axis the core has, with predicates that
// translate to core `Predicate`s and do not read the position: `//A//B[@name='x']` is two merged
// descendant scans, linear in the tree. `[ancestor::A]` is the core's `hasAncestor`, and on steps
// without positions `[.//A]`, `[A]`, `[parent::A]` are core steps over the whole list (from the
// root node `//A[ancestor::B]` is `//B//A`, as Shelley plans the same meaning). The rest
// (positional predicates, the sibling, following and preceding axes, `node()` steps that may reach
// the root node, filter expressions) becomes an `XPathStep` or an `XPathExpressionStep` run by
// `XEvaluator` inside the matcher.

enum XPathCompiler {
    /// A predicate as the parser hands it on, analysed once.
    static func predicate(_ e: XExpr, nextKey: inout Int) -> XPredicate {
        var p = XPredicate(expr: e, positional: e.type == .number || e.readsPosition, constantIndex: nil,
                           isLast: false, core: nil, coreKey: nil)
        if case .number(let d) = e {
            p.constantIndex = d == d.rounded() && abs(d) < 1e9 ? Int(d) : 0
        }
        if case .call(.last, _) = e { p.isLast = true }
        if !p.positional, let core = corePredicate(e) {
            p.core = core
            p.coreKey = nextKey
            nextKey += 1
        } else if !p.positional, let existence = existence(e) {
            p.existence = existence
            p.coreKey = nextKey
            nextKey += 1
        } else if case let .compare(l, rest) = e, rest.count == 1, rest[0].0 == .eq || rest[0].0 == .ne {
            let r = rest[0].1
            var pair: (String, String)?
            if let a = attributeName(l), case .literal(let v) = r { pair = (a, v) }
            if let a = attributeName(r), case .literal(let v) = l { pair = (a, v) }
            if let (a, v) = pair, a != "class" {
                p.attributeEquality = (a, v, rest[0].0 == .eq)
                p.coreKey = nextKey
                nextKey += 1
            }
        }
        return p
    }

    // MARK: Context-free subexpressions

    /// `e` (a predicate) with its largest context-free subexpressions that cost something to
    /// evaluate (`count(//A)`, `//A/@n = //B/@n`, `(//A)[2]/@n`, `concat('…', '…')`) wrapped as
    /// `XExpr.invariant`s numbered from `nextKey`, so the evaluator computes each once per step
    /// instead of once per candidate (issue 28). Literals, numbers, `true()`, `false()` and
    /// expressions of only those stay as they are: they cost nothing, and the core-predicate
    /// translation recognises them.
    static func hoistInvariants(_ e: XExpr, nextKey: inout Int) -> XExpr {
        let (out, free) = hoist(e, &nextKey)
        return free ? wrapped(out, &nextKey) : out
    }

    /// The expression with the context-free parts of a context-dependent one wrapped, and whether
    /// the whole of it is context-free (then its caller decides).
    private static func hoist(_ e: XExpr, _ next: inout Int) -> (XExpr, Bool) {
        func all(_ es: [XExpr]) -> ([XExpr], Bool) {
            let parts = es.map { hoist($0, &next) }
            let free = parts.allSatisfy(\.1)
            return (free ? parts.map(\.0) : parts.map { $0.1 ? wrapped($0.0, &next) : $0.0 }, free)
        }
        switch e {
        case .literal, .number, .invariant, .pattern: return (e, true)
        // An absolute path inside a predicate is an invariant already; a relative one reads the
        // context node. Predicates of steps were hoisted when they were parsed.
        case .path(let absolute, _): return (e, absolute)
        case let .filter(primary, preds, steps):
            // The predicates and steps read the primary's nodes, not the context.
            let (p, free) = hoist(primary, &next)
            return (.filter(p, preds, steps: steps), free)
        case .union(let es): let (p, f) = all(es); return (.union(p), f)
        case .or(let es): let (p, f) = all(es); return (.or(p), f)
        case .and(let es): let (p, f) = all(es); return (.and(p), f)
        case let .compare(first, rest):
            let (p, f) = all([first] + rest.map(\.1))
            return (.compare(p[0], zip(rest, p.dropFirst()).map { ($0.0.0, $0.1) }), f)
        case let .arith(first, rest):
            let (p, f) = all([first] + rest.map(\.1))
            return (.arith(p[0], zip(rest, p.dropFirst()).map { ($0.0.0, $0.1) }), f)
        case .negate(let x):
            let (p, f) = hoist(x, &next)
            return (.negate(p), f)
        case let .matches(x, regex):
            let (p, f) = hoist(x, &next)
            return (.matches(p, regex), f)
        case let .call(f, args):
            let (p, free) = all(args)
            return (.call(f, p), free && !readsContext(f, arguments: args.count))
        }
    }

    /// Whether `f` with that many arguments reads the context node, position or size itself.
    private static func readsContext(_ f: XFunction, arguments: Int) -> Bool {
        switch f {
        case .last, .position, .lang: return true
        case .localName, .namespaceURI, .name, .string, .stringLength, .normalizeSpace, .number: return arguments == 0
        default: return false
        }
    }

    /// `e` as an invariant, unless it costs nothing to evaluate.
    private static func wrapped(_ e: XExpr, _ next: inout Int) -> XExpr {
        if isTrivial(e) { return e }
        next += 1
        return .invariant(next - 1, e)
    }

    /// Constants of a few nodes: `1`, `-1`, `'OK'`, `true()`, `not(false())`, `true() and false()`.
    private static func isTrivial(_ e: XExpr) -> Bool {
        switch e {
        case .literal, .number, .invariant, .pattern: return true
        case .call(.true, _), .call(.false, _): return true
        case .call(.not, let args), .call(.boolean, let args): return args.allSatisfy(isTrivial)
        case .and(let es), .or(let es): return es.allSatisfy(isTrivial)
        case .negate(let x): return isTrivial(x)
        default: return false
        }
    }

    /// `B[…]`, `./B[…]`, `.//B[…]`, `descendant::B[…]` with a name or `*` test and core predicates.
    static func existence(_ e: XExpr) -> (descendants: Bool, target: Predicate)? {
        guard case .path(false, var steps) = e else { return nil }
        if let first = steps.first, first.axis == .self, first.test == .node, first.predicates.isEmpty { steps.removeFirst() }
        var descendants = false
        if steps.count == 2, steps[0].isDescendantOrSelfNode, steps[1].axis == .child {
            descendants = true
            steps.removeFirst()
        }
        guard steps.count == 1 else { return nil }
        let s = steps[0]
        switch s.axis {
        case .child: break
        case .descendant: descendants = true
        default: return nil
        }
        guard let filter = coreFilter(s) else { return nil }
        return (descendants, filter)
    }

    /// `e`, read as a boolean for a view, as a core predicate; nil when it has none that is exact.
    /// With `numeric`, the attributes that hold only numbers on the trees at hand, a comparison of
    /// one with a number (`@width > 100`) is the core's number test too: exact on those trees only.
    static func corePredicate(_ e: XExpr, numeric: Set<String> = [], nested: Bool = false) -> Predicate? {
        switch e {
        case let .compare(l, rest) where !numeric.isEmpty && rest.count == 1:
            let op = rest[0].0, r = rest[0].1
            let flipped: [XCompare: XCompare] = [.lt: .gt, .le: .ge, .gt: .lt, .ge: .le, .eq: .eq, .ne: .ne]
            var found: (String, XCompare, Double)?
            if let a = attributeName(l), numeric.contains(a), case .number(let x) = r { found = (a, op, x) }
            if let a = attributeName(r), numeric.contains(a), case .number(let x) = l, let f = flipped[op] { found = (a, f, x) }
            guard let (a, cmp, x) = found, !a.contains(".") else { return corePredicate(e, nested: nested) }
            let comparison: Comparison = [.eq: .equal, .ne: .notEqual, .lt: .less, .le: .lessOrEqual,
                                          .gt: .greater, .ge: .greaterOrEqual][cmp]!
            return .number(property: a, comparison, x)
        case .and(let parts) where !numeric.isEmpty:
            var out: [Predicate] = []
            for p in parts { guard let c = corePredicate(p, numeric: numeric, nested: true) else { return nil }; out.append(c) }
            return .all(out)
        case .or(let parts) where !numeric.isEmpty:
            var out: [Predicate] = []
            for p in parts { guard let c = corePredicate(p, numeric: numeric, nested: true) else { return nil }; out.append(c) }
            return .or(out)
        case .call(.not, let args) where !numeric.isEmpty: return corePredicate(args[0], numeric: numeric, nested: true).map { .not($0) }
        case .call(.true, _): return .any
        case .call(.false, _): return Predicate.none
        case .call(.not, let args): return corePredicate(args[0], nested: true).map { .not($0) }
        case .call(.boolean, let args): return corePredicate(args[0], nested: true)
        case .and(let parts):
            var out: [Predicate] = []
            for p in parts { guard let c = corePredicate(p, nested: true) else { return nil }; out.append(c) }
            return .all(out)
        case .or(let parts):
            var out: [Predicate] = []
            for p in parts { guard let c = corePredicate(p, nested: true) else { return nil }; out.append(c) }
            return .or(out)
        case .path(false, let steps) where ancestorStep(steps) != nil:
            return ancestorExistence(ancestorStep(steps)!)
        // Inside `and`, `or` and `not`, `parent::A`, `A` (a child) and `descendant::A` are the
        // core's relative tests; alone in a predicate they stay steps (`existence`).
        case .path(false, let steps) where nested && relativeExistence(steps) != nil:
            return relativeExistence(steps)
        case .path(false, let steps) where steps.count == 1 && steps[0].predicates.isEmpty:
            let s = steps[0]
            switch (s.axis, s.test) {
            case (.attribute, .name(let a)): return a == "class" ? .any : .hasProperty(a)
            case (.self, .name(let n)): return .memberOf(n)
            case (.self, .any), (.self, .node): return .any
            default: return nil
            }
        case let .compare(l, rest) where rest.count == 1 && (rest[0].0 == .eq || rest[0].0 == .ne):
            let op = rest[0].0, r = rest[0].1
            if let a = attributeName(l), case .literal(let v) = r { return stringEquality(a, v, op) }
            if let a = attributeName(r), case .literal(let v) = l { return stringEquality(a, v, op) }
            if isNameCall(l), case .literal(let v) = r { return op == .eq ? .memberOf(v) : .not(.memberOf(v)) }
            if isNameCall(r), case .literal(let v) = l { return op == .eq ? .memberOf(v) : .not(.memberOf(v)) }
            return nil
        case let .call(f, args) where f == .contains || f == .startsWith || f == .endsWith:
            guard let a = attributeName(args[0]), case .literal(let v) = args[1] else { return nil }
            if v.isEmpty { return .any }
            let relation: (String, String) -> Bool = f == .contains ? { $0.contains($1) }
                : f == .startsWith ? { $0.hasPrefix($1) } : { $0.hasSuffix($1) }
            guard XPathText.isStringOnly(v, relation) else { return nil }
            return .string(property: a, StringTest(f == .contains ? .contains : f == .startsWith ? .hasPrefix : .hasSuffix, v))
        case let .matches(subject, regex):
            guard let a = attributeName(subject) else { return nil }
            // An absent attribute reads as "": only a pattern that cannot match "" may skip it.
            if (try? regex.makeEvaluator().matches(UnsafeBufferPointer(start: nil, count: 0))) != false { return nil }
            return .string(property: a, .matcher(regex))
        default:
            return nil
        }
    }

    /// The one step of `steps`, after an optional `.`; nil when there are more.
    private static func singleStep(_ steps: [XStep]) -> XStep? {
        var steps = steps[...]
        if steps.count == 2, let first = steps.first, first.axis == .self, first.test == .node, first.predicates.isEmpty {
            steps = steps.dropFirst()
        }
        return steps.count == 1 ? steps.first : nil
    }

    /// What a view must pass to be one of a step's nodes, read as a boolean: its name test (or
    /// `*`) and core predicates, optionally followed by `[1]`s and `[last()]`s, which pick a node of
    /// a non-empty list and so leave the existence as it is. nil otherwise (`node()` counts the
    /// root node and text, which no core predicate tests).
    private static func existenceTarget(_ s: XStep) -> Predicate? {
        var parts: [Predicate] = []
        switch s.test {
        case .name(let n): parts.append(.memberOf(n))
        case .any: break
        default: return nil
        }
        var picking = false
        for p in s.predicates {
            if !picking, let core = p.core { parts.append(core); continue }
            guard p.constantIndex == 1 || p.isLast else { return nil }
            picking = true
        }
        return Predicate.all(parts)
    }

    /// `parent::A[…]`, `A[…]` (`child::`) or `descendant::A[…]` (after an optional `.`) read as a
    /// boolean for a view: whether the axis holds a view passing the step, the core's
    /// `hasRelative`.
    private static func relativeExistence(_ steps: [XStep]) -> Predicate? {
        guard let s = singleStep(steps) else { return nil }
        let relative: Relative
        switch s.axis {
        case .parent: relative = .parent
        case .child: relative = .child
        case .descendant: relative = .descendant
        default: return nil
        }
        guard let target = existenceTarget(s) else { return nil }
        return target == .none ? Predicate.none : .hasRelative(relative, target)
    }

    /// The one `ancestor::` or `ancestor-or-self::` step of `steps` (after an optional `.`).
    private static func ancestorStep(_ steps: [XStep]) -> XStep? {
        guard let s = singleStep(steps), s.axis == .ancestor || s.axis == .ancestorOrSelf else { return nil }
        return s
    }

    /// `ancestor::A[…]` or `ancestor-or-self::A[…]` read as a boolean for a view: whether the axis
    /// holds a node passing the step (`existenceTarget`), as the core's `hasAncestor` (which
    /// excludes the view itself, and never tests the root node: `ancestor::*` of the document
    /// element is empty in XPath too). nil otherwise.
    private static func ancestorExistence(_ s: XStep) -> Predicate? {
        // Every view has the root node among its ancestors; with predicates the root would be
        // tested too, which no core predicate can do.
        if s.test == .node { return s.predicates.isEmpty ? .any : nil }
        guard let target = existenceTarget(s) else { return nil }
        if target == .none { return Predicate.none }
        return s.axis == .ancestor ? .hasAncestor(target) : .or([target, .hasAncestor(target)])
    }

    /// `@a = 'v'` (or `!=`) as a core test, exact when only a string value can read `v`.
    private static func stringEquality(_ a: String, _ v: String, _ op: XCompare) -> Predicate? {
        let equal: Predicate
        if (v.isEmpty || XPathText.isStringOnly(v)) && !v.hasPrefix("{") && !v.hasPrefix("[") {
            equal = .string(property: a, .equals(v))
        } else if v == "true" || v == "false" {
            // A recorded JSON boolean reads as this text, a string may be it; no number or frame is.
            equal = .string(property: a, StringTest(.equals, v, options: .booleanAsText))
        } else if let number = numberTextEquality(a, v) {
            equal = number
        } else {
            return nil
        }
        if op == .eq { return equal }
        return .all([a == "class" ? .any : .hasProperty(a), .not(equal)])
    }

    /// `@a = 'v'` where `v` is exactly the text of a number (`@uid='500000'`, `@tag='3'`): the
    /// string value `v` or the number, read from whichever column `a` has. Without it such a
    /// predicate ran in the XPath evaluator, per view over every view (`//*[@uid='500000']`: 3.9 ms
    /// at 10^6 views, against a scan's 0.3). `0` and `1` stay there (a boolean column's codes
    /// read as numbers would match them), and so do names with a dot (the core reads `frame.x`
    /// from the frame, which XPath's attribute does not).
    private static func numberTextEquality(_ a: String, _ v: String) -> Predicate? {
        guard a != "class", !a.contains("."), v != "0", v != "1", let d = Double(v), d.isFinite,
              XPathText.number(d) == v else { return nil }
        return .or([.string(property: a, .equals(v)), .number(property: a, .equal, d)])
    }

    /// `@name`: a one-step attribute path.
    static func attributeName(_ e: XExpr) -> String? {
        guard case .path(false, let steps) = e, steps.count == 1, steps[0].axis == .attribute,
              steps[0].predicates.isEmpty, case .name(let a) = steps[0].test else { return nil }
        return a
    }

    private static func isNameCall(_ e: XExpr) -> Bool {
        guard case .call(let f, let args) = e, f == .name || f == .localName else { return false }
        if args.isEmpty { return true }
        if case .path(false, let steps) = args[0], steps.count == 1, steps[0].axis == .self, steps[0].test == .node,
           steps[0].predicates.isEmpty { return true }
        return false
    }

    // MARK: Programs

    static func program(_ e: XExpr, source: String, keys: Int) throws(XPathParseError) -> SelectorProgram {
        guard e.type == .nodeSet else {
            throw XPathParseError(.notNodeSet(e.type), at: 0)
        }
        var b = ProgramBuilder(start: .document)
        // WebDriverAgent evaluates with the document element as the context node
        // (FBXPath.m: `xpathCtx->node = doc->children`), so a relative path starts there.
        if readsContext(e) { b.engine(XPathDocumentElementStep()) }
        var found: [Int: XExpr] = [:]
        collectInvariants(e, into: &found)
        var programs: [Int: SelectorProgram] = [:]
        for (key, inner) in found {
            guard case let .path(true, steps) = inner,
                  !steps.contains(where: { $0.axis == .attribute || $0.axis == .namespace }) else { continue }
            var sub = ProgramBuilder(start: .document)
            sub.engine(XPathRootStep())
            appendSteps(steps, to: &sub, keys: keys, programs: [:], fromRoot: true)
            let program = sub.build()
            if program.steps.dropFirst().allSatisfy({ if case .engine = $0 { return false }; return true }) {
                programs[key] = program
            }
        }
        try append(e, to: &b, source: source, keys: keys, programs: programs)
        return b.build()
    }

    /// The context-free subexpressions of `e` (absolute paths inside predicates and parentheses).
    static func collectInvariants(_ e: XExpr, into out: inout [Int: XExpr]) {
        func steps(_ ss: [XStep]) { for s in ss { for p in s.predicates { collectInvariants(p.expr, into: &out) } } }
        switch e {
        case .literal, .number, .pattern: break
        case .path(_, let ss): steps(ss)
        case let .filter(inner, preds, ss):
            collectInvariants(inner, into: &out)
            for p in preds { collectInvariants(p.expr, into: &out) }
            steps(ss)
        case .union(let es), .or(let es), .and(let es): for x in es { collectInvariants(x, into: &out) }
        case let .compare(x, rest): collectInvariants(x, into: &out); for (_, y) in rest { collectInvariants(y, into: &out) }
        case let .arith(x, rest): collectInvariants(x, into: &out); for (_, y) in rest { collectInvariants(y, into: &out) }
        case .negate(let x), .matches(let x, _): collectInvariants(x, into: &out)
        case .call(_, let args): for x in args { collectInvariants(x, into: &out) }
        case let .invariant(key, inner): out[key] = inner; collectInvariants(inner, into: &out)
        }
    }

    private static func append(_ e: XExpr, to b: inout ProgramBuilder, source: String, keys: Int,
                               programs: [Int: SelectorProgram]) throws(XPathParseError) {
        switch e {
        case let .path(absolute, steps):
            if let last = steps.last, last.axis == .attribute || last.axis == .namespace {
                throw XPathParseError(.selectsAttributes, at: 0)
            }
            if steps.contains(where: { $0.axis == .attribute || $0.axis == .namespace }) {
                b.engine(XPathExpressionStep(expr: e, keys: keys, programs: programs)); return
            }
            if absolute { b.engine(XPathRootStep()) }
            appendSteps(steps, to: &b, keys: keys, programs: programs, fromRoot: absolute)
        case .invariant(_, let inner) where isContextFree(inner):
            try append(inner, to: &b, source: source, keys: keys, programs: programs)
        case .union(let parts):
            var members: [SelectorProgram] = []
            for part in parts {
                var sub = ProgramBuilder(start: .document)
                try append(part, to: &sub, source: source, keys: keys, programs: programs)
                members.append(sub.build())
            }
            b.union(members)
            b.sortInDocumentOrder()
        case let .filter(primary, preds, steps)
            where !steps.contains(where: { $0.axis == .attribute || $0.axis == .namespace }) && isContextFree(primary):
            if preds.count == 1, preds[0].constantIndex != nil || preds[0].isLast, let filter = wholeDocumentFilter(primary) {
                // `(//A)[k]`, `(//A)[last()]`: a scan and a pick, which the matcher stops at the
                // picked view (`scan-to-pick`).
                b.engine(XPathRootStep())
                b.descendants(filter, unique: true)
                if preds[0].isLast { b.pick(-1) } else if let k = preds[0].constantIndex, k >= 1 { b.pick(k - 1) } else { b.filter(.none) }
            } else {
                // `(//A)[position() < 3]`, `(//A | //B)[2]/C`: the primary has one value whatever
                // the context, so the core selects it once and the predicates filter that list in
                // document order (a filter expression's positions), instead of the interpreter
                // evaluating the whole expression from each input.
                try append(primary, to: &b, source: source, keys: keys, programs: programs)
                b.engine(XPathFilterStep(predicates: preds, keys: keys, programs: programs))
            }
            appendSteps(steps, to: &b, keys: keys, programs: programs)
        default:
            b.engine(XPathExpressionStep(expr: e, keys: keys, programs: programs))
        }
    }

    /// `//A[…]` or `/descendant::A[…]` with core tests only: every view of the document that passes
    /// one core test.
    private static func wholeDocumentFilter(_ e: XExpr) -> Predicate? {
        switch e {
        case .invariant(_, let inner): return wholeDocumentFilter(inner)
        case .path(true, let steps):
            if steps.count == 2, steps[0].isDescendantOrSelfNode, steps[1].axis == .child { return coreFilter(steps[1]) }
            if steps.count == 1, steps[0].axis == .descendant { return coreFilter(steps[0]) }
            return nil
        default: return nil
        }
    }

    /// Whether the expression's value at the top depends on its context node (a relative path
    /// somewhere outside predicates), so that the program must start at the document element.
    private static func readsContext(_ e: XExpr) -> Bool {
        switch e {
        case .path(let absolute, _): return !absolute
        case .invariant: return false
        case .union(let parts): return parts.contains(where: readsContext)
        case .filter(let primary, _, _): return readsContext(primary)
        default: return true
        }
    }

    /// An absolute path, or a union or parenthesised group of them: the same node-set from every
    /// context node.
    private static func isContextFree(_ e: XExpr) -> Bool {
        switch e {
        case .path(let absolute, let steps):
            return absolute && !steps.contains(where: { $0.axis == .attribute || $0.axis == .namespace })
        case .invariant(_, let inner): return isContextFree(inner)
        case .union(let parts): return parts.allSatisfy(isContextFree)
        default: return false
        }
    }

    /// The core's filter for a step's node test and predicates, when all of them translate.
    private static func coreFilter(_ s: XStep) -> Predicate? {
        var parts: [Predicate] = []
        switch s.test {
        case .name(let n): parts.append(.memberOf(n))
        case .any: break
        default: return nil
        }
        for p in s.predicates {
            guard let c = p.core else { return nil }
            parts.append(c)
        }
        return .all(parts)
    }

    /// A step whose predicates are core tests and then one `[k]` or `[last()]`: the filter, and the
    /// position from 0 (-1 for the last; below -1 when `k` is below 1, which no node has).
    static func positionedStep(_ s: XStep) -> (Predicate, Int)? {
        guard let last = s.predicates.last, last.constantIndex != nil || last.isLast else { return nil }
        var parts: [Predicate] = []
        switch s.test {
        case .name(let n): parts.append(.memberOf(n))
        case .any: break
        default: return nil
        }
        for p in s.predicates.dropLast() {
            guard let core = p.core else { return nil }
            parts.append(core)
        }
        let index = last.isLast ? -1 : last.constantIndex! >= 1 ? last.constantIndex! - 1 : -2
        return (.all(parts), index)
    }

    /// `fromRoot`: the list the first step starts from is the root node alone.
    private static func appendSteps(_ steps: [XStep], to b: inout ProgramBuilder, keys: Int,
                                    programs: [Int: SelectorProgram], fromRoot: Bool = false) {
        var i = 0
        var atRoot = fromRoot
        while i < steps.count {
            var s = steps[i]
            var afterDescendants = false
            if s.isDescendantOrSelfNode && i + 1 < steps.count {
                afterDescendants = true
                i += 1
                s = steps[i]
            }
            i += 1
            // `.` (self::node()) without predicates keeps the list as it is.
            if !afterDescendants && s.axis == .self && s.test == .node && s.predicates.isEmpty { continue }
            let fromRootNode = atRoot
            atRoot = false
            if let filter = coreFilter(s) {
                switch (afterDescendants, s.axis) {
                case (true, .child), (_, .descendant):
                    // descendant-or-self::node()/child::X is descendant::X.
                    if fromRootNode { appendDocumentScan(filter, to: &b) } else { b.descendants(filter, unique: true) }
                    continue
                case (true, .self), (_, .descendantOrSelf):
                    b.axis(.descendantsOrSelf, filter: filter, unique: true); continue
                case (false, .child):
                    b.axis(.children, filter: filter, unique: true); b.sortInDocumentOrder(); continue
                case (false, .self):
                    b.filter(filter); continue
                case (false, .parent):
                    b.axis(.parent, filter: filter, unique: true); b.sortInDocumentOrder(); continue
                case (false, .ancestor), (false, .ancestorOrSelf), (false, .followingSibling), (false, .precedingSibling),
                     (false, .following), (false, .preceding):
                    b.axis(s.axis.core!, filter: filter, unique: true); b.sortInDocumentOrder(); continue
                default: break
                }
            }
            if let (filter, index) = positionedStep(s), let axis = s.axis.core, !afterDescendants || s.axis == .child {
                // `A[k]`, `following-sibling::A[1]`, `ancestor::*[last()]`, `//A[2]`: core tests
                // and one position per context node, counted along the axis.
                if index < 0 && index != -1 {
                    b.filter(.none)
                } else if afterDescendants {
                    // `//A[k]`: the `A`s below the inputs standing k-th among their `A` siblings.
                    if fromRootNode { appendDocumentScan(filter, to: &b) } else { b.descendants(filter, unique: true) }
                    b.siblingPosition(SiblingPosition(index, among: filter))
                } else {
                    b.axisPosition(axis, filter: filter, index: index)
                    b.sortInDocumentOrder()
                }
                continue
            }
            // No positional predicate: predicates are per-node tests, so the core walks the axis
            // with the name test and the predicates it can run, and an engine filter does the rest.
            if !s.predicates.contains(where: \.positional), let nameTest = coreFilter(XStep(axis: s.axis, test: s.test, predicates: [])) {
                let core = Predicate.all([nameTest] + s.predicates.compactMap(\.core))
                var rest = s.predicates.filter { $0.core == nil }
                var handled = true
                // What re-selects the step's views around a parent (see `appendStructuralFilters`).
                var stepFilter = core
                var siblingClosed = s.axis == .child || s.axis == .descendant
                switch (afterDescendants, s.axis) {
                case (true, .child), (_, .descendant):
                    if fromRootNode, let (remaining, closed) = appendDocumentBase(rest, core: core, to: &b) {
                        rest = remaining
                        siblingClosed = closed
                    } else if fromRootNode {
                        // Views that share a parent share their proper ancestors, so the step's
                        // views around a parent are those passing the rest of the test.
                        stepFilter = appendDocumentScan(core, to: &b)
                    } else {
                        b.descendants(core, unique: true)
                    }
                case (true, .self), (_, .descendantOrSelf): b.axis(.descendantsOrSelf, filter: core, unique: true)
                case (false, .child): b.axis(.children, filter: core, unique: true); b.sortInDocumentOrder()
                case (false, .self): b.filter(core)
                case (false, .parent): b.axis(.parent, filter: core, unique: true); b.sortInDocumentOrder()
                case (false, .ancestor), (false, .ancestorOrSelf), (false, .followingSibling), (false, .precedingSibling),
                     (false, .following), (false, .preceding):
                    b.axis(s.axis.core!, filter: core, unique: true); b.sortInDocumentOrder()
                default: handled = false
                }
                if handled {
                    // Every view of the step passed `core`, and on the child and descendant axes
                    // every sibling of one that passes `core` is on the axis too (what the parent
                    // filter relies on).
                    let interpreted = appendStructuralFilters(rest, stepFilter: stepFilter, siblingClosed: siblingClosed, to: &b)
                    if !interpreted.isEmpty {
                        b.engine(XPathFilterStep(predicates: interpreted, keys: keys, programs: programs))
                    }
                    continue
                }
            }
            b.engine(XPathStep(step: s, afterDescendants: afterDescendants, keys: keys, programs: programs))
        }
    }
}

// MARK: Ancestors from the root node
//
// From the root node, the views passing `A ∧ hasAncestor(B)` are the descendants passing `A` of the
// views passing `B`: `//A[ancestor::B]` is `//B//A`, the plan Shelley's `B A` has (the matcher
// runs such a chain right to left or left to right by its sample), where the predicate would decide
// `hasAncestor` for every view of the tree first.

extension XPathCompiler {
    /// `p` less one `hasAncestor` conjunct, and that conjunct's predicate.
    static func splitAncestor(_ p: Predicate) -> (ancestor: Predicate, rest: Predicate)? {
        switch p {
        case .hasAncestor(let q): return (q, .any)
        case .and(let parts):
            for (k, part) in parts.enumerated() {
                guard case .hasAncestor(let q) = part else { continue }
                var rest = parts
                rest.remove(at: k)
                return (q, .all(rest))
            }
            return nil
        default: return nil
        }
    }

    /// Appends the steps that select, from the root node, every view passing `p` in document order;
    /// returns `p` less the `hasAncestor` conjuncts the steps took out.
    @discardableResult
    static func appendDocumentScan(_ p: Predicate, to b: inout ProgramBuilder) -> Predicate {
        guard let (ancestor, rest) = splitAncestor(p) else {
            b.descendants(p, unique: true)
            return p
        }
        if ancestor == .any {
            // Some ancestor at all: below a top-level view.
            b.axis(.children, filter: .any, unique: true)
        } else {
            appendDocumentScan(ancestor, to: &b)
        }
        b.descendants(rest, unique: true)
        return rest
    }
}

extension XPathCompiler {
    /// For a step that selects every view of the document passing `core` (`//A[…]` from the root
    /// node) with structural filters among `predicates`: appends steps from the root node that
    /// select the views passing `core` and one of those filters, starting from that filter's
    /// targets, which the other views never need to be visited for: `//A[parent::B]` is `//B/A`,
    /// `//A[B]` is `//B/parent::A` (`//A[.//B]` is the planner's: `Run.fromTargets`). Returns the predicates
    /// left, and whether the list is still closed under siblings passing `core` (after a parent
    /// filter it is: siblings share their parent). nil when `core` has an ancestor conjunct
    /// (`appendDocumentScan` starts from those) or no predicate is a structural filter.
    static func appendDocumentBase(_ predicates: [XPredicate], core: Predicate,
                                   to b: inout ProgramBuilder) -> (rest: [XPredicate], siblingClosed: Bool)? {
        if splitAncestor(core) != nil { return nil }
        let filters = predicates.map(structuralFilter)
        func first(_ kind: (XPathStructuralFilter) -> Bool) -> Int? { filters.firstIndex { $0.map(kind) ?? false } }
        // `[.//B]` is left to the matcher's planner, which runs `//A` with a has-descendant test
        // from B's matches when they are few (`Run.fromTargets`), for every engine.
        guard let k = first({ if case .parent = $0 { return true }; return false })
                ?? first({ if case .child = $0 { return true }; return false }),
              let filter = filters[k] else { return nil }
        var rest = predicates
        rest.remove(at: k)
        switch filter {
        case .parent(let target):
            appendDocumentScan(target, to: &b)
            b.axis(.children, filter: core, unique: true)
            b.sortInDocumentOrder()
            return (rest, true)
        case .child(let target):
            appendDocumentScan(target, to: &b)
            b.axis(.parent, filter: core, unique: true)
        case .descendant:
            return nil
        }
        b.sortInDocumentOrder()
        return (rest, false)
    }
}

// MARK: Path-existence predicates as core steps
//
// Without a positional predicate on the step, each predicate is a test per view, so they may run
// in any order: `[ancestor::A]` is a core predicate already (`corePredicate`); `[.//A]`, `[A]` and
// `[parent::A]` keep the views of the list they hold for, by core steps over the whole list at once.

/// A predicate that holds for a view when a path from it reaches a view passing `target`.
enum XPathStructuralFilter: Equatable {
    /// `[.//A]`, `[descendant::A]`; `[descendant-or-self::A]` includes the view itself.
    case descendant(Predicate, includingSelf: Bool)
    /// `[A]`, `[./A]`, `[child::A]`.
    case child(Predicate)
    /// `[parent::A]`.
    case parent(Predicate)
}

extension XPathCompiler {
    /// `p` as a structural filter, when it is one whose target is a core test.
    static func structuralFilter(_ p: XPredicate) -> XPathStructuralFilter? {
        if p.positional || p.core != nil { return nil }
        if let (descendants, target) = p.existence {
            return descendants ? .descendant(target, includingSelf: false) : .child(target)
        }
        guard case .path(false, var steps) = p.expr else { return nil }
        if steps.count == 2, steps[0].axis == .self, steps[0].test == .node, steps[0].predicates.isEmpty { steps.removeFirst() }
        guard steps.count == 1, let target = coreFilter(steps[0]) else { return nil }
        switch steps[0].axis {
        case .descendantOrSelf: return .descendant(target, includingSelf: true)
        case .parent: return .parent(target)
        default: return nil
        }
    }

    /// Appends core steps that keep the views of the list (those on a step's axis that pass
    /// `stepFilter`, in document order) passing each structural filter of `predicates`; returns
    /// the predicates left for the interpreter, in their order.
    ///
    /// `[parent::A]` goes up to the parents passing `A` and down again to their children passing
    /// `stepFilter`: those are the list's views with such a parent only while the list still holds
    /// every such child, which `siblingClosed` promises for the step's own list (the `child` and
    /// `descendant` axes); so the parent filters come first. `[A]` goes down to the children
    /// passing `A` and up to their parents, which are the list's views with such a child, in the
    /// list's order; `[.//A]` is the core's `Step.hasDescendant`.
    static func appendStructuralFilters(_ predicates: [XPredicate], stepFilter: Predicate, siblingClosed: Bool,
                                        to b: inout ProgramBuilder) -> [XPredicate] {
        var interpreted: [XPredicate] = []
        var below: [XPathStructuralFilter] = []
        for p in predicates {
            switch structuralFilter(p) {
            case .parent(let target)? where siblingClosed:
                b.axis(.parent, filter: target, unique: true)
                b.axis(.children, filter: stepFilter, unique: true)
                b.sortInDocumentOrder()
            case let .descendant(target, includingSelf)?: below.append(.descendant(target, includingSelf: includingSelf))
            case .child(let target)?: below.append(.child(target))
            default:
                interpreted.append(p)
            }
        }
        for filter in below {
            switch filter {
            case let .descendant(target, includingSelf): b.hasDescendant(target, includingSelf: includingSelf)
            case .child(let target):
                b.axis(.children, filter: target, unique: true)
                b.axis(.parent, filter: .any, unique: true)
            case .parent: break
            }
        }
        return interpreted
    }
}

/// The root node: an absolute path's start, whatever the roots handed in.
struct XPathRootStep: EngineStep {
    func apply(to input: [NodeID], in context: inout StepContext) throws(SelectorError) -> [NodeID] {
        input.isEmpty ? [] : [-1]
    }
    var description: String { "xpath /" }
    var isDocumentRoot: Bool { true }
}

/// The context node of a top-level expression: the document element (the first top-level view) in
/// place of the root node the query starts from; a `>>` chain's inputs stay as they are.
struct XPathDocumentElementStep: EngineStep {
    func apply(to input: [NodeID], in context: inout StepContext) throws(SelectorError) -> [NodeID] {
        guard input.contains(where: { $0 < 0 }) else { return input }
        let element = Array(context.startNodes(.roots).prefix(1))
        return (element + input.filter { $0 >= 0 }).sortedUnique()
    }
    var description: String { "xpath context: the document element" }
}

/// One location step the core's steps cannot say: predicates that read XPath values per context
/// node (`[position() < 3]`, `[count(B) > 1]`), positions after such a predicate, steps that may
/// reach the root node (`node()` tests). Its axes are still the core's walks (`XEvaluator`).
struct XPathStep: EngineStep {
    let step: XStep
    /// Preceded by `//`: the step runs from every descendant-or-self of each input.
    let afterDescendants: Bool
    let keys: Int
    /// Core programs for the absolute paths inside the expression (`XExpr.invariant` keys).
    let programs: [Int: SelectorProgram]

    func apply(to input: [NodeID], in context: inout StepContext) throws(SelectorError) -> [NodeID] {
        var ev = XEvaluator(context, programs: programs)
        if afterDescendants && step.axis == .child, let grouped = try groupedChildren(input, &ev, &context) {
            return grouped
        }
        var from = input.map { XNode.element($0) }
        if afterDescendants {
            from = try ev.step(.descendantOrSelfNode, from: from, &context)
        }
        let out = try ev.step(step, from: from, &context)
        return out.compactMap { $0.isAttribute ? nil : $0.node }
    }

    var description: String { "xpath " + (afterDescendants ? "//" : "") + step.text }

    /// `//A[…][2]`: the core scans for every `A` below the inputs (with the predicates before the
    /// first positional one), and the positional ones run per group of children of one parent, in
    /// document order (the child axis's order), instead of walking every node's children.
    private func groupedChildren(_ input: [NodeID], _ ev: inout XEvaluator,
                                 _ context: inout StepContext) throws(SelectorError) -> [NodeID]? {
        var nameTest: Predicate
        switch step.test {
        case .name(let n): nameTest = .memberOf(n)
        case .any: nameTest = .any
        default: return nil
        }
        let leading = step.predicates.prefix { !$0.positional }
        let rest = Array(step.predicates.dropFirst(leading.count))
        nameTest = .all([nameTest] + leading.compactMap(\.core))
        var scan = ProgramBuilder(start: .document)
        scan.descendants(nameTest, unique: true)
        var members = try context.select(scan.build(), from: input)
        if leading.contains(where: { $0.core == nil }) {
            var list = members.map { XNode.element($0) }
            for p in leading where p.core == nil {
                if list.isEmpty { break }
                list = try ev.filter(list, by: p, &context)
            }
            members = list.map(\.node)
        }
        if rest.isEmpty { return members }
        // Group by parent: (parent + 1) in the high half, the view in the low half, sorted.
        var keys = members.map { (Int64(context.parent(of: $0)) + 1) << 32 | Int64($0) }
        keys.sort()
        var out: [XNode] = []
        var group: [XNode] = []
        var i = 0
        while i < keys.count {
            let parent = keys[i] >> 32
            group.removeAll(keepingCapacity: true)
            while i < keys.count && keys[i] >> 32 == parent {
                group.append(.element(Int32(truncatingIfNeeded: keys[i])))
                i += 1
            }
            var g = group
            for p in rest {
                if g.isEmpty { break }
                g = try ev.filter(g, by: p, &context)
            }
            out.append(contentsOf: g)
        }
        try context.charge(keys.count)
        try ev.flush(&context)
        return XEvaluator.sortedUnique(out).map(\.node)
    }
}

/// Predicates applied to the list in document order: after a core step walked an axis with the
/// name test and the predicates the core can run (none of them reads a position there), or to a
/// filter expression's context-free node-set (`(//A)[last()]`), where positions count along the list.
struct XPathFilterStep: EngineStep {
    let predicates: [XPredicate]
    let keys: Int
    let programs: [Int: SelectorProgram]

    func apply(to input: [NodeID], in context: inout StepContext) throws(SelectorError) -> [NodeID] {
        var ev = XEvaluator(context, programs: programs)
        var list = input.map { XNode.element($0) }
        for p in predicates {
            if list.isEmpty { break }
            list = try ev.filter(list, by: p, &context)
        }
        try context.charge(input.count)
        return list.map(\.node)
    }

    var description: String { "xpath filter " + predicates.map { "[" + $0.expr.text + "]" }.joined() }

    /// Predicates that read no position, as core tests exact where the attributes they compare
    /// with numbers hold numbers on every tree (`XPathCompiler.corePredicate(_:numeric:)`).
    func filter(on trees: [ViewTree]) -> Predicate? {
        var names: Set<String> = []
        for tree in trees { names.formUnion(tree.columns.keys) }
        let numeric = names.filter { name in
            trees.allSatisfy { tree in
                guard let column = tree.columns[name] else { return true }
                if case .numbers = column { return true }
                return false
            }
        }
        var parts: [Predicate] = []
        for p in predicates {
            guard !p.positional, let core = p.core ?? XPathCompiler.corePredicate(p.expr, numeric: numeric) else { return nil }
            parts.append(core)
        }
        return .all(parts)
    }
}

/// A whole expression the interpreter evaluates from each input node (filter expressions such as
/// `(//A)[2]`, paths through attributes).
struct XPathExpressionStep: EngineStep {
    let expr: XExpr
    let keys: Int
    let programs: [Int: SelectorProgram]

    func apply(to input: [NodeID], in context: inout StepContext) throws(SelectorError) -> [NodeID] {
        var ev = XEvaluator(context, programs: programs)
        var all: [XNode] = []
        for v in input {
            guard case .nodes(let n) = try ev.eval(expr, .element(v), 1, 1, &context) else { continue }
            all.append(contentsOf: n)
            try ev.settle(&context)
            try context.checkResults(all.count)
        }
        try ev.flush(&context)
        return XEvaluator.sortedUnique(all).compactMap { $0.isAttribute ? nil : $0.node }
    }

    var description: String { "xpath " + expr.text }
}
