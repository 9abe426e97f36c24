public import SelectorCore

/// A class chain as parsed: `**/UITableViewCell[`label BEGINSWITH "Row 7"`]/UIButton[1]`.
public struct ParsedChain: Sendable, Equatable {
    /// One path step: an axis, a class (nil for `*`), then its bracketed filters in written order.
    public struct Step: Sendable, Equatable {
        /// `/` (children) or `**/` (descendants).
        public enum Axis: Sendable, Equatable { case child, descendant }
        public var axis: Axis
        public var className: String?
        public var filters: [Filter]

        public init(axis: Axis, className: String?, filters: [Filter]) {
            self.axis = axis; self.className = className; self.filters = filters
        }
    }

    /// A bracketed filter after a class.
    public enum Filter: Sendable, Equatable {
        /// `[`predicate`]`.
        case predicate(Predicate)
        /// `[$predicate$]`: some descendant (the view itself excluded) passes the predicate.
        case descendantPredicate(Predicate)
        /// `[n]`, already 0-based (`[1]` is 0, `[-1]` stays -1).
        case index(Int)
    }

    public var steps: [Step]

    public init(steps: [Step]) { self.steps = steps }
}
