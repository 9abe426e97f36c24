// The compiled form: the one contract between engine parsers and the matcher.
//
// A selector compiles to a `SelectorProgram`: a start point and a list of bulk steps, each taking
// the ordered node list produced so far and producing the next one. Engines differ in order and
// duplicates, so both are explicit. Worked examples, as `SelectorProgram.description` prints them
// (each indented block is `engine> selector` and then the program that engine compiles it to;
// Tests/ViewSelectorsTests/ProgramPrinterTests.swift compiles and prints every block here, so
// keep them true). Shelley's
//
//     shelley> tableViewCell label marked:'Row 7-3' parent tableViewCell view:'UIImageView'
//     start .windows
//     1  axis descendants  document  filter kindOf(UITableViewCell)
//     2  axis descendants  document  filter kindOf(UILabel) ∧ accessibilityLabel ⊇ "Row 7-3" (U+00A0 read as space)  unique
//     3  axis ancestors    document  filter ¬kindOf(UIApplication) ∧ kindOf(UITableViewCell)  unique
//     4  axis descendants  document  filter kindOf(UIImageView)  unique
//
// where the builder has fused each filter into the step before it, the first step keeps
// duplicates (Shelley de-duplicates after every filter but the first), `parent` never climbs to
// the application, and the class right after `parent` tests the ancestors themselves; and
// UISpec's
//
//     uiquery> tableView tableViewCell last
//     start .application
//     1  axis descendants  reverse  filter kindOf(UITableView)
//     2  axis descendants  reverse  filter kindOf(UITableViewCell)
//     3  pick -1
//
// and Maestro's, the topmost view (by frame) that has a direct child with the id `x`, where the
// child is one of the deepest views with that id and the relation's reference program runs from
// the query's roots:
//
//     maestro> {containsChild: {id: x}, index: 0}
//     start .roots
//     1  axis descendantsOrSelf  document  filter maestroOnScreen  unique
//     2  relation parentOf
//        { start .roots
//          1  axis descendantsOrSelf  document  filter maestroOnScreen ∧ (resource-id ~ maestroId("x") ∨ accessibilityIdentifier ~ maestroId("x"))  unique
//          2  deepest
//          3  sort by clickable (true first)
//        }
//     3  sort by frame (y, x)
//     4  pick 0
//
// Each axis step visits the inputs in list order and concatenates what each yields; `unique`
// then keeps the first occurrence of every node. The matcher is free to compute a step any way
// that gives that exact list (it scans merged ranges in parallel when the inputs allow).
//
// The notation. The first line is `start .` and the start point; then one line per step, its
// number (from 1), two spaces and the step. Steps: `axis A  O  filter P` (axis A, padded to the
// widest axis name among the program's axis steps; order O, `document` or `reverse`; the filter
// P, `any` when there is none), then `  unique` when it de-duplicates; `filter P`; `pick N`;
// `deduplicate`; `sort` (into document order); `union`, followed by each member program between
// `{ ` and `}`, its lines indented by two more spaces; `engine D`, an engine-supplied step by its
// description; `relation R` (R one of `below`, `above`, `leftOf`, `rightOf`, `parentOf`), followed
// by its reference program as a union member is; `deepest`; `sort by frame (y, x)`; and
// `sort by P (true first)`. Predicates: `any`, `none`, `kindOf(C)`,
// `memberOf(C)`; string tests `p == "v"`, `p ⊇ "v"` (contains), `p ^= "v"` (prefix),
// `p $= "v"` (suffix) and `p ~ M` (an engine matcher, by its description), each followed by
// ` (case-insensitive)` and ` (U+00A0 read as space)` when those options are set (values quoted
// with `\"`, `\\` and `\n` escaped); `p == true`; `p <= 3` with any comparison operator (whole
// numbers printed without a fraction); `has(p)`; a custom predicate's name, then its arguments
// as JSON, comma-separated, in parentheses, when it has some; the structural predicates
// `ancestor(P)` and `p & M == M` (bits); an engine's structural test by its description
// (`onScreen`, `indexPath(S, R)`); `A ∧ B`, `A ∨ B` and
// `¬A`, an operand that is itself an `∧` or `∨` in parentheses.

