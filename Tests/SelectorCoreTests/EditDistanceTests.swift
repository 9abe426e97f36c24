@testable import SelectorCore
import Testing
import ViewSelectorsTesting

/// `EditDistance`, the one edit distance of the package: known values, the limit's early answer,
/// and random inputs against the textbook table (both the banded table and Myers' bit vectors).
@Suite struct EditDistanceTests {
    /// The full table, no band, no early exit: Levenshtein, or with `swaps` the optimal string
    /// alignment distance.
    static func textbook<E: Equatable>(_ a: [E], _ b: [E], swaps: Bool = false) -> Int {
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if swaps, i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }

    @Test("known distances", arguments: [
        ("kitten", "sitting", 3), ("sitting", "kitten", 3), ("", "", 0), ("", "abc", 3), ("abc", "", 3),
        ("same", "same", 0), ("flaw", "lawn", 2), ("lable", "label", 2), ("Café", "Cafe", 1),
        ("👍🏽", "👍", 1), ("naïve", "naive", 1), ("ab\r\ncd", "ab\ncd", 1),
    ])
    func known(_ a: String, _ b: String, _ expected: Int) {
        #expect(EditDistance.distance(a, b) == expected)
        #expect(EditDistance.distance(a, b, limit: expected) == expected)
    }

    @Test("the unit is the caller's: Characters, scalars or bytes")
    func units() {
        // One Character, two scalars, eight bytes.
        #expect(EditDistance.distance("👍🏽", "👍") == 1)
        #expect(EditDistance.distance("👍🏽".unicodeScalars, "👍".unicodeScalars) == 1)
        #expect(EditDistance.distance("👍🏽".utf8, "👍".utf8) == 4)
        #expect(EditDistance.distance("é".utf8, "e".utf8) == 2)
        #expect(EditDistance.distance("e\u{301}", "é") == 0)
        #expect(EditDistance.distance("e\u{301}".unicodeScalars, "é".unicodeScalars) == 2)
    }

    @Test("a swap of neighbours is one edit only with transpositions")
    func transpositions() {
        #expect(EditDistance.distance("lable", "label", transpositions: true) == 1)
        #expect(EditDistance.distance("ab", "ba", transpositions: true) == 1)
        #expect(EditDistance.distance("ab", "ba") == 2)
        // Optimal string alignment, not Damerau-Levenshtein: no edit inside a swapped pair.
        #expect(EditDistance.distance("ca", "abc", transpositions: true) == 3)
    }

    @Test("past the limit the answer is limit + 1, without the whole table")
    func limit() {
        #expect(EditDistance.distance("abcdef", "uvwxyz", limit: 2) == 3)
        #expect(EditDistance.distance("kitten", "sitting", limit: 2) == 3)
        #expect(EditDistance.distance("kitten", "sitting", limit: 0) == 1)
        #expect(EditDistance.distance("", "abc", limit: 1) == 2)
        #expect(EditDistance.distance("a", "a", limit: 0) == 0)
        // A limit past the longer length is no limit (and `limit + 1` cannot overflow).
        #expect(EditDistance.distance("abc", "xyz", limit: .max) == 3)
        // Hostile lengths: the length difference answers at once, the band keeps a long pair of
        // near-equal texts linear (a full table of 10^6 × 10^6 cells would not finish).
        let long = [UInt8](repeating: 97, count: 1 << 18)
        #expect(EditDistance.distance(long, [UInt8](repeating: 97, count: 3), limit: 5) == 6)
        var edited = long
        edited[1000] = 98; edited[200_000] = 98
        #expect(EditDistance.distance(long, edited, limit: 3) == 2)
        #expect(EditDistance.distance(long, edited, limit: 1) == 2)
        #expect(EditDistance.distance(long, edited, limit: 3, transpositions: true) == 2)
    }

    @Test("random pairs agree with the textbook table, with and without limit and swaps")
    func randomAgainstTextbook() {
        var random = SeededRandom(seed: 30)
        let alphabet = Array("ab cxy".utf8)
        for round in 0..<4000 {
            let maxLength = round < 3000 ? 10 : 70
            let a = (0..<Int.random(in: 0...maxLength, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            let b = (0..<Int.random(in: 0...maxLength, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            let swaps = round % 2 == 1
            let exact = Self.textbook(a, b, swaps: swaps)
            let limit = Int.random(in: 0...(maxLength / 2 + 1), using: &random)
            let context = "\(String(decoding: a, as: UTF8.self)) vs \(String(decoding: b, as: UTF8.self)), limit \(limit), swaps \(swaps)"
            #expect(EditDistance.distance(a, b, transpositions: swaps) == exact, "\(context)")
            #expect(EditDistance.distance(a, b, limit: limit, transpositions: swaps) == min(exact, limit + 1), "\(context)")
            // Myers' bit vectors: Levenshtein only, for a pattern of 1 to 64 bytes.
            if !swaps, let pattern = EditDistance.BytePattern(b) {
                let fast = a.withUnsafeBufferPointer { pattern.distance(to: $0) }
                #expect(fast == exact, "\(context)")
                #expect(a.withUnsafeBufferPointer { pattern.distance(to: $0, limit: limit) } == min(exact, limit + 1), "\(context)")
            }
        }
        #expect(EditDistance.BytePattern([UInt8]()) == nil)
        #expect(EditDistance.BytePattern([UInt8](repeating: 1, count: 65)) == nil)
        #expect(EditDistance.BytePattern([UInt8](repeating: 1, count: 64))?.length == 64)
    }
}
