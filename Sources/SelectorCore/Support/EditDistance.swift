/// Edit distances between sequences: the one implementation behind the explainer's near misses
/// (Characters, or UTF-8 bytes of ASCII text) and the engines' "did you mean" suggestions
/// (Unicode scalars). The caller picks the unit by the collections it passes.
///
/// ```swift
/// EditDistance.distance("kitten", "sitting")                        // 3
/// EditDistance.distance("lable", "label", transpositions: true)     // 1
/// EditDistance.distance(Array(a.utf8), Array(b.utf8), limit: 2)     // at most 3
/// ```
public enum EditDistance {
    /// Levenshtein distance between `a` and `b` (with `transpositions`, the optimal string
    /// alignment distance, where a swap of neighbours is one edit); past `limit`, `limit + 1`.
    ///
    /// Why the limit matters: selector text and view values can be tens of kilobytes (a
    /// selector's literal up to `SelectorLimits.maxSelectorBytes`, a label up to a megabyte), and
    /// the full table costs their product. With a limit, a length difference over it answers at
    /// once, only the cells within `limit` of the diagonal are computed (O(min length × limit)),
    /// and a row whose every cell is past the limit ends the computation.
    public static func distance<A: Collection, B: Collection>(
        _ a: A, _ b: B, limit: Int? = nil, transpositions: Bool = false
    ) -> Int where A.Element == B.Element, A.Element: Equatable {
        contiguous(a) { x in
            contiguous(b) { y in bounded(x, y, limit: limit ?? .max, transpositions: transpositions) }
        }
    }

    /// `body` over `c`'s elements in contiguous memory: its own storage when it has some (an
    /// array, a buffer), else a copy.
    @inline(__always)
    private static func contiguous<C: Collection, R>(_ c: C, _ body: (UnsafeBufferPointer<C.Element>) -> R) -> R {
        if let r = c.withContiguousStorageIfAvailable(body) { return r }
        return Array(c).withUnsafeBufferPointer(body)
    }

    /// `distance` on buffers: the banded table, three rows on the stack (the third only read
    /// with `transpositions`).
    static func bounded<E: Equatable>(_ a: UnsafeBufferPointer<E>, _ b: UnsafeBufferPointer<E>,
                                      limit: Int, transpositions: Bool) -> Int {
        precondition(limit >= 0, "an edit distance limit cannot be negative")
        // Both distances are symmetric: the shorter side gives the rows, so memory is its length.
        if b.count > a.count { return bounded(b, a, limit: limit, transpositions: transpositions) }
        // A distance is at least the length difference, and at most the longer length: a limit
        // past that is no limit (and `limit + 1` below cannot overflow).
        if a.count - b.count > limit { return limit + 1 }
        if b.isEmpty { return a.count }
        let band = min(limit, a.count)
        let far = band + 1
        let n = b.count
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * (n + 1)) { rows -> Int in
            var before = UnsafeMutableBufferPointer(rebasing: rows[0...n])
            var previous = UnsafeMutableBufferPointer(rebasing: rows[(n + 1)...(2 * n + 1)])
            var current = UnsafeMutableBufferPointer(rebasing: rows[(2 * n + 2)...])
            for j in 0...n { previous[j] = min(j, far) }
            for i in 1...a.count {
                // Cells further than `band` from the diagonal are past it already (a cell is at
                // least its distance from the diagonal); the two just outside are set to `far`.
                let lo = max(1, i - band), hi = min(n, i + band)
                current[lo - 1] = lo == 1 ? min(i, far) : far
                var rowMin = current[lo - 1]
                if lo <= hi {
                    for j in lo...hi {
                        var cell = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                        if transpositions, i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                            cell = min(cell, before[j - 2] + 1)
                        }
                        current[j] = min(cell, far)
                        rowMin = min(rowMin, current[j])
                    }
                }
                if hi < n { current[hi + 1] = far }
                // No later row goes below this one's least: a cell is at least the least of the
                // row above, and a swap from two rows back costs as much as the diagonal step
                // from that cell to this row.
                if rowMin > band { return limit + 1 }
                (before, previous, current) = (previous, current, before)
            }
            // `far` is `limit + 1` whenever the limit is below the longer length.
            return previous[n]
        }
    }

    /// A byte string of 1 to 64 bytes prepared for Myers' bit-vector algorithm (Myers 1999, in
    /// Hyyrö's formulation): the same Levenshtein distance as `distance` on bytes, at a dozen
    /// word operations per byte of the other side instead of a row of cells. For scoring many
    /// values against one short text (the explainer's near misses).
    struct BytePattern {
        /// The pattern's length in bytes, 1...64.
        let length: Int
        /// For each byte value, the bit set of positions where the pattern has it (`Peq`).
        private let peq: [UInt64]

        /// Nil for an empty pattern or one over 64 bytes (one machine word of positions).
        init?(_ bytes: some Collection<UInt8>) {
            guard !bytes.isEmpty, bytes.count <= 64 else { return nil }
            var table = [UInt64](repeating: 0, count: 256)
            for (i, c) in bytes.enumerated() { table[Int(c)] |= 1 << UInt64(i) }
            peq = table
            length = bytes.count
        }

        /// Levenshtein distance between the pattern and `t`; past `limit`, `limit + 1`. Linear in
        /// `t` whatever the limit (callers bound `t`'s length by the pattern's plus the limit).
        ///
        /// One column of the table is kept as two bit vectors, the positions where the value goes
        /// up (`pv`) or down (`mv`) from the cell above. The table's top row counts up
        /// (D[0][j] = j, a global distance rather than a search), hence the 1 shifted into `ph`.
        func distance(to t: UnsafeBufferPointer<UInt8>, limit: Int = .max) -> Int {
            let score = peq.withUnsafeBufferPointer { peq in
                var pv: UInt64 = ~0
                var mv: UInt64 = 0
                var score = length
                let high: UInt64 = 1 << UInt64(length - 1)
                for c in t {
                    let eq = peq[Int(c)]
                    let xv = eq | mv
                    let xh = (((eq & pv) &+ pv) ^ pv) | eq
                    var ph = mv | ~(xh | pv)
                    var mh = pv & xh
                    if ph & high != 0 { score += 1 } else if mh & high != 0 { score -= 1 }
                    ph = (ph << 1) | 1
                    mh = mh << 1
                    pv = mh | ~(xv | ph)
                    mv = ph & xv
                }
                return score
            }
            return score <= limit ? score : limit + 1
        }
    }
}