/// Where a program starts before its first step.
public enum StartPoint: Sendable, Equatable {
    /// A virtual node above the roots: its descendants are the whole tree, its children the roots.
    /// It never appears in results.
    case document
    /// The top-level nodes.
    case roots
    /// The windows: the root's children when the root is a `UIApplication` (`/dump/allwindows`),
    /// else the roots. Shelley starts here.
    case windows
    /// The application: a `UIApplication` root, else a virtual application whose only window is
    /// the root. UISpec starts here.
    case application
}

/// Which nodes a step moves to from each input node.
public enum Axis: String, Sendable, Equatable, CaseIterable {
    /// Every descendant, the input excluded.
    case descendants
    /// The input itself, then its descendants.
    case descendantsOrSelf
    /// Direct children.
    case children
    /// Ancestors, nearest first.
    case ancestors
    /// The direct parent.
    case parent
    /// The other children of the parent.
    case siblings
    /// The later children of the parent, in document order (XPath's `following-sibling::`).
    case followingSiblings
    /// The earlier children of the parent, nearest first (XPath's `preceding-sibling::`).
    case precedingSiblings
    /// Every node after the input's subtree, in document order (XPath's `following::`).
    case following
    /// Every node before the input that is not its ancestor, nearest first (XPath's `preceding::`).
    case preceding
    /// The input itself, then its ancestors nearest first (XPath's `ancestor-or-self::`).
    case ancestorsOrSelf
}

/// The order an axis yields nodes in, per input.
public enum TraversalOrder: String, Sendable, Equatable {
    /// Document order (preorder) for descendants, children and siblings; nearest first for ancestors.
    /// The sibling, following, preceding and ancestor-or-self axes have one order each (their
    /// doc comments), which `reverse` leaves as it is.
    case document
    /// UISpec's order: children reversed; descendants as the reversed children, then each child's
    /// descendants in that same reversed order (`R[A[a1,a2],B[b1]]` gives `B, A, b1, a2, a1`).
    case reverse
}

/// How a view stands to a reference view (`Step.relation`).
///
/// The spatial relations compare one edge of the two views' absolute frames (the
/// `accessibilityFrame` column), strictly, as Maestro 2.x's `Filters.below` and its siblings do
/// (maestro-client `Filters.kt` L152-183): nothing else of the frames is compared, so an
/// ancestor of the reference may qualify. A view without a frame, or with that edge not a
/// number, stands in no spatial relation.
public enum Relation: String, Sendable, Equatable, CaseIterable {
    /// The view's top edge is below (greater than) the reference's top edge.
    case below
    /// The view's top edge is above (less than) the reference's top edge.
    case above
    /// The view's left edge is left of (less than) the reference's left edge.
    case leftOf
    /// The view's left edge is right of (greater than) the reference's left edge.
    case rightOf
    /// The reference is one of the view's direct children (Maestro's `containsChild`).
    case parentOf
}

/// What `Step.sort(by:)` orders by.
public enum SortKey: Sendable, Equatable {
    /// The absolute frame's top edge, then its left edge, smaller first; views without a frame
    /// (or with either edge not a number) last (Maestro's `INDEX_COMPARATOR`, `Filters.kt` L33-36).
    case frameTopLeft
    /// The views whose boolean property is true (as `Predicate.bool` reads it), then those whose
    /// property is false, then those without it (Maestro's `clickableFirst`, `Filters.kt` L241-245).
    case trueFirst(String)
}

