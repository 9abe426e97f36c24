/// Why a registry refused a request.
public struct RegistryError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Selector engines by name, with the shared compiled-selector cache and matcher.
///
/// Thread-safe: register at start-up, then select from any number of threads.
///
/// ```swift
/// let registry = EngineRegistry()
/// try registry.register(MyEngine())
/// let uids = try registry.selectUIDs("button marked:'OK'", engine: "shelley", in: tree)
/// ```
public final class EngineRegistry: Sendable {
    private struct State {
        var engines: [String: any SelectorEngine] = [:]
        var builtIn: Set<String> = []
        var defaultName: String? = nil
    }

    private let state = Locked(State())
    /// Compiled selectors of every engine.
    public let cache: SelectorCache
    /// Predicates selectors can call by name.
    public let predicates: PredicateRegistry
    /// Runs compiled programs.
    public let matcher: Matcher
    /// Length and step bounds every selector must respect, whatever its engine.
    public let limits: SelectorLimits

    public init(cache: SelectorCache = SelectorCache(), predicates: PredicateRegistry = PredicateRegistry(),
                matcher: Matcher = Matcher(), limits: SelectorLimits = SelectorLimits()) {
        self.cache = cache; self.predicates = predicates; self.matcher = matcher; self.limits = limits
    }

