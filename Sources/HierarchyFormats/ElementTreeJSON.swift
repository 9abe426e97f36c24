import SelectorCore

/// Loads the element-tree JSON formats: objects with a `type` and a `children` array.
///
/// - Calabash iOS (`type`, `id`, `label`, `frame`, `rect`, `visible`, `enabled`, ...): `label` →
///   `accessibilityLabel`, `id` → `accessibilityIdentifier`, `rect` (absolute) →
///   `accessibilityFrame`, Calabash's own `frame` (UIKit's, relative to the superview) → `frame` in
///   Frank's `{origin, size}` form.
/// - UIAutomation (`type` UIA*, `name`, `label`, `value`, `rect` `{origin, size}`, `ref`, ...): `label`
///   → `accessibilityLabel`, `name` → `accessibilityIdentifier`, `rect` → `accessibilityFrame`, and
///   `frame` derived relative to the parent. A `{"tree": ..., "deviceOrientation": ...}` wrapper is
///   unwrapped; its other keys land on the root node.
///
/// In both, `visible` → `isHidden` (negated) and `enabled` → `isEnabled`; every key other than
/// `children` also stays under its own name with its JSON value (`null` is absence).
struct ElementTreeJSON {
    let name: String
    let identifierKey: String
    /// Calabash records UIKit's frame itself; UIAutomation only the absolute rectangle.
    let recordsFrame: Bool

    static let calabash = ElementTreeJSON(name: "Calabash", identifierKey: "id", recordsFrame: true)
    static let uiautomation = ElementTreeJSON(name: "UIAutomation", identifierKey: "name", recordsFrame: false)

    func load(_ bytes: [UInt8], hierarchy: ClassHierarchy, limits: FormatLimits) throws(FormatError) -> ViewTree {
        let document: JSONValue
        do { document = try JSONReader.parse(bytes, maxDepth: limits.maxJSONDepth) }
        catch { throw FormatError("malformed \(name) JSON: \(error.message)", line: error.line, column: error.column) }
        guard case .object(let top) = document else { throw FormatError("a \(name) tree must be a JSON object") }
        var root = document
        var extra: [(String, JSONValue)] = []
        if let tree = document["tree"], case .object = tree {
            root = tree
            extra = top.filter { $0.0 != "tree" }
        }
        var sink = TreeSink(hierarchy: hierarchy, limits: limits, expectedNodes: bytes.count / 1_000)
        // Explicit stack: (children still to visit, next index); depth is bounded by the parser.
        var stack: [([JSONValue], Int)] = []
        try open(root, path: "the root", into: &sink)
        for (key, value) in extra { try sink.set(key, value, on: 0) }
        stack.append((children(of: root), 0))
        while let (kids, next) = stack.last {
            guard next < kids.count else {
                stack.removeLast()
                sink.close()
                continue
            }
            stack[stack.count - 1].1 = next + 1
            try open(kids[next], path: "a child", into: &sink)
            stack.append((children(of: kids[next]), 0))
        }
        return try sink.build()
    }

    private func children(of node: JSONValue) -> [JSONValue] {
        if case .array(let items)? = node["children"] { return items }
        return []
    }

    private func open(_ node: JSONValue, path: String, into sink: inout TreeSink) throws(FormatError) {
        guard case .object(let pairs) = node else { throw FormatError("\(path) of a \(name) tree is not a JSON object") }
        if let kids = node["children"] {
            switch kids {
            case .array, .null: break
            default: throw FormatError("\"children\" of a \(name) node must be an array")
            }
        }
        let className = node["type"]?.stringValue ?? "UIView"
        let handle = try sink.open(className: className)
        for (key, value) in pairs where key != "children" {
            if recordsFrame && key == "frame", let rect = Self.rect(value) {
                sink.builder.setFrame(PropertyName.frame, rect, on: handle)
                continue
            }
            try sink.set(key, value, on: handle)
        }
        if let label = node["label"]?.stringValue, !label.isEmpty {
            sink.builder.setString(PropertyName.accessibilityLabel, label, on: handle)
        }
        if let id = node[identifierKey]?.stringValue, !id.isEmpty {
            sink.builder.setString(DerivedName.accessibilityIdentifier, id, on: handle)
        }
        if let rect = node["rect"].flatMap(Self.rect) {
            if recordsFrame {
                sink.builder.setFrame(PropertyName.accessibilityFrame, rect, on: handle)
                sink.rememberAbsoluteFrame(rect)
                if node["frame"].flatMap(Self.rect) == nil { sink.builder.setFrame(PropertyName.frame, rect, on: handle) }
            } else {
                sink.setAbsoluteFrame(rect)
            }
        }
        sink.setUIKitBooleans(visible: node["visible"], enabled: node["enabled"], on: handle)
    }

    /// `{x, y, width, height}` (Calabash) or `{origin: {x, y}, size: {width, height}}` (UIAutomation, Frank).
    static func rect(_ value: JSONValue) -> Rect? {
        if let r = Rect(json: value) { return r }
        if let origin = value["origin"], let size = value["size"],
           let x = origin["x"]?.numberValue, let y = origin["y"]?.numberValue,
           let w = size["width"]?.numberValue, let h = size["height"]?.numberValue {
            return Rect(x: x, y: y, width: w, height: h)
        }
        if let x = value["x"]?.numberValue, let y = value["y"]?.numberValue,
           let w = value["width"]?.numberValue, let h = value["height"]?.numberValue {
            return Rect(x: x, y: y, width: w, height: h)
        }
        return nil
    }
}
