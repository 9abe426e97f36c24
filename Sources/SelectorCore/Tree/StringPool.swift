/// The distinct values of one string column, stored once each.
///
/// Values live back to back in one UTF-8 buffer so that a predicate evaluated "once per distinct value"
/// walks contiguous memory instead of chasing one heap object per `String`.
public struct StringPool: Sendable {
    /// UTF-8 bytes of every value, back to back.
    public private(set) var bytes: ContiguousArray<UInt8> = []
    /// `offsets[k] ..< offsets[k + 1]` are the bytes of value `k`.
    public private(set) var offsets: ContiguousArray<Int32> = [0]
    private var index: [String: Int32] = [:]
    /// Whether any value holds U+00A0 (no-break space), kept up to date by `intern` so tests that
    /// normalise it can skip the per-value check when none does.
    public private(set) var containsNoBreakSpace = false

    public init() {}

    /// Number of distinct values.
    public var count: Int { offsets.count - 1 }

    /// The id of `value`, adding it when new.
    public mutating func intern(_ value: String) -> Int32 {
        if let id = index[value] { return id }
        let id = Int32(count)
        if !containsNoBreakSpace && value.unicodeScalars.contains("\u{00A0}") { containsNoBreakSpace = true }
        bytes.append(contentsOf: value.utf8)
        precondition(bytes.count < Int(Int32.max), "string pool exceeds 2 GiB")
        offsets.append(Int32(bytes.count))
        index[value] = id
        return id
    }

    /// The id of `value` if present.
    public func id(of value: String) -> Int32? { index[value] }

    /// Value `id` as a `String`.
    public subscript(id: Int32) -> String {
        let lo = Int(offsets[Int(id)]), hi = Int(offsets[Int(id) + 1])
        return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[lo..<hi]), as: UTF8.self) }
    }

    /// Calls `body` with the UTF-8 bytes of every value in id order; it returns whether to continue.
    @inlinable
    public func withValueBytes<R>(_ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<Int32>) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer { b in try offsets.withUnsafeBufferPointer { o in try body(b, o) } }
    }

    /// Value bytes when an edit first touched this pool or it was last compacted; edits compact it
    /// once it has grown well past that (see `ColumnBuilder.compactIfGrown`).
    var compactionBaseline: Int? = nil

    /// A pool of only the values `ids` refers to, with `ids` renumbered to it.
    ///
    /// Pools only ever grow (values are interned, never removed), so a column edited again and
    /// again (a text field typed into) would keep every value it ever held; this is how an edit
    /// lets go of them.
    func compacted(renumbering ids: inout ContiguousArray<Int32>) -> StringPool {
        var fresh = StringPool()
        var newID = [Int32](repeating: -1, count: count)
        for k in ids.indices {
            let old = ids[k]
            guard old >= 0 else { continue }
            if newID[Int(old)] < 0 { newID[Int(old)] = fresh.intern(self[old]) }
            ids[k] = newID[Int(old)]
        }
        fresh.compactionBaseline = fresh.bytes.count
        return fresh
    }

    /// Heap bytes held (values, offsets; the lookup index is estimated).
    public var approximateBytes: Int { bytes.count + offsets.count * 4 + index.count * 40 }
}
