import SelectorCore

/// Loads XCUITest page source (WebDriverAgent's `/source`, Appium's `getPageSource`).
///
/// Each element is a node whose class is its `type` attribute (else its element name), or its
/// `class` attribute in documents `frankly convert` wrote from UIKit trees. An `<AppiumAUT>` wrapper
/// is not a node; any other document element is, whatever its name. Mapping: `label` → `accessibilityLabel`, `name` → `accessibilityIdentifier`,
/// `x y width height` → `accessibilityFrame` (absolute) and `frame` (relative to the parent),
/// `visible` → `isHidden` (negated), `enabled` → `isEnabled`; every attribute also stays under its
/// own name, typed: `x y width height index processId` numbers, `enabled visible accessible
/// selected focused hittable` booleans, the rest strings.
enum XCUITestLoader {
    static func load(_ bytes: [UInt8], hierarchy: ClassHierarchy, limits: FormatLimits) throws(FormatError) -> ViewTree {
        let handler = ReaderHandler(Reader(TreeSink(hierarchy: hierarchy, limits: limits, expectedNodes: bytes.count / 250)))
        try parseXML(bytes, what: "XCUITest", limits: limits, into: handler)
        var tree = try handler.reader.sink.build()
        tree.copiedColumns = [PropertyName.accessibilityLabel: "label", DerivedName.accessibilityIdentifier: "name"]
            .filter { tree.columns[$0.key] != nil && tree.columns[$0.value] != nil }
        tree.loaderColumns = TreeSink.loaderColumns(of: tree)
        return tree
    }

    /// Attributes in the order WebDriverAgent writes them; others follow sorted by name.
    static let canonicalOrder = ["type", "name", "label", "value", "placeholderValue", "enabled", "visible",
                                 "accessible", "selected", "focused", "hittable", "x", "y", "width", "height",
                                 "index", "traits", "processId", "bundleId"]
    static let numbers: Set<String> = ["x", "y", "width", "height", "index", "processId"]
    static let booleans: Set<String> = ["enabled", "visible", "accessible", "selected", "focused", "hittable"]

    /// What an attribute name means to the loader, worked out the first time the name appears.
    struct AttributeInfo {
        enum Role: UInt8 { case unknown, canonical, className, classChain, property }
        var role = Role.unknown
        /// Position in `canonicalOrder` (canonical attributes).
        var canonical = 0
        var kind = AttributeKind.string
        /// The builder column, -1 until the loader first sets it.
        var slot = -1
        /// Stored under another name (`subviews` → `_subviews`), which another attribute may hold too.
        var renamed = false
    }

    /// The tree being built and what the loader has learnt about the document's names.
    private struct Reader: XMLElementReader {
        var sink: TreeSink
        /// Per open element: whether it made a node (wrappers do not).
        var isNode: [Bool] = []
        /// By name number (`XMLNames`): what the name means as an attribute.
        var infos: [AttributeInfo] = []
        /// By name number: 0 not seen as an element yet, 1 `AppiumAUT`, 2 `XCUIElementType…`, 3 other.
        var elementKinds: [UInt8] = []
        /// Scratch space reused across elements: canonical attribute values by position, and the
        /// numbers of their names.
        var canonical = [UnsafeBufferPointer<UInt8>?](repeating: nil, count: XCUITestLoader.canonicalOrder.count)
        var canonicalIDs = [Int32](repeating: 0, count: XCUITestLoader.canonicalOrder.count)
        /// Scratch space for the ordered path: the other attributes as (name, index in the tag).
        var others: [(String, Int)] = []
        var values = XMLStringCache()
        var labelSlot = -1, identifierSlot = -1

        init(_ sink: TreeSink) { self.sink = sink }

