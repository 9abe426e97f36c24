@testable import RegexLabelEngine
import SelectorCore
import Testing

/// Runaway patterns stop with a `.limit` error; work is once per distinct label.
@Suite struct RegexLimitTests {
    private static let catastrophic = N("UIWindow", "win", [], [
        N("UILabel", "ok", label: "aaaa"),
        N("UILabel", "evil", label: String(repeating: "a", count: 40) + "b"),
    ]).build()

    @Test func catastrophicBacktrackingStopsWithAMatchLimitError() throws {
        let error = #expect(throws: SelectorError.self) {
            try regexRegistry.select("/^(a+)+$/", engine: "regex", in: Self.catastrophic)
        }
        #expect(error?.kind == .limit)
        #expect(error?.message.hasPrefix("regex match limit exceeded in step 1") == true)
        #expect(error?.selector == "/^(a+)+$/")
        #expect(error?.engine == "regex")
    }

    @Test func theLimitErrorNamesTheStepThatHitIt() throws {
        let error = #expect(throws: SelectorError.self) {
            try regexRegistry.select("UIWindow UILabel /^(a+)+$/", engine: "regex", in: Self.catastrophic)
        }
        #expect(error?.message.hasPrefix("regex match limit exceeded in step 2") == true)
    }

    @Test(arguments: [true, false])
    func bothMatchPathsStopAtTheMatchLimit(jit: Bool) throws {
        let pattern = try PCRE2Pattern("^(a+)+$", jit: jit)
        #expect(pattern.usesJIT == jit)
        let evaluator = pattern.makeEvaluator()
        let evil = Array((String(repeating: "a", count: 40) + "b").utf8)
        let error = #expect(throws: SelectorError.self) { try evil.withUnsafeBufferPointer { try evaluator.matches($0) } }
        #expect(error?.kind == .limit)
        // The same evaluator still answers ordinary subjects afterwards.
        #expect(try Array("aaaa".utf8).withUnsafeBufferPointer { try evaluator.matches($0) })
    }

    @Test func theInterpreterStopsDeepNestingAtTheDepthLimit() throws {
        let pattern = try PCRE2Pattern("^(a|b)*c$", limits: PCRE2Limits(depthLimit: 1_000), jit: false)
        let long = Array(String(repeating: "ab", count: 200_000).utf8)
        let error = #expect(throws: SelectorError.self) {
            try long.withUnsafeBufferPointer { try pattern.makeEvaluator().matches($0) }
        }
        #expect(error?.kind == .limit)
    }

    @Test func theJITStopsDeepRecursionAtItsStackLimitNotACrash() throws {
        let pattern = try PCRE2Pattern("^(a(?1)?)$")
        #expect(pattern.usesJIT)
        let long = Array(String(repeating: "a", count: 200_000).utf8)
        let error = #expect(throws: SelectorError.self) {
            try long.withUnsafeBufferPointer { try pattern.makeEvaluator().matches($0) }
        }
        #expect(error?.kind == .limit)
        #expect(error?.message.hasPrefix("regex match limit exceeded in step 1 (PCRE2: ") == true)
    }

    @Test func anEmptyLabelIsASubjectLikeAnyOther() throws {
        let evaluator = try PCRE2Pattern("^$").makeEvaluator()
        #expect(try evaluator.matches(UnsafeBufferPointer(start: nil, count: 0)))
        #expect(evaluator.evaluations == 1)
    }

    @Test func patternsAreEvaluatedOncePerDistinctLabelNotPerNode() throws {
        var builder = ViewTreeBuilder()
        let root = builder.addNode(className: "UIWindow")
        let labels = ["Row 1-3", "Row 2-3", "Row 2-4", "Delete"]
        for k in 0..<1_000 {
            let node = builder.addNode(className: "UILabel", parent: root)
            builder.setString("accessibilityLabel", labels[k % labels.count], on: node)
        }
        let tree = builder.build()
        var statistics = MatchStatistics()
        let found = try regexRegistry.select(#"/^Row \d+-3$/"#, engine: "regex", in: tree, statistics: &statistics)
        #expect(found.count == 500)
        #expect(statistics.stringEvaluations == labels.count)
    }

    @Test func anEvaluatorCountsTheSubjectsItTested() throws {
        let evaluator = try PCRE2Pattern("x").makeEvaluator()
        for s in ["x", "y", "xx"] { _ = try Array(s.utf8).withUnsafeBufferPointer { try evaluator.matches($0) } }
        #expect(evaluator.evaluations == 3)
    }
}
