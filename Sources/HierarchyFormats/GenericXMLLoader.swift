import SelectorCore

/// Loads any XML document as a tree (`--tree-format xml`): each element is a node whose class is
/// its element name, the document element included, and each attribute a string property under
/// its own name (`class`, `subviews` and `classChain` as `_class`, `_subviews`, `_classChain`, the
/// names the core keeps for structure). Text, comments and processing instructions are not nodes.
///
/// The one reading beyond strings is a rectangle, so that frames, wireframes and relative
/// positions work: `x y width height` when all four are numbers, else `bounds` `[x1,y1][x2,y2]`,
/// become `accessibilityFrame` (absolute) and `frame` (relative to the parent). Nothing else is
/// typed or derived: a generic document has no agreed meaning for `enabled` or `label`.
enum GenericXMLLoader {
    static func load(_ bytes: [UInt8], hierarchy: ClassHierarchy, limits: FormatLimits) throws(FormatError) -> ViewTree {
        let handler = ReaderHandler(Reader(TreeSink(hierarchy: hierarchy, limits: limits, expectedNodes: bytes.count / 200)))
        try parseXML(bytes, what: "generic", limits: limits, into: handler)
        return try handler.reader.sink.build()
    }

    /// What an attribute name means to the loader: its column, and its part in a rectangle.
    struct AttributeInfo {
        enum Geometry: UInt8 { case none, x, y, width, height, bounds }
        var known = false
        var geometry = Geometry.none
        /// The builder column, -1 until the loader first sets it.
        var slot = -1
    }

    private struct Reader: XMLElementReader {
        var sink: TreeSink
        /// By name number (`XMLNames`).
        var infos: [AttributeInfo] = []
        var values = XMLStringCache()

        init(_ sink: TreeSink) { self.sink = sink }

        mutating func start(_ tag: XMLStartTag, names: borrowing XMLNames) throws(FormatError) {
            if infos.count < names.count {
                infos.append(contentsOf: repeatElement(AttributeInfo(), count: names.count - infos.count))
            }
            let node = try sink.open(className: names[tag.name])
            var x: Double?, y: Double?, width: Double?, height: Double?
            var bounds: UnsafeBufferPointer<UInt8>?
            for a in tag.attributes {
                let id = Int(a.name)
                if !infos[id].known { infos[id] = Self.describe(names[a.name]) }
                if infos[id].slot < 0 { infos[id].slot = try sink.slot(names[a.name]) }
                sink.builder.setString(slot: infos[id].slot, values.string(a.value), on: node)
                switch infos[id].geometry {
                case .none: break
                case .x: x = XMLText.double(a.value)
                case .y: y = XMLText.double(a.value)
                case .width: width = XMLText.double(a.value)
                case .height: height = XMLText.double(a.value)
                case .bounds: bounds = a.value
                }
            }
            if let x, let y, let width, let height {
                sink.setAbsoluteFrame(Rect(x: x, y: y, width: width, height: height))
            } else if let rect = bounds.flatMap(UIAutomatorLoader.parseBounds) {
                sink.setAbsoluteFrame(rect)
            }
        }

        mutating func end() { sink.close() }

        static func describe(_ name: String) -> AttributeInfo {
            var info = AttributeInfo()
            info.known = true
            switch name {
            case "x": info.geometry = .x
            case "y": info.geometry = .y
            case "width": info.geometry = .width
            case "height": info.geometry = .height
            case "bounds": info.geometry = .bounds
            default: break
            }
            return info
        }
    }
}
