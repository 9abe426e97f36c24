// "Keep the nodes that have a descendant passing P": WebDriverAgent's class-chain `[$P$]` and
// UiAutomator's `UiCollection.getChildByText` (a row whose own text differs but that holds a view
// with that text). The plug-in program JSON has a form for it (`{"hasDescendant": P}`), so a
// plug-in can say it without an engine step of its own.
//
// It is a step (`Step.hasDescendant`), not a `Predicate` case, only because adding a case touches
// every exhaustive switch over predicates (the printer, the explainer, the size estimate); the work
// is the core's either way: one descendant scan from the inputs (the matcher's own merged range
// scan, P resolved once), then a binary search per input in the sorted matches. No engine code
// walks the tree.

/// Keeps the input nodes (in their order) that have a descendant passing `predicate`; the node
/// itself counts too when `includingSelf` is set.
public struct HasDescendantStep: CoreStep, Equatable {
    /// What some descendant must pass.
    public let predicate: Predicate
    /// Whether the node itself passing is enough (UiCollection's row whose own text is the text).
    public let includingSelf: Bool
    let search: SelectorProgram

    public init(_ predicate: Predicate, includingSelf: Bool = false) {
        self.predicate = predicate
        self.includingSelf = includingSelf
        var b = ProgramBuilder(start: .roots)
        b.axis(includingSelf ? .descendantsOrSelf : .descendants, filter: predicate, unique: true)
        search = b.build()
    }

    public var description: String {
        "has descendant\(includingSelf ? " or self" : "")(\(ProgramPrinter.text(predicate)))"
    }

    public static func == (a: Self, b: Self) -> Bool { a.predicate == b.predicate && a.includingSelf == b.includingSelf }

    public var estimatedBytes: Int { ProgramSize.arrayHeader + search.estimatedBytes + 2 * description.utf8.count }

    func apply(to input: [NodeID], in context: inout StepContext) throws(SelectorError) -> [NodeID] {
        if input.isEmpty { return [] }
        let tree = context.run.tree
        func end(_ node: NodeID) -> Int32 { Int32(tree.subtreeEnd(of: node)) }
        // Outermost inputs in document order: their descendants cover every input's, and a scan from
        // disjoint roots in document order yields matches in document order (sorted, for the search).
        let sorted = input.sortedUnique()
        try context.charge(sorted.count)
        var roots: [NodeID] = []
        var coveredUntil: Int32 = -1
        for node in sorted where node < 0 || node >= coveredUntil {
            roots.append(node)
            coveredUntil = end(node)
            if node < 0 { break }
        }
        let found = try context.select(search, from: roots)
        if found.isEmpty { return [] }
        if found.count < input.count {
            // Few matches (`//UITableViewCell[.//UILabel[@accessibilityLabel='Row 7-3']]`: five
            // labels under 125,655 cells): mark the matches' ancestors, stopping at one already
            // marked, and keep the marked inputs, instead of a binary search per input.
            var isMatch = Bitset(count: tree.count)
            var holdsMatch = Bitset(count: tree.count)
            let walked = context.run.markAncestors(of: found, isMatch: &isMatch, holdsMatch: &holdsMatch)
            try context.charge(walked + input.count)
            // The virtual document node holds every match.
            return input.filter { $0 < 0 || holdsMatch.contains(Int($0)) || (includingSelf && isMatch.contains(Int($0))) }
        }
        var out: [NodeID] = []
        for node in input {
            // The first match from `node` on (after it, without self) in document order is in its
            // subtree exactly when any is.
            let first = found.lowerBound(Int(node) + (includingSelf ? 0 : 1))
            if first < found.count, found[first] < end(node) { out.append(node) }
        }
        try context.charge(input.count)
        return out
    }
}
