#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Byte-level string search for `contains()`, `substring-before()` and `substring-after()`.
//
// The first version compared a copied slice at every position whose first byte matched: O(n × m)
// with an allocation per position, so `contains(concat('aaa…' × 40,000), 'aaa…b' × 20,000)` took
// seconds per view (issue 28). This one is linear: `memchr` and `memcmp` (fast on ordinary text)
// until they have compared a few times the inputs' length, then Knuth-Morris-Pratt for the rest.

enum XPathByteSearch {
    /// The offset of the first occurrence of `needle` in `hay` (0 for an empty needle), in time
    /// linear in both lengths.
    static func firstIndex(of needle: UnsafeBufferPointer<UInt8>, in hay: UnsafeBufferPointer<UInt8>) -> Int? {
        let n = needle.count, h = hay.count
        if n == 0 { return 0 }
        if n > h { return nil }
        guard let base = hay.baseAddress, let needleBase = needle.baseAddress else { return nil }
        let first = Int32(needle[0])
        let lastStart = h - n
        // Bytes `memcmp` may compare before the search switches to KMP: a failed try costs at
        // most `n`, so this bounds the quick phase at a few passes over the inputs.
        var allowance = 4 * (h + n)
        var p = 0
        while p <= lastStart {
            guard let q = memchr(base + p, first, lastStart - p + 1) else { return nil }
            let i = UnsafeRawPointer(q) - UnsafeRawPointer(base)
            if memcmp(q, needleBase, n) == 0 { return i }
            p = i + 1
            allowance -= n
            if allowance < 0 { return kmp(needle, hay, from: p) }
        }
        return nil
    }

    /// Knuth-Morris-Pratt from offset `start`: O(h + n) whatever the bytes.
    private static func kmp(_ needle: UnsafeBufferPointer<UInt8>, _ hay: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let n = needle.count
        var fail = [Int](repeating: 0, count: n)
        var k = 0
        for i in 1..<max(n, 1) {
            while k > 0 && needle[i] != needle[k] { k = fail[k - 1] }
            if needle[i] == needle[k] { k += 1 }
            fail[i] = k
        }
        k = 0
        var i = start
        while i < hay.count {
            while k > 0 && hay[i] != needle[k] { k = fail[k - 1] }
            if hay[i] == needle[k] { k += 1 }
            if k == n { return i - n + 1 }
            i += 1
        }
        return nil
    }

    /// The byte range of the first occurrence of `t` in `s`.
    static func range(of t: String, in s: String) -> Range<Int>? {
        var s = s, t = t
        return s.withUTF8 { hay in
            t.withUTF8 { needle in firstIndex(of: needle, in: hay).map { $0..<($0 + needle.count) } }
        }
    }

    /// `s`'s UTF-8 bytes in `range`, as a string.
    static func slice(_ s: String, _ range: Range<Int>) -> String {
        var s = s
        return s.withUTF8 { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }
}
