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
        try parseXML(bytes, what: "XCUITest", limits: limits, into: handler)
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
        /// Scratch space reused across elements: canonical attributes by position, then the rest.
        var slots = [String?](repeating: nil, count: XCUITestLoader.canonicalOrder.count)
        var others: [(String, String)] = []

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
            // One pass over the attributes: the hot path of the loader (see Docs/Formats.md, benchmark).
            for k in slots.indices { slots[k] = nil }
            others.removeAll(keepingCapacity: true)
            for (key, text) in attributes {
                if let k = XCUITestLoader.canonicalIndex[key] { slots[k] = text } else { others.append((key, text)) }
            }
            for k in slots.indices {
                if let text = slots[k] { sink.set(XCUITestLoader.canonicalOrder[k], TreeSink.typed(text, XCUITestLoader.canonicalKinds[k]), on: node) }
            }
            if others.count > 1 { others.sort { $0.0 < $1.0 } }
            for (key, text) in others {
                switch key {
                case "class": continue
                case "classChain": sink.builder.define(chain: text.split(separator: " ").map(String.init))
                case PropertyName.uid: sink.set(key, TreeSink.typed(text, .number), on: node)
                default: sink.set(key, TreeSink.typed(text, .string), on: node)
                }
            }
            if let label = slots[Slot.label], !label.isEmpty {
                sink.builder.setString(PropertyName.accessibilityLabel, label, on: node)
            }
            if let id = slots[Slot.name], !id.isEmpty {
                sink.builder.setString(DerivedName.accessibilityIdentifier, id, on: node)
            }
            if let x = slots[Slot.x].flatMap(Double.init), let y = slots[Slot.y].flatMap(Double.init),
               let w = slots[Slot.width].flatMap(Double.init), let h = slots[Slot.height].flatMap(Double.init) {
                sink.setAbsoluteFrame(Rect(x: x, y: y, width: w, height: h))
            }
            sink.setUIKitBooleans(visible: slots[Slot.visible].map { TreeSink.typed($0, .bool) },
                                  enabled: slots[Slot.enabled].map { TreeSink.typed($0, .bool) }, on: node)
        }

        func end(_ name: String) {
            if isNode.removeLast() { sink.close() }
        }
    }

    static let canonicalIndex = Dictionary(uniqueKeysWithValues: canonicalOrder.enumerated().map { ($1, $0) })
    static let canonicalKinds: [AttributeKind] = canonicalOrder.map {
        numbers.contains($0) ? .number : booleans.contains($0) ? .bool : .string
    }
    /// Positions in `canonicalOrder` the loader reads again.
    enum Slot {
        static let name = 1, label = 2, enabled = 5, visible = 6, x = 11, y = 12, width = 13, height = 14
    }
}
