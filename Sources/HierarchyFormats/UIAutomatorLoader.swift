import SelectorCore

/// Loads Android `uiautomator dump` XML (`<hierarchy><node .../></hierarchy>`), the bare
/// `<node>`-rooted accessibility dumps other tools write, and Appium's Android page sources, which
/// name each element by its class (`<android.widget.FrameLayout class="android.widget.FrameLayout"
/// …>`): UiAutomator2's `<hierarchy>`-rooted source and the Espresso driver's, rooted at the
/// window's decor view.
///
/// `<hierarchy>` is a node of class `hierarchy` (an application-like root: its children are the
/// windows); any other element is a node whose class is its `class` attribute, else its element
/// name (`android.view.View` for a `<node>` without one). Mapping: `content-desc` →
/// `accessibilityLabel`, falling back to `text` when the description is empty; `resource-id` →
/// `accessibilityIdentifier`; `bounds` `[x1,y1][x2,y2]` → `accessibilityFrame` and `frame`
/// (relative to the parent); `enabled` → `isEnabled`, `visible-to-user`, else `visible`
/// (Espresso), else `displayed` (UiAutomator2) → `isHidden` (negated). Every attribute stays under
/// its own name: `numbers` as numbers, `true`/`false` as booleans (except text-bearing attributes),
/// the rest as strings.
enum UIAutomatorLoader {
    static func load(_ bytes: [UInt8], hierarchy: ClassHierarchy, limits: FormatLimits) throws(FormatError) -> ViewTree {
        let handler = ReaderHandler(Reader(TreeSink(hierarchy: hierarchy, limits: limits, expectedNodes: bytes.count / 350)))
        try parseXML(bytes, what: "UIAutomator", limits: limits, into: handler)
        var tree = try handler.reader.sink.build()
        if tree.columns[DerivedName.accessibilityIdentifier] != nil && tree.columns["resource-id"] != nil {
            tree.copiedColumns = [DerivedName.accessibilityIdentifier: "resource-id"]
        }
        tree.loaderColumns = TreeSink.loaderColumns(of: tree)
        return tree
    }

    /// Attributes in the order `uiautomator dump` writes them; others follow sorted by name.
    static let canonicalOrder = ["index", "text", "resource-id", "package", "content-desc", "checkable", "checked",
                                 "clickable", "enabled", "focusable", "focused", "scrollable", "long-clickable",
                                 "password", "selected", "visible-to-user", "bounds"]
    /// Integer attributes: `uiautomator dump`'s, and those Appium's servers add (`width`/`height` of the
    /// display on `<hierarchy>`, UiAutomator2's `Attribute` list, Espresso's `viewIndex`).
    static let numbers: Set<String> = ["index", "child-count", "rotation", "drawing-order", "uid", "width", "height",
                                       "live-region", "max-text-length", "input-type", "selection-start",
                                       "selection-end", "window-id", "viewIndex"]
    /// Attributes that carry app text, never typed as booleans even when they read `true`.
    static let texts: Set<String> = ["text", "content-desc", "resource-id", "package", "hint", "tooltip-text",
                                     "pane-title", "raw", "bounds", "class", "original-text", "error", "actions",
                                     "extras", "view-tag", "adapters", "adapter-type"]

    /// `[x1,y1][x2,y2]` as a rectangle.
    static func parseBounds(_ text: String) -> Rect? {
        let numbers = text.split(whereSeparator: { $0 == "[" || $0 == "]" || $0 == "," }).compactMap { Double($0) }
        guard numbers.count == 4, text.first == "[", text.last == "]" else { return nil }
        return Rect(x: numbers[0], y: numbers[1], width: numbers[2] - numbers[0], height: numbers[3] - numbers[1])
    }

