/// A selector language: a parser from text to the core's compiled form.
///
/// An engine compiles; the matcher walks the tree (an engine step moves only through
/// `StepContext`'s walks, charged to the query's budget). `compile` must be safe to call from many threads at
/// once and must not depend on any particular tree (its result is cached across trees).
public protocol SelectorEngine: Sendable {
    /// The registered name (`[A-Za-z0-9_-]+`).
    var name: String { get }
    /// One line saying what the engine is for.
    var summary: String { get }
    /// Compiles `selector`, or throws a `SelectorError` naming the problem and its position.
    func compile(_ selector: String) throws(SelectorError) -> SelectorProgram
    /// The literals of the language inside which `>>` does not split a chain (default: quotes).
    var chainLiterals: ChainLiterals { get }
    /// Ready-made selectors for `node` in this language, most readable first (default: none).
    ///
    /// Candidates need not be unique or even valid: `EngineRegistry.suggestion(engine:for:in:)` runs
    /// each and keeps the first that selects exactly `node`, so only the engine knows its syntax.
    func suggestions(for node: NodeID, in tree: ViewTree) -> [String]
    /// `suggestions(for:in:)` within `deadline` (nil: none) and the current `QueryCancellation`,
    /// for engines whose suggestions scan the tree (Maestro's read every view's texts and frames):
    /// once either has passed, it stops and returns what it has, which may be incomplete. Callers
    /// check the deadline after the call and discard the list then (`EngineRegistry.translate`,
    /// `EngineRegistry.suggestion(engine:for:in:deadline:)`). Without a deadline or a cancelled
    /// token, the same list as `suggestions(for:in:)`. The default calls `suggestions(for:in:)`.
    func suggestions(for node: NodeID, in tree: ViewTree, deadline: ContinuousClock.Instant?) -> [String]
    /// `selector` narrowed to the result at `position` (0-based, in the selector's own result
    /// order), as `… index:2`; nil when the language cannot pick by position (the default).
    func narrowed(_ selector: String, toResult position: Int) -> String?
    /// One selector that selects what all of `selectors` select, in this language's union (XPath's
    /// `|`, a predicate's `OR`); nil when the language has none (the default).
    func union(of selectors: [String]) -> String?
    /// `path` (a compiled program read back, its filters read against the recordings it will be
    /// proved on) in this language's syntax, or what the language cannot say; nil when the engine
    /// has no printer (the default). A rendering need not be exact: `EngineRegistry.translate`
    /// keeps it only once it selects the source's views on every tree.
    func render(_ path: SearchPath) -> Rendering?
    /// Whether `render` reads a step's `position` and a pick before another step; a path with
    /// them reaches only such printers (`SearchPath.positionalPart`). Default false.
    var rendersPositions: Bool { get }
    /// The recordings this language's own tool reads, where its selectors run for a user
    /// (`RecordingSource`); suggestions are offered only there. The default, for engines that do
    /// not say (plug-ins among them): every source.
    var recordingSources: Set<RecordingSource> { get }
}

extension SelectorEngine {
    public var summary: String { name }
    public var chainLiterals: ChainLiterals { .quotes }
    public func suggestions(for node: NodeID, in tree: ViewTree) -> [String] { [] }
    public func suggestions(for node: NodeID, in tree: ViewTree, deadline: ContinuousClock.Instant?) -> [String] {
        suggestions(for: node, in: tree)
    }
    public func narrowed(_ selector: String, toResult position: Int) -> String? { nil }
    public func union(of selectors: [String]) -> String? { nil }
    public func render(_ path: SearchPath) -> Rendering? { nil }
    public var rendersPositions: Bool { false }
    public var recordingSources: Set<RecordingSource> { Set(RecordingSource.allCases) }
}
