#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The distinct values of one string column, stored once each.
///
/// Values live back to back in one UTF-8 buffer so that a predicate evaluated "once per distinct value"
/// walks contiguous memory instead of chasing one heap object per `String`.
public struct StringPool: Sendable {
    /// UTF-8 bytes of every value, back to back.
    public private(set) var bytes: ContiguousArray<UInt8> = []
    /// `offsets[k] ..< offsets[k + 1]` are the bytes of value `k`.
    public private(set) var offsets: ContiguousArray<Int32> = [0]
    /// Values by `String` (so canonically equivalent spellings share an id, as `==` says): every
    /// value that is not ASCII, and the ASCII ones too once a value that is not ASCII was added
    /// (`indexCoversASCII`). ASCII values are found through `asciiSlots` without a `String`.
    private var index: [String: Int32] = [:]
    /// Open addressing over the ASCII values' ids (id + 1; 0 is empty), by a seeded hash of the
    /// bytes, compared byte for byte. A loader's value costs a hash and a `memcmp` instead of a
    /// `String` built, hashed and compared (a sixth of loading a generated /dump).
    private var asciiSlots: [Int32] = []
    private var asciiCount = 0
    private var indexCoversASCII = false
    /// Whether any value holds U+00A0 (no-break space), kept up to date by `intern` so tests that
    /// normalise it can skip the per-value check when none does.
    public private(set) var containsNoBreakSpace = false

    public init() {}

    /// Number of distinct values.
    public var count: Int { offsets.count - 1 }

    /// The id of `value`, adding it when new.
    public mutating func intern(_ value: String) -> Int32 {
        var value = value
        if let id = value.withUTF8({ Self.isASCII($0) ? internASCII($0) : nil }) { return id }
        if !indexCoversASCII {
            // A value that is not ASCII may equal an ASCII one (the Kelvin sign is `K`): from now
            // on the `String` index holds every value.
            let ascii = bytes.withUnsafeBufferPointer { b in
                (0..<count).filter { k in Self.isASCII(UnsafeBufferPointer(rebasing: b[Int(offsets[k])..<Int(offsets[k + 1])])) }
            }
            for k in ascii { index[self[Int32(k)]] = Int32(k) }
            indexCoversASCII = true
        }
        if let id = index[value] { return id }
        let id = append(value.utf8)
        if !containsNoBreakSpace && value.unicodeScalars.contains("\u{00A0}") { containsNoBreakSpace = true }
        index[value] = id
        return id
    }

    /// The id of the ASCII value `ascii`, adding it when new.
    mutating func internASCII(_ ascii: UnsafeBufferPointer<UInt8>) -> Int32 {
        if let id = asciiID(ascii) { return id }
        // With values that are not ASCII about, one of them may equal this (the Kelvin sign, `K`).
        let value = indexCoversASCII ? String(decoding: ascii, as: UTF8.self) : nil
        if let value, let id = index[value] { return id }
        let id = append(ascii)
        insertASCII(id, ascii)
        if let value { index[value] = id }
        return id
    }

    /// The id of `value` if present.
    public func id(of value: String) -> Int32? {
        var value = value
        if let found = value.withUTF8({ Self.isASCII($0) ? asciiID($0) : nil }) { return found }
        if indexCoversASCII { return index[value] }
        // Only ASCII values, none of which is these bytes; a value that is not ASCII may still
        // equal one of them (the Kelvin sign and `K`): rare enough for a pass over the values.
        if value.utf8.allSatisfy({ $0 < 0x80 }) { return nil }
        for k in 0..<count where self[Int32(k)] == value { return Int32(k) }
        return nil
    }

    private mutating func append<C: Collection>(_ utf8: C) -> Int32 where C.Element == UInt8 {
        let id = Int32(count)
        bytes.append(contentsOf: utf8)
        precondition(bytes.count < Int(Int32.max), "string pool exceeds 2 GiB")
        offsets.append(Int32(bytes.count))
        return id
    }

    @inline(__always) private static func isASCII(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        for x in b where x >= 0x80 { return false }
        return true
    }

    @inline(__always) private static func hash(_ b: UnsafeBufferPointer<UInt8>) -> Int {
        var h = Hasher()
        h.combine(bytes: UnsafeRawBufferPointer(b))
        return h.finalize()
    }

    private func asciiID(_ key: UnsafeBufferPointer<UInt8>) -> Int32? {
        guard !asciiSlots.isEmpty else { return nil }
        let mask = asciiSlots.count - 1
        var slot = Self.hash(key) & mask
        return bytes.withUnsafeBufferPointer { stored in
            while true {
                let entry = asciiSlots[slot]
                if entry == 0 { return nil }
                let lo = Int(offsets[Int(entry - 1)]), hi = Int(offsets[Int(entry)])
                if hi - lo == key.count && (key.isEmpty || memcmp(stored.baseAddress! + lo, key.baseAddress!, key.count) == 0) {
                    return entry - 1
                }
                slot = (slot + 1) & mask
            }
        }
    }

    private mutating func insertASCII(_ id: Int32, _ key: UnsafeBufferPointer<UInt8>) {
        asciiCount += 1
        if asciiCount * 2 > asciiSlots.count {
            // Grow at half full; every ASCII value is re-slotted from its stored bytes.
            var fresh = [Int32](repeating: 0, count: max(64, asciiSlots.count * 2))
            let mask = fresh.count - 1
            bytes.withUnsafeBufferPointer { stored in
                for entry in asciiSlots where entry != 0 {
                    let lo = Int(offsets[Int(entry - 1)]), hi = Int(offsets[Int(entry)])
                    var slot = Self.hash(UnsafeBufferPointer(rebasing: stored[lo..<hi])) & mask
                    while fresh[slot] != 0 { slot = (slot + 1) & mask }
                    fresh[slot] = entry
                }
            }
            asciiSlots = fresh
        }
        let mask = asciiSlots.count - 1
        var slot = Self.hash(key) & mask
        while asciiSlots[slot] != 0 { slot = (slot + 1) & mask }
        asciiSlots[slot] = id + 1
    }

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
    public var approximateBytes: Int { bytes.count + offsets.count * 4 + index.count * 40 + asciiSlots.count * 4 }
}
