@testable import SelectorCore
import Testing
import ViewSelectorsTesting

/// `ClassNameEngine` whose language opens `/…/` literals, as the `regex` engine's does.
private struct SlashEngine: SelectorEngine {
    var name = "slashy"
    var chainLiterals: ChainLiterals { [.quotes, .slashes] }
    func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        try ClassNameEngine(name: name).compile(selector)
    }
}

private let tree = N("UIWindow", "w", [], [N("UIButton", "b1"), N("UILabel", "l1"), N("UIButton", "b2")]).build()

/// The registry's request path: name checks, the one chain scan, and what the cache counts.
@Suite struct RegistryHotPathTests {
    @Test func aPrefixThatIsNoEngineIsPlainSelectorTextOfTheDefaultEngine() throws {
        let counter = ClassNameEngine.Counter()
        let r = EngineRegistry()
        try r.register(ClassNameEngine(counter: counter))
        let query = try r.compileQuery("nosuch:button")
        #expect(!query.isChain)
        #expect(query.parts.count == 1)
        #expect(query.parts[0].compiled.engine == "classname")
        #expect(query.parts[0].compiled.source == "nosuch:button")
        #expect(query.parts[0].offset == 0)
        #expect(try r.select("nosuch:button", in: tree).isEmpty)
        #expect(counter.value.load(ordering: .relaxed) == 1)
        #expect(r.cache.statistics == SelectorCache.Statistics(hits: 1, misses: 1, count: 1, evictions: 0))
    }

    @Test func nameChecksAmongManyEnginesFindTheRightEngineAndNoneElse() throws {
        let r = EngineRegistry()
        for k in 0..<200 { try r.register(ClassNameEngine(name: "engine\(k)")) }
        #expect(r.contains(engine: "engine199"))
        #expect(!r.contains(engine: "engine200"))
        #expect(r.registeredEngine("engine7")?.name == "engine7")
        #expect(r.registeredEngine("Engine7") == nil)
        // A registered prefix picks its engine; an unknown one stays in the default engine's text.
        let chain = try r.compileQuery("engine150:UIWindow >> engine3:UIButton")
        #expect(chain.parts.map(\.compiled.engine) == ["engine150", "engine3"])
        let plain = try r.compileQuery("engine200:UIButton")
        #expect(plain.parts.map(\.compiled.engine) == ["engine0"])
        #expect(plain.parts.map(\.compiled.source) == ["engine200:UIButton"])
        #expect(tree.uids(of: try r.select("engine150:UIWindow >> engine3:UIButton", in: tree)) == ["b1", "b2"])
    }

    @Test func anUnknownEngineStillGetsTheWholeMessage() throws {
        let r = EngineRegistry()
        try r.register(ClassNameEngine(name: "zeta"))
        try r.register(ClassNameEngine(name: "alpha"))
        let expected = "unknown selector engine 'nope'; registered engines: alpha, zeta"
        #expect(throws: SelectorError(.unknownEngine, expected, engine: "nope")) { try r.engine(named: "nope") }
        // A chain whose parts have no prefix uses the requested engine, unknown or not.
        let error = #expect(throws: SelectorError.self) { try r.select("UIButton >> alpha:UILabel", engine: "nope", in: tree) }
        #expect(error?.kind == .unknownEngine)
        #expect(error?.message == expected)
        #expect(r.cache.statistics == SelectorCache.Statistics())
    }

    @Test func aMissThenAHitCountOneOfEach() throws {
        let counter = ClassNameEngine.Counter()
        let r = EngineRegistry()
        try r.register(ClassNameEngine(counter: counter))
        _ = try r.compile("UIButton")
        #expect(r.cache.statistics == SelectorCache.Statistics(hits: 0, misses: 1, count: 1, evictions: 0))
        _ = try r.compile("UIButton")
        #expect(r.cache.statistics == SelectorCache.Statistics(hits: 1, misses: 1, count: 1, evictions: 0))
        #expect(counter.value.load(ordering: .relaxed) == 1)
    }

    @Test func theCachesOwnValueCountsAsTheRegistryDoes() {
        let cache = SelectorCache()
        var compiles = 0
        let compiled = CompiledSelector(engine: "e", source: "s", program: ProgramBuilder(start: .roots).build())
        for _ in 0..<2 {
            _ = cache.value(engine: "e", selector: "s") { compiles += 1; return .success(compiled) }
        }
        #expect(compiles == 1)
        #expect(cache.statistics == SelectorCache.Statistics(hits: 1, misses: 1, count: 1, evictions: 0))
        #expect(cache.hit(engine: "e", selector: "s") != nil)
        #expect(cache.hit(engine: "e", selector: "other") == nil)
        #expect(cache.statistics.hits == 2)
        #expect(cache.statistics.misses == 1)
    }

    @Test func eachPartOfAChainIsOneLookup() throws {
        let r = EngineRegistry()
        try r.register(ClassNameEngine(name: "a"))
        try r.register(ClassNameEngine(name: "b"))
        for _ in 0..<2 { _ = try r.select("a:UIWindow >> b:UIButton", in: tree) }
        #expect(r.cache.statistics == SelectorCache.Statistics(hits: 2, misses: 2, count: 2, evictions: 0))
    }

    @Test func eachPartIsSplitByItsOwnEnginesLiterals() throws {
        let r = EngineRegistry()
        try r.register(SlashEngine())  // the default
        try r.register(ClassNameEngine())
        // The default engine's slashes hide the first `>>`; classname's quotes-only rules do not.
        let query = try r.compileQuery("UIButton/a >> b/ >> classname:UI/x >> y")
        #expect(query.parts.map(\.compiled.engine) == ["slashy", "classname", "slashy"])
        #expect(query.parts.map(\.compiled.source) == ["UIButton/a >> b/", "UI/x", "y"])
        let prefixed = try r.compileQuery("slashy:UIButton/a >> b/")
        #expect(prefixed.parts.map(\.compiled.source) == ["UIButton/a >> b/"])
        #expect(prefixed.parts.map(\.offset) == [7])
    }
}
