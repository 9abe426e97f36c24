/// Turns predicates into `NodeTest`s for one tree.
struct Resolver {
    let tree: ViewTree
    let predicates: PredicateRegistry
    let matcher: Matcher
    /// The query's deadline: string evaluations (a regex per distinct value) stop there.
    let deadline: MatchDeadline
    var statistics = MatchStatistics()
    /// Engine structural tests already decided in this query, by description: a program that
    /// repeats one (Maestro's on-screen test in every scan, its references' too) pays one pass.
    var structuralAnswers: [String: ResolvedTest] = [:]

    mutating func resolve(_ p: Predicate) throws(SelectorError) -> ResolvedTest {
        switch p {
        case .any: return .constant(true)
        case .none: return .constant(false)
        case .kindOf(let name):
            let mask = tree.classes.kindMask(of: name)
            return mask.contains(true) ? .classMask(mask) : .constant(false)
        case .memberOf(let name):
            let mask = tree.classes.memberMask(of: name)
            return mask.contains(true) ? .classMask(mask) : .constant(false)
        case .string(let property, let test):
            return try resolveString(property, test)
        case .bool(let property, let want):
            guard let column = tree.columns[property] else {
                // A frame's part is a number, and numbers read as non-zero.
                guard let (frames, component) = tree.frameComponent(property) else { return .constant(false) }
                return .closure { i in
                    let r = frames[Int(i)]
                    return !r.isAbsent && (component.read(r) != 0) == want
                }
            }
            switch column {
            case .bools(let v): return .bools(v, want)
            case .numbers(let v): return .numbers(v, want ? .notEqual : .equal, 0)
            case .strings: return .constant(false)
            default:
                return .closure { [column] i in column.value(at: Int(i))?.boolValue == want }
            }
        case .number(let property, let cmp, let x):
            guard let column = tree.columns[property] else {
                guard let (frames, component) = tree.frameComponent(property) else { return .constant(false) }
                return .closure { i in
                    let r = frames[Int(i)]
                    return !r.isAbsent && cmp.holds(component.read(r), x)
                }
            }
            switch column {
            case .numbers(let v): return .numbers(v, cmp, x)
            case .bools(let v):
                return .closure { i in
                    let b = v[Int(i)]
                    return b >= 0 && cmp.holds(Double(b & 1), x)
                }
            case .strings: return .constant(false)
            default:
                return .closure { [column] i in
                    guard let n = column.value(at: Int(i))?.numberValue else { return false }
                    return cmp.holds(n, x)
                }
            }
        case .hasProperty(let property):
            if property == "class" { return .constant(true) }
            guard let column = tree.columns[property] else {
                guard let (frames, _) = tree.frameComponent(property) else { return .constant(false) }
                return .closure { i in !frames[Int(i)].isAbsent }
            }
            // Presence straight from the typed column: building each node's value to compare it
            // with nil made `has(text)` (uiselector's fallbacks test it) cost tens of ms per 10^6
            // views. A string column's presence is a value mask with every value set, which the
            // scan runs on its fast path.
            switch column {
            case .strings(let ids, let pool):
                return .stringMask(ids, [Bool](repeating: true, count: pool.count))
            case .numbers(let v): return .closure { i in !v[Int(i)].isNaN }
            case .bools(let v): return .closure { i in v[Int(i)] >= 0 }
            case .frames(let v): return .closure { i in !v[Int(i)].isAbsent }
            case .generic(let d): return .closure { i in d[i] != nil }
            }
        case .custom(let name, let arguments):
            if let custom = predicates.predicate(named: name) {
                if let arity = custom.arity, arity != arguments.count {
                    throw SelectorError(.usage, "\(name) takes \(arity) arguments, but \(arguments.count) were supplied")
                }
                let tree = self.tree
                return .closure { i in custom.test(tree, i, arguments) }
            }
            if arguments.isEmpty { return try resolve(.bool(property: name, true)) }
            return .constant(false)
        case .and(let ps):
            // The class table is finite, so every class test of a conjunction (FRY's
            // `¬kindOf(UIApplication) ∧ kindOf(C)`, Shelley's `parent` filters) is one class set:
            // the node test then reads one mask on the scan's fast path, as for `kindOf(C)` alone.
            // Nested conjunctions are flattened so that their class tests join the same set.
            var out: [ResolvedTest] = []
            var classes: [Bool]? = nil
            var pending = ps.reversed().map { ResolvedPart.predicate($0) }
            while let next = pending.popLast() {
                let r: ResolvedTest
                switch next {
                case .predicate(let q): r = try resolve(q)
                case .resolved(let done): r = done
                }
                switch r {
                case .constant(false): return r
                case .constant(true): continue
                case .classMask(let m):
                    classes = classes.map { zip($0, m).map { $0 && $1 } } ?? m
                    if !classes!.contains(true) { return .constant(false) }
                case .and(let subs): pending.append(contentsOf: subs.reversed().map(ResolvedPart.resolved))
                default: out.append(r)
                }
            }
            // Every class passes: the set says nothing.
            if let m = classes, m.contains(false) { out.insert(.classMask(m), at: 0) }
            return out.isEmpty ? .constant(true) : (out.count == 1 ? out[0] : .and(out))
        case .or(let ps):
            var out: [ResolvedTest] = []
            // Arms that test one string property merge into one per-value mask (`@a='x' or
            // @a='y'`, `marked:'x' or marked:'y'`): the node test stays a single mask lookup, on
            // the scan's fast path, instead of a chain of tests per node.
            var maskArm: [String: Int] = [:]
            var classArm: Int? = nil
            for q in ps {
                let r = try resolve(q)
                if case .constant(true) = r { return r }
                if case .constant(false) = r { continue }
                if case .string(let property, _) = q, property != "class", Self.isValueTest(r) {
                    // A lone arm keeps its form: one wanted id stays a compare, not a mask the
                    // size of the column's values (a million for `uid`).
                    if let at = maskArm[property], case (let ids, var merged)? = valueMask(out[at], property) {
                        // A wanted id sets one entry: FRY's label writes one arm per way a
                        // newline can stand for a space, and each would otherwise cost a mask.
                        out[at] = .constant(false)
                        switch r {
                        case .stringID(_, let id): merged[Int(id)] = true
                        case .stringMask(_, let mask):
                            for k in mask.indices where mask[k] { merged[k] = true }
                        default: preconditionFailure("a value test is an id or a mask")
                        }
                        out[at] = .stringMask(ids, merged)
                    } else {
                        maskArm[property] = out.count
                        out.append(r)
                    }
                    continue
                }
                if case .classMask(let m) = r {
                    // Class arms are one class set too (`kindOf(A) ∨ kindOf(B)`).
                    if let at = classArm, case .classMask(let earlier) = out[at] {
                        let union = zip(earlier, m).map { $0 || $1 }
                        if !union.contains(false) { return .constant(true) }
                        out[at] = .classMask(union)
                    } else {
                        classArm = out.count
                        out.append(r)
                    }
                    continue
                }
                out.append(r)
            }
            if out.isEmpty { return .constant(false) }
            return out.count == 1 ? out[0] : .or(out.map(closeClassMask))
        case .hasAncestor(let q): return try resolveHasAncestor(q)
        case let .hasRelative(relative, q): return try resolveHasRelative(relative, q)
        case .structural(let condition): return try resolveStructural(condition.test)
        case let .bitsSet(property, mask): return resolveBits(property, mask)
        case .not(let q):
            let r = try resolve(q)
            if case .constant(let b) = r { return .constant(!b) }
            // A class set's complement is a class set (the application's never matching, in FRY).
            if case .classMask(let m) = r {
                let complement = m.map { !$0 }
                return complement.contains(true) ? .classMask(complement) : .constant(false)
            }
            return .not(closeClassMask(r))
        }
    }

