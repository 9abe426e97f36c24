import PredicateEngine
@testable import PredicateFormat
import SelectorCore
import Testing
import ViewSelectorsTesting

/// LIKE (and CONTAINS[d]) on long values: near-linear matching, the same answers as a plain
/// backtracking glob, and the query's deadline read inside one value (issue 28, item 2: a 60 KB
/// pattern with one `*` on a 1 MB label ran ~62 s).
@Suite struct LikeBudgetTests {
    /// The reference: NSPredicate's LIKE as a memoised recursion over characters (`*` any run,
    /// `?` one character, `\` escapes), slow but obviously right.
    static func referenceLike(_ pattern: String, _ subject: String) -> Bool {
        enum T: Equatable { case star, one, char(Character) }
        var tokens: [T] = []
        var escaped = false
        for ch in pattern {
            if escaped { tokens.append(.char(ch)); escaped = false; continue }
            switch ch {
            case "\\": escaped = true
            case "*": tokens.append(.star)
            case "?": tokens.append(.one)
            default: tokens.append(.char(ch))
            }
        }
        if escaped { tokens.append(.char("\\")) }
        let s = Array(subject)
        var memo: [Int: Bool] = [:]
        func match(_ p: Int, _ i: Int) -> Bool {
            let key = p * (s.count + 1) + i
            if let known = memo[key] { return known }
            let result: Bool
            if p == tokens.count {
                result = i == s.count
            } else {
                switch tokens[p] {
                case .star: result = match(p + 1, i) || (i < s.count && match(p, i + 1))
                case .one: result = i < s.count && match(p + 1, i + 1)
                case .char(let c): result = i < s.count && s[i] == c && match(p + 1, i + 1)
                }
            }
            memo[key] = result
            return result
        }
        return match(0, 0)
    }

    static func like(_ pattern: String, _ subject: String, folding: StringFolding = [],
                     deadline: QueryDeadline = .none) throws -> Bool {
        let evaluator = FoldedStringMatcher(.like, pattern, folding: folding).makeEvaluator()
        evaluator.useDeadline(deadline)
        return try Array(subject.utf8).withUnsafeBufferPointer { try evaluator.matches($0) }
    }