    /// Whether `name` is a valid engine name: `[A-Za-z0-9_-]+`.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy {
            ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F || $0 == 0x2D
        }
    }

    /// Adds an engine. A duplicate or invalid name is an error. `builtIn` engines can never be
    /// replaced; the first registered engine becomes the default unless one is set.
    public func register(_ engine: any SelectorEngine, builtIn: Bool = false) throws(RegistryError) {
        let name = engine.name
        guard Self.isValidName(name) else {
            throw RegistryError("invalid engine name '\(name)': use letters, digits, '_' and '-'")
        }
        try state.withLock { (s: inout State) throws(RegistryError) in
            if s.engines[name] != nil {
                throw RegistryError(s.builtIn.contains(name)
                    ? "engine '\(name)' is built in and cannot be replaced"
                    : "an engine named '\(name)' is already registered")
            }
            s.engines[name] = engine
            if builtIn { s.builtIn.insert(name) }
            if s.defaultName == nil { s.defaultName = name }
        }
    }

    /// Adds every engine or, when any name is invalid, taken or repeated, none: a plug-in
    /// offering several engines must not be left half registered. Names are checked and inserted
    /// under one lock, so no concurrent registration can slip in between.
    public func register(all engines: [any SelectorEngine], builtIn: Bool = false) throws(RegistryError) {
        for engine in engines where !Self.isValidName(engine.name) {
            throw RegistryError("invalid engine name '\(engine.name)': use letters, digits, '_' and '-'")
        }
        try state.withLock { (s: inout State) throws(RegistryError) in
            var seen: Set<String> = []
            for name in engines.map(\.name) {
                if s.engines[name] != nil {
                    throw RegistryError(s.builtIn.contains(name)
                        ? "engine '\(name)' is built in and cannot be replaced"
                        : "an engine named '\(name)' is already registered")
                }
                guard seen.insert(name).inserted else { throw RegistryError("engine '\(name)' is given twice") }
            }
            for engine in engines {
                s.engines[engine.name] = engine
                if builtIn { s.builtIn.insert(engine.name) }
                if s.defaultName == nil { s.defaultName = engine.name }
            }
        }
    }

    /// Registered names, sorted.
    public var names: [String] { state.withLock { $0.engines.keys.sorted() } }

    /// Whether the engine was registered as built in.
    public func isBuiltIn(_ name: String) -> Bool { state.withLock { $0.builtIn.contains(name) } }

    /// The engine used when a request names none; the server (`/map`, `/inspector/select`) and
    /// the CLI read it and keep no default of their own. `EngineRegistry.standard()` sets `uiquery`,
    /// as Frank's drivers send no engine and mean UIQuery; otherwise it is the first registered.
    public var defaultEngine: String? {
        get { state.withLock { $0.defaultName } }
    }

    /// Makes `name` the default engine; it must be registered.
    public func setDefaultEngine(_ name: String) throws(RegistryError) {
        try state.withLock { (s: inout State) throws(RegistryError) in
            guard s.engines[name] != nil else { throw RegistryError(Self.unknownMessage(name, s.engines.keys)) }
            s.defaultName = name
        }
    }

    /// The engine registered under `name`.
    public func engine(named name: String) throws(SelectorError) -> any SelectorEngine {
        // The names for the message are read under the same lock as the lookup that failed.
        let found: Result<any SelectorEngine, SelectorError> = state.withLock { s in
            if let engine = s.engines[name] { return .success(engine) }
            return .failure(SelectorError(.unknownEngine, Self.unknownMessage(name, s.engines.keys), engine: name))
        }
        return try found.get()
    }

    /// The engine registered under `name`, or nil.
    ///
    /// For name checks on the request path (is `regex:` an engine prefix?): one dictionary lookup
    /// under the lock, where `engine(named:)` would sort and join every name into an error that
    /// the check then drops.
    public func registeredEngine(_ name: String) -> (any SelectorEngine)? {
        state.withLock { $0.engines[name] }
    }

    /// Whether an engine is registered under `name` (see `registeredEngine(_:)`).
    public func contains(engine name: String) -> Bool {
        state.withLock { $0.engines[name] != nil }
    }

    private static func unknownMessage(_ name: String, _ known: some Collection<String>) -> String {
        "unknown selector engine '\(name)'; registered engines: \(known.sorted().joined(separator: ", "))"
    }

    /// Compiles through the cache. Parse errors come back with the engine and selector filled in.
    public func compile(_ selector: String, engine name: String? = nil) throws(SelectorError) -> CompiledSelector {
        let engineName = try resolvedName(name)
        // The key is hashed once and serves the lookup and, on a miss, the store: a miss costs one
        // hash and two shard locks, a hit one of each. Hits skip the engine lookup (a lock and a
        // hash of the name): only cached selectors of registered engines are ever in the cache,
        // and engines are never unregistered.
        let hash = SelectorCache.Key.hash(engine: engineName, selector: selector)
        if let hit = cache.entry(engine: engineName, selector: selector, hash: hash) { return try hit.get() }
        return try compileMiss(selector, engine: engineName, hash: hash)
    }

    // Out of line, so that the hit path above stays a small function (its registers and stack
    // frame were measurable in the cache-hit benchmark when the miss path was inlined into it).
    @inline(never)
    private func compileMiss(_ selector: String, engine engineName: String, hash: Int) throws(SelectorError) -> CompiledSelector {
        let engine = try self.engine(named: engineName)
        do throws(SelectorError) {
            try limits.checkLength(of: selector)
        } catch {
            var e = error
            e.engine = engineName
            throw e
        }
        // Compiled outside any lock (see `SelectorCache.store`).
        let entry: SelectorCache.Entry
        var programBytes = 0
        do throws(SelectorError) {
            let program = try engine.compile(selector)
            try limits.checkSteps(of: program)
            // Sized before the cache keeps it: a selector of thousands of statements compiles to
            // megabytes, and a thousand distinct ones would hold gigabytes (issue 28, item 9).
            programBytes = program.estimatedBytes
            guard programBytes <= limits.maxProgramBytes else {
                throw SelectorError(.limit, "selector compiles to a program of about \(programBytes) bytes; the limit is \(limits.maxProgramBytes) bytes (SelectorLimits.maxProgramBytes)")
            }
            entry = .success(CompiledSelector(engine: engineName, source: selector, program: program))
        } catch {
            var e = error
            if e.selector == nil { e.selector = selector }
            e.engine = engineName
            entry = .failure(e)
            programBytes = 0
        }
        let cost = SelectorCache.cost(of: entry, engine: engineName, selector: selector, programBytes: programBytes)
        cache.store(entry, engine: engineName, selector: selector, hash: hash, cost: cost)
        return try entry.get()
    }

    /// `name`, or the default engine when nil: the one place a request without an engine gets
    /// one (`unknownEngine` when nothing is registered).
    public func resolvedName(_ name: String?) throws(SelectorError) -> String {
        if let name { return name }
        guard let d = defaultEngine else { throw SelectorError(.unknownEngine, "no selector engine is registered") }
        return d
    }

    /// The nodes `selector` names in `tree`, in the engine's order, within `limits` (and
    /// `deadline`, when given: past it the query stops with a `.limit` error).
    ///
    /// `selector` may chain engines: `shelley:tableViewCell >> regex:/^Delete$/` (see `compileQuery`).
    public func select(_ selector: String, engine name: String? = nil, in tree: ViewTree,
                       from roots: [NodeID]? = nil, deadline: ContinuousClock.Instant? = nil) throws(SelectorError) -> [NodeID] {
        var stats = MatchStatistics()
        return try select(selector, engine: name, in: tree, from: roots, deadline: deadline, statistics: &stats)
    }

    /// As `select(_:engine:in:from:deadline:)`, also filling in match counters.
    public func select(_ selector: String, engine name: String? = nil, in tree: ViewTree,
                       from roots: [NodeID]? = nil, deadline: ContinuousClock.Instant? = nil,
                       statistics: inout MatchStatistics) throws(SelectorError) -> [NodeID] {
        // Chains (`a >> regex:/b/`) and engine prefixes take their own path; a plain selector,
        // the hot case, pays one byte scan for that check, and a chain is not scanned for it again.
        if isChainSelector(selector) {
            return try select(try compileChain(selector, engine: try resolvedName(name)), in: tree, from: roots,
                              deadline: deadline, statistics: &statistics)
        }
        let compiled = try compile(selector, engine: name)
        do {
            return try matcher.select(compiled.program, in: tree, from: roots, predicates: predicates,
                                      budget: limits.budget(treeSize: tree.count, deadline: deadline),
                                      statistics: &statistics)
        } catch {
            var e = error
            if e.selector == nil { e.selector = selector }
            if e.engine == nil { e.engine = compiled.engine }
            throw e
        }
    }
}
