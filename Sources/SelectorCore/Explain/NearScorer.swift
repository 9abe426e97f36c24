/// How close actual values are to one wanted text, for ranking near misses (`Closeness`).
///
/// A near-miss search scores every distinct value of a column against the same wanted text, so
/// everything that depends on the wanted text alone is done once, here: its bytes, the near-miss
/// bound, and the match table of Myers' bit-vector edit distance. Scoring an ASCII value then
/// allocates nothing and costs a few word operations per byte.
struct NearScorer {
    let wanted: String
    let containing: Bool
    /// Edits beyond this are too far to be a near miss: a third of the wanted text, at least 2.
    let limit: Int
    private let wantedBytes: [UInt8]
    /// Whether the wanted text is plain ASCII without carriage returns (a CR joins a following
    /// LF into one Character, so byte and Character comparisons would differ).
    private let plain: Bool
    /// For each byte, the bit set of positions where the wanted text has it (Myers' `Peq`); empty
    /// when the wanted text is not plain or longer than 64 bytes (the bounded table is used then).
    private let peq: [UInt64]
    /// Which byte classes (byte mod 64) the wanted text has: see `asciiScore`.
    private let signature: UInt64

    init(wanted: String, containing: Bool) {
        self.wanted = wanted
        self.containing = containing
        limit = max(2, wanted.count / 3)
        wantedBytes = Array(wanted.utf8)
        plain = wantedBytes.allSatisfy { $0 < 0x80 && $0 != 13 }
        var table: [UInt64] = []
        if plain && !wantedBytes.isEmpty && wantedBytes.count <= 64 {
            table = [UInt64](repeating: 0, count: 256)
            for (i, c) in wantedBytes.enumerated() { table[Int(c)] |= 1 << UInt64(i) }
        }
        peq = table
        signature = wantedBytes.reduce(0) { $0 | 1 << UInt64($1 & 63) }
    }

    /// Lower is closer: same but for case 1, for whitespace 2, a prefix 3, then 10 plus the edit
    /// distance; nil when too far.
    func score(_ actual: String) -> Int? {
        var contiguous = actual
        return contiguous.withUTF8 { score(bytes: $0, actual: actual) }
    }

    /// `score` of the value whose UTF-8 bytes are `bytes` (`actual` builds the String only for a
    /// value that is not plain ASCII).
    func score(bytes a: UnsafeBufferPointer<UInt8>, actual: @autoclosure () -> String) -> Int? {
        if plain {
            switch asciiScore(a) {
            case .score(let s): return s
            case .far: return nil
            case .notASCII: break
            }
        }
        let text = actual()
        let score = Closeness.score(actual: text, wanted: wanted, containing: containing)
        return score <= 3 || score - 10 <= limit ? score : nil
    }

    private enum Near { case score(Int), far, notASCII }

    /// The score of a plain ASCII value, compared as bytes.
    private func asciiScore(_ a: UnsafeBufferPointer<UInt8>) -> Near {
        var signature: UInt64 = 0
        for c in a {
            if c >= 0x80 || c == 13 { return .notASCII }
            signature |= 1 << UInt64(c & 63)
        }
        return wantedBytes.withUnsafeBufferPointer { w -> Near in
            if holds(a, w, dropSpace: false) { return .score(1) }
            if holds(a, w, dropSpace: true) { return .score(2) }
            if !a.isEmpty && !w.isEmpty
                && (Self.startsFolded(a, at: 0, w, dropSpace: false, whole: false)
                    || Self.startsFolded(w, at: 0, a, dropSpace: false, whole: false)) {
                return .score(3)
            }
            if abs(a.count - w.count) > limit { return .far }
            // Each byte class one side has and the other lacks costs at least one edit (classes
            // share a bit, which only lowers the count, so it stays a lower bound): most values
            // of a column are rejected here without computing a distance.
            if (self.signature & ~signature).nonzeroBitCount > limit
                || (signature & ~self.signature).nonzeroBitCount > limit { return .far }
            let d: Int?
            if peq.isEmpty {
                d = Closeness.boundedEditDistance(a, w, limit: limit)
            } else {
                let distance = peq.withUnsafeBufferPointer { Self.myersDistance(a, peq: $0, length: w.count) }
                d = distance <= limit ? distance : nil
            }
            return d.map { .score(10 + $0) } ?? .far
        }
    }

    private func holds(_ a: UnsafeBufferPointer<UInt8>, _ w: UnsafeBufferPointer<UInt8>, dropSpace: Bool) -> Bool {
        if !containing { return Self.startsFolded(a, at: 0, w, dropSpace: dropSpace, whole: true) }
        if w.isEmpty { return true }
        for start in 0..<max(1, a.count) where Self.startsFolded(a, at: start, w, dropSpace: dropSpace, whole: false) {
            return true
        }
        return false
    }

    @inline(__always) private static func lower(_ c: UInt8) -> UInt8 { c >= 65 && c <= 90 ? c + 32 : c }
    @inline(__always) private static func space(_ c: UInt8) -> Bool { c == 32 || (c >= 9 && c <= 13) }

    /// Whether x[at...] starts with y, ignoring case, and (with dropSpace) whitespace on both
    /// sides; with `whole`, x must end where y does.
    private static func startsFolded(_ x: UnsafeBufferPointer<UInt8>, at: Int, _ y: UnsafeBufferPointer<UInt8>,
                                     dropSpace: Bool, whole: Bool) -> Bool {
        var i = at, j = 0
        while true {
            if dropSpace {
                while i < x.count && space(x[i]) { i += 1 }
                while j < y.count && space(y[j]) { j += 1 }
            }
            if j == y.count { return !whole || i == x.count }
            if i == x.count || lower(x[i]) != lower(y[j]) { return false }
            i += 1; j += 1
        }
    }

    /// Levenshtein distance between the wanted text (`length` bytes, 1...64, described by
    /// `peq`) and `t`, by Myers' bit-vector algorithm (Myers 1999, in Hyyrö's formulation).
    ///
    /// One column of the edit-distance table is kept as two bit vectors, the positions where
    /// the value goes up (`pv`) or down (`mv`) from the cell above, so each byte of `t` costs a
    /// dozen word operations instead of `length` cell updates. The table's top row counts up
    /// (D[0][j] = j, a global distance rather than a search), hence the 1 shifted into `ph`.
    static func myersDistance(_ t: UnsafeBufferPointer<UInt8>, peq: UnsafeBufferPointer<UInt64>, length m: Int) -> Int {
        var pv: UInt64 = ~0
        var mv: UInt64 = 0
        var score = m
        let high: UInt64 = 1 << UInt64(m - 1)
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
}
