import SelectorCore

// Byte ranges for `contains()`, `substring-before()` and `substring-after()`, found by the core's
// linear `ByteSearch` (the first version here compared a copied slice at every position: seconds
// per view on issue 28's selectors).

enum XPathByteSearch {
    /// The byte range of the first occurrence of `t` in `s`.
    static func range(of t: String, in s: String) -> Range<Int>? {
        var s = s, t = t
        return s.withUTF8 { hay in
            t.withUTF8 { needle in ByteSearch.firstIndex(of: needle, in: hay).map { $0..<($0 + needle.count) } }
        }
    }

    /// `s`'s UTF-8 bytes in `range`, as a string.
    static func slice(_ s: String, _ range: Range<Int>) -> String {
        var s = s
        return s.withUTF8 { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }
}
