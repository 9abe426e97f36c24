extension EngineRegistry {
    /// The uids of the nodes `selector` names in `tree`: `select(_:engine:in:from:deadline:)`
    /// followed by `ViewTree.uids(of:)` (so a node without a uid gives `""`).
    ///
    /// ```swift
    /// let uids = try EngineRegistry.standard().selectUIDs("button marked:'Log In'", in: tree)
    /// ```
    public func selectUIDs(_ selector: String, engine name: String? = nil, in tree: ViewTree,
                           from roots: [NodeID]? = nil,
                           deadline: ContinuousClock.Instant? = nil) throws(SelectorError) -> [String] {
        tree.uids(of: try select(selector, engine: name, in: tree, from: roots, deadline: deadline))
    }

    /// As `selectUIDs(_:engine:in:from:deadline:)`, also filling in match counters.
    public func selectUIDs(_ selector: String, engine name: String? = nil, in tree: ViewTree,
                           from roots: [NodeID]? = nil, deadline: ContinuousClock.Instant? = nil,
                           statistics: inout MatchStatistics) throws(SelectorError) -> [String] {
        tree.uids(of: try select(selector, engine: name, in: tree, from: roots, deadline: deadline,
                                 statistics: &statistics))
    }
}
