#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A predicate resolved against one tree: class names became a per-class mask, string tests a
/// per-distinct-value mask (or a single value id), so that testing a node is a few array loads.
enum ResolvedTest: @unchecked Sendable {
    // @unchecked: the payloads are immutable arrays and @Sendable closures, never mutated after
    // resolution. Only `not` is boxed, for the reason given on `Predicate.not`.
    case constant(Bool)
    case classMask([Bool])
    /// Node passes when `ids[node] == id`.
    case stringID(ContiguousArray<Int32>, Int32)
    /// Node passes when `ids[node] >= 0 && mask[ids[node]]`.
    case stringMask(ContiguousArray<Int32>, [Bool])
    case bools(ContiguousArray<Int8>, Bool)
    case numbers(ContiguousArray<Double>, Comparison, Double)
    case closure(@Sendable (Int32) -> Bool)
    case and([ResolvedTest])
    case or([ResolvedTest])
    indirect case not(ResolvedTest)

    /// The general (slow-path) test of one node.
    func test(_ i: Int32) -> Bool {
        switch self {
        case .constant(let b): return b
        case .classMask: preconditionFailure("class masks are tested with the class column")
        case .stringID(let ids, let id): return ids[Int(i)] == id
        case .stringMask(let ids, let mask):
            let v = ids[Int(i)]
            return v >= 0 && mask[Int(v)]
        case .bools(let col, let want):
            let v = col[Int(i)]
            return v >= 0 && ((v & 1) == 1) == want
        case .numbers(let col, let cmp, let x):
            let v = col[Int(i)]
            return !v.isNaN && cmp.holds(v, x)
        case .closure(let f): return f(i)
        case .and(let parts): return parts.allSatisfy { $0.test(i) }
        case .or(let parts): return parts.contains { $0.test(i) }
        case .not(let p): return !p.test(i)
        }
    }
}

/// What a scan tests per node: an optional class mask and string test on the fast path, and
/// whatever is left as a general test.
struct NodeTest: @unchecked Sendable {
    var never = false
    var classMask: [Bool]? = nil
    var stringIDs: ContiguousArray<Int32>? = nil
    /// With `stringIDs`: either one wanted id (`stringID >= 0`) or a mask over ids.
    var stringID: Int32 = -1
    var stringMask: [Bool]? = nil
    /// A boolean column test (`isHidden`): node passes when the value is present and equals `boolWanted`.
    var boolColumn: ContiguousArray<Int8>? = nil
    var boolWanted = true
    var rest: ResolvedTest? = nil

    /// Whether node `i` passes, given the class column. Used off the hot loops.
    func passes(_ i: Int32, classIDs: ContiguousArray<Int32>) -> Bool {
        if never || i < 0 { return false }
        if let classMask, !classMask[Int(classIDs[Int(i)])] { return false }
        if let ids = stringIDs {
            let v = ids[Int(i)]
            if stringID >= 0 { if v != stringID { return false } }
            else if v < 0 || !stringMask![Int(v)] { return false }
        }
        if let bools = boolColumn {
            let b = bools[Int(i)]
            if b < 0 || ((b & 1) == 1) != boolWanted { return false }
        }
        if let rest, !rest.test(i) { return false }
        return true
    }
}

/// Counters a query fills in.
public struct MatchStatistics: Sendable, Equatable {
    /// String tests evaluated (once per distinct value of a column, never per node).
    public var stringEvaluations = 0
    /// Nodes a scan visited.
    public var nodesScanned = 0
    /// Scans run on more than one thread.
    public var parallelScans = 0
    public init() {}
}

/// Turns predicates into `NodeTest`s for one tree.
struct Resolver {
    let tree: ViewTree
    let predicates: PredicateRegistry
    let matcher: Matcher
    /// The query's deadline: string evaluations (a regex per distinct value) stop there.
    let deadline: ContinuousClock.Instant?
    var statistics = MatchStatistics()

