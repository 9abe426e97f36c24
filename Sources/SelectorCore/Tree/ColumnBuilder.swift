/// A property column under construction: picks its storage from the first value and falls back to
/// generic storage when a later value does not fit.
///
/// A struct of separate arrays rather than an enum with payloads: mutating an enum payload in place
/// needs the payload moved out first, and a stray copy there makes every append copy the whole
/// column (quadratic loading). Plain stored arrays are always mutated in place.
struct ColumnBuilder {
    enum Kind { case strings, numbers, bools, frames, generic }

    /// nil until the first value picks the storage.
    private(set) var kind: Kind?
    private var ids: ContiguousArray<Int32> = []
    private var pool = StringPool()
    private var numbers: ContiguousArray<Double> = []
    private var bools: ContiguousArray<Int8> = []
    private var frames: ContiguousArray<Rect> = []
    private var generic: [Int32: JSONValue] = [:]

    /// Integers beyond 2^53 lose precision as `Double`; they stay generic.
    static let exactDoubleLimit: Int64 = 1 << 53

    init(kind: Kind?) { self.kind = kind }

    /// Bytes this column takes per view once `finish(count:)` pads it to the tree's size (generic
    /// columns are sparse and cost only their values).
    var paddedBytesPerView: Int {
        switch kind {
        case .strings: return MemoryLayout<Int32>.stride
        case .numbers: return MemoryLayout<Double>.stride
        case .bools: return MemoryLayout<Int8>.stride
        case .frames: return MemoryLayout<Rect>.stride
        case .generic, nil: return 0
        }
    }

    init(name: String, first: JSONValue) {
        switch first {
        case .string: kind = .strings
        case .bool: kind = .bools
        // `isHidden`, `isEnabled`, ... are BOOL properties in UIKit even when a dump writes 0/1.
        case .int(let i) where (i == 0 || i == 1) && PropertyName.isIsForm(name): kind = .bools
        case .int(let i) where i.magnitude <= ColumnBuilder.exactDoubleLimit: kind = .numbers
        case .double: kind = .numbers
        case .object where Rect(json: first) != nil: kind = .frames
        default: kind = .generic
        }
    }

    /// A builder holding an existing column's values, ready for edits.
    init(_ column: PropertyColumn) {
        switch column {
        case .strings(let i, let p):
            kind = .strings; ids = i; pool = p
            if pool.compactionBaseline == nil { pool.compactionBaseline = pool.bytes.count }
        case .numbers(let v): kind = .numbers; numbers = v
        case .bools(let v): kind = .bools; bools = v
        case .frames(let v): kind = .frames; frames = v
        case .generic(let d): kind = .generic; generic = d
        }
    }

    @inline(__always)
    private static func pad<T>(_ a: inout ContiguousArray<T>, to node: Int, with absent: T) {
        // Plain appends: their geometric growth keeps this amortised O(1). (An explicit
        // `reserveCapacity(count * 2)` here reallocated on every call: quadratic.)
        while a.count <= node { a.append(absent) }
    }

    mutating func set(_ value: JSONValue, at node: Int, name: String = "") {
        if kind == nil { self = ColumnBuilder(name: name, first: value) }
        switch (kind!, value) {
        case (.strings, .string(let s)):
            setString(s, at: node)
        case (.numbers, .int(let i)) where i.magnitude <= ColumnBuilder.exactDoubleLimit:
            Self.pad(&numbers, to: node, with: .nan); numbers[node] = Double(i)
        case (.numbers, .double(let d)):
            Self.pad(&numbers, to: node, with: .nan); numbers[node] = d
        case (.bools, .bool(let b)):
            Self.pad(&bools, to: node, with: -1); bools[node] = b ? 3 : 2
        case (.bools, .int(let i)) where i == 0 || i == 1:
            Self.pad(&bools, to: node, with: -1); bools[node] = Int8(i)
        case (.frames, _):
            if let r = Rect(json: value) { setFrame(r, at: node) } else { promoteToGeneric(); generic[Int32(node)] = value }
        case (.generic, _):
            generic[Int32(node)] = value
        default:
            promoteToGeneric()
            generic[Int32(node)] = value
        }
    }

    /// Sets a string without building a `JSONValue` (the loader's hot path).
    mutating func setString(_ s: String, at node: Int) {
        if kind == nil { kind = .strings }
        guard kind == .strings else { set(.string(s), at: node); return }
        Self.pad(&ids, to: node, with: -1)
        ids[node] = pool.intern(s)
    }

    /// Sets an ASCII string from its bytes, without building a `String` unless the column holds
    /// something other than strings.
    mutating func setASCII(_ ascii: UnsafeBufferPointer<UInt8>, at node: Int) {
        if kind == nil { kind = .strings }
        guard kind == .strings else { set(.string(String(decoding: ascii, as: UTF8.self)), at: node); return }
        Self.pad(&ids, to: node, with: -1)
        ids[node] = pool.internASCII(ascii)
    }

    /// Sets a frame without a `JSONValue` round trip.
    mutating func setFrame(_ r: Rect, at node: Int) {
        if kind == nil { kind = .frames }
        guard kind == .frames else { set(r.json, at: node); return }
        Self.pad(&frames, to: node, with: Rect.absent)
        frames[node] = r
    }

    /// After edits: drops the string values no node refers to any more, once the pool has grown
    /// past twice its size at the last compaction (plus 1 MiB). Each compaction costs one pass
    /// over the column and is paid for by at least that many bytes of edits, so a column edited
    /// forever stays within about three times its live values.
    mutating func compactIfGrown() {
        guard kind == .strings, let baseline = pool.compactionBaseline,
              pool.bytes.count > 2 * baseline + (1 << 20) else { return }
        pool = pool.compacted(renumbering: &ids)
    }

    /// Removes the value at `node`.
    mutating func clear(at node: Int) {
        switch kind ?? .generic {
        case .strings: if node < ids.count { ids[node] = -1 }
        case .numbers: if node < numbers.count { numbers[node] = .nan }
        case .bools: if node < bools.count { bools[node] = -1 }
        case .frames: if node < frames.count { frames[node] = Rect.absent }
        case .generic: generic[Int32(node)] = nil
        }
    }

    private mutating func promoteToGeneric() {
        guard kind != .generic, let current = kind else { kind = .generic; return }
        let column = finish(count: 0)
        let n: Int
        switch current {
        case .strings: n = ids.count
        case .numbers: n = numbers.count
        case .bools: n = bools.count
        case .frames: n = frames.count
        case .generic: n = 0
        }
        var d: [Int32: JSONValue] = [:]
        for i in 0..<n { if let v = column.value(at: i) { d[Int32(i)] = v } }
        kind = .generic
        generic = d
        ids = []; numbers = []; bools = []; frames = []; pool = StringPool()
    }

    /// The finished column, padded to `count` nodes.
    func finish(count: Int) -> PropertyColumn {
        func padded<T>(_ a: ContiguousArray<T>, _ absent: T) -> ContiguousArray<T> {
            guard a.count < count else { return a }
            var b = a
            b.append(contentsOf: repeatElement(absent, count: count - a.count))
            return b
        }
        switch kind ?? .generic {
        case .strings: return .strings(ids: padded(ids, -1), pool: pool)
        case .numbers: return .numbers(padded(numbers, .nan))
        case .bools: return .bools(padded(bools, -1))
        case .frames: return .frames(padded(frames, Rect.absent))
        case .generic: return .generic(generic)
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