    /// `parseBounds` on the bytes, without a `String` when the numbers are integers.
    static func parseBounds(_ bytes: UnsafeBufferPointer<UInt8>) -> Rect? {
        guard bytes.first == UInt8(ascii: "["), bytes.last == UInt8(ascii: "]") else { return nil }
        var numbers = (0.0, 0.0, 0.0, 0.0), count = 0
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "[") || b == UInt8(ascii: "]") || b == UInt8(ascii: ",") { i += 1; continue }
            var j = i + 1
            while j < bytes.count, bytes[j] != UInt8(ascii: "["), bytes[j] != UInt8(ascii: "]"), bytes[j] != UInt8(ascii: ",") { j += 1 }
            if let d = XMLText.double(UnsafeBufferPointer(rebasing: bytes[i..<j])) {
                switch count {
                case 0: numbers.0 = d
                case 1: numbers.1 = d
                case 2: numbers.2 = d
                case 3: numbers.3 = d
                default: return nil
                }
                count += 1
            }
            i = j
        }
        guard count == 4 else { return nil }
        return Rect(x: numbers.0, y: numbers.1, width: numbers.2 - numbers.0, height: numbers.3 - numbers.1)
    }

    /// How an attribute's text is typed.
    enum Typing: UInt8 {
        case number, string
        /// A boolean when the text is `true` or `false`, else a string.
        case boolOrString
    }

    /// What an attribute name means to the loader, worked out the first time the name appears.
    struct AttributeInfo {
        enum Role: UInt8 { case unknown, canonical, className, property }
        var role = Role.unknown
        /// Position in `canonicalOrder` (canonical attributes).
        var canonical = 0
        var typing = Typing.string
        /// The builder column, -1 until the loader first sets it.
        var slot = -1
        /// Stored under another name (`subviews` → `_subviews`), which another attribute may hold too.
        var renamed = false
        /// `visible` (Espresso) or `displayed` (UiAutomator2), read when `visible-to-user` is missing.
        var isVisible = false
        var isDisplayed = false
    }

    /// Positions in `canonicalOrder` the loader reads again.
    enum Slot {
        static let text = 1, resourceID = 2, contentDescription = 4, enabled = 8, visibleToUser = 15, bounds = 16
    }

    /// The tree being built and what the loader has learnt about the document's names.
    private struct Reader: XMLElementReader {
        var sink: TreeSink
        /// By name number (`XMLNames`): what the name means as an attribute.
        var infos: [AttributeInfo] = []
        /// By name number: 0 not seen as an element yet, 1 `hierarchy`, 2 `node`, 3 a class name (Appium).
        var elementKinds: [UInt8] = []
        /// Scratch space reused across elements: canonical attribute values by position, with the
        /// numbers of their names, and the strings made of some of them.
        var canonical = [UnsafeBufferPointer<UInt8>?](repeating: nil, count: UIAutomatorLoader.canonicalOrder.count)
        var canonicalIDs = [Int32](repeating: 0, count: UIAutomatorLoader.canonicalOrder.count)
        var canonicalStrings = [String?](repeating: nil, count: UIAutomatorLoader.canonicalOrder.count)
        /// Scratch space for the ordered path: the other attributes as (name, index in the tag).
        var others: [(String, Int)] = []
        /// The element's `visible` and `displayed` attributes (not canonical, unlike `visible-to-user`).
        var visible: UnsafeBufferPointer<UInt8>?
        var displayed: UnsafeBufferPointer<UInt8>?
        var values = XMLStringCache()
        var labelSlot = -1, identifierSlot = -1

        init(_ sink: TreeSink) { self.sink = sink }

        mutating func start(_ tag: XMLStartTag, names: borrowing XMLNames) throws(FormatError) {
            if infos.count < names.count {
                infos.append(contentsOf: repeatElement(AttributeInfo(), count: names.count - infos.count))
                elementKinds.append(contentsOf: repeatElement(0, count: names.count - elementKinds.count))
            }
            if elementKinds[Int(tag.name)] == 0 {
                let name = names[tag.name]
                elementKinds[Int(tag.name)] = name == "hierarchy" ? 1 : name == "node" ? 2 : 3
            }
            let kind = elementKinds[Int(tag.name)]
            if kind == 1 { guard sink.depth == 0 else { throw FormatError("<hierarchy> must be the document element") } }
            // One pass to find the class and the canonical values, and whether every attribute
            // already has its column (then setting them in document order creates none, and column
            // order stays that of the first elements).
            for k in canonical.indices { canonical[k] = nil; canonicalStrings[k] = nil }
            var className: UnsafeBufferPointer<UInt8>?
            visible = nil
            displayed = nil
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
                case .property:
                    if info.slot < 0 || info.renamed { ordered = true }
                    if info.isVisible { visible = a.value }
                    if info.isDisplayed { displayed = a.value }
                case .unknown: break
                }
            }
            // Appium names an element by its class with `$@#&` made dots (`toXmlNodeName`), so the
            // `class` attribute is the exact class where the two differ; the name stands in without one.
            let classString = kind == 1 ? "hierarchy"
                : className.flatMap { $0.isEmpty ? nil : values.string($0) } ?? (kind == 2 ? "android.view.View" : names[tag.name])
            let node = try sink.open(className: classString)

            if ordered {
                for k in canonical.indices {
                    if let value = canonical[k] { try set(canonicalIDs[k], value, UIAutomatorLoader.canonicalOrder[k], canonical: k, on: node) }
                }
                others.removeAll(keepingCapacity: true)
                for (i, a) in tag.attributes.enumerated() where infos[Int(a.name)].role == .property {
                    others.append((names[a.name], i))
                }
                if others.count > 1 { others.sort { $0.0 < $1.0 } }
                for (name, i) in others { try set(tag.attributes[i].name, tag.attributes[i].value, name, on: node) }
            } else {
                for a in tag.attributes {
                    let info = infos[Int(a.name)]
                    switch info.role {
                    case .canonical: try set(a.name, a.value, names[a.name], canonical: info.canonical, on: node)
                    case .property: try set(a.name, a.value, names[a.name], on: node)
                    case .className, .unknown: break
                    }
                }
            }
            let description = text(Slot.contentDescription) ?? ""
            let label = description.isEmpty ? (text(Slot.text) ?? "") : description
            if !label.isEmpty {
                if labelSlot < 0 { labelSlot = sink.builder.slot(for: PropertyName.accessibilityLabel) }
                sink.builder.setString(slot: labelSlot, label, on: node)
            }
            if let id = text(Slot.resourceID), !id.isEmpty {
                if identifierSlot < 0 { identifierSlot = sink.builder.slot(for: DerivedName.accessibilityIdentifier) }
                sink.builder.setString(slot: identifierSlot, id, on: node)
            }
            if let bounds = canonical[Slot.bounds].flatMap(UIAutomatorLoader.parseBounds) { sink.setAbsoluteFrame(bounds) }
            sink.setUIKitBooleans(visible: (canonical[Slot.visibleToUser] ?? visible ?? displayed).map { XMLText.typed($0, .bool) },
                                  enabled: canonical[Slot.enabled].map { XMLText.typed($0, .bool) }, on: node)
        }

        /// The canonical attribute `k` as a string, made once per element.
        private mutating func text(_ k: Int) -> String? {
            if let s = canonicalStrings[k] { return s }
            guard let value = canonical[k] else { return nil }
            let s = XMLText.string(value)
            canonicalStrings[k] = s
            return s
        }

        /// `name` is the attribute's name: only read when the column is new.
        private mutating func set(_ id: Int32, _ value: UnsafeBufferPointer<UInt8>, _ name: @autoclosure () -> String,
                         canonical k: Int? = nil, on node: ViewTreeBuilder.Handle) throws(FormatError) {
            let info = infos[Int(id)]
            let slot = info.slot >= 0 ? info.slot : try sink.slot(name())
            infos[Int(id)].slot = slot
            switch info.typing {
            case .number: sink.set(slot: slot, XMLText.typed(value, .number), on: node)
            case .boolOrString:
                if let b = XMLText.equals(value, "true") ? true : XMLText.equals(value, "false") ? false : nil {
                    sink.builder.set(slot: slot, .bool(b), on: node)
                    return
                }
                fallthrough
            case .string:
                sink.builder.setString(slot: slot, k.flatMap { text($0) } ?? XMLText.string(value), on: node)
            }
        }

        mutating func end() { sink.close() }

        static func describe(_ name: String) -> AttributeInfo {
            var info = AttributeInfo()
            if name == "class" { info.role = .className; return info }
            if let k = UIAutomatorLoader.canonicalIndex[name] {
                info.role = .canonical
                info.canonical = k
            } else {
                info.role = .property
                info.renamed = TreeSink.safeName(name) != name
                info.isVisible = name == "visible"
                info.isDisplayed = name == "displayed"
            }
            info.typing = UIAutomatorLoader.numbers.contains(name) ? .number
                : UIAutomatorLoader.texts.contains(name) ? .string : .boolOrString
            return info
        }
    }

    static let canonicalIndex = Dictionary(uniqueKeysWithValues: canonicalOrder.enumerated().map { ($1, $0) })
}
