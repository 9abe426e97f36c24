import PCRE2Matching
import SelectorCore
import Testing

/// `PCRE2Evaluator.find` and `group`, which xpath's `replace()` and `tokenize()` loop over: the
/// same code, limits and deadline guard as `matches`.
@Suite struct PCRE2FindTests {
    static let wording = PCRE2Evaluator.Wording(site: "'p'", matchDataSite: "for 'p'", explainsMatchLimit: true)

    static func finder(_ pattern: String, jit: Bool = true, limits: PCRE2Limits = PCRE2Limits()) throws -> PCRE2Evaluator {
        PCRE2Evaluator(try PCRE2Regex(pattern, options: [], limits: limits, jit: jit), wording: wording, groups: true)
    }

    /// Every match from the start, each with its groups 0 through `groupCount`, searching on as
    /// `replace()` and `tokenize()` do.
    static func all(_ finder: PCRE2Evaluator, _ subject: String) throws -> [[Range<Int>?]] {
        let bytes = Array(subject.utf8)
        return try bytes.withUnsafeBufferPointer { b in
            var out: [[Range<Int>?]] = []
            var from = 0
            while from <= b.count, let m = try finder.find(b, from: from) {
                #expect(finder.group(0) == m)
                out.append((0...finder.groupCount).map { finder.group($0) })
                from = PCRE2Evaluator.nextStart(after: m, in: b)
            }
            return out
        }
    }

    @Test(arguments: [true, false])
    func successiveMatchesWithTheirGroups(jit: Bool) throws {
        let f = try Self.finder("(\\w)=(\\d+)?", jit: jit)
        #expect(f.groupCount == 2)
        // "a=1 b= c=23": a group that takes no part is nil, not an empty range.
        #expect(try Self.all(f, "a=1 b= c=23") == [[0..<3, 0..<1, 2..<3], [4..<6, 4..<5, nil], [7..<11, 7..<8, 9..<11]])
        #expect(try Self.all(f, "none").isEmpty)
        #expect(f.group(3) == nil)
        #expect(f.group(-1) == nil)
    }

    @Test func anEvaluatorWithoutGroupsRecordsOnlyTheWholeMatch() throws {
        let e = PCRE2Evaluator(try PCRE2Regex("(b)", options: [], limits: PCRE2Limits(), jit: true), wording: Self.wording)
        let bytes = Array("ab".utf8)
        #expect(try bytes.withUnsafeBufferPointer { try e.find($0, from: 0) } == 1..<2)
        #expect(e.groupCount == 1)
        #expect(e.group(1) == nil)
    }

    /// An empty match is reported as such; the next search starts one character on (never inside
    /// a UTF-8 sequence), and the end of the subject is a place a match can be found.
    @Test(arguments: [true, false])
    func emptyMatchesAdvanceByOneCharacter(jit: Bool) throws {
        let f = try Self.finder("x*", jit: jit)
        // "aéx": é is bytes 1 and 2.
        #expect(try Self.all(f, "aéx").map { $0[0] } == [0..<0, 1..<1, 3..<4, 4..<4])
        #expect(try Self.all(f, "").map { $0[0] } == [0..<0])
        let b = try Self.finder("\\b", jit: jit)
        #expect(try Self.all(b, "ab cd").map { $0[0] } == [0..<0, 2..<2, 3..<3, 5..<5])
    }

    /// The bytes before the offset are context, not a new start: `^` does not match there, a
    /// lookbehind reads them.
    @Test func theBytesBeforeTheOffsetAreContext() throws {
        func find(_ pattern: String, from offset: Int) throws -> Range<Int>? {
            let f = try Self.finder(pattern)
            return try Array("aab".utf8).withUnsafeBufferPointer { try f.find($0, from: offset) }
        }
        #expect(try find("^a", from: 1) == nil)
        #expect(try find("(?<=a)a", from: 1) == 1..<2)
        #expect(try find("a", from: 2) == nil)
        #expect(try find("$", from: 3) == 3..<3)
    }

    @Test(arguments: [true, false])
    func theMatchLimitStopsARunawayFind(jit: Bool) throws {
        let f = try Self.finder("^(a+)+$", jit: jit, limits: PCRE2Limits(matchLimit: 10_000))
        let bytes = Array((String(repeating: "a", count: 40) + "b").utf8)
        let error = #expect(throws: SelectorError.self) { try bytes.withUnsafeBufferPointer { try f.find($0, from: 0) } }
        #expect(error?.kind == .limit)
        #expect(error?.message.hasPrefix("regex match limit exceeded in 'p'") == true, "\(String(describing: error))")
    }

    /// A search of a megabyte subject under a deadline runs the guarded code and stops at it; the
    /// same pattern with no deadline set finds its match.
    @Test(arguments: [true, false])
    func aFindOnAMegabyteSubjectStopsAtTheDeadline(jit: Bool) throws {
        let bytes = Array(String(repeating: "a", count: 1_000_000).utf8)
        let f = try Self.finder("(a{60000})$", jit: jit)
        f.useDeadline(QueryDeadline(ContinuousClock.now.advanced(by: .milliseconds(200))))
        let start = ContinuousClock.now
        let error = #expect(throws: SelectorError.self) { try bytes.withUnsafeBufferPointer { try f.find($0, from: 0) } }
        #expect(error?.message.contains("ran past its time budget") == true, "\(String(describing: error))")
        #expect(ContinuousClock.now - start < .seconds(20))

        // From near the end there is little left to try: the guarded code finds the match.
        let near = try Self.finder("(a{60000})$", jit: jit)
        near.useDeadline(QueryDeadline(ContinuousClock.now.advanced(by: .seconds(600))))
        let m = try bytes.withUnsafeBufferPointer { try near.find($0, from: 1_000_000 - 60_000) }
        #expect(m == 940_000..<1_000_000)
        #expect(near.group(1) == 940_000..<1_000_000)
    }
}