    mutating func nodeTest(_ p: Predicate) throws(SelectorError) -> NodeTest {
        var test = NodeTest()
        let parts: [Predicate]
        switch p {
        case .and(let ps): parts = ps
        default: parts = [p]
        }
        var rest: [ResolvedTest] = []
        for part in parts {
            let r = try resolve(part)
            switch r {
            case .constant(true): continue
            case .constant(false): test.never = true; return test
            case .classMask(let m) where test.classMask == nil:
                if !m.contains(true) { test.never = true; return test }
                test.classMask = m
            case .classMask(let m):
                test.classMask = zip(test.classMask!, m).map { $0 && $1 }
            case .stringID(let ids, let id) where test.stringIDs == nil:
                test.stringIDs = ids; test.stringID = id
            case .stringMask(let ids, let mask) where test.stringIDs == nil:
                if !mask.contains(true) { test.never = true; return test }
                test.stringIDs = ids; test.stringMask = mask
            case .bools(let column, let want) where test.boolColumn == nil:
                test.boolColumn = column; test.boolWanted = want
            default:
                rest.append(r)
            }
        }
        if !rest.isEmpty { test.rest = rest.count == 1 ? rest[0] : .and(rest) }
        return test
    }

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
            guard let column = tree.columns[property] else { return .constant(false) }
            switch column {
            case .bools(let v): return .bools(v, want)
            case .numbers(let v): return .numbers(v, want ? .notEqual : .equal, 0)
            case .strings: return .constant(false)
            default:
                return .closure { [column] i in column.value(at: Int(i))?.boolValue == want }
            }
        case .number(let property, let cmp, let x):
            guard let column = tree.columns[property] else { return .constant(false) }
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
            guard let column = tree.columns[property] else { return .constant(false) }
            return .closure { [column] i in column.value(at: Int(i)) != nil }
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
            var out: [ResolvedTest] = []
            for q in ps {
                let r = try resolve(q)
                if case .constant(false) = r { return r }
                if case .constant(true) = r { continue }
                out.append(r)
            }
            return out.isEmpty ? .constant(true) : (out.count == 1 ? out[0] : .and(out.map(closeClassMask)))
        case .or(let ps):
            var out: [ResolvedTest] = []
            for q in ps {
                let r = try resolve(q)
                if case .constant(true) = r { return r }
                if case .constant(false) = r { continue }
                out.append(closeClassMask(r))
            }
            return out.isEmpty ? .constant(false) : .or(out)
        case .not(let q):
            let r = try resolve(q)
            if case .constant(let b) = r { return .constant(!b) }
            return .not(closeClassMask(r))
        }
    }

    /// Class masks need the class column; nested ones capture it in a closure.
    private func closeClassMask(_ r: ResolvedTest) -> ResolvedTest {
        guard case .classMask(let mask) = r else { return r }
        let classes = tree.classIDs
        return .closure { i in mask[Int(classes[Int(i)])] }
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

/// Per-distinct-value evaluation of the built-in string operations, on raw UTF-8.
struct BuiltinStringEvaluator {
    let test: StringTest
    let needle: [UInt8]
    let foldedNeedle: String

    init(_ test: StringTest) {
        self.test = test
        self.needle = Array(test.value.utf8)
        self.foldedNeedle = test.value.lowercased()
    }

    func matches(_ subject: UnsafeBufferPointer<UInt8>) -> Bool {
        if test.options.contains(.noBreakSpaceAsSpace), containsNoBreakSpace(subject) {
            var copy = [UInt8]()
            copy.reserveCapacity(subject.count)
            var k = 0
            while k < subject.count {
                if k + 1 < subject.count && subject[k] == 0xC2 && subject[k + 1] == 0xA0 {
                    copy.append(0x20); k += 2
                } else { copy.append(subject[k]); k += 1 }
            }
            return copy.withUnsafeBufferPointer { plainMatches($0) }
        }
        return plainMatches(subject)
    }

    private func containsNoBreakSpace(_ s: UnsafeBufferPointer<UInt8>) -> Bool {
        guard s.count >= 2 else { return false }
        for k in 0..<(s.count - 1) where s[k] == 0xC2 && s[k + 1] == 0xA0 { return true }
        return false
    }

    /// Substring search: `memchr` to the next candidate first byte, then `memcmp` (glibc's `memmem`
    /// is a GNU extension the Swift module does not export).
    private func contains(_ hay: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = needle.count
        let first = Int32(needle[0])
        var p = UnsafeRawPointer(hay.baseAddress!)
        let last = UnsafeRawPointer(hay.baseAddress! + (hay.count - n))
        while p <= last {
            guard let q = memchr(p, first, last - p + 1) else { return false }
            if memcmp(q, needle.baseAddress!, n) == 0 { return true }
            p = UnsafeRawPointer(q) + 1
        }
        return false
    }

    private func plainMatches(_ s: UnsafeBufferPointer<UInt8>) -> Bool {
        if test.options.contains(.caseInsensitive) {
            let subject = String(decoding: s, as: UTF8.self).lowercased()
            switch test.operation {
            case .equals: return subject == foldedNeedle
            case .contains: return foldedNeedle.isEmpty || subject.contains(foldedNeedle)
            case .hasPrefix: return subject.hasPrefix(foldedNeedle)
            case .hasSuffix: return subject.hasSuffix(foldedNeedle)
            case .matcher: return false
            }
        }
        let n = needle.count
        switch test.operation {
        case .equals:
            return s.count == n && (n == 0 || memcmp(s.baseAddress!, needle, n) == 0)
        case .hasPrefix:
            return s.count >= n && (n == 0 || memcmp(s.baseAddress!, needle, n) == 0)
        case .hasSuffix:
            return s.count >= n && (n == 0 || memcmp(s.baseAddress! + (s.count - n), needle, n) == 0)
        case .contains:
            if n == 0 { return true }
            guard s.count >= n else { return false }
            return needle.withUnsafeBufferPointer { contains(s, $0) }
        case .matcher:
            return false
        }
    }
}
