/// Counters a query fills in.
public struct MatchStatistics: Sendable, Equatable {
    /// String tests evaluated (once per distinct value of a column, never per node).
    public var stringEvaluations = 0
    /// Nodes a scan visited.
    public var nodesScanned = 0
    /// Scans run on more than one thread.
    public var parallelScans = 0
    public init() {}
}
