/// How close actual values are to one wanted text, for ranking near misses (`Closeness`).
///
/// A near-miss search scores every distinct value of a column against the same wanted text, so
/// everything that depends on the wanted text alone is done once, here: its bytes, the near-miss
/// bound, the match table of Myers' bit-vector edit distance and the failure tables of the
/// containment searches. Scoring an ASCII value then allocates nothing and costs a few word
/// operations per byte.
///
/// The cost of one value is bounded whatever its length (a client can set a 1 MB label, and the
/// selector's literal can be 64 KiB): an edit distance is at least the length difference, so a
/// value too long or too short for one is rejected from its length; containment is a linear
/// search (Knuth-Morris-Pratt, never a comparison at every start, which was O(value × literal)
/// and took minutes on a 1 MB label); and only the first `window` bytes of a value are looked at
/// for containment, whitespace and prefix. `examined(_:)` says how many bytes a value costs.
struct NearScorer {
    let wanted: String
    let containing: Bool
    /// Edits beyond this are too far to be a near miss: a third of the wanted text, at least 2.
    let limit: Int
    /// Most bytes of one value looked at: a value longer than this is judged on its first
    /// `window` bytes (its length is still its own, so it is never the same as a shorter literal).
    static let window = 1 << 16
    private let wantedBytes: [UInt8]
    /// Whether the wanted text is plain ASCII without carriage returns (a CR joins a following
    /// LF into one Character, so byte and Character comparisons would differ).
    private let plain: Bool
    /// The wanted text prepared for Myers' bit-vector distance; nil when it is not plain or longer
    /// than 64 bytes (the banded table is used then).
    private let pattern: EditDistance.BytePattern?
    /// Which byte classes (byte mod 64) the wanted text has: see `asciiScore`.
    private let signature: UInt64
    /// The wanted bytes lowered, and lowered without whitespace, with their KMP failure tables
    /// (built only for a containing test of a plain text: the only user).
    private let folded: [UInt8], foldedTable: [Int32]
    private let solid: [UInt8], solidTable: [Int32]
    /// The wanted text as the Character path compares it (values that are not plain ASCII).
    private let characters: Closeness.Wanted

    init(wanted: String, containing: Bool) {
        self.wanted = wanted
        self.containing = containing
        characters = Closeness.Wanted(wanted)
        limit = max(2, characters.count / 3)
        wantedBytes = Array(wanted.utf8)
        plain = wantedBytes.allSatisfy { $0 < 0x80 && $0 != 13 }
        pattern = plain ? EditDistance.BytePattern(wantedBytes) : nil
        signature = wantedBytes.reduce(0) { $0 | 1 << UInt64($1 & 63) }
        if plain && containing {
            folded = wantedBytes.map(Self.lower)
            solid = folded.filter { !Self.space($0) }
        } else {
            folded = []; solid = []
        }
        foldedTable = Self.failureTable(folded)
        solidTable = Self.failureTable(solid)
    }

    /// Bytes of a value of `length` bytes that scoring it looks at (what the explainer charges).
    static func examined(_ length: Int) -> Int { min(length, window) }

    /// Lower is closer: same but for case 1, for whitespace 2, a prefix 3, then 10 plus the edit
    /// distance; nil when too far.
    func score(_ actual: String) -> Int? {
        var contiguous = actual
        return contiguous.withUTF8 { score(bytes: $0, actual: actual) }
    }

    /// `score` of the value whose UTF-8 bytes are `bytes` (`actual` builds the String only for a
    /// value that is not plain ASCII).
    func score(bytes all: UnsafeBufferPointer<UInt8>, actual: @autoclosure () -> String) -> Int? {
        let a = UnsafeBufferPointer(rebasing: all.prefix(Self.window))
        let whole = a.count == all.count
        if plain {
            switch asciiScore(a, length: all.count) {
            case .score(let s): return s
            case .far: return nil
            case .notASCII: break
            }
        }
        // The Character path on the examined bytes only (a cut inside a character decodes to a
        // replacement character, which only matters past the window).
        let text = whole ? actual() : String(decoding: a, as: UTF8.self)
        guard let score = characters.score(actual: text, containing: containing, limit: limit, whole: whole) else { return nil }
        return score <= 3 || score - 10 <= limit ? score : nil
    }

    private enum Near { case score(Int), far, notASCII }

