// The plan a query ran: which named strategy the matcher chose for each step (or run of steps),
// with the list sizes and scan work it saw. It answers "why is this slow" without a profiler:
// `frankly select --stats --plan` and `frankly explain --plan` print it. Docs/Matcher.md describes
// each strategy and the `MatcherTuning` thresholds that choose it.

/// A strategy the matcher can choose for a step or a run of steps, by its printed name.
public enum MatchStrategy: String, Sendable, CaseIterable {
    /// A descendant step: one ordered scan of the inputs' merged subtree ranges.
    case scan
    /// A descendant step keeping repeats from nested inputs: one scan per input.
    case perInputScan = "per-input-scan"
    /// A de-duplicating descendant step from inputs out of document order: each input's range
    /// less what earlier inputs covered.
    case gapScan = "gap-scan"
    /// A run of descendant steps matched from the last: its matches, then ancestor walks.
    case rightToLeft = "right-to-left"
    /// A run of descendant steps whose sample predicted many matches, run step by step.
    case leftToRight = "left-to-right"
    /// Right to left started, but the last step matched far more than sampled: the earlier steps
    /// ran left to right and reused the last step's scan.
    case rightToLeftFallback = "right-to-left-fallback"
    /// A run of UISpec-order descendant steps prepared from the last step backwards, then walked.
    case reverseChain = "reverse-chain"
    /// One UISpec-order descendant step: a scan for its matches, then a walk per input.
    case reverseWalk = "reverse-walk"
    /// One UISpec-order descendant step on a tree past `reverseRankMinimumViews`: a scan for its
    /// matches, then each input's matches sorted by the tree's UISpec ranks.
    case reverseRank = "reverse-rank"
    /// A descendant step and a has-descendant test, from the test's matches (the targets): their
    /// ancestors walked when few, else a scan kept by a merge with them.
    case fromTargets = "from-targets"
    /// Each input's children.
    case children
    /// Each input's parent.
    case parent
    /// Each input's siblings.
    case siblings
    /// Each input's ancestors, nearest first.
    case ancestors
    /// A scan followed by a pick, stopped at the picked view: chunks from the front (or the back
    /// for a pick from the end) until enough matches lie behind (`Run.scanToPick`).
    case scanToPick = "scan-to-pick"
    /// A position among siblings counted over the list itself, which a descendant step with the
    /// position's test made (`Run.positionsInList`).
    case siblingCount = "sibling-count"
    /// Each input's nodes on a sibling, following, preceding or ancestor-or-self axis, walked
    /// (`ViewTree.walk`).
    case axisWalk = "axis-walk"
    /// A filter of the list in place.
    case filter
    /// One element by index.
    case pick
    /// Later duplicates dropped.
    case deduplicate
    /// Document order, without duplicates.
    case sort
    /// A relation to a reference program's views: the program run once from the query's roots
    /// (its entries follow, indented), its views' edges (or parents) gathered, then one pass over
    /// the list.
    case relation
    /// The views with no descendant in the list: one sort of the list, at most.
    case deepest
    /// A stable reordering by frame or by a boolean property.
    case stableSort = "stable-sort"
    /// Member programs run from the list, concatenated (their own entries follow, indented).
    case union
    /// A position among siblings counted by sibling hops, one cursor per parent
    /// (`Step.siblingPosition`, where `siblingCount` cannot count over the list).
    case siblingPosition = "sibling-position"
    /// Each input's `n`-th counted descendant: its subtree scanned to that match, or one merged
    /// scan when inputs nest (`Step.nthDescendant`; the scan's entry follows, indented).
    case nthDescendant = "nth-descendant"
    /// Each input's axis walked to the counted node at the position (`Step.axisPosition`).
    case axisPosition = "axis-position"
    /// A has-descendant test: one descendant scan from the outermost inputs (its entry follows,
    /// indented), then each input kept by a binary search or by the matches' marked ancestors
    /// (`Step.hasDescendant`, where `fromTargets` does not take the pair).
    case hasDescendant = "has-descendant"
    /// An engine-supplied step (the sub-programs it runs follow, indented).
    case engine
    /// Not run: the list before was empty.
    case skipped
}

/// The strategies one query ran, in the order they ran.
public struct MatchPlan: Sendable, Equatable, CustomStringConvertible {
    /// One step, or one run of steps matched together.
    public struct Entry: Sendable, Equatable {
        /// Which part of a `>>` chain ran it (0 for a plain selector).
        public var part = 0
        /// 0 for the program's own steps; one more for each union member or engine sub-program.
        public var depth: Int
        /// The steps, numbered from 1 as `SelectorProgram.description` numbers them (a nested
        /// program's steps from 1 within it).
        public var steps: ClosedRange<Int>
        /// What the matcher chose.
        public var strategy: MatchStrategy
        /// List length before.
        public var inputs: Int
        /// List length after.
        public var outputs: Int
        /// Views scanned by the core's scans for this entry.
        public var scanned = 0
        /// The most threads one of its scans used (1: serial).
        public var threads = 1
        /// Scans made over the hull of many short ranges.
        public var hullScans = 0
        /// Why, where the choice rested on an estimate (the right-to-left sample), or the engine
        /// step's description.
        public var detail: String?

        public init(depth: Int, steps: ClosedRange<Int>, strategy: MatchStrategy, inputs: Int, outputs: Int) {
            self.depth = depth; self.steps = steps; self.strategy = strategy
            self.inputs = inputs; self.outputs = outputs
        }
    }

    /// The entries, parents before the entries of the programs they ran.
    public var entries: [Entry] = []
    /// The `>>` chain part now running; new entries take it.
    public var part = 0
    /// Views each `>>` part that ran selected, in chain order (one count for a plain selector).
    public var partCounts: [Int] = []

    public init() {}

    /// The strategies chosen, in order.
    public var strategies: [MatchStrategy] { entries.map(\.strategy) }

    /// One line per entry: `STEPS  STRATEGY  IN → OUT`, then `scanned N`, `N threads`, `hull`
    /// and the detail in parentheses where they apply; nested entries indented two spaces a level;
    /// a `>>` chain's parts each under a `part N` line.
    public var description: String {
        func stepText(_ e: Entry) -> String {
            String(repeating: "  ", count: e.depth)
                + (e.steps.count == 1 ? "\(e.steps.lowerBound)" : "\(e.steps.lowerBound)-\(e.steps.upperBound)")
        }
        let stepWidth = entries.map { stepText($0).count }.max() ?? 0
        let strategyWidth = entries.map(\.strategy.rawValue.count).max() ?? 0
        let chained = entries.contains { $0.part > 0 }
        var lines: [String] = []
        for (k, e) in entries.enumerated() {
            if chained && (k == 0 || entries[k - 1].part != e.part) { lines.append("part \(e.part + 1)") }
            let steps = stepText(e)
            var line = steps + String(repeating: " ", count: stepWidth - steps.count + 2)
            line += e.strategy.rawValue + String(repeating: " ", count: strategyWidth - e.strategy.rawValue.count + 2)
            line += "\(Self.grouped(e.inputs)) → \(Self.grouped(e.outputs))"
            if e.scanned > 0 { line += "  scanned \(Self.grouped(e.scanned))" }
            if e.threads > 1 { line += "  \(e.threads) threads" }
            if e.hullScans > 0 { line += "  hull" }
            if let detail = e.detail { line += "  (\(detail))" }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// `1234567` as `1,234,567`.
    static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (k, c) in digits.enumerated() {
            if k > 0 && (digits.count - k) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return n < 0 ? "-" + out : out
    }
}
