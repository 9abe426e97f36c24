import SelectorCore

/// The part every loader shares: adds nodes in preorder with their `uid`, derives `frame` from the
/// absolute `accessibilityFrame` of the node and its parent, and types attribute text.
struct TreeSink {
    var builder: ViewTreeBuilder
    let limits: FormatLimits
    /// Absolute frame of each open node, innermost last (nil: the node has none).
    private var openFrames: [Rect?] = []
    private var openHandles: [ViewTreeBuilder.Handle] = []
    /// Columns of the properties set on (nearly) every node, looked up once: -1 until first set,
    /// so columns are still created in the order the properties first appear.
    private var uidSlot = -1, accessibilityFrameSlot = -1, frameSlot = -1, isHiddenSlot = -1, isEnabledSlot = -1

    init(hierarchy: ClassHierarchy, limits: FormatLimits, expectedNodes: Int) {
        builder = ViewTreeBuilder(hierarchy: hierarchy, reservingCapacity: expectedNodes)
        self.limits = limits
    }

    var depth: Int { openHandles.count }

    /// Opens a node as the last child of the innermost open node; its uid is its 1-based preorder index.
    mutating func open(className: String) throws(FormatError) -> ViewTreeBuilder.Handle {
        guard builder.count < limits.maxNodes else { throw FormatError("recording holds more than \(limits.maxNodes) nodes") }
        let node = builder.addNode(className: className, parent: openHandles.last)
        if uidSlot < 0 { uidSlot = builder.slot(for: PropertyName.uid) }
        builder.set(slot: uidSlot, .int(Int64(node) + 1), on: node)
        openHandles.append(node)
        openFrames.append(nil)
        return node
    }

    /// Closes the innermost open node.
    mutating func close() {
        openHandles.removeLast()
        openFrames.removeLast()
    }

    /// Sets `accessibilityFrame` (absolute) and `frame` (relative to the parent's absolute frame,
    /// or absolute when the parent has none) on the innermost open node.
    mutating func setAbsoluteFrame(_ rect: Rect) {
        let node = openHandles[openHandles.count - 1]
        if accessibilityFrameSlot < 0 { accessibilityFrameSlot = builder.slot(for: PropertyName.accessibilityFrame) }
        builder.setFrame(slot: accessibilityFrameSlot, rect, on: node)
        let parent = openFrames.count >= 2 ? openFrames[openFrames.count - 2] : nil
        if frameSlot < 0 { frameSlot = builder.slot(for: PropertyName.frame) }
        builder.setFrame(slot: frameSlot, parent.map {
            Rect(x: rect.x - $0.x, y: rect.y - $0.y, width: rect.width, height: rect.height)
        } ?? rect, on: node)
        openFrames[openFrames.count - 1] = rect
    }

    /// Records the absolute frame of the innermost node without setting properties (a loader that
    /// sets `frame` itself from the recording).
    mutating func rememberAbsoluteFrame(_ rect: Rect) { openFrames[openFrames.count - 1] = rect }

    /// The absolute frame of the innermost node's parent, for recordings whose positions are
    /// relative to it (Espresso, Detox on iOS); nil at a root or when the parent has none.
    var parentAbsoluteFrame: Rect? { openFrames.count >= 2 ? openFrames[openFrames.count - 2] : nil }

    /// Sets a property, renaming the one structural name a recording could carry (`subviews`).
    mutating func set(_ name: String, _ value: JSONValue, on node: ViewTreeBuilder.Handle) throws(FormatError) {
        if case .null = value { return }  // absence, as in a /dump
        set(slot: try slot(name), value, on: node)
    }

    /// The column `set(name, ...)` writes, for callers that set it on many nodes. Throws once the
    /// recording has more distinct names than `limits.maxPropertyNames`: slots are numbered densely
    /// in order of creation, so a slot past the limit is a name too many.
    mutating func slot(_ name: String) throws(FormatError) -> Int {
        let slot = builder.slot(for: Self.safeName(name))
        guard slot < limits.maxPropertyNames else {
            throw FormatError("recording uses more than \(limits.maxPropertyNames) distinct property names (FormatLimits.maxPropertyNames)")
        }
        return slot
    }

    /// `set(name, value, on:)` with the column from `slot(name)`.
    mutating func set(slot: Int, _ value: JSONValue, on node: ViewTreeBuilder.Handle) {
        switch value {
        case .string(let s): builder.setString(slot: slot, s, on: node)
        case .null: return
        default: builder.set(slot: slot, value, on: node)
        }
    }

    static func safeName(_ name: String) -> String {
        name == "subviews" || name == "class" || name == "classChain" ? "_" + name : name
    }

    /// Text typed as the attribute's kind says.
    static func typed(_ text: String, _ kind: AttributeKind) -> JSONValue {
        switch kind {
        case .string: return .string(text)
        case .number:
            if let i = Int64(text) { return .int(i) }
            if let d = Double(text), d.isFinite { return .double(d) }
            return .string(text)
        case .bool:
            switch text {
            case "true", "1", "YES", "yes": return .bool(true)
            case "false", "0", "NO", "no": return .bool(false)
            default: return .string(text)
            }
        }
    }

    /// Sets the Frank-style booleans a UIKit dump would carry: `isHidden` from a visibility
    /// attribute, `isEnabled` from an enabled one.
    mutating func setUIKitBooleans(visible: JSONValue?, enabled: JSONValue?, on node: ViewTreeBuilder.Handle) {
        if let v = visible?.boolValue {
            if isHiddenSlot < 0 { isHiddenSlot = builder.slot(for: PropertyName.isHidden) }
            builder.set(slot: isHiddenSlot, .bool(!v), on: node)
        }
        if let e = enabled?.boolValue {
            if isEnabledSlot < 0 { isEnabledSlot = builder.slot(for: "isEnabled") }
            builder.set(slot: isEnabledSlot, .bool(e), on: node)
        }
    }

    /// The tree, unless its padded columns would pass the limit (checked before they are made).
    func build() throws(FormatError) -> ViewTree {
        if let refusal = limits.columnBytesRefusal(builder) { throw FormatError(refusal) }
        return builder.build()
    }
}

extension TreeSink {
    /// The columns a page-source loader (XCUITest, UiAutomator) makes on `tree` rather than reads
    /// from the recording: the preorder `uid`, the frames and flags, and the UIKit names it derives
    /// (`ViewTree.loaderColumns`; suggestions name none of them).
    static func loaderColumns(of tree: ViewTree) -> Set<String> {
        Set([PropertyName.uid, PropertyName.accessibilityFrame, PropertyName.frame, PropertyName.isHidden, "isEnabled",
             PropertyName.accessibilityLabel, DerivedName.accessibilityIdentifier].filter { tree.columns[$0] != nil })
    }
}

/// How a loader types an attribute's text.
enum AttributeKind { case string, number, bool }

/// Well-known names the loaders derive.
enum DerivedName {
    static let accessibilityIdentifier = "accessibilityIdentifier"
}
