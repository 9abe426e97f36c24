import SelectorCore

/// Loads Android `uiautomator dump` XML (`<hierarchy><node .../></hierarchy>`) and the bare
/// `<node>`-rooted accessibility dumps other tools write.
///
/// `<hierarchy>` is a node of class `hierarchy` (an application-like root: its children are the
/// windows); each `<node>` is a node whose class is its `class` attribute (`android.view.View` when
/// missing). Mapping: `content-desc` → `accessibilityLabel`, falling back to `text` when the
/// description is empty; `resource-id` → `accessibilityIdentifier`; `bounds` `[x1,y1][x2,y2]` →
/// `accessibilityFrame` and `frame` (relative to the parent); `enabled` → `isEnabled`, `visible` or
/// `visible-to-user` → `isHidden` (negated). Every attribute stays under its own name: `index
/// child-count rotation drawing-order` as numbers, `true`/`false` as booleans (except text-bearing
/// attributes), the rest as strings.
enum UIAutomatorLoader {
    static func load(_ bytes: [UInt8], hierarchy: ClassHierarchy, limits: FormatLimits) throws(FormatError) -> ViewTree {
        let handler = Handler(TreeSink(hierarchy: hierarchy, limits: limits, expectedNodes: bytes.count / 350))
        try parseXML(bytes, what: "UIAutomator", limits: limits, into: handler)
        return handler.sink.build()
    }

    /// Attributes in the order `uiautomator dump` writes them; others follow sorted by name.
    static let canonicalOrder = ["index", "text", "resource-id", "package", "content-desc", "checkable", "checked",
                                 "clickable", "enabled", "focusable", "focused", "scrollable", "long-clickable",
                                 "password", "selected", "visible-to-user", "bounds"]
    static let canonicalSet = Set(canonicalOrder)
    static let numbers: Set<String> = ["index", "child-count", "rotation", "drawing-order", "uid"]
    /// Attributes that carry app text, never typed as booleans even when they read `true`.
    static let texts: Set<String> = ["text", "content-desc", "resource-id", "package", "hint", "tooltip-text",
                                     "pane-title", "raw", "bounds", "class"]

    /// `[x1,y1][x2,y2]` as a rectangle.
    static func parseBounds(_ text: String) -> Rect? {
        let numbers = text.split(whereSeparator: { $0 == "[" || $0 == "]" || $0 == "," }).compactMap { Double($0) }
        guard numbers.count == 4, text.first == "[", text.last == "]" else { return nil }
        return Rect(x: numbers[0], y: numbers[1], width: numbers[2] - numbers[0], height: numbers[3] - numbers[1])
    }

    private final class Handler: XMLElementHandler {
        var sink: TreeSink

        init(_ sink: TreeSink) { self.sink = sink }

        func start(_ name: String, attributes: [String: String]) throws(FormatError) {
            switch name {
            case "hierarchy":
                guard sink.depth == 0 else { throw FormatError("<hierarchy> must be the document element") }
            case "node": break
            default: throw FormatError("unexpected <\(name)> in a UIAutomator dump (expected <hierarchy> or <node>)")
            }
            let className = name == "hierarchy" ? "hierarchy" : (attributes["class"].flatMap { $0.isEmpty ? nil : $0 } ?? "android.view.View")
            let node = try sink.open(className: className)
            for key in UIAutomatorLoader.canonicalOrder { if let text = attributes[key] { set(key, text, on: node) } }
            for key in attributes.keys.sorted() where !UIAutomatorLoader.canonicalSet.contains(key) && key != "class" {
                set(key, attributes[key]!, on: node)
            }
            let description = attributes["content-desc"] ?? ""
            let label = description.isEmpty ? (attributes["text"] ?? "") : description
            if !label.isEmpty { sink.builder.setString(PropertyName.accessibilityLabel, label, on: node) }
            if let id = attributes["resource-id"], !id.isEmpty {
                sink.builder.setString(DerivedName.accessibilityIdentifier, id, on: node)
            }
            if let bounds = attributes["bounds"].flatMap(UIAutomatorLoader.parseBounds) { sink.setAbsoluteFrame(bounds) }
            let visible = attributes["visible-to-user"] ?? attributes["visible"]
            sink.setUIKitBooleans(visible: visible.map { TreeSink.typed($0, .bool) },
                                  enabled: attributes["enabled"].map { TreeSink.typed($0, .bool) }, on: node)
        }

        private func set(_ key: String, _ text: String, on node: ViewTreeBuilder.Handle) {
            let kind: AttributeKind
            if UIAutomatorLoader.numbers.contains(key) { kind = .number }
            else if !UIAutomatorLoader.texts.contains(key) && (text == "true" || text == "false") { kind = .bool }
            else { kind = .string }
            sink.set(key, TreeSink.typed(text, kind), on: node)
        }

        func end(_ name: String) { sink.close() }
    }
}
