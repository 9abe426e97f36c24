import Dispatch
import RegexLabelEngine
import SelectorCore
import Synchronization
import Testing

/// One registry, one cached pattern, many threads: same answers, no races (run with --sanitize=thread).
@Suite struct RegexConcurrencyTests {
    /// 40 tables of 50 rows: 2,000 distinct labels, enough for the matcher to split evaluation.
    private static let tree: ViewTree = {
        var b = ViewTreeBuilder()
        let root = b.addNode(className: "UIWindow")
        for t in 0..<40 {
            let table = b.addNode(className: "UITableView", parent: root)
            for r in 0..<50 {
                let cell = b.addNode(className: "UITableViewCell", parent: table)
                b.setString("accessibilityLabel", "Row \(t)-\(r)", on: cell)
                _ = b.addNode(className: "UIImageView", parent: cell)
            }
        }
        return b.build()
    }()

    /// A matcher that goes parallel on tiny inputs, so one query shares the pattern across threads too.
    private static func registry() throws -> EngineRegistry {
        let matcher = Matcher(configuration: MatcherConfiguration(maxThreads: 4, parallelThreshold: 256,
                                                                  parallelValueThreshold: 64))
        let registry = EngineRegistry(matcher: matcher)
        try registry.register(RegexEngine())
        return registry
    }

    private static let selectors = [#"/^Row \d+-3$/"#, "UITableViewCell /^Row 7-/ UIImageView", "/-4\\d$/i"]

    @Test func manyTasksSelectingThroughOneRegistryAgree() async throws {
        let registry = try Self.registry()
        let expected = try Self.selectors.map { try regexRegistry.select($0, engine: "regex", in: Self.tree) }
        #expect(expected.map(\.count) == [40, 50, 400])
        try await withThrowingTaskGroup(of: [[NodeID]].self) { group in
            for _ in 0..<16 {
                group.addTask {
                    var last: [[NodeID]] = []
                    for _ in 0..<10 {
                        last = try Self.selectors.map { try registry.select($0, engine: "regex", in: Self.tree) }
                    }
                    return last
                }
            }
            for try await result in group { #expect(result == expected) }
        }
    }

    @Test func manyThreadsSharingOneCompiledPatternAgree() throws {
        let registry = try Self.registry()
        let program = try registry.compile(#"UITableViewCell /^Row (1|2)\d-(7|8)$/"#, engine: "regex").program
        let expected = try Matcher(configuration: .serial).select(program, in: Self.tree)
        #expect(expected.count == 40)
        let mismatches = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            for _ in 0..<10 {
                let got = try? registry.matcher.select(program, in: Self.tree)
                if got != expected { mismatches.add(1, ordering: .relaxed) }
            }
        }
        #expect(mismatches.load(ordering: .relaxed) == 0)
    }
}
