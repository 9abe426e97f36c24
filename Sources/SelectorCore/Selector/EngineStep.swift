// Engine-supplied steps: the escape hatch for what the core's steps cannot express yet.
//
// XPath's positional predicates (`//A[2]`: the second A child of each parent), its value
// comparisons between two node-sets, and axes the core lacks do not fit `Step`'s bulk forms. An
// engine may put such a part in an `EngineStep`, as it may put a string test it alone knows in a
// `StringMatcher`. The step runs inside the core's matcher, between ordinary steps, and reaches the
// tree only through `StepContext`: predicates are still resolved by the core (so a class test is
// still a mask lookup), every node it visits is charged to the query's budget, and it can hand
// sub-programs back to the matcher. Docs/Architecture.md lists which engine parts run here.

/// A bulk step an engine supplies: from the ordered node list so far to the next one.
///
/// It may run on any thread; it must not keep state between calls.
public protocol EngineStep: Sendable, CustomStringConvertible {
    /// The step's output for `input` (the virtual document node is -1 and may appear there).
    func apply(to input: [NodeID], in context: inout StepContext) throws(SelectorError) -> [NodeID]

    /// About how many bytes of memory the step holds (its sub-programs, literals and tables), for
    /// the compiled-selector cache's byte bound and `SelectorLimits.maxProgramBytes`. The default
    /// reads the step's size and its description, which names what it holds; a step that keeps
    /// more than it prints (a lookup table) should say so.
    var estimatedBytes: Int { get }

    /// Whether the step only moves a non-empty input to the virtual document node (XPath's `/` at
    /// the start of an absolute path), so that a program reads as a search path from the whole tree
    /// (`SelectorProgram.searchPath`). Default false.
    var isDocumentRoot: Bool { get }

    /// The step as a test of each view, exact on every one of `trees`, when it only keeps the
    /// views of its input that pass one (an XPath predicate the compiler could not make a core
    /// test for every tree, such as `[@width > 100]`, which is one where `width` holds numbers).
    /// What a translation reads (`SelectorProgram.searchPath(on:)`); default nil.
    func filter(on trees: [ViewTree]) -> Predicate?

    /// Whether the step keeps views by where they stand (a position among siblings, the k-th
    /// match): a selector with such a step is fragile, as a view inserted before its target moves
    /// it (`SelectorProgram.selectsByPosition`). Default false.
    var selectsByPosition: Bool { get }
}

extension EngineStep {
    public var isDocumentRoot: Bool { false }
    public func filter(on trees: [ViewTree]) -> Predicate? { nil }
    public var selectsByPosition: Bool { false }

    public var estimatedBytes: Int {
        ProgramSize.arrayHeader + MemoryLayout<Self>.size + 2 * description.utf8.count
    }
}

/// The kernel of one of the core's own steps that are not axes or filters (`Step.siblingPosition`,
/// `.nthDescendant`, `.axisPosition`, `.hasDescendant`): run by the matcher with a `StepContext`,
/// as an engine step is, but a case of the compiled form that printers, the plug-in JSON and the
/// reference interpreter read without a down-cast.
protocol CoreStep: Sendable, CustomStringConvertible {
    /// The step's output for `input` (the virtual document node is -1 and may appear there).
    func apply(to input: [NodeID], in context: inout StepContext) throws(SelectorError) -> [NodeID]
    /// About how many bytes of memory the step holds (`EngineStep.estimatedBytes`).
    var estimatedBytes: Int { get }
}

extension CoreStep {
    var estimatedBytes: Int {
        ProgramSize.arrayHeader + MemoryLayout<Self>.size + 2 * description.utf8.count
    }
}

/// What an `EngineStep` may use: navigation, recorded values, resolved predicates, sub-programs
/// and the budget; never the tree's columns themselves.
public struct StepContext {
    var run: Run

    init(run: Run) { self.run = run }

    /// `predicate` resolved against this tree once, as a per-node test.
    public mutating func test(_ predicate: Predicate) throws(SelectorError) -> NodeFilter {
        NodeFilter(test: try run.resolver.nodeTest(predicate), classIDs: run.tree.classIDs)
    }

