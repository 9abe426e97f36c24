import PluginLoader
import SelectorCore
import Testing
import ViewSelectors

/// What a plug-in can say through the C contract (issue 29, item 4): engine-supplied string
/// matchers (`LIKE`, `MATCHES`, `[d]`, string `<`) run in the plug-in through the `matcher_*`
/// functions, and `[$…$]` crosses as the program JSON's `hasDescendant` step.
@Suite("Plug-in string matchers and descendant predicates")
struct ClassChainPluginTests {
    static let tree = try! SampleApp.tree()

    static func uids(_ registry: EngineRegistry, _ selector: String, engine: String? = "class_chain") throws -> [String] {
        try registry.selectUIDs(selector, engine: engine, in: tree)
    }

    @Test("the .so: LIKE, MATCHES, [d] and string < in backticks, and [$…$], select as in-process",
          .enabled(if: PluginFixture.classChainPath != nil || PluginFixture.isRequired,
                   "libClassChainEngine.so not built: run `make test` or `swift build --product ClassChainEngine`"))
    func dynamic() throws {
        let path = try #require(PluginFixture.classChainPath, "\(PluginFixture.environmentVariable) names a missing file")
        let registry = EngineRegistry.standard()
        try PluginLoader.load(path, into: registry)
        // Each against the built-in `predicate` engine (the same NSPredicate code, in the host).
        for (chain, predicate) in [
            ("**/UILabel[`label LIKE 'Row 7-?'`]", "type == 'UILabel' AND label LIKE 'Row 7-?'"),
            ("**/UILabel[`label LIKE[c] '*MODE'`]", "type == 'UILabel' AND label LIKE[c] '*MODE'"),
            ("**/UILabel[`label MATCHES '(Wi-Fi|Sounds)'`]", "type == 'UILabel' AND label MATCHES '(Wi-Fi|Sounds)'"),
            ("**/UILabel[`label MATCHES[c] 'row \\\\d-\\\\d'`]", "type == 'UILabel' AND label MATCHES[c] 'row \\\\d-\\\\d'"),
            ("**/UILabel[`label ==[d] 'Wi-Fi'`]", "type == 'UILabel' AND label ==[d] 'Wi-Fi'"),
            ("**/UILabel[`label < 'B'`]", "type == 'UILabel' AND label < 'B'"),
        ] {
            let expected = try Self.uids(registry, predicate, engine: "predicate")
            #expect(!expected.isEmpty, "\(predicate)")
            #expect(try Self.uids(registry, chain) == expected, "\(chain)")
        }
        #expect(try Self.uids(registry, "**/UILabel[`label LIKE 'Row 7-?'`]") == ["1050"])
        // Descendant predicates, also holding a matcher, and in a chain.
        #expect(try Self.uids(registry, "**/UITableViewCell[$label == 'Airplane Mode'$]") == ["1016"])
        #expect(try Self.uids(registry, "**/UITableViewCell[$label LIKE[c] 'do not*'$]/**/UIButton") == ["1034"])
        #expect(try Self.uids(registry, "**/UITableViewCell[$type == 'UISwitch'$][-1]") == ["1032"])
        #expect(try Self.uids(registry, "regex:/^Settings$/ >> class_chain:**/UITableViewCell[$label MATCHES 'Row.*'$]", engine: nil)
                == ["1052"])
        // A pattern PCRE2 refuses is still the plug-in's compile error, with its column.
        #expect { try registry.select("**/UILabel[`label MATCHES '('`]", engine: "class_chain", in: Self.tree) } throws: { error in
            let e = error as! SelectorError
            return e.kind == .syntax && e.column != nil && e.engine == "class_chain"
        }
    }

    @Test("in-process through the C contract: a matcher runs in the plug-in, its errors cross, and its id is released")
    func matcherLifetime() throws {
        let before = SelectorPlugin.liveMatcherCount
        do {
            let registry = EngineRegistry.standard()
            #expect(try PluginLoader.register(entryPoint: Entries.matching, path: "libMatching.so", into: registry) == ["matching"])
            // The probe matcher passes values that end with the selector text, so "Mode" is the
            // labels ending in Mode: Airplane Mode's label and switch.
            #expect(try Self.uids(registry, "Mode", engine: "matching") == ["1013", "1014"])
            #expect(SelectorPlugin.liveMatcherCount == before + 1)
            // Cached: compiling again holds no second matcher.
            #expect(try Self.uids(registry, "Mode", engine: "matching") == ["1013", "1014"])
            #expect(SelectorPlugin.liveMatcherCount == before + 1)
            // An evaluator's error comes back with its kind and message.
            #expect { try registry.select("!", engine: "matching", in: Self.tree) } throws: { error in
                let e = error as! SelectorError
                return e.kind == .limit && e.message == "the probe matcher refuses '!'"
            }
        }
        // The registry, its cache and its programs are gone: so are the plug-in's matchers.
        #expect(SelectorPlugin.liveMatcherCount == before)
    }

    @Test("a matcher test without the engine's matcher functions is an invalid program")
    func noMatcherFunctions() {
        let json = JSONValue.object([("start", "document"), ("steps", .array([.object([
            ("filter", .object([("string", "accessibilityLabel"), ("matcher", .int(7)), ("description", "LIKE 'x'")])),
        ])]))])
        #expect { try SelectorProgram(pluginJSON: json) } throws: { error in
            (error as? SelectorError)?.message == "the plug-in returned an invalid program: $.steps[0].filter.matcher: a matcher "
                + "test needs the plug-in engine that wrote it (its matcher functions), and there is none here"
        }
    }

    @Test("the .so prints class chains through the contract's render call, and says what it cannot say",
          .enabled(if: PluginFixture.classChainPath != nil || PluginFixture.isRequired,
                   "libClassChainEngine.so not built: run `make test` or `swift build --product ClassChainEngine`"))
    func render() throws {
        let path = try #require(PluginFixture.classChainPath, "\(PluginFixture.environmentVariable) names a missing file")
        let registry = EngineRegistry.standard()
        try PluginLoader.load(path, into: registry)
        let engine = try registry.engine(named: "class_chain")
        let cellButton = SearchPath(steps: [
            SearchPath.Step(link: .descendant, filter: .memberOf("UITableViewCell")),
            SearchPath.Step(link: .child, filter: .all([.memberOf("UIButton"), .string(property: "label", .hasPrefix("Del"))])),
        ], pick: -1)
        #expect(engine.render(cellButton) == .selector("**/UITableViewCell/UIButton[`label BEGINSWITH 'Del'`][-1]"))
        let ancestor = SearchPath(steps: [SearchPath.Step(link: .descendant, filter: .hasAncestor(.memberOf("UITableViewCell")))])
        #expect(engine.render(ancestor) == .cannotSay("a test of the view's ancestors: a format string tests one view"))
        // A test that has no JSON form is refused on this side of the contract.
        let matcher = SearchPath(steps: [SearchPath.Step(link: .descendant, filter: .string(property: "label", .matcher(NoMatch())))])
        #expect(engine.render(matcher) == .cannotSay("a test that does not cross to a plug-in (an engine matcher or a structural test)"))
        // Through a translation: the rendered chain is proved like any candidate.
        let result = try registry.translate("//UITableViewCell//UISwitch", from: "xpath", to: ["class_chain"], on: [Self.tree])
        #expect(result[0].chosen?.selector == "**/UITableViewCell/**/UISwitch")
        #expect(result[0].chosen?.origin == .rendered)
    }
}

