/// Counters a query fills in.
public struct MatchStatistics: Sendable, Equatable {
    /// String tests evaluated (once per distinct value of a column, never per node).
    public var stringEvaluations = 0
    /// Nodes a scan visited.
    public var nodesScanned = 0
    /// Scans run on more than one thread.
    public var parallelScans = 0
    /// Scans of many short ranges run as one scan of their hull.
    public var hullScans = 0
    /// The most threads one scan used (0 when every scan was serial).
    public var mostThreads = 0
    /// When set before the query, the matcher records the strategy of each step here.
    public var plan: MatchPlan?

    public init() {}

    /// Counters that record the plan too.
    public static func recordingPlan() -> MatchStatistics {
        var s = MatchStatistics()
        s.plan = MatchPlan()
        return s
    }
}
