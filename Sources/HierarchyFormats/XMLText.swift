import SelectorCore

/// Attribute values read straight from libxml2's UTF-8 bytes, with the results `TreeSink.typed`
/// gives for the same text: the common shapes (short integers, `true`/`false`) without a `String`,
/// everything else through the `String` path.
enum XMLText {
    /// The text as a `String` (libxml2 hands over valid UTF-8; anything else would be repaired).
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// `Int64(text)` for an optional sign and up to 18 digits (no overflow possible); nil otherwise,
    /// including for text `Int64.init` would still accept.
    @inline(__always)
    static func shortInteger(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        var i = 0, negative = false
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            i = 1
        }
        let digits = bytes.count - i
        guard digits > 0 && digits <= 18 else { return nil }
        var value: Int64 = 0
        while i < bytes.count {
            let d = bytes[i] &- UInt8(ascii: "0")
            guard d < 10 else { return nil }
            value = value &* 10 &+ Int64(d)
            i += 1
        }
        return negative ? -value : value
    }

    /// `TreeSink.typed(text, kind)`.
    @inline(__always)
    static func typed(_ bytes: UnsafeBufferPointer<UInt8>, _ kind: AttributeKind) -> JSONValue {
        switch kind {
        case .string: return .string(string(bytes))
        case .number:
            if let i = shortInteger(bytes) { return .int(i) }
        case .bool:
            if let b = boolean(bytes) { return .bool(b) }
        }
        return TreeSink.typed(string(bytes), kind)
    }

    /// The booleans `TreeSink.typed` accepts: `true 1 YES yes`, `false 0 NO no`.
    @inline(__always)
    static func boolean(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        switch bytes.count {
        case 1: return bytes[0] == UInt8(ascii: "1") ? true : bytes[0] == UInt8(ascii: "0") ? false : nil
        case 2:
            if bytes[0] == UInt8(ascii: "N") && bytes[1] == UInt8(ascii: "O") { return false }
            if bytes[0] == UInt8(ascii: "n") && bytes[1] == UInt8(ascii: "o") { return false }
            return nil
        case 3: return equals(bytes, "YES") || equals(bytes, "yes") ? true : nil
        case 4: return equals(bytes, "true") ? true : nil
        case 5: return equals(bytes, "false") ? false : nil
        default: return nil
        }
    }

    /// `Double(text)`, without a `String` for integers.
    @inline(__always)
    static func double(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        // "-0" is -0.0 to Double.init but 0 as an integer.
        if let i = shortInteger(bytes), i != 0 || bytes.first != UInt8(ascii: "-") { return Double(i) }
        return Double(string(bytes))
    }

    /// Whether the value is exactly `text`.
    @inline(__always)
    static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
        text.withUTF8Buffer { sameBytes($0, bytes) }
    }
}

/// `String`s for values that repeat (class names, XCUITest types), keyed by their bytes, so a
/// repeated value costs a hash of its bytes instead of a new `String`. Holds at most `limit`
/// values; past that it makes a new `String` each time.
struct XMLStringCache {
    private var arena: [UInt8] = []
    private var starts: [Int] = []
    private var hashes: [UInt64] = []
    private var strings: [String] = []
    /// Open addressing over the values: index + 1, 0 for empty.
    private var table = [Int32](repeating: 0, count: 64)
    let limit: Int

    init(limit: Int = 4_096) { self.limit = limit }

    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let hash = Self.hash(bytes)
        let mask = table.count - 1
        var h = Int(truncatingIfNeeded: hash) & mask
        while table[h] != 0 {
            let k = Int(table[h]) - 1
            if hashes[k] == hash {
                let start = starts[k], end = k + 1 < starts.count ? starts[k + 1] : arena.count
                if arena.withUnsafeBufferPointer({ sameBytes(UnsafeBufferPointer(rebasing: $0[start..<end]), bytes) }) {
                    return strings[k]
                }
            }
            h = (h + 1) & mask
        }
        let string = XMLText.string(bytes)
        guard strings.count < limit else { return string }
        starts.append(arena.count)
        arena.append(contentsOf: bytes)
        hashes.append(hash)
        strings.append(string)
        table[h] = Int32(strings.count)
        if strings.count * 2 > table.count { rehash() }
        return string
    }

    /// Eight bytes per step: class names are 10 to 30 bytes long.
    @inline(__always)
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let k: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = UInt64(bytes.count) &* k
        guard let base = bytes.baseAddress else { return hash }
        let raw = UnsafeRawPointer(base)
        var i = 0
        while i + 8 <= bytes.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* k
            hash ^= hash >> 29
            i += 8
        }
        var tail: UInt64 = 0
        while i < bytes.count { tail = tail << 8 | UInt64(bytes[i]); i += 1 }
        hash = (hash ^ tail) &* k
        return hash ^ (hash >> 32)
    }

    private mutating func rehash() {
        table = [Int32](repeating: 0, count: table.count * 2)
        let mask = table.count - 1
        for (k, hash) in hashes.enumerated() {
            var h = Int(truncatingIfNeeded: hash) & mask
            while table[h] != 0 { h = (h + 1) & mask }
            table[h] = Int32(k + 1)
        }
    }
}
