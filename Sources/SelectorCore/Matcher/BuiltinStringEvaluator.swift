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
