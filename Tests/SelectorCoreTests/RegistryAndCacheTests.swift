import SelectorCore
import Synchronization
import Testing

/// A minimal engine for registry tests: the selector is a class name; `!` is a syntax error.
struct ClassNameEngine: SelectorEngine {
    var name: String = "classname"

    final class Counter: Sendable { let value = Atomic<Int>(0) }
    let counter: Counter

    init(name: String = "classname", counter: Counter = Counter()) {
        self.name = name
        self.counter = counter
    }

    func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        counter.value.add(1, ordering: .relaxed)
        if let bang = selector.utf8.firstIndex(of: UInt8(ascii: "!")) {
            throw .syntax("unexpected '!'", at: selector.utf8.distance(from: selector.utf8.startIndex, to: bang), in: selector)
        }
        var b = ProgramBuilder(start: .roots)
        b.axis(.descendantsOrSelf, filter: .kindOf(selector), unique: true)
        return b.build()
    }
}

private let tree = N("UIWindow", "w", [], [N("UIButton", "b1"), N("UILabel", "l1"), N("UIButton", "b2")]).build()

@Suite struct RegistryAndCacheTests {
    @Test func registeredEnginesSelectByName() throws {
        let r = EngineRegistry()
        try r.register(ClassNameEngine())
        #expect(r.names == ["classname"])
        #expect(r.defaultEngine == "classname")
        #expect(tree.uids(of: try r.select("UIButton", engine: "classname", in: tree)) == ["b1", "b2"])
        #expect(tree.uids(of: try r.select("UIView", in: tree)) == ["w", "b1", "l1", "b2"])
    }

    @Test func aDuplicateNameIsRefused() throws {
        let r = EngineRegistry()
        try r.register(ClassNameEngine())
        #expect(throws: RegistryError("an engine named 'classname' is already registered")) {
            try r.register(ClassNameEngine())
        }
    }

    @Test func builtInNamesCannotBeReplaced() throws {
        let r = EngineRegistry()
        try r.register(ClassNameEngine(name: "core"), builtIn: true)
        #expect(throws: RegistryError("engine 'core' is built in and cannot be replaced")) {
            try r.register(ClassNameEngine(name: "core"))
        }
    }

    @Test(arguments: ["", "has space", "dot.ted", "slash/", "ünicode"])
    func invalidNamesAreRefused(name: String) {
        #expect(throws: RegistryError.self) { try EngineRegistry().register(ClassNameEngine(name: name)) }
    }

    @Test func anUnknownEngineErrorListsTheRegisteredNames() throws {
        let r = EngineRegistry()
        try r.register(ClassNameEngine(name: "b-engine"))
        try r.register(ClassNameEngine(name: "a_engine"))
        do {
            _ = try r.select("x", engine: "nope", in: tree)
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .unknownEngine)
            #expect(error.message == "unknown selector engine 'nope'; registered engines: a_engine, b-engine")
        }
    }

    @Test func parseErrorsCarryEngineSelectorAndColumnAndAreCached() throws {
        let counter = ClassNameEngine.Counter()
        let r = EngineRegistry()
        try r.register(ClassNameEngine(counter: counter))
        for _ in 0..<3 {
            do {
                _ = try r.select("UIVi!ew", in: tree)
                Issue.record("expected an error")
            } catch {
                #expect(error.kind == .syntax)
                #expect(error.engine == "classname")
                #expect(error.column == 5)
                #expect(error.description == "unexpected '!' at column 5")
                #expect(error.caretDiagram == "UIVi!ew\n    ^")
            }
        }
        #expect(counter.value.load(ordering: .relaxed) == 1)
        #expect(r.cache.statistics.hits == 2)
        #expect(r.cache.statistics.misses == 1)
    }

    @Test func columnsCountCharactersNotBytes() {
        let e = SelectorError.syntax("bad", at: "Café ".utf8.count, in: "Café !")
        #expect(e.column == 6)
    }

    @Test func theCacheEvictsTheLeastRecentlyUsedEntry() throws {
        let counter = ClassNameEngine.Counter()
        let r = EngineRegistry(cache: SelectorCache(capacity: 2, shards: 1))
        try r.register(ClassNameEngine(counter: counter))
        _ = try r.compile("A")
        _ = try r.compile("B")
        _ = try r.compile("A")  // A is now most recent
        _ = try r.compile("C")  // evicts B
        #expect(r.cache.peek(engine: "classname", selector: "A") != nil)
        #expect(r.cache.peek(engine: "classname", selector: "B") == nil)
        #expect(r.cache.peek(engine: "classname", selector: "C") != nil)
        #expect(r.cache.statistics.evictions == 1)
        #expect(r.cache.statistics.count == 2)
        _ = try r.compile("B")
        #expect(counter.value.load(ordering: .relaxed) == 4)
    }

    @Test func theCacheKeysByEngineAndSelector() throws {
        let r = EngineRegistry()
        try r.register(ClassNameEngine(name: "one"))
        try r.register(ClassNameEngine(name: "two"))
        _ = try r.compile("UIButton", engine: "one")
        _ = try r.compile("UIButton", engine: "two")
        #expect(r.cache.statistics.misses == 2)
        #expect(r.cache.statistics.count == 2)
    }

    @Test func manyThreadsShareTheCacheSafely() async throws {
        let r = EngineRegistry(cache: SelectorCache(capacity: 64))
        try r.register(ClassNameEngine())
        let selectors = ["UIButton", "UILabel", "UIView", "UIWindow"] + (0..<100).map { "Missing\($0)" }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for t in 0..<16 {
                group.addTask {
                    for k in 0..<500 {
                        let s = selectors[(k * 7 + t) % selectors.count]
                        let out = try r.select(s, in: tree)
                        if s == "UIButton" { #expect(tree.uids(of: out) == ["b1", "b2"]) }
                    }
                }
            }
            try await group.waitForAll()
        }
        let stats = r.cache.statistics
        #expect(stats.hits + stats.misses == 16 * 500)
        #expect(stats.count <= 64)
    }

    @Test func customPredicatesAreCalledByName() throws {
        let r = EngineRegistry()
        try r.predicates.register(CustomPredicate(name: "uidStartsWith:", arity: 1) { tree, node, args in
            guard let prefix = args.first?.stringValue else { return false }
            return tree.uidString(of: node)?.hasPrefix(prefix) ?? false
        })
        var b = ProgramBuilder(start: .roots)
        b.axis(.descendantsOrSelf, filter: .custom(name: "uidStartsWith:", arguments: ["b"]), unique: true)
        #expect(tree.uids(of: try r.matcher.select(b.build(), in: tree, predicates: r.predicates)) == ["b1", "b2"])
        // The wrong number of arguments is an error, not a silent mismatch.
        var bad = ProgramBuilder(start: .roots)
        bad.filter(.custom(name: "uidStartsWith:", arguments: []))
        #expect(throws: SelectorError.self) { _ = try r.matcher.select(bad.build(), in: tree, predicates: r.predicates) }
        // An unregistered zero-argument name reads the boolean property of that name.
        let hiddenTree = N("UIWindow", "w", [], [N("UIView", "h", [("isHidden", true)]), N("UIView", "v", [("isHidden", 0)])]).build()
        var hidden = ProgramBuilder(start: .roots)
        hidden.descendants(.custom(name: "isHidden", arguments: []), unique: true)
        #expect(hiddenTree.uids(of: try r.matcher.select(hidden.build(), in: hiddenTree)) == ["h"])
    }
}
