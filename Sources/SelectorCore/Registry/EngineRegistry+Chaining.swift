/// A selector compiled for the registry: one engine's program, or a `>>` chain of them.
public struct CompiledQuery: Sendable {
    /// One compiled part and where its text starts in the whole selector (UTF-8 offset).
    public struct Part: Sendable {
        public let compiled: CompiledSelector
        public let offset: Int
    }

    /// The whole selector text.
    public let source: String
    /// The parts, in chain order; exactly one for a plain selector.
    public let parts: [Part]

    /// Whether this is a chain of more than one part.
    public var isChain: Bool { parts.count > 1 }
}

extension EngineRegistry {
    /// Compiles `selector`, splitting a chain (`shelley:button >> regex:/^OK$/`) into parts.
    ///
    /// A part's `name:` prefix picks a registered engine; a part without one uses `engine` (or the
    /// default). Parse errors of a part come back with the whole selector and a column in it.
    public func compileQuery(_ selector: String, engine name: String? = nil) throws(SelectorError) -> CompiledQuery {
        let requested = try resolvedName(name)
        guard isChainSelector(selector) else {
            let compiled = try compile(selector, engine: requested)
            return CompiledQuery(source: selector, parts: [CompiledQuery.Part(compiled: compiled, offset: 0)])
        }
        return try compileChain(selector, engine: requested)
    }

    /// The chain path of `compileQuery`, for a selector `isChainSelector` already sent there.
    func compileChain(_ selector: String, engine requested: String) throws(SelectorError) -> CompiledQuery {
        // One lookup per part answers both "is this prefix an engine?" and "which literals?".
        let split = try ChainSplitter.split(selector, defaultEngine: requested) {
            self.registeredEngine($0)?.chainLiterals
        }
        var parts: [CompiledQuery.Part] = []
        parts.reserveCapacity(split.count)
        for part in split {
            do {
                parts.append(CompiledQuery.Part(compiled: try compile(part.text, engine: part.engine), offset: part.offset))
            } catch {
                throw Self.located(error, part: part.offset, in: selector, engine: part.engine)
            }
        }
        return CompiledQuery(source: selector, parts: parts)
    }

    /// The nodes a compiled query names: each part runs from the previous part's results as roots
    /// (replacing its program's start point); the result keeps chain order without duplicates.
    public func select(_ query: CompiledQuery, in tree: ViewTree, from roots: [NodeID]? = nil,
                       deadline: ContinuousClock.Instant? = nil,
                       statistics: inout MatchStatistics) throws(SelectorError) -> [NodeID] {
        // One deadline for the whole chain; each part has its own result and work limits.
        let budget = limits.budget(treeSize: tree.count, deadline: deadline)
        var list = roots
        for (index, part) in query.parts.enumerated() {
            if index > 0 && (list?.isEmpty ?? true) { return [] }
            statistics.plan?.part = index
            do {
                list = try matcher.select(part.compiled.program, in: tree, from: list, predicates: predicates,
                                          budget: budget, statistics: &statistics)
            } catch {
                throw query.isChain
                    ? Self.located(error, part: part.offset, in: query.source, engine: part.compiled.engine)
                    : Self.filled(error, selector: query.source, engine: part.compiled.engine)
            }
            if query.isChain { list = (list ?? []).firstOccurrences(treeSize: tree.count) }
            statistics.plan?.partCounts.append(list?.count ?? 0)
        }
        return list ?? []
    }

    /// As `select(_:in:from:deadline:statistics:)` without counters.
    public func select(_ query: CompiledQuery, in tree: ViewTree, from roots: [NodeID]? = nil,
                       deadline: ContinuousClock.Instant? = nil) throws(SelectorError) -> [NodeID] {
        var stats = MatchStatistics()
        return try select(query, in: tree, from: roots, deadline: deadline, statistics: &stats)
    }

    /// Whether `selector` goes through the chain path (holds `>>` or an engine prefix).
    func isChainSelector(_ selector: String) -> Bool {
        ChainSplitter.mayBeChain(selector, isEngine: contains(engine:))
    }

    /// A part's error, moved into the whole selector: offsets shift by the part's start.
    private static func located(_ error: SelectorError, part offset: Int, in selector: String, engine: String) -> SelectorError {
        var e = error
        if let o = e.offset { e.offset = o + offset }
        e.selector = selector
        if e.engine == nil { e.engine = engine }
        return e
    }

    private static func filled(_ error: SelectorError, selector: String, engine: String) -> SelectorError {
        var e = error
        if e.selector == nil { e.selector = selector }
        if e.engine == nil { e.engine = engine }
        return e
    }
}
