#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Per-distinct-value evaluation of the built-in string operations, on raw UTF-8.
struct BuiltinStringEvaluator {
    let test: StringTest
    let needle: [UInt8]
    let foldedNeedle: String
    /// The needle lower-cased, when it is ASCII: an ASCII subject is then compared byte by byte.
    let asciiFoldedNeedle: [UInt8]?
    /// The options, read once: this runs for each of tens of thousands of values.
    private let readsNoBreakSpace: Bool
    private let caseInsensitive: Bool
    /// The operation without its payload: switching on `StringTest.Operation` copied the enum
    /// (its `matcher` case holds an existential) for every value.
    private enum Kind { case equals, contains, hasPrefix, hasSuffix, none }
    private let kind: Kind
    /// `equals` (true) or `hasPrefix` (false), which `foldedPrefix` answers; nil for the others.
    private var foldedPrefixWhole: Bool? {
        switch kind {
        case .equals: return true
        case .hasPrefix: return false
        default: return nil
        }
    }

    init(_ test: StringTest) {
        self.test = test
        self.needle = Array(test.value.utf8)
        self.foldedNeedle = test.value.lowercased()
        // A CR could join the subject's next byte into one character (CR LF): left to `String`.
        self.asciiFoldedNeedle = needle.allSatisfy { $0 < 0x80 && $0 != 0x0D } ? needle.map(Self.asciiLower) : nil
        readsNoBreakSpace = test.options.contains(.noBreakSpaceAsSpace)
        caseInsensitive = test.options.contains(.caseInsensitive)
        switch test.operation {
        case .equals: kind = .equals
        case .contains: kind = .contains
        case .hasPrefix: kind = .hasPrefix
        case .hasSuffix: kind = .hasSuffix
        case .matcher: kind = .none
        }
    }

    @inline(__always) static func asciiLower(_ b: UInt8) -> UInt8 { b &- 65 < 26 ? b | 0x20 : b }

    func matches(_ subject: UnsafeBufferPointer<UInt8>) -> Bool {
        if readsNoBreakSpace, let read = Self.noBreakSpacesAsSpaces(subject) {
            return read.withUnsafeBufferPointer { plainMatches($0) }
        }
        return plainMatches(subject)
    }

    /// `s` with each U+00A0 (C2 A0) as a space, or nil when it has none: the subject as
    /// `noBreakSpaceAsSpace` reads it, for the built-in tests and for an engine's matcher alike.
    /// (In UTF-8, C2 only leads a character, so a C2 A0 pair is always U+00A0.)
    static func noBreakSpacesAsSpaces(_ s: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var k = 0
        while k + 1 < s.count, !(s[k] == 0xC2 && s[k + 1] == 0xA0) { k += 1 }
        if k + 1 >= s.count { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(s.count)
        var i = 0
        while i < s.count {
            if i + 1 < s.count && s[i] == 0xC2 && s[i + 1] == 0xA0 {
                out.append(0x20)
                i += 2
            } else {
                out.append(s[i])
                i += 1
            }
        }
        return out
    }

    /// Substring search: a plain loop on short values, else `ByteSearch` (linear whatever the bytes).
    private func contains(_ hay: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = needle.count
        if hay.count <= 64 {
            // Short values (labels): a plain loop. Two libc calls per candidate position cost
            // more than the comparison (0.43 ms of a 1.55 ms uiquery `text:'Row 1'` query, over
            // 60,000 labels that all start with the needle's first byte).
            let first = needle[0], last = needle[n - 1]
            var p = 0
            while p <= hay.count - n {
                if hay[p] == first && hay[p + n - 1] == last {
                    var k = 1
                    while k < n - 1 && hay[p + k] == needle[k] { k += 1 }
                    if k >= n - 1 { return true }
                }
                p += 1
            }
            return false
        }
        return ByteSearch.firstIndex(of: needle, in: hay) != nil
    }

    private func plainMatches(_ s: UnsafeBufferPointer<UInt8>) -> Bool {
        if caseInsensitive {
            // Both sides ASCII: lower-casing is `A`-`Z` → `a`-`z`, the same as `lowercased()`,
            // without building two Strings per value (2.4 of 7.8 ms for uiselector's
            // `textStartsWith` over 60,000 distinct labels).
            if let folded = asciiFoldedNeedle, let whole = foldedPrefixWhole,
               let answer = foldedPrefix(s, folded, whole: whole) {
                return answer
            }
            if let folded = asciiFoldedNeedle, s.allSatisfy({ $0 < 0x80 }) {
                return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, s.count)) { buffer in
                    for k in 0..<s.count { buffer[k] = Self.asciiLower(s[k]) }
                    return folded.withUnsafeBufferPointer {
                        bytesMatch(UnsafeBufferPointer(rebasing: buffer[..<s.count]), $0)
                    }
                }
            }
            let subject = String(decoding: s, as: UTF8.self).lowercased()
            switch kind {
            case .equals: return subject == foldedNeedle
            case .contains: return foldedNeedle.isEmpty || subject.contains(foldedNeedle)
            case .hasPrefix: return subject.hasPrefix(foldedNeedle)
            case .hasSuffix: return subject.hasSuffix(foldedNeedle)
            case .none: return false
            }
        }
        return needle.withUnsafeBufferPointer { bytesMatch(s, $0) }
    }

    /// Case-insensitive `equals` (`whole`) or `hasPrefix` against an ASCII needle without a CR,
    /// compared byte by byte up to the first difference; nil when a non-ASCII byte of the subject
    /// decides it (`lowercased()` maps some of them to ASCII: the Kelvin sign to `k`), which the
    /// `String` path then answers.
    ///
    /// Why a difference at an ASCII byte settles it: the subject's characters before it are single
    /// ASCII bytes (none is a CR, which could join the next byte, since each equals a needle byte),
    /// so the lower-cased subject differs from the needle there. A prefix that matched is a
    /// prefix of characters too when the next byte is ASCII (it cannot be a combining mark).
    private func foldedPrefix(_ s: UnsafeBufferPointer<UInt8>, _ folded: [UInt8], whole: Bool) -> Bool? {
        let n = folded.count
        var k = 0
        let differs: Bool? = folded.withUnsafeBufferPointer { f in
            while k < n && k < s.count {
                let b = s[k]
                if b >= 0x80 { return nil }
                if Self.asciiLower(b) != f[k] { return true }
                k += 1
            }
            return false
        }
        guard let differs else { return nil }
        if differs { return false }
        if k < n { return false }
        if s.count == n { return true }
        if s[n] >= 0x80 { return nil }
        return !whole
    }

    /// The operation on raw bytes, as written.
    private func bytesMatch(_ s: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = needle.count
        switch kind {
        case .equals:
            return s.count == n && (n == 0 || memcmp(s.baseAddress!, needle.baseAddress!, n) == 0)
        case .hasPrefix:
            return s.count >= n && (n == 0 || memcmp(s.baseAddress!, needle.baseAddress!, n) == 0)
        case .hasSuffix:
            return s.count >= n && (n == 0 || memcmp(s.baseAddress! + (s.count - n), needle.baseAddress!, n) == 0)
        case .contains:
            if n == 0 { return true }
            guard s.count >= n else { return false }
            return contains(s, needle)
        case .none:
            return false
        }
    }
}
