/// Builds a `ViewTree` from a host's hierarchy: add nodes, set properties, then `build()`.
///
/// Nodes may be added in any order (a child to any existing node); `build()` lays them out in
/// preorder, children in the order they were added. Appending in preorder (as a loader streaming a
/// `/dump` does) skips the reordering pass.
///
/// ```swift
/// var b = ViewTreeBuilder()
/// let window = b.addNode(className: "UIWindow")
/// let label = b.addNode(className: "UILabel", parent: window)
/// b.set("accessibilityLabel", "Hello", on: label)
/// let tree = b.build()
/// ```
public struct ViewTreeBuilder {
    /// Handle to a node being built (its insertion index).
    public typealias Handle = Int32

    private var parents: ContiguousArray<Int32> = []
    private var classOf: ContiguousArray<Int32> = []
    private var classNames: [String] = []
    private var classIndex: [String: Int32] = [:]
    /// Columns by slot; `slots` maps names to slots so hot loaders can skip the name lookup.
    private var columns: [ColumnBuilder] = []
    private var slots: [String: Int] = [:]
    private var propertyOrder: [String] = []
    private var rightmostPath: [Int32] = []
    private var inPreorder = true
    private var chainDefined: Set<String> = []
    /// `classChain`s by node, in document order, so that the first chain given for a class wins.
    private var pendingChains: [(node: Handle, chain: [String])] = []
    /// The class graph `isKindOfClass:` consults; extended by `define(chain:)` (and, when the tree
    /// is built, by the chains `setClassChain(_:of:)` recorded).
    public var hierarchy: ClassHierarchy

    public init(hierarchy: ClassHierarchy = .standard, reservingCapacity: Int = 0) {
        self.hierarchy = hierarchy
        parents.reserveCapacity(reservingCapacity)
        classOf.reserveCapacity(reservingCapacity)
    }

    /// Number of nodes added.
    public var count: Int { parents.count }

    /// Bytes the columns will take once `build()` pads each to every node: the cost a loader
    /// checks (`DumpLimits.checkColumnBytes`) before building, since a recording that names many
    /// attributes on one element and then holds many bare elements is small on disk and
    /// names × views in memory.
    public var paddedColumnBytes: Int {
        columns.reduce(0) { $0 &+ $1.paddedBytesPerView } &* count
    }

    /// Adds a node, as a root when `parent` is nil, else as the last child of `parent`.
    @discardableResult
    public mutating func addNode(className: String = "UIView", parent: Handle? = nil) -> Handle {
        let id = Int32(parents.count)
        let p = parent ?? -1
        precondition(p < id, "parent handle \(p) does not exist")
        parents.append(p)
        classOf.append(classID(className))
        if inPreorder {
            while let top = rightmostPath.last, top != p { rightmostPath.removeLast() }
            if p >= 0 && rightmostPath.isEmpty { inPreorder = false }
            rightmostPath.append(id)
        }
        return id
    }

    /// Changes a node's class (a `/dump` may name the class after the subviews).
    public mutating func setClass(_ className: String, of node: Handle) {
        classOf[Int(node)] = classID(className)
    }

    /// Records a whole chain (class, then superclasses nearest first) and marks it for write-back.
    public mutating func define(chain: [String]) {
        guard let first = chain.first else { return }
        hierarchy.define(chain: chain)
        chainDefined.insert(first)
    }

    /// Records a node's `classChain`, in either form `ClassHierarchy.define(_:classChain:)` takes,
    /// and marks its class for write-back. The chain is tied to the node's class when the tree is
    /// built, because a `/dump` may name the class after the chain.
    public mutating func setClassChain(_ chain: [String], of node: Handle) {
        guard !chain.isEmpty else { return }
        pendingChains.append((node, chain))
    }

    /// A column's slot: pass it to the `slot:` setters to skip hashing the name per value.
    public mutating func slot(for name: String) -> Int {
        precondition(!PropertyName.structural.contains(name), "\(name) is structure, not a property")
        if let k = slots[name] { return k }
        slots[name] = columns.count
        columns.append(ColumnBuilder(kind: nil))
        propertyOrder.append(name)
        return columns.count - 1
    }

    /// Sets property `name` on `node`.
    public mutating func set(_ name: String, _ value: JSONValue, on node: Handle) {
        set(slot: slot(for: name), value, on: node)
    }

    /// Sets a string property (faster than `set` with a `JSONValue`).
    public mutating func setString(_ name: String, _ value: String, on node: Handle) {
        setString(slot: slot(for: name), value, on: node)
    }

    /// Sets a frame property without building its JSON form.
    public mutating func setFrame(_ name: String, _ rect: Rect, on node: Handle) {
        setFrame(slot: slot(for: name), rect, on: node)
    }

    /// Sets the property in column `slot` on `node`.
    public mutating func set(slot: Int, _ value: JSONValue, on node: Handle) {
        columns[slot].set(value, at: Int(node), name: propertyOrder[slot])
    }

