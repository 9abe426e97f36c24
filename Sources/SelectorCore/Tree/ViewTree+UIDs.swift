extension ViewTree {
    /// The uids of `nodes`, in the same order, rendered as `uidString(of:)` renders them (a dump's
    /// numeric uid `1050` gives `"1050"`).
    ///
    /// A node without a uid gives `""`, so the result stays parallel to `nodes` (index `i` is
    /// `nodes[i]`'s uid) and a caller can still tell which node it was: dumps from Frank give every
    /// view a uid, trees built in code or loaded from other formats may not.
    public func uids(of nodes: [NodeID]) -> [String] {
        nodes.map { uidString(of: $0) ?? "" }
    }
}