    /// A conjunction's part: a predicate still to resolve, or a nested conjunction's resolved part.
    private enum ResolvedPart {
        case predicate(Predicate)
        case resolved(ResolvedTest)
    }

    private static func isValueTest(_ r: ResolvedTest) -> Bool {
        switch r {
        case .stringID, .stringMask: return true
        default: return false
        }
    }

    /// A resolved test on the strings column `property` as a per-value mask.
    private func valueMask(_ r: ResolvedTest, _ property: String) -> (ContiguousArray<Int32>, [Bool])? {
        switch r {
        case .stringMask(let ids, let mask): return (ids, mask)
        case .stringID(let ids, let id):
            guard case .strings(_, let pool)? = tree.columns[property] else { return nil }
            var mask = [Bool](repeating: false, count: pool.count)
            mask[Int(id)] = true
            return (ids, mask)
        default: return nil
        }
    }

    /// A resolved test fit to nest in an `or` or a `not`: a class set is tested on the class
    /// column, so inside one it is a value mask over the class ids (every view has a class, so
    /// no id is -1), which the flat test reads as a column (`FlatTest`) instead of calling a
    /// closure per view. A conjunction's class set, which `resolve` leaves open for `nodeTest`'s
    /// fast path, is closed the same way.
    private func closeClassMask(_ r: ResolvedTest) -> ResolvedTest {
        switch r {
        case .classMask(let mask): return .stringMask(tree.classIDs, mask)
        case .and(let parts): return .and(parts.map(closeClassMask))
        default: return r
        }
    }

