// Positions: "the k-th child of its parent" and "the k-th match below each input", cases of the
// compiled form (`Step.siblingPosition`, `.nthDescendant`, `.axisPosition`) whose kernels are here.
//
// XPath's `A[2]` (the second `A` child of each parent), UiSelector's `index(n)` (the position among
// all of the parent's children) and its `instance(n)` inside a `childSelector` (the n-th match below
// each parent match) all count along something the core's steps do not: a parent's child list, or
// each input's own results. A predicate tests one node and `pick` counts over the whole list, so
// these are steps, as `HasDescendantStep` is; they are the core's, so every engine counts the same
// way and none walks the tree itself.
//
// Both are bulk and allocate nothing per node. A position is counted by walking sibling links
// (`subtreeEnd` of a child is its next sibling) with one cursor per parent that has an input: over
// inputs in document order each child list is walked at most once, and a walk stops once it is
// past the wanted position, so `index(1)` costs two hops per input whatever the family's size.
// The n-th match below an input is found by scanning its subtree in document order and stopping
// at that match, so `instance(1)` below a table reads its first rows, not the whole table; where
// inputs nest (their subtrees overlap) one merged scan from the outermost inputs serves all of
// them instead, so no view is scanned more than once either way.

/// A node's place among its parent's children, as a test: it stands at `index` among the siblings
/// passing `among`, or it passes `exempt`.
public struct SiblingPosition: Sendable, Equatable, CustomStringConvertible {
    /// The wanted position, from 0; negative counts from the last (-1 is the last).
    public let index: Int
    /// Which of the parent's children count (XPath's `A[2]` counts the `A`s); a node that fails it
    /// has no position and fails the test, unless it is exempt.
    public let among: Predicate
    /// Nodes that pass without being counted: UiSelector's nodes with a recorded `index`, which an
    /// earlier filter has already judged by that number.
    public let exempt: Predicate

    public init(_ index: Int, among: Predicate = .any, exempt: Predicate = .none) {
        self.index = index; self.among = among; self.exempt = exempt
    }

    public var description: String {
        var s = "position \(index) among siblings"
        if among != .any { s += " passing \(ProgramPrinter.text(among))" }
        if exempt != .none { s += ", or \(ProgramPrinter.text(exempt))" }
        return s
    }
}

/// Keeps the input nodes (in their order) that stand at a position among their parent's children:
/// XPath's `A[k]`, UiSelector's `index(n)`. The virtual document node has no position.
public struct SiblingPositionStep: CoreStep, Equatable {
    /// The position each kept node has.
    public let position: SiblingPosition

    public init(_ position: SiblingPosition) { self.position = position }

    public var description: String { "keep " + position.description }

    func apply(to input: [NodeID], in context: inout StepContext) throws(SelectorError) -> [NodeID] {
        if input.isEmpty { return [] }
        var counter = try SiblingCounter(position, &context)
        if counter.never { return [] }
        var out: [NodeID] = []
        var charged = 0
        for v in input where v >= 0 {
            if counter.holds(v, &context) { out.append(v) }
            // The walks are bounded by the inputs only for positions from the front; charge as
            // they go so a query over a huge family still stops at its budget.
            if counter.visited - charged >= 1 << 16 { try context.charge(counter.visited - charged); charged = counter.visited }
        }
        try context.charge(counter.visited - charged + input.count)
        return out
    }
}

/// For each input node in order, its `n`-th descendant (from 0, in document order) among those
/// passing `filter` and, when given, standing at `position` among their siblings: UiSelector's
/// `instance(n)` inside a `childSelector` or `fromParent`, counted per parent match.
///
/// An input without such a descendant contributes nothing; nested inputs may pick the same node,
/// so the output may hold duplicates (sort or de-duplicate after it as the engine needs).
public struct NthDescendantStep: CoreStep, Equatable {
    /// What a descendant must pass to be counted.
    public let filter: Predicate
    /// Where among its siblings a counted descendant must stand, if anywhere.
    public let position: SiblingPosition?
    /// Which of each input's counted descendants to keep, from 0 (a negative `n` keeps none).
    public let n: Int
    /// The merged scan used when inputs nest.
    let search: SelectorProgram