    /// SplitMix64: the same cases on every run.
    struct Random {
        var state: UInt64
        mutating func next(_ n: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(n))
        }
    }

    @Test func smallPatternsAgreeWithTheReference() throws {
        var random = Random(state: 28)
        let patternAlphabet: [String] = ["a", "b", "é", "*", "?", "\\*", "\\?", "ab", "*a"]
        let subjectAlphabet: [Character] = ["a", "b", "é", "*", "?"]
        var disagreements: [String] = []
        for _ in 0..<4_000 {
            let pattern = (0..<random.next(7)).map { _ in patternAlphabet[random.next(patternAlphabet.count)] }.joined()
            let subject = String((0..<random.next(9)).map { _ in subjectAlphabet[random.next(subjectAlphabet.count)] })
            if try Self.like(pattern, subject) != Self.referenceLike(pattern, subject) {
                disagreements.append("\(pattern) LIKE \(subject)")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
    }

    @Test func wildcardEdgeCases() throws {
        let cases: [(String, String, Bool)] = [
            ("", "", true), ("", "a", false), ("*", "", true), ("**", "abc", true),
            ("a*a", "a", false), ("a*a", "aa", true), ("*ab*ab*", "abab", true), ("*ab*ab*", "aba", false),
            ("*aab", "aaab", true), ("a?c*", "abc", true), ("*?", "", false), ("?*?", "é", false),
            ("*b?b*", "abab", true), ("*b?b*", "abba", false), ("*b?b*", "abcb", true), ("*a?a?a*", "aaaaa", true),
        ]
        for (pattern, subject, expected) in cases {
            #expect(try Self.like(pattern, subject) == expected, "\(pattern) LIKE \(subject)")
            #expect(Self.referenceLike(pattern, subject) == expected, "reference: \(pattern) LIKE \(subject)")
        }
        // [cd] folds both sides before the wildcards are read.
        #expect(try Self.like("CAF?*", "café au lait", folding: [.caseInsensitive, .diacriticInsensitive]))
        #expect(try Self.like("*E AU*", "café au lait", folding: [.caseInsensitive, .diacriticInsensitive]))
        #expect(try !Self.like("*E AU*", "café au lait", folding: [.caseInsensitive]))
    }

    @Test func containsWithDiacriticsAgreesWithTheReference() throws {
        var random = Random(state: 7)
        let alphabet: [Character] = ["a", "b", "á"]
        for _ in 0..<1_000 {
            let needle = String((0..<random.next(4)).map { _ in alphabet[random.next(3)] })
            let subject = String((0..<random.next(10)).map { _ in alphabet[random.next(3)] })
            let evaluator = FoldedStringMatcher(.contains, needle, folding: .diacriticInsensitive).makeEvaluator()
            let got = try Array(subject.utf8).withUnsafeBufferPointer { try evaluator.matches($0) }
            let fold = { (s: String) in StringFolding.diacriticInsensitive.apply(s) }
            let expected = Self.referenceLike("*" + fold(needle) + "*", fold(subject))
            #expect(got == expected, "\(subject) CONTAINS[d] \(needle)")
        }
    }

    /// The attack's shape: a 1 MB label and a 60 KB pattern with one `*`, without any deadline,
    /// answered correctly (the old matcher tried the whole pattern at each of the million places
    /// the `*` could end: ~62 s).
    @Test func aMegabyteLabelAgainstASixtyKilobytePatternIsAnsweredWithoutADeadline() throws {
        let label = String(repeating: "a", count: 1_000_000)
        let suffix = String(repeating: "a", count: 60_000)
        #expect(try !Self.like("*" + suffix + "b", label))
        #expect(try Self.like("*" + suffix, label))
        #expect(try Self.like(suffix + "*", label))
        #expect(try Self.like("*" + String(repeating: "a", count: 30_000) + "*" + suffix, label))
        #expect(try !Self.like("*" + String(repeating: "a", count: 30_000) + "b*", label))
        #expect(try Self.like("*" + String(repeating: "a", count: 30_000) + "b*", label + "b"))
        #expect(try Self.like("*A*", label, folding: .caseInsensitive))
    }

    /// A tree where one view holds a 1 MB label, as a client's `setAccessibilityLabel:` leaves it.
    static let bigLabelTree = N("UIWindow", "w", [], [
        N("UILabel", "small", label: "hello"),
        N("UILabel", "big", label: String(repeating: "a", count: 1_000_000)),
    ]).build()

    static func budgetedRegistry(_ budget: Duration) -> EngineRegistry {
        let r = EngineRegistry(matcher: Matcher(configuration: .serial), limits: SelectorLimits(timeBudget: budget))
        try! r.register(PredicateEngine())
        return r
    }

    /// Under a 300 ms budget every LIKE shape either answers or stops with the budget error; the
    /// `?`-heavy one (each candidate checked in full, O(label × pattern)) needs the deadline.
    static let longPatterns = [
        "*" + String(repeating: "a", count: 60_000) + "b",
        "*" + String(repeating: "a", count: 30_000) + "*" + String(repeating: "a", count: 29_000) + "b",
        "*" + String(repeating: "?a", count: 30_000) + "b*",
        "*" + String(repeating: "?a", count: 30_000) + "?b*",
        "*a" + String(repeating: "?", count: 60_000) + "b*",
    ]

    /// (An index, so that a failure does not print 60 KB of pattern.)
    @Test(arguments: longPatterns.indices)
    func aLongLikeOnAMegabyteLabelAnswersOrStopsAtTheBudget(_ index: Int) throws {
        let pattern = Self.longPatterns[index]
        let registry = Self.budgetedRegistry(.milliseconds(300))
        let start = ContinuousClock.now
        let selector = "accessibilityLabel LIKE '\(pattern)'"
        switch Result(catching: { () throws(SelectorError) in try registry.selectUIDs(selector, engine: "predicate", in: Self.bigLabelTree) }) {
        case .success(let uids): #expect(uids.isEmpty)
        case .failure(let error): #expect(error.message.contains("ran past its time budget"), "\(error.message)")
        }
        #expect(ContinuousClock.now - start < .seconds(20))
    }

    @Test func aQuestionMarkHeavyPatternOnAMegabyteStopsAtTheBudget() throws {
        let registry = Self.budgetedRegistry(.milliseconds(300))
        let start = ContinuousClock.now
        let pattern = "*a" + String(repeating: "?", count: 60_000) + "b*"
        let error = #expect(throws: SelectorError.self) {
            try registry.select("accessibilityLabel LIKE '\(pattern)'", engine: "predicate", in: Self.bigLabelTree)
        }
        #expect(error?.kind == .deadline)
        #expect(error?.message.contains("ran past its time budget") == true, "\(String(describing: error))")
        #expect(ContinuousClock.now - start < .seconds(20))
    }

    @Test func theEvaluatorReadsTheDeadlineInsideOneValue() throws {
        let passed = QueryDeadline(ContinuousClock.now)
        let label = String(repeating: "a", count: 200_000)
        let error = #expect(throws: SelectorError.self) {
            try Self.like("*" + String(repeating: "?a", count: 5_000) + "b*", label, deadline: passed)
        }
        #expect(error?.message.contains("ran past its time budget") == true)
        // A short value is answered before the first clock read.
        #expect(try Self.like("a*", "ab", deadline: passed))
    }

    /// MATCHES runs the shared PCRE2 evaluator: a lazy prefix before a counted repeat tries the
    /// repeat at every position of the megabyte (21 s, then the match limit, before the fix).
    @Test func matchesOnAMegabyteLabelStopsAtTheBudget() throws {
        let registry = Self.budgetedRegistry(.milliseconds(300))
        let start = ContinuousClock.now
        let error = #expect(throws: SelectorError.self) {
            try registry.select("accessibilityLabel MATCHES '(?s).*?a{60000}'", engine: "predicate", in: Self.bigLabelTree)
        }
        #expect(error?.message.contains("ran past its time budget") == true, "\(String(describing: error))")
        #expect(ContinuousClock.now - start < .seconds(20))
    }
}