    /// The nodes `program`'s steps select from `roots` (its start point is ignored), on this
    /// query's budget.
    /// It runs through the matcher's one step loop, planned like any program (its plan entries
    /// are nested under the engine step's).
    public mutating func select(_ program: SelectorProgram, from roots: [NodeID]) throws(SelectorError) -> [NodeID] {
        try run.run(program.steps, from: roots)
    }

    /// Charges `units` of work (nodes visited plus nodes produced) to the query's budget; throws
    /// past the work limit or the deadline, so an engine loop stops where the core's would.
    public mutating func charge(_ units: Int) throws(SelectorError) {
        try run.meter.charge(units)
    }

    /// The query's deadline, for an engine's own loops and the string evaluators it runs
    /// (`StringEvaluator.useDeadline`).
    public var deadline: QueryDeadline { QueryDeadline(run.meter.deadline) }

    // Navigation, so a step moves through the tree the way the core defines it rather than
    // reading the tree's columns.

    /// The nodes a program with start point `start` begins from on this tree (`Matcher.startNodes`).
    public func startNodes(_ start: StartPoint) -> [NodeID] { run.matcher.startNodes(start, in: run.tree) }

    /// The direct children of `node`, in order; the roots for the virtual document node (-1).
    public func children(of node: NodeID) -> [NodeID] {
        node < 0 ? run.tree.roots : run.tree.children(of: node)
    }

    /// The parent of `node`; -1 for a root.
    public func parent(of node: NodeID) -> NodeID {
        node < 0 ? -1 : run.tree.parents[Int(node)]
    }

    /// One past the last node of `node`'s subtree in preorder, so its descendants are
    /// `node + 1 ..< subtreeEnd(of: node)`; the tree's size for the virtual document node.
    public func subtreeEnd(of node: NodeID) -> Int {
        run.tree.subtreeEnd(of: node)
    }

    /// Calls `body` with each node on `axis` from `node`, in the axis's order (`Axis`), until it
    /// returns false; the nodes visited are charged to the query's budget.
    public mutating func forEach(on axis: Axis, from node: NodeID, _ body: (NodeID) -> Bool) throws(SelectorError) {
        let visited = run.tree.walk(axis, from: node, body)
        try run.meter.charge(visited)
    }

    /// How many views the tree holds; their ids are `0 ..< nodeCount`, in document order.
    public var nodeCount: Int { run.tree.count }

    /// The values the tree records, without its structure, for a step that reads them per node.
    public var values: RecordedValues { RecordedValues(tree: run.tree) }

    /// The value `node` records under `name` (nil: none), for a step whose answer or error
    /// depends on the value itself rather than on a test of it.
    public func value(_ name: String, of node: NodeID) -> JSONValue? { run.tree.value(name, of: node) }

    /// `node` as an error message names it: its class and uid, `UIView (uid 12)`.
    public func describe(_ node: NodeID) -> String {
        "\(run.tree.className(of: node)) (uid \(run.tree.uidString(of: node) ?? "none"))"
    }

    /// Throws when `count` intermediate results exceed the budget's limit.
    public func checkResults(_ count: Int) throws(SelectorError) {
        try run.meter.checkResults(count)
    }
}

/// The values a tree records (classes and property columns), without its structure: what an
/// engine step may keep while it works, so it reads values without holding the tree's columns.
public struct RecordedValues: Sendable {
    let tree: ViewTree

    /// The class `node` records.
    public func className(of node: NodeID) -> String { tree.className(of: node) }

    /// The property names the tree records, in its order (a recording's attribute order).
    public var propertyNames: [String] { tree.propertyNames }

    /// The column of values recorded under `name`; nil when no view records it.
    public func column(_ name: String) -> PropertyColumn? { tree.columns[name] }

    /// The string `node` records under `name`, if it records a string there.
    public func string(_ name: String, of node: NodeID) -> String? { tree.string(name, of: node) }
}

/// A predicate resolved against one tree: `filter(node)` costs a few array loads.
public struct NodeFilter: @unchecked Sendable {
    // @unchecked: immutable once built, like the NodeTest it wraps.
    let test: NodeTest
    let classIDs: ContiguousArray<Int32>

    /// Whether the predicate holds for `node` (false for the virtual document node).
    @inline(__always) public func callAsFunction(_ node: NodeID) -> Bool {
        test.passes(node, classIDs: classIDs)
    }

    /// Whether no node can pass (the predicate resolved to a constant false on this tree).
    public var isNever: Bool { test.never }
}