/// A string matcher only the probe plug-in knows: the value ends with `suffix`; `!` throws.
struct SuffixMatcher: StringMatcher {
    let suffix: String
    func makeEvaluator() -> any StringEvaluator { SuffixEvaluator(suffix) }
    var description: String { "endsWith(\(suffix))" }
}

final class SuffixEvaluator: StringEvaluator {
    let suffix: String
    private(set) var evaluations = 0
    init(_ suffix: String) { self.suffix = suffix }
    func matches(_ subject: UnsafeBufferPointer<UInt8>) throws(SelectorError) -> Bool {
        evaluations += 1
        if suffix == "!" { throw SelectorError(.limit, "the probe matcher refuses '!'") }
        return String(decoding: subject, as: UTF8.self).hasSuffix(suffix)
    }
}

/// `matching`: every view whose label passes `SuffixMatcher(selector)`.
struct MatchingEngine: SelectorEngine {
    var name = "matching"
    func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        var b = ProgramBuilder(start: .document)
        b.descendants(.string(property: "accessibilityLabel", .matcher(SuffixMatcher(suffix: selector))), unique: true)
        return b.build()
    }
}

extension Entries {
    static let matching: PluginLoader.EntryPoint = { host in
        SelectorPlugin.register(host: host) { r in try r.register(MatchingEngine()) }
    }
}

/// A host-side string matcher, which no plug-in can run.
private struct NoMatch: StringMatcher {
    var description: String { "no match" }
    func makeEvaluator() -> any StringEvaluator { Evaluator() }
    final class Evaluator: StringEvaluator {
        func matches(_ subject: UnsafeBufferPointer<UInt8>) throws(SelectorError) -> Bool { false }
        var evaluations: Int { 0 }
    }
}