    public init(_ filter: Predicate, position: SiblingPosition? = nil, n: Int) {
        self.filter = filter; self.position = position; self.n = n
        var b = ProgramBuilder(start: .roots)
        b.descendants(filter, unique: true)
        search = b.build()
    }

    public var description: String {
        "per input: descendant \(n) passing \(ProgramPrinter.text(filter))" + (position.map { ", at \($0)" } ?? "")
    }

    public static func == (a: Self, b: Self) -> Bool { a.filter == b.filter && a.position == b.position && a.n == b.n }

    public var estimatedBytes: Int { ProgramSize.arrayHeader + search.estimatedBytes + 2 * description.utf8.count }

    func apply(to input: [NodeID], in context: inout StepContext) throws(SelectorError) -> [NodeID] {
        if input.isEmpty || n < 0 { return [] }
        let test = try context.test(filter)
        if test.isNever { return [] }
        var counter: SiblingCounter? = nil
        if let position {
            counter = try SiblingCounter(position, &context)
            if counter!.never { return [] }
        }
        // Disjoint inputs in document order: each subtree is scanned once, up to its match.
        var disjoint = true
        var coveredUntil = Int.min
        for u in input {
            if Int(u) < coveredUntil { disjoint = false; break }
            coveredUntil = context.subtreeEnd(of: u)
        }
        let out = disjoint
            ? try scanEach(input, test, &counter, &context)
            : try mergedScan(input, &counter, &context)
        try context.charge((counter?.visited ?? 0) + input.count + out.count)
        try context.checkResults(out.count)
        return out
    }

    /// Each input's subtree scanned in document order until its `n`-th counted descendant.
    private func scanEach(_ input: [NodeID], _ test: NodeFilter, _ counter: inout SiblingCounter?,
                          _ context: inout StepContext) throws(SelectorError) -> [NodeID] {
        var out: [NodeID] = []
        // Charged per chunk, so a scan through a huge subtree stops at the budget's limit or deadline.
        let chunk = 1 << 16
        for u in input {
            let end = Int32(context.subtreeEnd(of: u))
            var v = u + 1
            var seen = 0
            scan: while v < end {
                let stop = Int32(min(Int(end), Int(v) + chunk))
                let from = v
                while v < stop {
                    if test(v), counter?.holds(v, &context) ?? true {
                        if seen == n { out.append(v); try context.charge(Int(v - from + 1)); break scan }
                        seen += 1
                    }
                    v += 1
                }
                try context.charge(Int(stop - from))
            }
        }
        return out
    }

    /// Nested inputs: one scan from the outermost inputs (the matcher's, `filter` resolved once)
    /// gives every counted descendant in document order; an input's are the run of them after it
    /// and before its subtree's end, found by a binary search.
    private func mergedScan(_ input: [NodeID], _ counter: inout SiblingCounter?,
                            _ context: inout StepContext) throws(SelectorError) -> [NodeID] {
        let sorted = Array(Set(input)).sorted()
        var roots: [NodeID] = []
        var coveredUntil = Int.min
        for u in sorted where Int(u) >= coveredUntil {
            roots.append(u)
            coveredUntil = context.subtreeEnd(of: u)
        }
        var found = try context.select(search, from: roots)
        if counter != nil {
            // In document order, as the counter's cursors want.
            found = found.filter { counter!.holds($0, &context) }
        }
        var out: [NodeID] = []
        for u in input {
            var lo = 0, hi = found.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if found[mid] <= u { lo = mid + 1 } else { hi = mid }
            }
            let k = lo + n
            if k < found.count, Int(found[k]) < context.subtreeEnd(of: u) { out.append(found[k]) }
        }
        return out
    }
}