    /// Sets a string in column `slot`.
    public mutating func setString(slot: Int, _ value: String, on node: Handle) {
        columns[slot].setString(value, at: Int(node))
    }

    /// Sets a string in column `slot` from its bytes, which are ASCII (the /dump loader's values
    /// without escapes).
    mutating func setASCII(slot: Int, _ ascii: UnsafeBufferPointer<UInt8>, on node: Handle) {
        columns[slot].setASCII(ascii, at: Int(node))
    }

    /// Sets a frame in column `slot`.
    public mutating func setFrame(slot: Int, _ rect: Rect, on node: Handle) {
        columns[slot].setFrame(rect, at: Int(node))
    }

    /// Sets `node`'s class to one `classID(_:)` returned.
    mutating func setClassID(_ id: Int32, of node: Handle) {
        classOf[Int(node)] = id
    }

    /// The id of class `name`, adding it when new.
    mutating func classID(_ name: String) -> Int32 {
        if let id = classIndex[name] { return id }
        let id = Int32(classNames.count)
        classNames.append(name)
        classIndex[name] = id
        return id
    }

    /// The finished tree.
    public func build() -> ViewTree {
        let n = parents.count
        var order: [Int32]? = nil
        if !inPreorder { order = preorder() }
        var hierarchy = hierarchy
        var chainDefined = chainDefined
        for (node, chain) in pendingChains {
            let name = classNames[Int(classOf[Int(node)])]
            hierarchy.define(name, classChain: chain)
            chainDefined.insert(name)
        }
        let table = ClassTable.build(instanceClasses: classNames, hierarchy: hierarchy, chainDefined: chainDefined)
        let localToTable = classNames.map { table.id(of: $0)! }
        var outParents = ContiguousArray<Int32>(repeating: -1, count: n)
        var outClasses = ContiguousArray<Int32>(repeating: 0, count: n)
        if let order {
            var newIndex = [Int32](repeating: 0, count: n)
            for (k, old) in order.enumerated() { newIndex[Int(old)] = Int32(k) }
            for k in 0..<n {
                let old = Int(order[k])
                let p = parents[old]
                outParents[k] = p < 0 ? -1 : newIndex[Int(p)]
                outClasses[k] = localToTable[Int(classOf[old])]
            }
        } else {
            outParents = parents
            for k in 0..<n { outClasses[k] = localToTable[Int(classOf[k])] }
        }
        var ends = ContiguousArray<Int32>(repeating: 0, count: n)
        var depths = ContiguousArray<Int32>(repeating: 0, count: n)
        for i in 0..<n {
            ends[i] = Int32(i + 1)
            let p = outParents[i]
            if p >= 0 { depths[i] = depths[Int(p)] + 1 }
        }
        // Children come after their parents in preorder, so one backward pass settles every end.
        for i in stride(from: n - 1, through: 0, by: -1) {
            let p = outParents[i]
            if p >= 0 && ends[Int(p)] < ends[i] { ends[Int(p)] = ends[i] }
        }
        var cols: [String: PropertyColumn] = [:]
        for (slot, builder) in columns.enumerated() where builder.kind != nil {
            let col = builder.finish(count: n)
            cols[propertyOrder[slot]] = order.map { col.gathered($0) } ?? col
        }
        return ViewTree(parents: outParents, ends: ends, depths: depths, classIDs: outClasses,
                        classes: table, columns: cols, propertyNames: propertyOrder.filter { cols[$0] != nil })
    }

    /// Insertion indices in preorder, children in insertion order; iterative so depth is unbounded.
    private func preorder() -> [Int32] {
        let n = parents.count
        var childCount = [Int32](repeating: 0, count: n + 1)
        for p in parents { childCount[Int(p + 1)] += 1 }  // slot 0 collects roots
        var start = [Int32](repeating: 0, count: n + 2)
        for k in 0...n { start[k + 1] = start[k] + childCount[k] }
        var fill = start
        var kids = [Int32](repeating: 0, count: n)
        for (i, p) in parents.enumerated() {
            kids[Int(fill[Int(p + 1)])] = Int32(i)
            fill[Int(p + 1)] += 1
        }
        var out: [Int32] = []
        out.reserveCapacity(n)
        var stack: [Int32] = []
        for k in stride(from: Int(start[1]) - 1, through: Int(start[0]), by: -1) { stack.append(kids[k]) }
        while let v = stack.popLast() {
            out.append(v)
            let slot = Int(v) + 1
            for k in stride(from: Int(start[slot + 1]) - 1, through: Int(start[slot]), by: -1) { stack.append(kids[k]) }
        }
        return out
    }
}

extension ClassHierarchy {
    /// Every class family the loaders know: UIKit's, with XCUITest's, UIAutomation's (and
    /// Calabash's) and Android's tied to the UIKit roles they play (`ClassHierarchy+Platforms.swift`).
    public static var standard: ClassHierarchy { .allPlatforms }
}