    private mutating func resolveString(_ property: String, _ test: StringTest) throws(SelectorError) -> ResolvedTest {
        if property == "class" {
            // The class name is a string property too (e.g. a regex over class names).
            let names = tree.classes.names
            var pool = StringPool()
            for n in names { _ = pool.intern(n) }
            let mask = try matcher.evaluate(test, over: pool, deadline: deadline, statistics: &statistics)
            return mask.contains(true) ? .classMask(mask) : .constant(false)
        }
        guard let column = tree.columns[property] else { return .constant(false) }
        if test.options.contains(.booleanAsText) {
            // The texts a JSON boolean reads as, tested once each; a string column as without the option.
            var plain = test
            plain.options.remove(.booleanAsText)
            switch column {
            case .bools(let v):
                var pool = StringPool()
                _ = pool.intern("false"); _ = pool.intern("true")
                let mask = try matcher.evaluate(plain, over: pool, deadline: deadline, statistics: &statistics)
                // Codes 2 and 3 are JSON false and true; 0 and 1 were numbers.
                return mask.contains(true) ? .closure { i in let b = v[Int(i)]; return b >= 2 && mask[Int(b - 2)] } : .constant(false)
            case .generic(let values):
                var pool = StringPool()
                var idOf: [Int32: Int32] = [:]
                for (node, value) in values {
                    if case .string(let s) = value { idOf[node] = pool.intern(s) }
                    if case .bool(let b) = value { idOf[node] = pool.intern(b ? "true" : "false") }
                }
                let mask = try matcher.evaluate(plain, over: pool, deadline: deadline, statistics: &statistics)
                let ids = idOf
                return .closure { i in ids[i].map { mask[Int($0)] } ?? false }
            default:
                return try resolveString(property, plain)
            }
        }
        switch column {
        case .strings(let ids, let pool):
            if case .equals = test.operation, test.options.isEmpty {
                guard let id = pool.id(of: test.value) else { return .constant(false) }
                return .stringID(ids, id)
            }
            let mask = try matcher.evaluate(test, over: pool, deadline: deadline, statistics: &statistics)
            return mask.contains(true) ? .stringMask(ids, mask) : .constant(false)
        case .generic(let values):
            // Rare: a property whose values are of mixed types. Evaluate the string ones.
            var pool = StringPool()
            var idOf: [Int32: Int32] = [:]
            for (node, v) in values { if case .string(let s) = v { idOf[node] = pool.intern(s) } }
            let mask = try matcher.evaluate(test, over: pool, deadline: deadline, statistics: &statistics)
            let ids = idOf
            return .closure { i in ids[i].map { mask[Int($0)] } ?? false }
        default:
            return .constant(false)
        }
    }
}