/// Answers `SiblingPosition` for node after node, with one sibling cursor per parent.
///
/// The cursors sit on a stack, each on a parent whose subtree holds the last node asked about:
/// over nodes in document order those parents are the node's ancestors, nested, and a cursor is
/// dropped once a node past its parent's subtree arrives. A cursor is a child of its parent and
/// the number of counted children before it, so it only moves forward; a node earlier than the
/// last one starts the stack afresh.
///
/// A node's parent is read only when the top cursor cannot tell: walking the cursor's siblings
/// either lands on the node (a child of that parent) or stops at the sibling whose subtree holds
/// it. Over a family of inputs (a table's rows) each row then costs one sibling hop, which reads
/// the node it lands on; reading each row's parent as well cost as much again, in cache misses.
struct SiblingCounter {
    private struct Cursor {
        var parent: NodeID
        var end: Int
        var child: NodeID
        var before: Int
        /// Counted children of the parent, once a position from the end needed them; -1 before.
        var total: Int
    }

    let index: Int
    // Filters stored as they are, with flags for "every node counts" and "none is exempt":
    // binding an optional filter copies it (two retains) for every node asked about.
    private let among: NodeFilter
    private let everyNodeCounts: Bool
    private let exempt: NodeFilter
    private let someAreExempt: Bool
    /// Whether no node can pass.
    let never: Bool
    private var open: [Cursor] = []
    private var last: NodeID = .min
    /// Sibling hops made so far, for the budget.
    private(set) var visited = 0

    init(_ position: SiblingPosition, _ context: inout StepContext) throws(SelectorError) {
        index = position.index
        among = try context.test(position.among)
        everyNodeCounts = position.among == .any
        exempt = try context.test(position.exempt)
        someAreExempt = !exempt.isNever
        never = among.isNever && !someAreExempt
        open.reserveCapacity(32)
    }

    /// Whether `node` (a real node) stands at the position, or is exempt. The context is `inout`
    /// only so it is not copied: passed by value it was copied whole for every node.
    mutating func holds(_ node: NodeID, _ context: inout StepContext) -> Bool {
        if someAreExempt && exempt(node) { return true }
        if !everyNodeCounts && !among(node) { return false }
        if index >= 0 { return countBefore(node, limit: index, &context) == index }
        let before = countBefore(node, limit: .max, &context)
        let top = open.count - 1
        if open[top].total < 0 {
            // Every counted child: from the cursor, now at `node`, to the parent's end.
            var total = open[top].before
            var c = open[top].child
            while c < open[top].end {
                if counts(c) { total += 1 }
                c = NodeID(context.subtreeEnd(of: c))
                visited += 1
            }
            open[top].total = total
        }
        return open[top].total - 1 - before == -index - 1
    }

    @inline(__always) private func counts(_ node: NodeID) -> Bool { everyNodeCounts || among(node) }

    /// Counted siblings before `node`, its parent's cursor left on top of the stack. Once more than
    /// `limit` are counted the walk stops (every later sibling is past the position too) and the
    /// answer is some number over `limit`.
    private mutating func countBefore(_ node: NodeID, limit: Int, _ context: inout StepContext) -> Int {
        if node < last { open.removeAll(keepingCapacity: true) }
        last = node
        while let top = open.last, top.end <= Int(node) { open.removeLast() }
        if !open.isEmpty {
            let top = open.count - 1
            if open[top].before > limit {
                // Past the position in this family: only whether `node` belongs to it is open.
                let parent = context.parent(of: node)
                if parent == open[top].parent { return open[top].before }
                push(parent, &context)
            } else {
                var c = open[top].child
                var before = open[top].before
                while c < node && before <= limit {
                    let next = NodeID(context.subtreeEnd(of: c))
                    // `node` lies inside `c`'s subtree: a deeper family.
                    if next > node { break }
                    if counts(c) { before += 1 }
                    c = next
                    visited += 1
                }
                open[top].child = c
                open[top].before = before
                if c == node { return before }
                let parent = context.parent(of: node)
                if parent == open[top].parent { return before }
                push(parent, &context)
            }
        } else {
            push(context.parent(of: node), &context)
        }
        // A new cursor on `node`'s own parent: the walk lands on `node` unless it stops past the limit.
        let top = open.count - 1
        var c = open[top].child
        var before = 0
        while c < node && before <= limit {
            if counts(c) { before += 1 }
            c = NodeID(context.subtreeEnd(of: c))
            visited += 1
        }
        open[top].child = c
        open[top].before = before
        return before
    }

