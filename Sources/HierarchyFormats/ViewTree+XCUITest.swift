public import SelectorCore

extension ViewTree {
    /// The tree as XCUITest page-source XML, as WebDriverAgent's `/source` writes it.
    ///
    /// Each node becomes an element named by its XCUITest type: its own class when that is an
    /// `XCUIElementType*`, else the type of the UIKit role it plays (`UIButton` →
    /// `XCUIElementTypeButton`, `UILabel` → `...StaticText`, anything else → `...Other`). A class that
    /// is not an XCUITest type is kept in a `class` attribute (and a recorded chain's superclasses,
    /// nearest first, in `classChain`) so that loading the document again gives the same classes.
    /// `type name label value enabled visible x y width height index` are written first (from the
    /// XCUITest attribute when the node has one, else from `accessibilityIdentifier`,
    /// `accessibilityLabel`, `text`, `isEnabled`, `isHidden` and the absolute frame), then every
    /// other property: strings as they are, numbers and booleans as text, other JSON values as JSON
    /// text. Several roots are wrapped in `<AppiumAUT>`. Elements are indented two spaces per level,
    /// at most 32 levels deep, so the output stays linear in the nodes at any depth.
    ///
    /// ```swift
    /// let xml = try HierarchyFormat.dump.load(bytes).xcuitestXML()
    /// ```
    public func xcuitestXML() -> [UInt8] {
        var w = XCUITestWriter(tree: self)
        return w.write()
    }
}

/// Writes `ViewTree.xcuitestXML()`; iterative, so depth is unbounded.
struct XCUITestWriter {
    let tree: ViewTree
    var out: [UInt8] = []
    /// Element name per class id.
    private var typeNames: [String] = []
    /// Properties written after the standard attributes, with their attribute names.
    private var extraAttributes: [(property: String, attribute: String)] = []
    /// Properties written as standard attributes or derived from them (never repeated).
    private static let derived: Set<String> = [
        PropertyName.accessibilityLabel, DerivedName.accessibilityIdentifier, PropertyName.accessibilityFrame,
        PropertyName.frame, PropertyName.isHidden, "isEnabled", "type", "name", "label", "value", "enabled",
        "visible", "x", "y", "width", "height", "index",
    ]

    init(tree: ViewTree) { self.tree = tree }

    /// A class's XCUITest type: a page-source name as it is, a UIKit class by its first role in
    /// `ClassHierarchy.xcuitestRoles`, else `Other`.
    private func typeName(ofClass id: Int32) -> String {
        let name = tree.classes.names[Int(id)]
        if name.hasPrefix("XCUIElementType") { return name }
        for (role, type) in ClassHierarchy.xcuitestRoles {
            if let r = tree.classes.id(of: role), tree.classes.isKind(id, of: r) { return "XCUIElementType" + type }
        }
        return "XCUIElementTypeOther"
    }

    mutating func write() -> [UInt8] {
        out.reserveCapacity(tree.count * 260)
        typeNames = (0..<tree.classes.count).map { typeName(ofClass: Int32($0)) }
        // Attribute names must be unique in an element: drop a property whose XML name collides.
        var taken: Set<String> = ["type", "class", "classChain", "name", "label", "value", "enabled", "visible",
                                  "x", "y", "width", "height", "index"]
        for name in tree.propertyNames where !Self.derived.contains(name) {
            let attribute = Self.xmlName(name)
            if taken.insert(attribute).inserted { extraAttributes.append((name, attribute)) }
        }
        raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        let roots = tree.roots
        let wrapped = roots.count != 1
        if wrapped { raw("<AppiumAUT>\n") }
        // Absolute frame of each open ancestor, for nodes that carry only a relative `frame`.
        var origins: [(x: Double, y: Double)] = []
        var open: [NodeID] = []
        var index: [Int] = []  // per open node: how many children written so far
        let base = wrapped ? 1 : 0
        var siblingAtTop = 0
        for i in 0..<Int32(tree.count) {
            while let o = open.last, tree.ends[Int(o)] <= i { closeElement(o, depth: open.count - 1 + base); open.removeLast(); origins.removeLast(); index.removeLast() }
            let position: Int
            if index.isEmpty { position = siblingAtTop; siblingAtTop += 1 } else { position = index[index.count - 1]; index[index.count - 1] += 1 }
            let frame = absoluteFrame(of: i, parentOrigin: origins.last)
            let hasChildren = tree.ends[Int(i)] > i + 1
            openElement(i, depth: open.count + base, position: position, frame: frame, selfClosing: !hasChildren)
            if hasChildren {
                open.append(i)
                origins.append((frame?.x ?? origins.last?.x ?? 0, frame?.y ?? origins.last?.y ?? 0))
                index.append(0)
            }
        }
        while let o = open.last { closeElement(o, depth: open.count - 1 + base); open.removeLast() }
        if wrapped { raw("</AppiumAUT>\n") }
        return out
    }

