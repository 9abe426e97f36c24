#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Substring search on UTF-8 bytes in time linear in both lengths, whatever the bytes: the core's
/// `contains` on long values and xpath's `contains()`/`substring-before()`/`-after()` use it.
///
/// `memchr` to each candidate first byte and `memcmp` there is fastest on ordinary text but
/// O(value × needle) at worst (a megabyte of `a` searched for `aaa…b`: issue 28). Once those
/// compares could have read a few times the inputs, the rest is searched by Knuth-Morris-Pratt.
/// (glibc's `memmem` is linear, but a GNU extension the Swift module does not export.)
public enum ByteSearch {
    /// The offset of the first occurrence of `needle` in `hay` (0 for an empty needle).
    public static func firstIndex(of needle: UnsafeBufferPointer<UInt8>, in hay: UnsafeBufferPointer<UInt8>) -> Int? {
        let n = needle.count, h = hay.count
        if n == 0 { return 0 }
        if n > h { return nil }
        guard let base = hay.baseAddress, let needleBase = needle.baseAddress else { return nil }
        let first = Int32(needle[0])
        let lastStart = h - n
        // A failed try costs at most `n` compared bytes, so this bounds the quick phase at a few
        // passes over the inputs.
        var allowance = 4 * (h + n)
        var p = 0
        while p <= lastStart {
            guard let q = memchr(base + p, first, lastStart - p + 1) else { return nil }
            let i = UnsafeRawPointer(q) - UnsafeRawPointer(base)
            if memcmp(q, needleBase, n) == 0 { return i }
            p = i + 1
            allowance -= n
            if allowance < 0 { return knuthMorrisPratt(needle, in: hay, from: p) }
        }
        return nil
    }

    /// Knuth-Morris-Pratt from offset `start`: each byte of `hay` is read a bounded number of
    /// times. The failure table costs the needle's length, once per search that gets here.
    package static func knuthMorrisPratt(_ needle: UnsafeBufferPointer<UInt8>, in hay: UnsafeBufferPointer<UInt8>,
                                         from start: Int = 0) -> Int? {
        let n = needle.count
        if n == 0 { return min(start, hay.count) }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: n) { fail in
            fail[0] = 0
            var k = 0
            if n > 1 {
                for i in 1..<n {
                    while k > 0 && needle[i] != needle[k] { k = fail[k - 1] }
                    if needle[i] == needle[k] { k += 1 }
                    fail[i] = k
                }
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
    }
}