        mutating func start(_ tag: XMLStartTag, names: borrowing XMLNames) throws(FormatError) {
            if infos.count < names.count {
                infos.append(contentsOf: repeatElement(AttributeInfo(), count: names.count - infos.count))
                elementKinds.append(contentsOf: repeatElement(0, count: names.count - elementKinds.count))
            }
            // One pass to find the class and the canonical values, and whether every attribute
            // already has its column (then setting them in document order creates none, and column
            // order stays that of the first elements).
            for k in canonical.indices { canonical[k] = nil }
            var className: UnsafeBufferPointer<UInt8>?
            var ordered = false
            for a in tag.attributes {
                let id = Int(a.name)
                if infos[id].role == .unknown { infos[id] = Self.describe(names[a.name]) }
                let info = infos[id]
                switch info.role {
                case .canonical:
                    canonical[info.canonical] = a.value
                    canonicalIDs[info.canonical] = a.name
                    if info.slot < 0 { ordered = true }
                case .className: className = a.value
                case .property: if info.slot < 0 || info.renamed { ordered = true }
                case .classChain, .unknown: break
                }
            }
            let type = canonical[Slot.type]
            if elementKinds[Int(tag.name)] == 0 {
                let name = names[tag.name]
                elementKinds[Int(tag.name)] = name == "AppiumAUT" ? 1 : name.hasPrefix("XCUIElementType") ? 2 : 3
            }
            // Only `<AppiumAUT>` wraps: any other document element is a view, so that a plain XML
            // document read as XCUITest keeps its root (it used to be dropped as a wrapper).
            if elementKinds[Int(tag.name)] == 1 {
                guard isNode.isEmpty else {
                    throw FormatError("<\(names[tag.name])> inside the XCUITest hierarchy is not an element type")
                }
                isNode.append(false)
                return
            }
            let classString: String
            if let className { classString = values.string(className) }
            else if let type { classString = names.equals(tag.name, type) ? names[tag.name] : values.string(type) }
            else { classString = names[tag.name] }
            let node = try sink.open(className: classString)
            isNode.append(true)

            // The hot path of the loader (see Docs/Formats.md, Performance).
            var label: String?, identifier: String?
            if ordered {
                for k in canonical.indices {
                    if let value = canonical[k] { try setCanonical(k, canonicalIDs[k], value, &label, &identifier, on: node) }
                }
                others.removeAll(keepingCapacity: true)
                for (i, a) in tag.attributes.enumerated() {
                    let role = infos[Int(a.name)].role
                    if role == .property || role == .classChain { others.append((names[a.name], i)) }
                }
                if others.count > 1 { others.sort { $0.0 < $1.0 } }
                for (name, i) in others { try setOther(tag.attributes[i], name, on: node) }
            } else {
                for a in tag.attributes {
                    let info = infos[Int(a.name)]
                    switch info.role {
                    case .canonical: try setCanonical(info.canonical, a.name, a.value, &label, &identifier, on: node)
                    case .property, .classChain: try setOther(a, names[a.name], on: node)
                    case .className, .unknown: break
                    }
                }
            }
            if let label, !label.isEmpty {
                if labelSlot < 0 { labelSlot = sink.builder.slot(for: PropertyName.accessibilityLabel) }
                sink.builder.setString(slot: labelSlot, label, on: node)
            }
            if let identifier, !identifier.isEmpty {
                if identifierSlot < 0 { identifierSlot = sink.builder.slot(for: DerivedName.accessibilityIdentifier) }
                sink.builder.setString(slot: identifierSlot, identifier, on: node)
            }
            if let x = canonical[Slot.x].flatMap(XMLText.double), let y = canonical[Slot.y].flatMap(XMLText.double),
               let w = canonical[Slot.width].flatMap(XMLText.double), let h = canonical[Slot.height].flatMap(XMLText.double) {
                sink.setAbsoluteFrame(Rect(x: x, y: y, width: w, height: h))
            }
            sink.setUIKitBooleans(visible: canonical[Slot.visible].map { XMLText.typed($0, .bool) },
                                  enabled: canonical[Slot.enabled].map { XMLText.typed($0, .bool) }, on: node)
        }

        private mutating func setCanonical(_ k: Int, _ id: Int32, _ value: UnsafeBufferPointer<UInt8>, _ label: inout String?,
                                  _ identifier: inout String?, on node: ViewTreeBuilder.Handle) throws(FormatError) {
            if infos[Int(id)].slot < 0 { infos[Int(id)].slot = try sink.slot(XCUITestLoader.canonicalOrder[k]) }
            let slot = infos[Int(id)].slot
            switch k {
            case Slot.type:
                sink.builder.setString(slot: slot, values.string(value), on: node)
            case Slot.label, Slot.name:
                let text = XMLText.string(value)
                if k == Slot.label { label = text } else { identifier = text }
                sink.builder.setString(slot: slot, text, on: node)
            default:
                sink.set(slot: slot, XMLText.typed(value, XCUITestLoader.canonicalKinds[k]), on: node)
            }
        }

        /// `name` is the attribute's name: only read when the column is new.
        private mutating func setOther(_ a: XMLAttribute, _ name: @autoclosure () -> String,
                                       on node: ViewTreeBuilder.Handle) throws(FormatError) {
            let id = Int(a.name)
            if infos[id].role == .classChain {
                sink.builder.setClassChain(XMLText.string(a.value).split(separator: " ").map(String.init), of: node)
                return
            }
            if infos[id].slot < 0 { infos[id].slot = try sink.slot(name()) }
            sink.set(slot: infos[id].slot, XMLText.typed(a.value, infos[id].kind), on: node)
        }

        mutating func end() {
            if isNode.removeLast() { sink.close() }
        }

        static func describe(_ name: String) -> AttributeInfo {
            var info = AttributeInfo()
            if let k = XCUITestLoader.canonicalIndex[name] {
                info.role = .canonical
                info.canonical = k
                info.kind = XCUITestLoader.canonicalKinds[k]
                return info
            }
            switch name {
            case "class": info.role = .className
            case "classChain": info.role = .classChain
            default:
                info.role = .property
                info.kind = name == PropertyName.uid ? .number : .string
                info.renamed = TreeSink.safeName(name) != name
            }
            return info
        }
    }

    static let canonicalIndex = Dictionary(uniqueKeysWithValues: canonicalOrder.enumerated().map { ($1, $0) })
    static let canonicalKinds: [AttributeKind] = canonicalOrder.map {
        numbers.contains($0) ? .number : booleans.contains($0) ? .bool : .string
    }
    /// Positions in `canonicalOrder` the loader reads again.
    enum Slot {
        static let type = 0, name = 1, label = 2, enabled = 5, visible = 6, x = 11, y = 12, width = 13, height = 14
    }
}
