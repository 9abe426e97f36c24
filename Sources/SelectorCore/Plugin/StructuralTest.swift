// Tests of a view's place in the tree that one engine knows how to decide: FRY's "on screen" (the
// frame meets its window's) and "the cell at this index path" need UIKit's window, table and cell
// classes, which the core does not name. The engine supplies the test; the core decides it for
// the whole tree once per query and then tests each view against the set, as it does its own
// ancestor test.

/// A test of a view's place in the tree that an engine defines, decided for every view at once
/// through `TreeStructure` (`Predicate.structural`).
public protocol StructuralTest: Sendable {
    /// The test as the program printer shows it (`onScreen`, `indexPath(0, 1)`); two tests with
    /// the same description are the same test.
    var description: String { get }
    /// Why a view fails it, as the explainer says it ("it is not on screen").
    var failure: String { get }
    /// The views that pass.
    func passingViews(in structure: TreeStructure) -> ViewSet
}

/// A `StructuralTest` inside a predicate: equal when the descriptions are.
public struct StructuralCondition: Sendable, Equatable {
    public let test: any StructuralTest
    public init(_ test: any StructuralTest) { self.test = test }
    public static func == (a: StructuralCondition, b: StructuralCondition) -> Bool {
        a.test.description == b.test.description
    }
}

/// A set of a tree's views, as a `StructuralTest` answers.
public struct ViewSet: Sendable {
    // Inlinable, as is `TreeStructure`'s reading: a test inserts and reads per view, 10^6 times,
    // from another module.
    @usableFromInline var bits: Bitset
    @usableFromInline var inserted = false

    /// No view of a tree of `count` views.
    public init(count: Int) { bits = Bitset(count: count) }
    @inlinable public mutating func insert(_ v: NodeID) {
        bits.insert(Int(v))
        inserted = true
    }
    @inlinable public func contains(_ v: NodeID) -> Bool { bits.contains(Int(v)) }
    /// Whether no view was inserted.
    public var isEmpty: Bool { !inserted }
}

/// What a `StructuralTest` may read: each view's parent, class kinds, absolute frame and recorded
/// values. No columns and no walks: the views come in document order, parents first, so a
/// test that builds on its parent's answer needs one pass.
public struct TreeStructure: Sendable {
    @usableFromInline let tree: ViewTree
    /// The frames column, read once (empty when the tree records none): a test asks for a frame
    /// per view, 10^6 times, and an optional array would be unwrapped, and retained, each time.
    @usableFromInline let frames: ContiguousArray<Rect>
    private let recordsFrames: Bool

    package init(_ tree: ViewTree) {
        self.tree = tree
        let column = tree.columns[PropertyName.accessibilityFrame]
        recordsFrames = column != nil
        if case .frames(let f)? = column { frames = f } else { frames = [] }
    }

    /// How many views; they are `0..<count`, in document order (a parent before its children).
    public var count: Int { tree.count }
    /// The view's parent, -1 for a root.
    @inlinable public func parent(of v: NodeID) -> NodeID { tree.parents[Int(v)] }
    /// A test for "the view's class is one of `names` or a subclass of one".
    public func kinds(_ names: [String]) -> ClassKinds {
        var mask = [Bool](repeating: false, count: tree.classes.count)
        for name in names { for (k, hit) in tree.classes.kindMask(of: name).enumerated() where hit { mask[k] = true } }
        return ClassKinds(mask: mask, classIDs: tree.classIDs)
    }
    /// Whether the tree records frames at all.
    public var hasFrames: Bool { recordsFrames }
    /// The view's absolute frame, nil when it has none.
    @inlinable public func frame(of v: NodeID) -> Rect? {
        guard Int(v) < frames.count else { return nil }
        let f = frames[Int(v)]
        return f.x.isNaN ? nil : f
    }
    /// The view's recorded value of `property`, nil when it has none.
    public func value(_ property: String, of v: NodeID) -> JSONValue? { tree.value(property, of: v) }
    /// One recorded property's values, looked up once (nil when no view records it).
    public func property(_ name: String) -> RecordedProperty? {
        tree.columns[name].map(RecordedProperty.init)
    }
}

/// One recorded property of every view (`TreeStructure.property`).
public struct RecordedProperty: Sendable {
    let column: PropertyColumn
    /// The view's value, nil when it has none.
    public func value(of v: NodeID) -> JSONValue? { column.value(at: Int(v)) }
}

/// The classes `TreeStructure.kinds` names, tested per view.
public struct ClassKinds: Sendable {
    @usableFromInline let mask: [Bool]
    @usableFromInline let classIDs: ContiguousArray<Int32>
    /// Whether view v's class is one of them.
    @inlinable public func contains(_ v: NodeID) -> Bool { mask[Int(classIDs[Int(v)])] }
    /// Whether any view of the tree is of them.
    public var isEmpty: Bool { !mask.contains(true) }
}
