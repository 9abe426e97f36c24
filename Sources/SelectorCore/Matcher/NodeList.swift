// Node-list operations, in one place: sets of views (`Bitset`), document order and duplicates
// (`sortedUnique`, `firstOccurrences`, `lowerBound`), and subtree ranges (`Matcher.merged`, `Matcher.inside`).
// The matcher, the core's engine steps, the registry's `>>` and the explainer all use these.

/// A fixed-size set of small integers.
@usableFromInline
struct Bitset: Sendable {
    @usableFromInline internal(set) var words: [UInt64]
    init(count: Int) { words = [UInt64](repeating: 0, count: (count + 63) / 64) }

    /// The set of `members` (each in `0..<count`), built without a uniqueness check per insert.
    init<C: Collection>(count: Int, members: C) where C.Element: BinaryInteger {
        words = [UInt64](repeating: 0, count: (count + 63) / 64)
        words.withUnsafeMutableBufferPointer { w in
            for m in members { let i = Int(m); w[i >> 6] |= 1 << UInt64(i & 63) }
        }
    }
    @inlinable func contains(_ i: Int) -> Bool { words[i >> 6] & (1 << UInt64(i & 63)) != 0 }
    @inlinable mutating func insert(_ i: Int) { words[i >> 6] |= 1 << UInt64(i & 63) }

    /// The members of either set (same size).
    static func union(_ a: Bitset, _ b: Bitset) -> Bitset {
        var u = a
        for w in u.words.indices { u.words[w] |= b.words[w] }
        return u
    }

    /// Calls `body` with each member, ascending.
    @inline(__always) func forEachMember(_ body: (Int) -> Void) {
        words.withUnsafeBufferPointer { words in
            for w in words.indices {
                var bits = words[w]
                while bits != 0 {
                    body(w << 6 + bits.trailingZeroBitCount)
                    bits &= bits - 1
                }
            }
        }
    }

    /// The least member in `from..<end`, or `end` when there is none.
    @inline(__always) func next(from i: Int, below end: Int) -> Int {
        if i >= end { return end }
        var w = i >> 6
        var bits = words[w] & (~UInt64(0) << UInt64(i & 63))
        let lastWord = (end - 1) >> 6
        while bits == 0 {
            w += 1
            if w > lastWord { return end }
            bits = words[w]
        }
        return min((w << 6) + bits.trailingZeroBitCount, end)
    }
}

extension Array where Element == NodeID {
    /// The first occurrence of each node, in order, for nodes of a tree of `treeSize` views (the
    /// virtual document node -1 included). A list already strictly ascending (a scan's output) is
    /// returned as it is after one pass; otherwise a bitset, not hashing, marks the nodes seen.
    package func firstOccurrences(treeSize: Int) -> [NodeID] {
        if count < 2 || isStrictlyAscending { return self }
        var seen = Bitset(count: treeSize + 1)
        var out: [NodeID] = []
        out.reserveCapacity(count)
        for v in self {
            let key = Int(v) + 1  // room for the virtual node -1
            if !seen.contains(key) { seen.insert(key); out.append(v) }
        }
        return out
    }

    /// Document order without duplicates. Lists are often sorted or nearly so already (a
    /// descendant step's output): a check for that, then at worst one sort and one pass dropping
    /// adjacent repeats, with no hashing per result. Engine steps use it too.
    package func sortedUnique() -> [NodeID] {
        // Most lists arrive strictly ascending (a scan's output): returned as they are, with no
        // copy (a copying pass over 130,000 matches doubled a one-scan query's time).
        if isStrictlyAscending { return self }
        var out = self
        if !out.isSorted(by: <=) {
            if out.isSorted(by: >=) { out.reverse() } else { out.sort() }
        }
        var kept = 0
        for i in out.indices where kept == 0 || out[i] != out[kept - 1] {
            out[kept] = out[i]; kept += 1
        }
        out.removeLast(out.count - kept)
        return out
    }

    /// In an ascending list, the index of the first element not below `value` (`count` when
    /// every element is below it).
    public func lowerBound(_ value: Int) -> Int {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(self[mid]) < value { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Whether each element is greater than the one before it.
    var isStrictlyAscending: Bool {
        withUnsafeBufferPointer { b in
            var k = 1
            while k < b.count {
                if b[k - 1] >= b[k] { return false }
                k += 1
            }
            return true
        }
    }

    /// Whether every adjacent pair satisfies `areInOrder`.
    func isSorted(by areInOrder: (NodeID, NodeID) -> Bool) -> Bool {
        var k = 1
        while k < count {
            if !areInOrder(self[k - 1], self[k]) { return false }
            k += 1
        }
        return true
    }
}

extension Matcher {
    /// `ranges` as one ascending, disjoint list: ordered by start (a list already ascending or
    /// descending is not sorted again: UISpec's order makes many step outputs descending), empty
    /// ones dropped, overlapping or touching ones joined. Subtree ranges nest or are disjoint, so
    /// the result covers each view once.
    static func merged(_ ranges: [(Int32, Int32)]) -> [(Int32, Int32)] {
        var ordered = ranges
        var ascending = true, descending = true
        var k = 1
        while k < ordered.count && (ascending || descending) {
            if ordered[k - 1].0 > ordered[k].0 { ascending = false }
            if ordered[k - 1].0 < ordered[k].0 { descending = false }
            k += 1
        }
        if !ascending {
            if descending { ordered.reverse() } else { ordered.sort { $0.0 < $1.0 } }
        }
        var out: [(Int32, Int32)] = []
        out.reserveCapacity(ordered.count)
        for r in ordered where r.0 < r.1 {
            if let last = out.last, r.0 <= last.1 { out[out.count - 1].1 = max(last.1, r.1) } else { out.append(r) }
        }
        return out
    }

    /// The views of `sorted` (ascending) inside one of `ranges` (ascending, disjoint), in order.
    static func inside(_ sorted: [NodeID], _ ranges: [(Int32, Int32)]) -> [NodeID] {
        var out: [NodeID] = []
        out.reserveCapacity(sorted.count)
        var r = 0
        for v in sorted {
            while r < ranges.count && ranges[r].1 <= v { r += 1 }
            if r == ranges.count { break }
            if v >= ranges[r].0 { out.append(v) }
        }
        return out
    }
}

extension ViewTree {
    /// One past the last view of `node`'s subtree in preorder, so its descendants are
    /// `node + 1 ..< subtreeEnd(of: node)`; the tree's size for the virtual document node (-1).
    @inline(__always) public func subtreeEnd(of node: NodeID) -> Int {
        node < 0 ? count : Int(ends[Int(node)])
    }
}