/// One bulk step of a program.
public enum Step: Sendable, Equatable {
    /// For each input in order, the nodes on `axis` passing `filter`, concatenated; with `unique`,
    /// later duplicates dropped.
    case axis(Axis, order: TraversalOrder, filter: Predicate, unique: Bool)
    /// Keeps the nodes passing the predicate, in order.
    case filter(Predicate)
    /// Keeps the element at this index (negative counts from the end); out of range: empty.
    case pick(Int)
    /// Drops later duplicates.
    case deduplicate
    /// Sorts into document order and drops duplicates.
    case sortInDocumentOrder
    /// Runs each program from the current list as its roots and concatenates their results
    /// (later duplicates dropped): a selector list, `A, B`.
    case union([SelectorProgram])
    /// Keeps the inputs (in their order) that stand at a position among their parent's children:
    /// XPath's `A[2]`, UiSelector's `index(n)`, class chain's `[k]`.
    indirect case siblingPosition(SiblingPositionStep)
    /// For each input in order, its `n`-th descendant passing a filter: UiSelector's `instance(n)`
    /// inside a `childSelector`.
    indirect case nthDescendant(NthDescendantStep)
    /// For each input in order, the node at a position on an axis: XPath's `following-sibling::A[1]`,
    /// `ancestor::A[1]`.
    indirect case axisPosition(AxisPositionStep)
    /// Keeps the inputs (in their order) with a descendant passing a predicate: class chain's
    /// `[$P$]`, XPath's `A[.//B]`, Maestro's `containsDescendants`.
    indirect case hasDescendant(HasDescendantStep)
    /// A step an engine supplies (see `EngineStep`); compared by type and description.
    case engine(any EngineStep)
    /// Keeps, in order, the inputs that stand in `relation` to at least one view the program
    /// selects when run from the query's roots (its start point ignored, as a union member's is):
    /// Maestro's `below: {…}` and `containsChild: {…}`. The references are computed once, so the
    /// step costs one run of the program and one pass over the inputs.
    case relation(Relation, SelectorProgram)
    /// Keeps, in order, the views of which no descendant is in the list (Maestro's "deepest
    /// matching element"); the virtual document node is dropped.
    case deepest
    /// Reorders the list by `key`, stably (equal keys keep their order); nothing is dropped.
    case sort(by: SortKey)

    public static func == (a: Step, b: Step) -> Bool {
        switch (a, b) {
        case let (.axis(x1, o1, f1, u1), .axis(x2, o2, f2, u2)): return x1 == x2 && o1 == o2 && f1 == f2 && u1 == u2
        case let (.filter(p), .filter(q)): return p == q
        case let (.pick(i), .pick(j)): return i == j
        case (.deduplicate, .deduplicate), (.sortInDocumentOrder, .sortInDocumentOrder): return true
        case let (.union(p), .union(q)): return p == q
        case let (.siblingPosition(x), .siblingPosition(y)): return x == y
        case let (.nthDescendant(x), .nthDescendant(y)): return x == y
        case let (.axisPosition(x), .axisPosition(y)): return x == y
        case let (.hasDescendant(x), .hasDescendant(y)): return x == y
        case let (.engine(x), .engine(y)): return type(of: x) == type(of: y) && x.description == y.description
        case let (.relation(r1, p1), .relation(r2, p2)): return r1 == r2 && p1 == p2
        case (.deepest, .deepest): return true
        case let (.sort(k1), .sort(k2)): return k1 == k2
        default: return false
        }
    }
}

/// A compiled selector program. Build one with `ProgramBuilder`.
public struct SelectorProgram: Sendable, Equatable {
    /// Where evaluation starts when no explicit roots are given.
    public let start: StartPoint
    /// The steps, in order.
    public let steps: [Step]

    init(start: StartPoint, steps: [Step]) {
        self.start = start; self.steps = steps
    }

    /// Whether the program keeps views by where they stand rather than by what they are: a `pick`
    /// (`(//X)[2]`, `index:2`) or an engine step that counts positions
    /// (`EngineStep.selectsByPosition`), here or in a union's or relation's program. A suggestion
    /// like that is marked fragile and offered after those that name the view by its attributes.
    public var selectsByPosition: Bool {
        steps.contains { step in
            switch step {
            case .pick, .siblingPosition, .nthDescendant, .axisPosition: true
            case .engine(let e): e.selectsByPosition
            case .union(let programs): programs.contains { $0.selectsByPosition }
            case .relation(_, let program): program.selectsByPosition
            case .axis, .filter, .deduplicate, .sortInDocumentOrder, .deepest, .sort, .hasDescendant: false
            }
        }
    }
}

/// The only way to assemble a `SelectorProgram`.
///
/// Each call appends a step; `build()` fuses a filter into the axis step before it (filters are
/// per node, so filtering a concatenation equals concatenating filtered parts) so the matcher tests
/// class and label in the same pass that walks the tree.
public struct ProgramBuilder: Sendable {
    private var start: StartPoint
    private var steps: [Step] = []

    public init(start: StartPoint = .roots) { self.start = start }

    /// Number of steps so far.
    public var count: Int { steps.count }

