@testable import RegexLabelEngine
import SelectorCore
import Testing

/// PCRE2's match limit counts backtracking, not the characters one item consumes: `/a{60000}$/`
/// tried at each start of a 1 MB label ran 23-31 s (issue 28, item 3). Long subjects under a
/// deadline run the guarded code, whose callouts read the clock.
@Suite struct RegexDeadlineTests {
    static let megabyte = String(repeating: "a", count: 1_000_000)

    static let bigLabelTree = N("UIWindow", "w", [], [
        N("UILabel", "small", label: "aaa"),
        N("UILabel", "big", label: megabyte),
    ]).build()

    static func budgetedRegistry(_ budget: Duration) -> EngineRegistry {
        let r = EngineRegistry(matcher: Matcher(configuration: .serial), limits: SelectorLimits(timeBudget: budget))
        try! r.register(RegexEngine())
        return r
    }

    @Test func aCountedRepeatAtEveryStartOfAMegabyteLabelStopsAtTheBudget() throws {
        let registry = Self.budgetedRegistry(.milliseconds(300))
        let start = ContinuousClock.now
        let error = #expect(throws: SelectorError.self) {
            try registry.select("/a{60000}$/", engine: "regex", in: Self.bigLabelTree)
        }
        #expect(error?.kind == .deadline)
        #expect(error?.message.contains("ran past its time budget") == true, "\(String(describing: error))")
        #expect(ContinuousClock.now - start < .seconds(20))
    }

    @Test(arguments: [true, false])
    func bothMatchPathsReadTheDeadline(jit: Bool) throws {
        let pattern = try PCRE2Pattern("a{60000}$", jit: jit)
        let evaluator = pattern.makeEvaluator()
        evaluator.useDeadline(QueryDeadline(ContinuousClock.now.advanced(by: .milliseconds(200))))
        let subject = Array(Self.megabyte.utf8)
        let start = ContinuousClock.now
        let error = #expect(throws: SelectorError.self) { try subject.withUnsafeBufferPointer { try evaluator.matches($0) } }
        #expect(error?.message.contains("ran past its time budget") == true, "\(String(describing: error))")
        #expect(ContinuousClock.now - start < .seconds(20))
    }

    /// The guarded code answers exactly as the plain code on subjects past the threshold.
    @Test func theGuardedCodeAgreesWithThePlainCode() throws {
        let long = String(repeating: "Row 12-3 café ", count: 200) + "end"
        #expect(long.utf8.count > 2_048)  // past the guarded-code threshold (1 KiB)
        let subjects = [long, long + "\n" + long, String(repeating: "ab", count: 3_000) + "c", String(repeating: "x", count: 5_000)]
        let patterns = ["^Row", "end$", "(?i)CAFÉ end", "\\d+-3 caf", "^(ab)+c$", "(a|b)*c", "x{4999}", "x{5001}", "(?m)^end",
                        "(?<=ab)c", "(\\w+) \\1", "zzz", "(?C1)ab", "^$", ""]
        let later = QueryDeadline(ContinuousClock.now.advanced(by: .seconds(600)))
        for p in patterns {
            let pattern = try PCRE2Pattern(p)
            let plain = pattern.makeEvaluator()
            let guarded = pattern.makeEvaluator()
            guarded.useDeadline(later)
            for s in subjects {
                let bytes = Array(s.utf8)
                let a = Self.outcome(bytes, plain), b = Self.outcome(bytes, guarded)
                #expect(a == b, "/\(p)/ on \(s.prefix(20))…")
            }
        }
    }

    /// "true", "false" or the error's kind: a backtracking pattern may hit a limit on both codes.
    static func outcome(_ bytes: [UInt8], _ evaluator: any StringEvaluator) -> String {
        let result = Result { () throws(SelectorError) in try bytes.withUnsafeBufferPointer { b throws(SelectorError) in try evaluator.matches(b) } }
        switch result {
        case .success(let matched): return String(matched)
        case .failure(let error): return "\(error.kind)"
        }
    }

    /// A deadline that has passed stops a long subject before any matching; a short one (within
    /// the threshold) still runs the plain code, which the matcher's check between values bounds.
    @Test func aPassedDeadlineStopsLongSubjectsOnly() throws {
        let evaluator = try PCRE2Pattern("a+$").makeEvaluator()
        evaluator.useDeadline(QueryDeadline(ContinuousClock.now))
        let short = Array("aaaa".utf8)
        #expect(try short.withUnsafeBufferPointer { try evaluator.matches($0) })
        let long = Array(String(repeating: "a", count: 4_096).utf8)
        let error = #expect(throws: SelectorError.self) { try long.withUnsafeBufferPointer { try evaluator.matches($0) } }
        #expect(error?.message.contains("ran past its time budget") == true)
    }

    /// The match limit still applies to the guarded code (a catastrophic pattern on a long label).
    @Test func theMatchLimitStillAppliesUnderADeadline() throws {
        let evaluator = try PCRE2Pattern("^(a+)+$").makeEvaluator()
        evaluator.useDeadline(QueryDeadline(ContinuousClock.now.advanced(by: .seconds(600))))
        let evil = Array((String(repeating: "a", count: 2_000) + "b").utf8)
        let error = #expect(throws: SelectorError.self) { try evil.withUnsafeBufferPointer { try evaluator.matches($0) } }
        #expect(error?.kind == .limit)
        #expect(error?.message.hasPrefix("regex match limit exceeded in step 1") == true, "\(String(describing: error))")
    }
}