    /// A cursor on `parent`'s first child (the next node in preorder; the first root for -1).
    private mutating func push(_ parent: NodeID, _ context: inout StepContext) {
        open.append(Cursor(parent: parent, end: context.subtreeEnd(of: parent), child: parent + 1, before: 0, total: -1))
    }
}

/// For each input node in order, the node at `index` among those on `axis` passing `filter`, in
/// the axis's order (`Axis`: reverse axes nearest first): XPath's positions per context node,
/// `child::A[k]`, `following-sibling::A[1]`, `ancestor::A[1]`, `preceding-sibling::*[last()]`.
///
/// `index` counts from 0; a negative one counts from the last (-1 is the last). An input without
/// such a node contributes nothing; the output is in input order and may hold duplicates (sort
/// after it as the engine needs). A walk from the front stops at its node, so `[1]` on a long
/// axis costs the distance to the first match.
public struct AxisPositionStep: CoreStep, Equatable {
    /// The axis walked from each input.
    public let axis: Axis
    /// What a node must pass to be counted.
    public let filter: Predicate
    /// Which counted node to keep.
    public let index: Int

    public init(_ axis: Axis, filter: Predicate = .any, index: Int) {
        self.axis = axis; self.filter = filter; self.index = index
    }

    public var description: String {
        "per input: \(axis.rawValue) \(index) passing \(ProgramPrinter.text(filter))"
    }

    func apply(to input: [NodeID], in context: inout StepContext) throws(SelectorError) -> [NodeID] {
        if input.isEmpty { return [] }
        let test = try context.test(filter)
        if test.isNever { return [] }
        let tree = context.run.tree
        var out: [NodeID] = []
        var picker = AxisPicker(test: test, index: index)
        out.reserveCapacity(input.count)
        // Charged in bulk: a charge per input cost as much as a short walk.
        var visited = 0
        for v in input {
            picker.reset()
            visited += tree.walk(axis, from: v, &picker)
            let found = picker.found
            if found >= 0 { out.append(found) }
            if visited >= 1 << 16 { try context.charge(visited); visited = 0 }
        }
        try context.charge(visited + input.count + out.count)
        try context.checkResults(out.count)
        return out
    }
}

/// `AxisPositionStep`'s count along one input's axis: the `index`-th node passing the test (from
/// the front), or the last ones in a ring (from the end).
private struct AxisPicker: AxisVisitor {
    let test: NodeFilter
    let index: Int
    /// The last `-index` matches, in a ring (one slot for `last()`).
    var ring: [NodeID]
    var seen = 0
    var picked: NodeID = -1

    init(test: NodeFilter, index: Int) {
        self.test = test; self.index = index
        ring = [NodeID](repeating: -1, count: index < 0 ? -index : 0)
    }

    mutating func reset() { seen = 0; picked = -1 }

    /// The node at the position, once the walk has ended; -1 for none.
    var found: NodeID {
        if index >= 0 { return picked }
        // The oldest of the last `-index` matches sits where the next one would go.
        return seen >= ring.count ? ring[seen % ring.count] : -1
    }

    @inline(__always) mutating func visit(_ node: NodeID) -> Bool {
        guard test(node) else { return true }
        if index >= 0 {
            if seen == index { picked = node; return false }
        } else {
            ring[seen % ring.count] = node
        }
        seen += 1
        return true
    }
}