    /// The score of a plain ASCII value, compared as bytes: `a` is its first `window` bytes,
    /// `length` its whole length.
    private func asciiScore(_ a: UnsafeBufferPointer<UInt8>, length: Int) -> Near {
        var signature: UInt64 = 0
        for c in a {
            if c >= 0x80 || c == 13 { return .notASCII }
            signature |= 1 << UInt64(c & 63)
        }
        let whole = a.count == length
        return wantedBytes.withUnsafeBufferPointer { w -> Near in
            if holds(a, w, dropSpace: false, whole: whole) { return .score(1) }
            if holds(a, w, dropSpace: true, whole: whole) { return .score(2) }
            if !a.isEmpty && !w.isEmpty
                && (Self.startsFolded(a, at: 0, w, dropSpace: false, whole: false)
                    || (whole && Self.startsFolded(w, at: 0, a, dropSpace: false, whole: false))) {
                return .score(3)
            }
            // An edit distance is at least the length difference: the O(1) rejection of a long
            // value (a megabyte label against a short literal stops here).
            if abs(length - w.count) > limit { return .far }
            // Each byte class one side has and the other lacks costs at least one edit (classes
            // share a bit, which only lowers the count, so it stays a lower bound): most values
            // of a column are rejected here without computing a distance.
            if (self.signature & ~signature).nonzeroBitCount > limit
                || (signature & ~self.signature).nonzeroBitCount > limit { return .far }
            // Past the window the distance is not computed (the banded table stops at 256
            // bytes anyway, and a value cut short has no distance to give).
            guard whole else { return .far }
            let d: Int
            if let pattern {
                d = pattern.distance(to: a, limit: limit)
            } else {
                guard a.count <= Closeness.longest, w.count <= Closeness.longest else { return .far }
                d = EditDistance.distance(a, w, limit: limit)
            }
            return d <= limit ? .score(10 + d) : .far
        }
    }

    /// Whether `a` is the wanted text but for case (and whitespace, with `dropSpace`), or for a
    /// containing test holds it so. Linear in `a`: equality is one pass, containment a KMP search
    /// on the folded bytes (`whole`: `a` is the entire value, not its first `window` bytes).
    private func holds(_ a: UnsafeBufferPointer<UInt8>, _ w: UnsafeBufferPointer<UInt8>, dropSpace: Bool, whole: Bool) -> Bool {
        if !containing {
            // A value cut at the window is longer than any literal it could equal.
            guard whole else { return false }
            if !dropSpace && a.count != w.count { return false }
            return Self.startsFolded(a, at: 0, w, dropSpace: dropSpace, whole: true)
        }
        let pattern = dropSpace ? solid : folded
        let table = dropSpace ? solidTable : foldedTable
        return pattern.withUnsafeBufferPointer { p in
            table.withUnsafeBufferPointer { Self.occurs(p, table: $0, in: a, dropSpace: dropSpace) }
        }
    }

    /// KMP failure table of `p`: for each prefix, the length of its longest proper border.
    static func failureTable(_ p: [UInt8]) -> [Int32] {
        var table = [Int32](repeating: 0, count: p.count)
        var k = 0
        for i in p.indices.dropFirst() {
            while k > 0 && p[k] != p[i] { k = Int(table[k - 1]) }
            if p[k] == p[i] { k += 1 }
            table[i] = Int32(k)
        }
        return table
    }

    /// Whether the lowered bytes of `t` (without whitespace, with `dropSpace`) contain `p`, which
    /// is lowered (and without whitespace) already: one pass over `t`, whatever `p`.
    static func occurs(_ p: UnsafeBufferPointer<UInt8>, table: UnsafeBufferPointer<Int32>,
                       in t: UnsafeBufferPointer<UInt8>, dropSpace: Bool) -> Bool {
        if p.isEmpty { return true }
        var k = 0
        for byte in t {
            if dropSpace && space(byte) { continue }
            let c = lower(byte)
            while k > 0 && p[k] != c { k = Int(table[k - 1]) }
            if p[k] == c {
                k += 1
                if k == p.count { return true }
            }
        }
        return false
    }

    @inline(__always) static func lower(_ c: UInt8) -> UInt8 { c >= 65 && c <= 90 ? c + 32 : c }
    @inline(__always) static func space(_ c: UInt8) -> Bool { c == 32 || (c >= 9 && c <= 13) }

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
}

extension Closeness {
    /// A wanted text as the Character path compares values with it: lowered, and lowered without
    /// whitespace, once per search rather than once per value (a literal may be 64 KiB long).
    struct Wanted {
        let text: String
        let lowered: String
        let solid: String
        /// Characters in `text`.
        let count: Int

        init(_ text: String) {
            self.text = text
            lowered = text.lowercased()
            solid = String(lowered.filter { !$0.isWhitespace })
            count = text.count
        }

        /// `Closeness.score`, or nil past `limit` edits (a value whose length is further than
        /// `limit` from the wanted text's gets no edit distance, nor do strings over 256
        /// characters); `whole` false: `actual` is the first bytes of a longer value, so it
        /// cannot equal the wanted text nor be its prefix. The standard library's String search
        /// is linear, and each step here is one pass.
        func score(actual: String, containing: Bool, limit: Int = .max, whole: Bool = true) -> Int? {
            let a = actual.lowercased()
            if containing ? a.contains(lowered) : whole && a == lowered { return 1 }
            let sa = String(a.filter { !$0.isWhitespace })
            if containing ? sa.contains(solid) : whole && sa == solid { return 2 }
            if !a.isEmpty && !lowered.isEmpty && (a.hasPrefix(lowered) || (whole && lowered.hasPrefix(a))) { return 3 }
            // Not a sentinel distance: with a literal over 3,000 characters the near-miss bound
            // passes 1,000, and "far" would have read as near.
            guard whole, abs(actual.count - count) <= limit, !long(actual), !long(text) else { return nil }
            let d = EditDistance.distance(actual, text, limit: limit)
            return d <= limit ? 10 + d : nil
        }
    }
}