    /// Appends an axis step.
    public mutating func axis(_ axis: Axis, order: TraversalOrder = .document, filter: Predicate = .any, unique: Bool) {
        steps.append(.axis(axis, order: order, filter: filter, unique: unique))
    }
    /// Appends a descendant search.
    public mutating func descendants(_ filter: Predicate = .any, order: TraversalOrder = .document, unique: Bool) {
        axis(.descendants, order: order, filter: filter, unique: unique)
    }
    /// Appends an in-place filter.
    public mutating func filter(_ p: Predicate) { steps.append(.filter(p)) }
    /// Appends an index pick (negative from the end).
    public mutating func pick(_ index: Int) { steps.append(.pick(index)) }
    /// Appends de-duplication.
    public mutating func deduplicate() { steps.append(.deduplicate) }
    /// Appends a sort into document order.
    public mutating func sortInDocumentOrder() { steps.append(.sortInDocumentOrder) }
    /// Appends a union of programs, each run from the current list as roots.
    public mutating func union(_ programs: [SelectorProgram]) { steps.append(.union(programs)) }
    /// Appends a position among siblings (`Step.siblingPosition`).
    public mutating func siblingPosition(_ position: SiblingPosition) { steps.append(.siblingPosition(SiblingPositionStep(position))) }
    /// Appends each input's `n`-th descendant passing `filter` (`Step.nthDescendant`).
    public mutating func nthDescendant(_ filter: Predicate, position: SiblingPosition? = nil, n: Int) {
        steps.append(.nthDescendant(NthDescendantStep(filter, position: position, n: n)))
    }
    /// Appends each input's node at `index` on `axis` among those passing `filter` (`Step.axisPosition`).
    public mutating func axisPosition(_ axis: Axis, filter: Predicate = .any, index: Int) {
        steps.append(.axisPosition(AxisPositionStep(axis, filter: filter, index: index)))
    }
    /// Appends a has-descendant test (`Step.hasDescendant`).
    public mutating func hasDescendant(_ predicate: Predicate, includingSelf: Bool = false) {
        steps.append(.hasDescendant(HasDescendantStep(predicate, includingSelf: includingSelf)))
    }
    /// Appends an engine-supplied step.
    public mutating func engine(_ step: any EngineStep) { steps.append(.engine(step)) }
    /// Appends a relation to the views `program` selects from the query's roots.
    public mutating func relation(_ relation: Relation, to program: SelectorProgram) {
        steps.append(.relation(relation, program))
    }
    /// Appends the reduction to the deepest views of the list.
    public mutating func deepest() { steps.append(.deepest) }
    /// Appends a stable reordering.
    public mutating func sort(by key: SortKey) { steps.append(.sort(by: key)) }
    /// Appends a prepared step.
    public mutating func append(_ step: Step) { steps.append(step) }

    /// The finished program, with filters fused into preceding steps.
    public func build() -> SelectorProgram {
        var out: [Step] = []
        for step in steps {
            guard case .filter(let p) = step, let last = out.last else { out.append(step); continue }
            switch last {
            case let .axis(axis, order, filter, unique):
                out[out.count - 1] = .axis(axis, order: order, filter: .all([filter, p]), unique: unique)
            case .filter(let q):
                out[out.count - 1] = .filter(.all([q, p]))
            default:
                out.append(step)
            }
        }
        return SelectorProgram(start: start, steps: out)
    }
}

/// A selector compiled by an engine: what the cache stores.
///
/// One reference to immutable storage, so that handing out a cached selector (a cache hit) costs a
/// single retain rather than one per string and array inside it.
public struct CompiledSelector: Sendable {
    private final class Storage: Sendable {
        let engine: String
        let source: String
        let program: SelectorProgram
        init(engine: String, source: String, program: SelectorProgram) {
            self.engine = engine; self.source = source; self.program = program
        }
    }

    private let storage: Storage

    /// The engine that compiled it.
    public var engine: String { storage.engine }
    /// The selector text.
    public var source: String { storage.source }
    /// The program the matcher runs.
    public var program: SelectorProgram { storage.program }

    public init(engine: String, source: String, program: SelectorProgram) {
        storage = Storage(engine: engine, source: source, program: program)
    }
}