    private func absoluteFrame(of node: NodeID, parentOrigin: (x: Double, y: Double)?) -> Rect? {
        if let v = tree.value(PropertyName.accessibilityFrame, of: node), let r = Rect(json: v) { return r }
        if let v = tree.value(PropertyName.frame, of: node), let r = Rect(json: v) {
            let o = parentOrigin ?? (0, 0)
            return Rect(x: r.x + o.x, y: r.y + o.y, width: r.width, height: r.height)
        }
        return nil
    }

    /// Deepest level indented further: two spaces per level up to here, so that indentation adds
    /// at most a constant per line and a 10^5-deep tree's output stays linear in its nodes
    /// (uncapped, it grew with depth squared). Real recordings are far shallower, so their
    /// output is unchanged.
    static let maxIndentDepth = 32

    private mutating func indent(_ depth: Int) {
        for _ in 0..<min(depth, Self.maxIndentDepth) { out.append(0x20); out.append(0x20) }
    }

    private mutating func openElement(_ i: NodeID, depth: Int, position: Int, frame: Rect?, selfClosing: Bool) {
        let cid = tree.classIDs[Int(i)]
        let type = typeNames[Int(cid)]
        indent(depth)
        raw("<"); raw(type)
        // A page source's `type` as recorded; the short types of WebDriverAgent's JSON, idb and the
        // snapshot text (`Button`, `Window (Main)`) are not page-source types: the class's is written.
        let recordedType = tree.string("type", of: i)
            .flatMap { tree.recordingSource != .xcuitest || $0.hasPrefix("XCUIElementType") ? $0 : nil }
        attribute("type", recordedType ?? type)
        let className = tree.classes.names[Int(cid)]
        if className != type { attribute("class", className) }
        if tree.classes.isChainDefined(cid) {
            attribute("classChain", tree.classes.chain(of: cid).dropFirst().joined(separator: " "))
        }
        if let v = tree.value("name", of: i) ?? tree.value(DerivedName.accessibilityIdentifier, of: i) { attribute("name", v) }
        if let v = tree.value("label", of: i) ?? tree.value(PropertyName.accessibilityLabel, of: i) { attribute("label", v) }
        if let v = tree.value("value", of: i) ?? tree.value(PropertyName.text, of: i) { attribute("value", v) }
        if let v = tree.value("enabled", of: i) ?? tree.value("isEnabled", of: i) { attribute("enabled", v.boolValue.map(JSONValue.bool) ?? v) }
        if let v = tree.value("visible", of: i) { attribute("visible", v) }
        else if let hidden = tree.value(PropertyName.isHidden, of: i)?.boolValue { attribute("visible", .bool(!hidden)) }
        if let frame {
            attribute("x", .number(frame.x)); attribute("y", .number(frame.y))
            attribute("width", .number(frame.width)); attribute("height", .number(frame.height))
        }
        attribute("index", tree.value("index", of: i) ?? .int(Int64(position)))
        for (property, name) in extraAttributes {
            guard let v = tree.columns[property]?.value(at: Int(i)) else { continue }
            attribute(name, v)
        }
        raw(selfClosing ? "/>\n" : ">\n")
    }

    private mutating func closeElement(_ i: NodeID, depth: Int) {
        indent(depth)
        raw("</"); raw(typeNames[Int(tree.classIDs[Int(i)])]); raw(">\n")
    }

    private mutating func attribute(_ name: String, _ value: JSONValue) {
        switch value {
        case .string(let s): attribute(name, s)
        case .bool(let b): attribute(name, b ? "true" : "false")
        case .int(let n): attribute(name, String(n))
        case .double(let d): attribute(name, d.rounded(.towardZero) == d && abs(d) < 9e15 ? String(Int64(d)) : String(d))
        case .null: return
        default: attribute(name, value.jsonString)
        }
    }

    private mutating func attribute(_ name: String, _ value: String) {
        out.append(0x20)
        raw(name)
        raw("=\"")
        escape(value)
        out.append(UInt8(ascii: "\""))
    }

    /// A property name as an XML attribute name: characters XML refuses become `_`.
    static func xmlName(_ name: String) -> String {
        var s = ""
        for (k, ch) in name.unicodeScalars.enumerated() {
            let ok = ch.properties.isAlphabetic || ch == "_" || ch == ":" || (k > 0 && (ch == "-" || ch == "." || ch.properties.numericType != nil))
            s.unicodeScalars.append(ok ? ch : "_")
        }
        return s.isEmpty ? "_" : s
    }

    private mutating func escape(_ s: String) { XMLEscaping.append(s, to: &out) }

    private mutating func raw(_ s: String) { out.append(contentsOf: s.utf8) }
}
