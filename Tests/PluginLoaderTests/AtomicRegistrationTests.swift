import PluginLoader
import SelectorCore
import Testing
import ViewSelectors

/// A plug-in's engines and predicates are registered all together or not at all, also when another
/// registration takes a name between the plug-in's offer and the commit.
@Suite("All-or-nothing registration", .serialized)
struct AtomicRegistrationTests {
    static func failure(_ body: () throws(RegistryError) -> Void) -> RegistryError? {
        do { try body(); return nil } catch { return error }
    }

    @Test("EngineRegistry.register(all:) adds every engine, the first becoming the default")
    func allRegistered() throws {
        let registry = EngineRegistry()
        try registry.register(all: [ProbeEngine(name: "one"), ProbeEngine(name: "two")])
        #expect(registry.names == ["one", "two"])
        #expect(registry.defaultEngine == "one")
        #expect(!registry.isBuiltIn("two"))
    }

    @Test("EngineRegistry.register(all:) with one bad name registers none", arguments: [
        (["fresh", "regex"], "engine 'regex' is built in and cannot be replaced"),
        (["fresh", "bad name"], "invalid engine name 'bad name': use letters, digits, '_' and '-'"),
        (["fresh", "other", "fresh"], "engine 'fresh' is given twice"),
    ])
    func noneRegistered(_ names: [String], _ message: String) {
        let registry = EngineRegistry.standard()
        let before = registry.names
        let e = Self.failure { () throws(RegistryError) in try registry.register(all: names.map { ProbeEngine(name: $0) }) }
        #expect(e?.message == message)
        #expect(registry.names == before)
    }

    @Test("PredicateRegistry.register throws on a taken name and keeps the first predicate")
    func predicateTaken() throws {
        let predicates = PredicateRegistry()
        try predicates.register(CustomPredicate(name: "hidden:", arity: 1) { _, _, _ in true })
        let e = Self.failure { () throws(RegistryError) in
            try predicates.register(CustomPredicate(name: "hidden:", arity: 0) { _, _, _ in false })
        }
        #expect(e?.message == "a predicate named 'hidden:' is already registered")
        #expect(predicates.predicate(named: "hidden:")?.arity == 1)
    }

    @Test("PredicateRegistry.register(all:) with one taken or repeated name registers none")
    func predicatesNoneRegistered() throws {
        let predicates = PredicateRegistry()
        try predicates.register(CustomPredicate(name: "taken", arity: 0) { _, _, _ in true })
        let p = { (name: String) in CustomPredicate(name: name, arity: 0) { _, _, _ in true } }
        #expect(Self.failure { () throws(RegistryError) in try predicates.register(all: [p("a"), p("taken")]) }?.message
                == "a predicate named 'taken' is already registered")
        #expect(Self.failure { () throws(RegistryError) in try predicates.register(all: [p("a"), p("b"), p("a")]) }?.message
                == "predicate 'a' is given twice")
        #expect(predicates.names == ["taken"])
    }

    @Test("a name taken while the plug-in registers leaves none of its engines or predicates")
    func raceAtCommit() {
        let registry = EngineRegistry.standard()
        let before = registry.names
        Entries.racing.withLock { $0 = registry }
        defer { Entries.racing.withLock { $0 = nil } }
        let e = LoadErrorTests.failure { () throws(PluginLoadError) in
            _ = try PluginLoader.register(entryPoint: Entries.raced, path: "libRaced.so", into: registry)
        }
        #expect(e?.reason == .nameClash)
        #expect(e?.message == "an engine named 'race_b' is already registered")
        #expect(registry.names == (before + ["race_b"]).sorted(), "race_a must not stay registered")
        #expect(registry.predicates.names == [], "the plug-in's predicate is taken back")
    }
}

extension Entries {
    /// The registry `raced` takes a name in, standing for another thread's registration.
    static let racing = Locked<EngineRegistry?>(nil)

    /// Offers `race_a`, `race_b` and a predicate; before returning, `race_b` is taken elsewhere.
    static let raced: PluginLoader.EntryPoint = { host in
        SelectorPlugin.register(host: host) { r in
            try r.register(ProbeEngine(name: "race_a"))
            try r.register(ProbeEngine(name: "race_b"))
            try r.register(PluginPredicate(name: "racePredicate") { _, _ in true })
            try racing.withLock { $0 }?.register(ProbeEngine(name: "race_b"))
        }
    }
}
