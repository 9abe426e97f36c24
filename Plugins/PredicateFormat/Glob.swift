import SelectorCore

/// A piece of a `LIKE` pattern: `*` any run of characters, `?` one character, else a literal.
enum GlobToken: Equatable, Sendable {
    case any
    case one
    case literal(Character)

    /// `\*`, `\?` and `\\` stand for the character itself.
    static func compile(_ pattern: String) -> [GlobToken] {
        var out: [GlobToken] = []
        var escaped = false
        for ch in pattern {
            if escaped { out.append(.literal(ch)); escaped = false; continue }
            switch ch {
            case "\\": escaped = true
            case "*": if out.last != .any { out.append(.any) }
            case "?": out.append(.one)
            default: out.append(.literal(ch))
            }
        }
        if escaped { out.append(.literal("\\")) }
        return out
    }
}

/// A `LIKE` pattern compiled for near-linear matching: split at its `*`s into segments of literals
/// and `?`s. Without a `*` the subject must be the one segment. With one, the first segment must be
/// a prefix and the last a suffix, and each middle segment is placed at its leftmost occurrence
/// after the previous one: for a glob, the leftmost place leaves the most room to what follows, so
/// greedy placement finds a match whenever there is one, with no backtracking. A segment without
/// `?` is found by Knuth–Morris–Pratt in O(subject + segment); one with `?` by its longest literal
/// run, each occurrence then checked in full (O(subject × segment) at worst, as in `*a???…b*`),
/// which is why matching reads the query's deadline while it runs.
///
/// Characters are compared as small integers: an ASCII character is its byte, any other literal
/// of the pattern a number from 256 up (a `Character` dictionary, so canonically equivalent
/// spellings share one), and a subject character the pattern does not name is -1, which only `?`
/// matches. An ASCII subject is read byte by byte without building its characters (CR LF, one
/// character of two bytes, excepted).
struct GlobPattern: Sendable {
    /// The tokens between `*`s, in order (no `*` inside).
    let segments: [Segment]
    /// Whether the pattern has a `*`; without one `segments` holds exactly one segment.
    let hasStar: Bool
    /// The fewest characters a matching subject has (every token but `*` takes one).
    let minimumLength: Int
    /// Numbers of the pattern's non-ASCII literal characters.
    let codes: [Character: Int32]

    /// A `?` in a segment's codes.
    static let anyOne: Int32 = -2
    /// Steps between reads of the deadline: a clock read costs about as much as a few dozen steps.
    static let checkInterval = 4096

    /// A run of `?` and literal tokens, with what the search for it needs.
    struct Segment: Sendable {
        /// Character codes, `anyOne` for `?`.
        let codes: [Int32]
        /// The longest run of literals in the segment: where it starts and its codes.
        let anchorOffset: Int
        let anchor: [Int32]
        /// Knuth–Morris–Pratt failure table of `anchor`.
        let failure: [Int]
        var count: Int { codes.count }
    }

    init(_ tokens: [GlobToken]) {
        var codes: [Character: Int32] = [:]
        var pieces: [[Int32]] = [[]]
        for t in tokens {
            switch t {
            case .any: pieces.append([])
            case .one: pieces[pieces.count - 1].append(Self.anyOne)
            case .literal(let c):
                let code: Int32
                if let ascii = Self.asciiCode(c) {
                    code = ascii
                } else if let known = codes[c] {
                    code = known
                } else {
                    code = Int32(256 + codes.count)
                    codes[c] = code
                }
                pieces[pieces.count - 1].append(code)
            }
        }
        self.codes = codes
        hasStar = pieces.count > 1
        segments = pieces.map(Self.segment)
        minimumLength = pieces.reduce(0) { $0 + $1.count }
    }

    /// The byte of a one-byte character (CR LF is one character of two bytes).
    private static func asciiCode(_ c: Character) -> Int32? {
        guard c.utf8.count == 1, let b = c.utf8.first, b < 0x80 else { return nil }
        return Int32(b)
    }

    private static func segment(_ codes: [Int32]) -> Segment {
        var bestOffset = 0, bestCount = 0
        var runOffset = 0, runCount = 0
        for (i, code) in codes.enumerated() {
            if code == anyOne { runCount = 0; continue }
            if runCount == 0 { runOffset = i }
            runCount += 1
            if runCount > bestCount { bestCount = runCount; bestOffset = runOffset }
        }
        let anchor = Array(codes[bestOffset..<bestOffset + bestCount])
        return Segment(codes: codes, anchorOffset: bestOffset, anchor: anchor, failure: failureTable(anchor))
    }

