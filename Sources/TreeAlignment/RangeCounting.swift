/// Counting tools that keep the phases near-linear where a naive pass would rescan subtrees: a
/// preorder subtree is a range of node ids, so "descendants of `x` matched into the subtree of
/// `y`" is a count of points (old id, new id) in a rectangle.

/// A Fenwick (binary indexed) tree of counts over `0 ..< size`: add one at an index and count an
/// index range, each in O(log size).
struct FenwickCounter {
    private var tree: [Int32]

    init(size: Int) { tree = [Int32](repeating: 0, count: size + 1) }

    mutating func add(_ index: Int) {
        var k = index + 1
        while k < tree.count {
            tree[k] &+= 1
            k += k & -k
        }
    }

    /// How many were added at indices below `end`.
    func prefix(_ end: Int) -> Int {
        var k = min(end, tree.count - 1), sum = 0
        while k > 0 {
            sum += Int(tree[k])
            k -= k & -k
        }
        return sum
    }

    /// How many were added at indices in `lo ..< hi`.
    func count(_ lo: Int, _ hi: Int) -> Int { hi > lo ? prefix(hi) - prefix(lo) : 0 }
}

/// A sequence of distinct values in `0 ..< valueCount`, appended one at a time, that answers
/// "how many of the values appended since position `since` lie in `lo ..< hi`" in
/// O(log valueCount), each append costing as much: an append-only wavelet tree.
///
/// Level `l` holds one bit per appended value (bit `L - 1 - l` of it) in the segment of its node,
/// the range of values sharing its top `l` bits; since every value comes once, a node never holds
/// more entries than its range has values, so each level is one bit array of 2^L bits laid out by
/// value, with a running count of ones per 64-bit word for rank. Memory: about 12 bits per value a
/// level, 4 MB for 10^6 values, whatever is appended.
struct AppendOnlyRangeCounter {
    /// L: values are below 2^L.
    private let levels: Int
    private let wordsPerLevel: Int
    /// Level `l`'s bits, `words[l * wordsPerLevel + w]`.
    private var words: [UInt64]
    /// For nodes of 64 values or more (whose segments are whole words): the ones in the node's
    /// segment before each of its words.
    private var ones: [Int32]
    /// The values appended, as a bit set (a value is taken once).
    private var taken: [UInt64]
    let valueCount: Int
    /// Values appended so far.
    private(set) var count = 0

    init(valueCount: Int) {
        var l = 1
        while (1 << l) < valueCount { l += 1 }
        levels = l
        wordsPerLevel = max(1, (1 << l) >> 6)
        words = [UInt64](repeating: 0, count: l * wordsPerLevel)
        ones = [Int32](repeating: 0, count: l * wordsPerLevel)
        taken = [UInt64](repeating: 0, count: (valueCount >> 6) + 1)
        self.valueCount = valueCount
    }

    /// Ones among the first `pos` entries of the node that starts at bit `start` of `level` and
    /// holds at most 2^`capLog` entries (`pos` at most its length).
    @inline(__always)
    private func rank(_ level: Int, _ start: Int, _ capLog: Int, _ pos: Int) -> Int {
        if pos == 0 { return 0 }
        let base = level * wordsPerLevel
        if capLog < 6 {
            // The whole node lies in one word.
            let w = words[base + (start >> 6)] >> UInt64(start & 63)
            return (w & ((1 << UInt64(pos)) - 1)).nonzeroBitCount
        }
        let last = (pos - 1) >> 6  // the node's word holding entry pos - 1
        let w = base + (start >> 6) + last
        let used = pos - last * 64
        let mask: UInt64 = used == 64 ? ~0 : (1 << UInt64(used)) - 1
        return Int(ones[w]) + (words[w] & mask).nonzeroBitCount
    }

    /// Appends `value`; a value outside `0 ..< valueCount`, or appended before, is ignored.
    mutating func append(_ value: Int) {
        guard value >= 0, value < valueCount, taken[value >> 6] & (1 << UInt64(value & 63)) == 0 else { return }
        taken[value >> 6] |= 1 << UInt64(value & 63)
        var pos = count, start = 0
        for level in 0..<levels {
            let capLog = levels - level
            let base = level * wordsPerLevel
            let index = start + pos
            if capLog >= 6 && pos > 0 && pos & 63 == 0 {
                // Entering the node's next word: its ones-before count.
                let w = base + (index >> 6)
                ones[w] = ones[w - 1] + Int32(words[w - 1].nonzeroBitCount)
            }
            let r = rank(level, start, capLog, pos)
            if (value >> (capLog - 1)) & 1 == 1 {
                words[base + (index >> 6)] |= 1 << UInt64(index & 63)
                pos = r
                start += 1 << (capLog - 1)
            } else {
                pos -= r
            }
        }
        count += 1
    }

    /// Values appended at positions `s ..< e` that are below `x`.
    private func countBelow(_ s0: Int, _ e0: Int, _ x: Int) -> Int {
        if x <= 0 || s0 >= e0 { return 0 }
        if x >= 1 << levels { return e0 - s0 }
        var s = s0, e = e0, start = 0, below = 0
        for level in 0..<levels {
            let capLog = levels - level
            let rs = rank(level, start, capLog, s), re = rank(level, start, capLog, e)
            if (x >> (capLog - 1)) & 1 == 1 {
                below += (e - s) - (re - rs)  // those going left are below x
                s = rs; e = re
                start += 1 << (capLog - 1)
            } else {
                s -= rs; e -= re
            }
            if s >= e { break }
        }
        return below
    }

    /// Values appended at position `since` or later that lie in `lo ..< hi`.
    func count(since: Int, _ lo: Int, _ hi: Int) -> Int {
        guard hi > lo, since < count else { return 0 }
        return countBelow(since, count, hi) - countBelow(since, count, lo)
    }
}
