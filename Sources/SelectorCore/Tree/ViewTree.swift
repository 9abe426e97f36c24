/// A node's position in a tree: its preorder index.
public typealias NodeID = Int32

/// Well-known property names.
public enum PropertyName {
    public static let accessibilityLabel = "accessibilityLabel"
    public static let accessibilityFrame = "accessibilityFrame"
    public static let frame = "frame"
    public static let uid = "uid"
    public static let isHidden = "isHidden"
    public static let alpha = "alpha"
    public static let tag = "tag"
    public static let text = "text"
    public static let placeholder = "placeholder"
    /// Keys the loader treats as structure, not properties.
    static let structural: Set<String> = ["class", "subviews", "classChain"]
}

/// An immutable view hierarchy laid out flat, in preorder, as a struct of arrays.
///
/// Node `i` is the `i`-th view in preorder. Its descendants are exactly `i + 1 ..< end(i)`, so a
/// descendant search is a linear scan and "skip this subtree" is one jump. Class and string
/// properties are interned ids, so the matcher compares integers, never strings. A tree is a value:
/// mutating operations return a new tree that shares every untouched column with the old one.
public struct ViewTree: Sendable {
    /// `parents[i]`: parent of node i (-1 for a root).
    public let parents: ContiguousArray<Int32>
    /// `ends[i]`: one past the last descendant of node i.
    public let ends: ContiguousArray<Int32>
    /// `depths[i]`: 0 for roots.
    public let depths: ContiguousArray<Int32>
    /// `classIDs[i]`: index into `classes`.
    public let classIDs: ContiguousArray<Int32>
    /// The classes nodes are instances of, with their superclasses.
    public let classes: ClassTable
    /// Property columns by name.
    public internal(set) var columns: [String: PropertyColumn]
    /// Property names in first-seen order (for stable output).
    public internal(set) var propertyNames: [String]
    /// Indexes of the structure built on first use (`uispecOrder`).
    let derived = DerivedIndexes()
    /// Columns a loader filled by copying a recorded attribute's non-empty values under a UIKit
    /// name, by that name: `accessibilityIdentifier` ← `name` in an XCUITest page source. A test
    /// of a non-empty value reads the same from either, so a translation can name the attribute
    /// the recording (and the tool that made it) knows. A changed tree keeps none.
    public var copiedColumns: [String: String] = [:]
    /// Columns the loader made rather than read from the recording: the preorder `uid`, UIKit names
    /// copied or derived from the recorded attributes (`accessibilityIdentifier`,
    /// `accessibilityLabel`), the frames and flags it computes. A selector handed to a user names
    /// none of them (`ViewTree+Names.swift`). Empty where every name is the recording's own (Frank's
    /// `/dump`). A changed tree keeps none.
    public var loaderColumns: Set<String> = []
    /// The tool the recording came from (set by the loaders; `.frank` for a tree built in process
    /// or from Frank's `/dump`): which languages are offered on it. An edited tree keeps it.
    public var recordingSource: RecordingSource = .frank

    init(parents: ContiguousArray<Int32>, ends: ContiguousArray<Int32>, depths: ContiguousArray<Int32>,
         classIDs: ContiguousArray<Int32>, classes: ClassTable, columns: [String: PropertyColumn],
         propertyNames: [String]) {
        self.parents = parents; self.ends = ends; self.depths = depths; self.classIDs = classIDs
        self.classes = classes; self.columns = columns; self.propertyNames = propertyNames
    }

    /// Number of nodes.
    public var count: Int { parents.count }

    /// The top-level nodes (usually one: the window, or the application).
    public var roots: [NodeID] {
        var out: [NodeID] = []
        var i: Int32 = 0
        while Int(i) < count { out.append(i); i = ends[Int(i)] }
        return out
    }

    /// The class name of `node`.
    public func className(of node: NodeID) -> String { classes.names[Int(classIDs[Int(node)])] }

    /// Whether `node` is an instance of `className` or of a subclass.
    public func isKind(_ node: NodeID, of className: String) -> Bool {
        guard let target = classes.id(of: className) else { return false }
        return classes.isKind(classIDs[Int(node)], of: target)
    }

    /// The parent of `node`, nil for a root.
    public func parent(of node: NodeID) -> NodeID? {
        let p = parents[Int(node)]
        return p < 0 ? nil : p
    }

    /// The direct children of `node` in order.
    public func children(of node: NodeID) -> [NodeID] {
        var out: [NodeID] = []
        var j = node + 1
        let end = ends[Int(node)]
        while j < end { out.append(j); j = ends[Int(j)] }
        return out
    }

    /// The ancestors of `node`, nearest first.
    public func ancestors(of node: NodeID) -> [NodeID] {
        var out: [NodeID] = []
        var p = parents[Int(node)]
        while p >= 0 { out.append(p); p = parents[Int(p)] }
        return out
    }

    /// The value of property `name` at `node`, or nil when the node lacks it. `class` reads the class name.
    public func value(_ name: String, of node: NodeID) -> JSONValue? {
        if name == "class" { return .string(className(of: node)) }
        if let column = columns[name] { return column.value(at: Int(node)) }
        // A part of a stored frame (`accessibilityFrame.x`), which is not a column of its own.
        guard let (frames, component) = frameComponent(name), !frames[Int(node)].isAbsent else { return nil }
        return .number(component.read(frames[Int(node)]))
    }

    /// The node's string property, when it has one.
    public func string(_ name: String, of node: NodeID) -> String? {
        value(name, of: node)?.stringValue
    }

    /// The node's accessibility label.
    public func label(of node: NodeID) -> String? { string(PropertyName.accessibilityLabel, of: node) }

    /// The node's uid rendered as text (uids may be numbers or strings in a dump).
    public func uidString(of node: NodeID) -> String? {
        switch value(PropertyName.uid, of: node) {
        case .string(let s)?: return s
        case .int(let i)?: return String(i)
        case .double(let d)?: return d.description
        case .some(let v): return v.jsonString
        case nil: return nil
        }
    }

    /// The first node whose uid renders as `uid`.
    public func node(withUID uid: String) -> NodeID? {
        guard let column = columns[PropertyName.uid] else { return nil }
        switch column {
        case .numbers(let values):
            guard let wanted = Double(uid) else { return nil }
            return values.firstIndex(of: wanted).map { NodeID($0) }
        case .strings(let ids, let pool):
            guard let id = pool.id(of: uid) else { return nil }
            return ids.firstIndex(of: id).map { NodeID($0) }
        default:
            for i in 0..<count where uidString(of: NodeID(i)) == uid { return NodeID(i) }
            return nil
        }
    }

    /// Bytes per node of the structural columns plus class and label ids (what the matcher reads).
    public var structuralBytesPerNode: Double {
        guard count > 0 else { return 0 }
        var bytes = (parents.count + ends.count + depths.count + classIDs.count) * 4
        if case .strings(let ids, let pool)? = columns[PropertyName.accessibilityLabel] {
            bytes += ids.count * 4 + pool.approximateBytes
        }
        bytes += classes.names.reduce(0) { $0 + $1.utf8.count + 24 }
        return Double(bytes) / Double(count)
    }

    /// Bytes held by every column, interned strings counted once.
    public var approximateBytes: Int {
        (parents.count + ends.count + depths.count + classIDs.count) * 4
            + columns.values.reduce(0) { $0 + $1.approximateBytes }
    }
}