// MARK: size estimates

// The cache is bounded in bytes and a program's size is limited at compile time
// (`SelectorLimits.maxProgramBytes`), so one 60 KB selector that compiles to megabytes of steps
// cannot hold the cache's memory (issue 28, item 9). Exact heap sizes are not observable, so these
// count what each part allocates: its inline size, each array's and boxed value's header, and
// every string too long to be stored inline.
extension SelectorProgram {
    /// About how many bytes of memory this program holds (steps, predicates, literals, engine
    /// steps and sub-programs), the figure the compiled-selector cache and
    /// `SelectorLimits.maxProgramBytes` count.
    public var estimatedBytes: Int {
        var total = ProgramSize.arrayHeader + steps.count * MemoryLayout<Step>.stride
        for step in steps { total += ProgramSize.bytes(of: step) }
        return total
    }
}

/// The pieces of `SelectorProgram.estimatedBytes`.
enum ProgramSize {
    /// What an allocation costs beyond its contents: the object or array header and malloc's own.
    static let arrayHeader = 48
    /// A boxed enum payload (`indirect` cases, existentials too large to store inline).
    static let box = 32

    /// Heap bytes of a string: none when it fits inline (15 UTF-8 bytes on 64-bit platforms).
    static func bytes(of string: String) -> Int {
        let n = string.utf8.count
        return n <= 15 ? 0 : arrayHeader + n
    }

    /// Heap bytes of what `step` refers to (its inline size is counted by its array).
    static func bytes(of step: Step) -> Int {
        switch step {
        case .axis(_, _, let filter, _): return bytes(of: filter)
        case .filter(let p): return bytes(of: p)
        case .pick, .deduplicate, .sortInDocumentOrder, .deepest, .sort(.frameTopLeft): return 0
        case .sort(.trueFirst(let property)): return bytes(of: property)
        case .relation(_, let program): return box + program.estimatedBytes
        case .union(let programs):
            return arrayHeader + programs.reduce(programs.count * MemoryLayout<SelectorProgram>.stride) { $0 + $1.estimatedBytes }
        case .siblingPosition(let step): return box + step.estimatedBytes
        case .nthDescendant(let step): return box + step.estimatedBytes
        case .axisPosition(let step): return box + step.estimatedBytes
        case .hasDescendant(let step): return box + step.estimatedBytes
        case .engine(let step): return box + step.estimatedBytes
        }
    }

    /// Heap bytes of what `predicate` refers to.
    static func bytes(of predicate: Predicate) -> Int {
        switch predicate {
        case .any, .none, .structural: return 0
        case .kindOf(let name), .memberOf(let name), .hasProperty(let name): return bytes(of: name)
        case .string(let property, let test):
            var n = bytes(of: property) + bytes(of: test.value)
            // A matcher (a compiled regex) is opaque; its description stands for its pattern, and
            // compiled patterns are larger than their text.
            if case .matcher(let m) = test.operation { n += box + 256 + 2 * m.description.utf8.count }
            return n
        case .bool(let property, _), .number(let property, _, _), .bitsSet(let property, _): return bytes(of: property)
        case .custom(let name, let arguments):
            return bytes(of: name) + arrayHeader + arguments.reduce(arguments.count * MemoryLayout<JSONValue>.stride) {
                $0 + bytes(of: $1)
            }
        case .and(let parts), .or(let parts):
            return arrayHeader + parts.reduce(parts.count * MemoryLayout<Predicate>.stride) { $0 + bytes(of: $1) }
        case .not(let p), .hasAncestor(let p), .hasRelative(_, let p): return box + MemoryLayout<Predicate>.stride + bytes(of: p)
        }
    }

    /// Heap bytes of a JSON argument.
    static func bytes(of value: JSONValue) -> Int {
        switch value {
        case .null, .bool, .int, .double: return 0
        case .string(let s): return bytes(of: s)
        case .array(let a): return arrayHeader + a.reduce(a.count * MemoryLayout<JSONValue>.stride) { $0 + bytes(of: $1) }
        case .object(let pairs):
            return arrayHeader + pairs.reduce(pairs.count * MemoryLayout<(String, JSONValue)>.stride) {
                $0 + bytes(of: $1.0) + bytes(of: $1.1)
            }
        }
    }
}
