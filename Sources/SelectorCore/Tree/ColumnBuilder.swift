/// A property column under construction: picks its storage from the first value and falls back to
/// `.generic` when a later value does not fit.
enum ColumnBuilder {
    case strings(ContiguousArray<Int32>, StringPool)
    case numbers(ContiguousArray<Double>)
    case bools(ContiguousArray<Int8>)
    case frames(ContiguousArray<Rect>)
    case generic([Int32: JSONValue])

    /// Integers beyond 2^53 lose precision as `Double`; they stay generic.
    static let exactDoubleLimit: Int64 = 1 << 53

    init(name: String, first: JSONValue) {
        switch first {
        case .string: self = .strings([], StringPool())
        case .bool: self = .bools([])
        case .int(let i) where (i == 0 || i == 1) && ColumnBuilder.looksBoolean(name): self = .bools([])
        case .int(let i) where i.magnitude <= ColumnBuilder.exactDoubleLimit: self = .numbers([])
        case .double: self = .numbers([])
        case .object where Rect(json: first) != nil: self = .frames([])
        default: self = .generic([:])
        }
    }

    /// `isHidden`, `isEnabled`, ... are BOOL properties in UIKit even when a dump writes 0/1.
    static func looksBoolean(_ name: String) -> Bool {
        guard name.hasPrefix("is"), let third = name.dropFirst(2).first else { return false }
        return third.isUppercase
    }

    mutating func set(_ value: JSONValue, at node: Int) {
        switch (self, value) {
        case (.strings(var ids, var pool), .string(let s)):
            self = .generic([:])  // release our reference so the arrays stay uniquely owned
            pad(&ids, to: node, with: -1)
            ids[node] = pool.intern(s)
            self = .strings(ids, pool)
        case (.numbers(var v), .int(let i)) where i.magnitude <= ColumnBuilder.exactDoubleLimit:
            self = .generic([:])
            pad(&v, to: node, with: .nan)
            v[node] = Double(i)
            self = .numbers(v)
        case (.numbers(var v), .double(let d)) where !d.isNaN:
            self = .generic([:])
            pad(&v, to: node, with: .nan)
            v[node] = d
            self = .numbers(v)
        case (.bools(var v), .bool(let b)):
            self = .generic([:])
            pad(&v, to: node, with: -1)
            v[node] = b ? 3 : 2
            self = .bools(v)
        case (.bools(var v), .int(let i)) where i == 0 || i == 1:
            self = .generic([:])
            pad(&v, to: node, with: -1)
            v[node] = Int8(i)
            self = .bools(v)
        case (.frames(var v), _):
            if let r = Rect(json: value) {
                self = .generic([:])
                pad(&v, to: node, with: Rect.absent)
                v[node] = r
                self = .frames(v)
            } else {
                promoteToGeneric()
                set(value, at: node)
            }
        case (.generic(var d), _):
            self = .generic([:])
            d[Int32(node)] = value
            self = .generic(d)
        default:
            promoteToGeneric()
            set(value, at: node)
        }
    }

    /// Sets a string without building a `JSONValue` (the loader's hot path).
    mutating func setString(_ s: String, at node: Int) {
        if case .strings(var ids, var pool) = self {
            self = .generic([:])
            pad(&ids, to: node, with: -1)
            ids[node] = pool.intern(s)
            self = .strings(ids, pool)
        } else {
            set(.string(s), at: node)
        }
    }

    /// Sets a frame without a `JSONValue` round trip.
    mutating func setFrame(_ r: Rect, at node: Int) {
        if case .frames(var v) = self {
            self = .generic([:])
            pad(&v, to: node, with: Rect.absent)
            v[node] = r
            self = .frames(v)
        } else {
            set(r.json, at: node)
        }
    }

    private func pad<T>(_ a: inout ContiguousArray<T>, to node: Int, with absent: T) {
        if a.count <= node {
            a.reserveCapacity(Swift.max(node + 1, a.count * 2))
            a.append(contentsOf: repeatElement(absent, count: node + 1 - a.count))
        }
    }

    private mutating func promoteToGeneric() {
        let col = finish(count: 0)
        var d: [Int32: JSONValue] = [:]
        let n: Int
        switch self {
        case .strings(let ids, _): n = ids.count
        case .numbers(let v): n = v.count
        case .bools(let v): n = v.count
        case .frames(let v): n = v.count
        case .generic: return
        }
        for i in 0..<n { if let v = col.value(at: i) { d[Int32(i)] = v } }
        self = .generic(d)
    }

    /// The finished column, padded to `count` nodes.
    func finish(count: Int) -> PropertyColumn {
        func padded<T>(_ a: ContiguousArray<T>, _ absent: T) -> ContiguousArray<T> {
            guard a.count < count else { return a }
            var b = a
            b.append(contentsOf: repeatElement(absent, count: count - a.count))
            return b
        }
        switch self {
        case .strings(let ids, let pool): return .strings(ids: padded(ids, -1), pool: pool)
        case .numbers(let v): return .numbers(padded(v, .nan))
        case .bools(let v): return .bools(padded(v, -1))
        case .frames(let v): return .frames(padded(v, Rect.absent))
        case .generic(let d): return .generic(d)
        }
    }
}

extension PropertyColumn {
    /// The column with rows reordered: row `k` of the result is row `order[k]` of this one.
    func gathered(_ order: [Int32]) -> PropertyColumn {
        switch self {
        case .strings(let ids, let pool): return .strings(ids: ContiguousArray(order.map { ids[Int($0)] }), pool: pool)
        case .numbers(let v): return .numbers(ContiguousArray(order.map { v[Int($0)] }))
        case .bools(let v): return .bools(ContiguousArray(order.map { v[Int($0)] }))
        case .frames(let v): return .frames(ContiguousArray(order.map { v[Int($0)] }))
        case .generic(let d):
            var inverse = [Int32: Int32]()
            for (k, old) in order.enumerated() where d[old] != nil { inverse[old] = Int32(k) }
            var out: [Int32: JSONValue] = [:]
            for (old, v) in d { if let k = inverse[old] { out[k] = v } }
            return .generic(out)
        }
    }
}