    private static func failureTable(_ needle: [Int32]) -> [Int] {
        var failure = [Int](repeating: 0, count: needle.count)
        var k = 0
        var i = 1
        while i < needle.count {
            while k > 0 && needle[i] != needle[k] { k = failure[k - 1] }
            if needle[i] == needle[k] { k += 1 }
            failure[i] = k
            i += 1
        }
        return failure
    }

    /// The subject as character codes.
    func codes(of subject: String) -> [Int32] {
        var utf8 = subject.utf8.makeIterator()
        var ascii: [Int32] = []
        ascii.reserveCapacity(subject.utf8.count)
        var previous: UInt8 = 0
        while let b = utf8.next() {
            // Not ASCII, or CR LF: read characters instead.
            if b >= 0x80 || (b == 0x0A && previous == 0x0D) { return characterCodes(of: subject) }
            ascii.append(Int32(b))
            previous = b
        }
        return ascii
    }

    private func characterCodes(of subject: String) -> [Int32] {
        subject.map { c in Self.asciiCode(c) ?? codes[c] ?? -1 }
    }

    /// Whether `subject` matches; throws `QueryBudget.deadlineError` once `deadline` has passed.
    func matches(_ subject: String, deadline: QueryDeadline) throws(SelectorError) -> Bool {
        try matches(codes(of: subject), deadline: deadline)
    }

    func matches(_ subject: [Int32], deadline: QueryDeadline) throws(SelectorError) -> Bool {
        var meter = GlobMeter(deadline: deadline)
        let n = subject.count
        guard n >= minimumLength else { return false }
        guard hasStar else {
            guard n == segments[0].count else { return false }
            return try matchesAt(segments[0], subject, 0, &meter)
        }
        let first = segments[0], last = segments[segments.count - 1]
        guard try matchesAt(first, subject, 0, &meter), try matchesAt(last, subject, n - last.count, &meter) else {
            return false
        }
        var position = first.count
        let end = n - last.count
        for segment in segments.dropFirst().dropLast() {
            guard let found = try leftmost(segment, in: subject, from: position, to: end, &meter) else { return false }
            position = found + segment.count
        }
        return true
    }

    /// Whether `segment` matches `subject` at `start` (the caller keeps it within bounds).
    private func matchesAt(_ segment: Segment, _ subject: [Int32], _ start: Int,
                           _ meter: inout GlobMeter) throws(SelectorError) -> Bool {
        try meter.charge(segment.count)
        var i = 0
        while i < segment.codes.count {
            let code = segment.codes[i]
            if code != Self.anyOne && subject[start + i] != code { return false }
            i += 1
        }
        return true
    }

    /// The leftmost start `s` in `from...to - segment.count` where `segment` matches.
    private func leftmost(_ segment: Segment, in subject: [Int32], from: Int, to end: Int,
                          _ meter: inout GlobMeter) throws(SelectorError) -> Int? {
        let lastStart = end - segment.count
        guard lastStart >= from else { return nil }
        let anchor = segment.anchor
        // All `?`: any place fits, the first one is leftmost.
        guard !anchor.isEmpty else { return from }
        let checksRest = anchor.count != segment.count
        // KMP over the anchor's possible places; each hit is a candidate start for the segment.
        var i = from + segment.anchorOffset
        let anchorEnd = lastStart + segment.anchorOffset + anchor.count
        var k = 0
        while i < anchorEnd {
            try meter.charge(1)
            let c = subject[i]
            while k > 0 && c != anchor[k] { k = segment.failure[k - 1] }
            if c == anchor[k] { k += 1 }
            i += 1
            if k == anchor.count {
                let start = i - anchor.count - segment.anchorOffset
                if !checksRest { return start }
                if try matchesAt(segment, subject, start, &meter) { return start }
                k = segment.failure[k - 1]
            }
        }
        return nil
    }
}

/// Counts a match's steps and reads the deadline every `GlobPattern.checkInterval` of them.
private struct GlobMeter {
    let deadline: QueryDeadline
    var steps = 0

    @inline(__always)
    mutating func charge(_ n: Int) throws(SelectorError) {
        steps += n
        if steps >= GlobPattern.checkInterval {
            steps = 0
            try deadline.check()
        }
    }
}
