import SelectorCore

/// Loads XCUITest page source (WebDriverAgent's `/source`, Appium's `getPageSource`).
///
/// Each element is a node whose class is its `type` attribute (else its element name), or its
/// `class` attribute in documents `frankly convert` wrote from UIKit trees. An `<AppiumAUT>` wrapper
/// is not a node. Mapping: `label` → `accessibilityLabel`, `name` → `accessibilityIdentifier`,
/// `x y width height` → `accessibilityFrame` (absolute) and `frame` (relative to the parent),
/// `visible` → `isHidden` (negated), `enabled` → `isEnabled`; every attribute also stays under its
/// own name, typed: `x y width height index processId` numbers, `enabled visible accessible
/// selected focused hittable` booleans, the rest strings.
enum XCUITestLoader {
    static func load(_ bytes: [UInt8], hierarchy: ClassHierarchy, limits: FormatLimits) throws(FormatError) -> ViewTree {
        let handler = Handler(TreeSink(hierarchy: hierarchy, limits: limits, expectedNodes: bytes.count / 250))
        try parseXML(bytes, what: "XCUITest", into: handler)
        return handler.sink.build()
    }

    /// Attributes in the order WebDriverAgent writes them; others follow sorted by name.
    static let canonicalOrder = ["type", "name", "label", "value", "placeholderValue", "enabled", "visible",
                                 "accessible", "selected", "focused", "hittable", "x", "y", "width", "height",
                                 "index", "traits", "processId", "bundleId"]
    static let numbers: Set<String> = ["x", "y", "width", "height", "index", "processId"]
    static let booleans: Set<String> = ["enabled", "visible", "accessible", "selected", "focused", "hittable"]

    private final class Handler: XMLElementHandler {
        var sink: TreeSink
        /// Per open element: whether it made a node (wrappers do not).
        var isNode: [Bool] = []

        init(_ sink: TreeSink) { self.sink = sink }

        func start(_ name: String, attributes: [String: String]) throws(FormatError) {
            if name == "AppiumAUT" || (isNode.isEmpty && !name.hasPrefix("XCUIElementType") && attributes["type"] == nil) {
                guard isNode.isEmpty else {
                    throw FormatError("<\(name)> inside the XCUITest hierarchy is not an element type")
                }
                isNode.append(false)
                return
            }
            let className = attributes["class"] ?? attributes["type"] ?? name
            let node = try sink.open(className: className)
            isNode.append(true)
            if let chain = attributes["classChain"] {
                sink.builder.define(chain: chain.split(separator: " ").map(String.init))
            }
            for key in XCUITestLoader.canonicalOrder { if let text = attributes[key] { set(key, text, on: node) } }
            for key in attributes.keys.sorted() where !XCUITestLoader.canonicalSet.contains(key) {
                if key == "class" || key == "classChain" { continue }
                set(key, attributes[key]!, on: node)
            }
            if let label = attributes["label"], !label.isEmpty {
                sink.builder.setString(PropertyName.accessibilityLabel, label, on: node)
            }
            if let id = attributes["name"], !id.isEmpty {
                sink.builder.setString(DerivedName.accessibilityIdentifier, id, on: node)
            }
            if let x = attributes["x"].flatMap(Double.init), let y = attributes["y"].flatMap(Double.init),
               let w = attributes["width"].flatMap(Double.init), let h = attributes["height"].flatMap(Double.init) {
                sink.setAbsoluteFrame(Rect(x: x, y: y, width: w, height: h))
            }
            sink.setUIKitBooleans(visible: attributes["visible"].map { TreeSink.typed($0, .bool) },
                                  enabled: attributes["enabled"].map { TreeSink.typed($0, .bool) }, on: node)
        }

        private func set(_ key: String, _ text: String, on node: ViewTreeBuilder.Handle) {
            if key == PropertyName.uid {
                sink.set(key, TreeSink.typed(text, .number), on: node)
                return
            }
            let kind: AttributeKind = XCUITestLoader.numbers.contains(key) ? .number
                : XCUITestLoader.booleans.contains(key) ? .bool : .string
            sink.set(key, TreeSink.typed(text, kind), on: node)
        }

        func end(_ name: String) {
            if isNode.removeLast() { sink.close() }
        }
    }

    static let canonicalSet = Set(canonicalOrder)
}
