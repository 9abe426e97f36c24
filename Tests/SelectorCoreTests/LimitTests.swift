import SelectorCore
import Testing

/// An engine whose selector is a number of steps: `"3"` compiles to three descendant searches.
private struct StepCountEngine: SelectorEngine {
    var name: String { "steps" }
    func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        var b = ProgramBuilder(start: .roots)
        for _ in 0..<(Int(selector) ?? 0) { b.descendants(unique: true) }
        return b.build()
    }
}

private let tree = N("UIWindow", "w", [], [N("UIButton", "b1")]).build()

/// Every limit the core enforces, hit exactly, with the error a client sees.
@Suite struct LimitTests {
    private func registry(_ limits: SelectorLimits = SelectorLimits()) throws -> EngineRegistry {
        let r = EngineRegistry(limits: limits)
        try r.register(ClassNameEngine())
        try r.register(StepCountEngine())
        return r
    }

    @Test func aSelectorOfExactly64KiBIsCompiled() throws {
        let selector = "UIButton" + String(repeating: " ", count: 64 * 1024 - 8)
        // The class-name engine takes the whole text as a class name: no match, but no error.
        #expect(try registry().select(selector, engine: "classname", in: tree) == [])
    }

    @Test func aSelectorOneByteOver64KiBIsRefusedBeforeAnyEngineSeesIt() throws {
        let counter = ClassNameEngine.Counter()
        let r = EngineRegistry()
        try r.register(ClassNameEngine(counter: counter))
        let selector = String(repeating: "a", count: 64 * 1024 + 1)
        let error = #expect(throws: SelectorError.self) { try r.select(selector, in: tree) }
        #expect(error?.kind == .limit)
        #expect(error?.engine == "classname")
        #expect(error?.description == "selector is 65537 bytes long; the limit is 65536 bytes (SelectorLimits.maxSelectorBytes)")
        #expect(counter.value.load(ordering: .relaxed) == 0)
        #expect(r.cache.statistics.count == 0)
    }

    @Test func theLengthLimitCountsUTF8Bytes() throws {
        let r = try registry(SelectorLimits(maxSelectorBytes: 6))
        // Four characters, eight bytes.
        #expect(throws: SelectorError.self) { try r.select("éééé", engine: "classname", in: tree) }
        #expect(try r.select("UIView", engine: "classname", in: tree).count == 2)
    }

    @Test func twoHundredFiftySixStepsCompile() throws {
        #expect(try registry().compile("256", engine: "steps").program.steps.count == 256)
    }

    @Test func stepsPastTheLimitAreRefusedAndTheRefusalIsCached() throws {
        let r = try registry()
        for _ in 0..<2 {
            let error = #expect(throws: SelectorError.self) { try r.select("257", engine: "steps", in: tree) }
            #expect(error?.kind == .limit)
            #expect(error?.engine == "steps")
            #expect(error?.selector == "257")
            #expect(error?.description == "selector compiles to 257 steps; the limit is 256 steps (SelectorLimits.maxSteps)")
        }
        #expect(r.cache.statistics.hits == 1)
    }

    @Test func aSmallerStepLimitIsHonoured() throws {
        let r = try registry(SelectorLimits(maxSteps: 2))
        #expect(throws: SelectorError.self) { try r.compile("3", engine: "steps") }
        #expect(try r.compile("2", engine: "steps").program.steps.count == 2)
    }

    /// `{"subviews":[{"subviews":[ ... ]}]}`, `depth` views deep.
    private func chain(depth: Int) -> String {
        var text = ""
        text.reserveCapacity(depth * 20)
        for _ in 0..<depth { text += "{\"subviews\":[" }
        text += "{}"
        for _ in 0..<depth { text += "]}" }
        return text
    }

    @Test func aDumpDeeperThanMaxViewDepthIsRefusedCleanly() throws {
        var limits = DumpLimits()
        limits.maxViewDepth = 10_000
        let error = #expect(throws: DumpError.self) {
            _ = try ViewTree.loadDump(Array(chain(depth: 100_000).utf8), limits: limits)
        }
        #expect(error?.message == "views nested deeper than 10000 levels")
        // Exactly at the limit loads: the chain holds maxViewDepth views.
        let atLimit = try ViewTree.loadDump(Array(chain(depth: 9_999).utf8), limits: limits)
        #expect(atLimit.count == 10_000)
    }

    @Test func aDumpWithMoreThanMaxNodesIsRefused() throws {
        var limits = DumpLimits()
        limits.maxNodes = 3
        let four = #"{"subviews":[{},{},{}]}"#
        let error = #expect(throws: DumpError.self) { _ = try ViewTree.loadDump(Array(four.utf8), limits: limits) }
        #expect(error?.message == "dump holds more than 3 views")
        #expect(try ViewTree.loadDump(Array(#"{"subviews":[{},{}]}"#.utf8), limits: limits).count == 3)
    }
}
