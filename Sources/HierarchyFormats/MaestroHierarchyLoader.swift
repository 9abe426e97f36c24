import SelectorCore

/// Loads what `maestro hierarchy` prints: Maestro's `TreeNode` (maestro-client `TreeNode.kt`
/// L22-36) as Jackson's default pretty printer writes it (maestro-cli `PrintHierarchyCommand.kt`
/// L169-174), each node `{"attributes": {name: text, ...}, "children": [...], "clickable": …,
/// "enabled": …, "focused": …, "checked": …, "selected": …}` with `null` booleans left out.
///
/// - Lines before the first line that starts with `{` are skipped: CLIs before 2.6.0 printed
///   `Running on <device>` (and on iOS `None: `) on stdout before the JSON.
/// - Every attribute stays under its own name (`text`, `accessibilityText`, `hintText`,
///   `resource-id`, `bounds`, …): the `maestro` engine reads them as Maestro does. `class` (Android)
///   is the node's class instead; a node without one (iOS records no type, and Android's document
///   root and `<hierarchy>` have none) is a `UIView`.
/// - `clickable enabled focused checked selected` are booleans: the node's typed field, which is
///   what Maestro's filters read, else the attribute's `"true"`/`"false"`. The other flags Maestro
///   writes as text (`scrollable`, `ignoreBoundsFiltering`, `important-for-accessibility`) are
///   booleans when they read `true` or `false`; every other attribute is a string.
/// - Shared vocabulary: `bounds` (`[x1,y1][x2,y2]`, or `x1,y1,x2,y2` as Maestro's test driver
///   writes it; integers, as `UiElement.toUiElement` parses them) → `accessibilityFrame` and
///   `frame`; `accessibilityText`, else on Android (a node with `class`) `text` → `accessibilityLabel`;
///   `resource-id` → `accessibilityIdentifier`; `enabled` → `isEnabled`.
/// - A root without bounds (Android's XML document) gets `width` and `height`, the right and bottom
///   edges the bounds reach: the screen the `maestro` engine prunes against (`recordScreen`).
///
/// The reader is iterative (views nest `FormatLimits.maxViewDepth` deep at most, any other JSON
/// value `maxJSONDepth`) and every error carries the line and column of the byte at fault.
enum MaestroHierarchyLoader {
    /// The typed fields of `TreeNode`, in the order Jackson writes them.
    static let stateFlags: Set<String> = ["clickable", "enabled", "focused", "checked", "selected"]
    /// Attributes Maestro writes as `"true"`/`"false"` text, read as booleans.
    static let textFlags: Set<String> = ["clickable", "enabled", "focused", "checked", "selected", "scrollable",
                                         "ignoreBoundsFiltering", "important-for-accessibility", "synthetic"]

    static func load(_ bytes: [UInt8], hierarchy: ClassHierarchy, limits: FormatLimits) throws(FormatError) -> ViewTree {
        let result: Result<ViewTree, FormatError> = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(FormatError) in
                var reader = Reader(buffer, limits: limits,
                                    sink: TreeSink(hierarchy: hierarchy, limits: limits, expectedNodes: buffer.count / 500))
                try reader.read()
                try reader.recordScreen()
                var tree = try reader.sink.build()
                var copies = [DerivedName.accessibilityIdentifier: "resource-id"]
                // The label is a copy of `accessibilityText` only where no node fell back on its text.
                if !reader.labelFromText { copies[PropertyName.accessibilityLabel] = "accessibilityText" }
                tree.copiedColumns = copies.filter { tree.columns[$0.key] != nil && tree.columns[$0.value] != nil }
                return tree
            }
        }
        return try result.get()
    }

    /// The offset of the line the JSON starts on: the first line whose first byte other than
    /// spaces and tabs is `{` (after a UTF-8 byte order mark). nil when there is none within
    /// `maxLines` lines (unbounded: `Int.max`).
    static func jsonStart(_ b: UnsafeBufferPointer<UInt8>, maxLines: Int = Int.max) -> Int? {
        var i = 0
        if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { i = 3 }
        var lines = 0
        while i < b.count, lines < maxLines {
            var j = i
            while j < b.count, b[j] == 0x20 || b[j] == 0x09 || b[j] == 0x0D { j += 1 }
            if j < b.count, b[j] == UInt8(ascii: "{") { return j }
            while j < b.count, b[j] != 0x0A { j += 1 }
            i = j + 1
            lines += 1
        }
        return nil
    }

    /// `[x1,y1][x2,y2]` or `x1,y1,x2,y2`, integers (Maestro's `String.toInt`: an optional sign and
    /// decimal digits that fit an `Int`), as a rectangle; nil for anything else.
    static func parseBounds(_ text: Substring.UTF8View) -> Rect? {
        var bytes = Array(text)
        if bytes.first == UInt8(ascii: "[") {
            // Maestro: replace("][", ","), removePrefix("["), removeSuffix("]").
            guard bytes.last == UInt8(ascii: "]"), bytes.count >= 2 else { return nil }
            bytes = Array(bytes[1..<(bytes.count - 1)])
            var joined: [UInt8] = []
            var k = 0
            while k < bytes.count {
                if k + 1 < bytes.count, bytes[k] == UInt8(ascii: "]"), bytes[k + 1] == UInt8(ascii: "[") {
                    joined.append(UInt8(ascii: ",")); k += 2
                } else {
                    joined.append(bytes[k]); k += 1
                }
            }
            bytes = joined
        }
        let parts = bytes.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var numbers: [Double] = []
        for part in parts {
            guard let n = Int32(String(decoding: part, as: UTF8.self)) else { return nil }
            numbers.append(Double(n))
        }
        return Rect(x: numbers[0], y: numbers[1], width: numbers[2] - numbers[0], height: numbers[3] - numbers[1])
    }

    /// A streaming reader of the node objects: an explicit stack of open nodes, so a deep
    /// hierarchy cannot exhaust the call stack; strings and other values are decoded by the
    /// core's `JSONReader` on their own bytes, with its errors moved to their place in the file.
    private struct Reader {
        let b: UnsafeBufferPointer<UInt8>
        let limits: FormatLimits
        var sink: TreeSink
        var pos = 0
        /// Whether some node's label came from its text (Android's fallback), so the label column
        /// is not a copy of `accessibilityText`.
        var labelFromText = false
        var labelSlot = -1, identifierSlot = -1
        /// Columns by attribute name, looked up once each.
        var slots: [String: Int] = [:]
        /// The right and bottom edges the views' bounds reach, and whether the root has bounds.
        var reach = (right: 0.0, bottom: 0.0)
        var rootHasFrame = false

        init(_ b: UnsafeBufferPointer<UInt8>, limits: FormatLimits, sink: TreeSink) {
            self.b = b; self.limits = limits; self.sink = sink
        }

        // MARK: positions and errors

        /// 1-based line and column (in characters) of `offset`.
        func position(_ offset: Int) -> (line: Int, column: Int) {
            var line = 1, column = 1
            var i = 0
            let end = min(offset, b.count)
            while i < end {
                if b[i] == 0x0A { line += 1; column = 1 } else if b[i] & 0xC0 != 0x80 { column += 1 }
                i += 1
            }
            return (line, column)
        }

        /// JSON that is not well formed, or not Maestro's tree.
        func error(_ message: String, at offset: Int? = nil) -> FormatError {
            limit("malformed maestro hierarchy JSON: \(message)", at: offset)
        }

        /// A message as it is (a limit, said as the other loaders say it), placed at `offset`.
        func limit(_ message: String, at offset: Int? = nil) -> FormatError {
            let (line, column) = position(offset ?? pos)
            return FormatError(message, line: line, column: column)
        }

        /// A `JSONReader` error on the bytes from `start`, placed in the file.
        func moved(_ e: JSONError, from start: Int) -> FormatError {
            let (line, column) = position(start)
            return FormatError("malformed maestro hierarchy JSON: \(e.message)",
                               line: line + e.line - 1, column: e.line == 1 ? column + e.column - 1 : e.column)
        }

        func describe(_ c: UInt8) -> String {
            c >= 0x20 && c < 0x7F ? "'\(Character(Unicode.Scalar(c)))'" : "byte 0x" + String(c, radix: 16)
        }

        // MARK: tokens

        mutating func skipSpace() {
            while pos < b.count, b[pos] == 0x20 || b[pos] == 0x0A || b[pos] == 0x0D || b[pos] == 0x09 { pos += 1 }
        }

        mutating func peek() -> UInt8? {
            skipSpace()
            return pos < b.count ? b[pos] : nil
        }

        mutating func consume(_ c: UInt8) -> Bool {
            guard peek() == c else { return false }
            pos += 1
            return true
        }

        mutating func expect(_ c: UInt8, _ what: String) throws(FormatError) {
            guard let next = peek() else { throw error("unexpected end of input, expected \(what)") }
            guard next == c else { throw error("expected \(what), found \(describe(next))") }
            pos += 1
        }

        /// A string token (the opening quote must be next).
        mutating func readString(_ what: String) throws(FormatError) -> String {
            guard let next = peek() else { throw error("unexpected end of input, expected \(what)") }
            guard next == UInt8(ascii: "\"") else { throw error("expected \(what), found \(describe(next))") }
            let start = pos
            var i = pos + 1
            var plain = true
            while i < b.count, b[i] != UInt8(ascii: "\"") {
                if b[i] == UInt8(ascii: "\\") { plain = false; i += 1 }
                else if b[i] < 0x20 { plain = false }
                else if b[i] >= 0x80 { plain = false }
                i += 1
            }
            guard i < b.count else { throw error("unterminated string", at: start) }
            pos = i + 1
            if plain { return String(decoding: UnsafeBufferPointer(rebasing: b[(start + 1)..<i]), as: UTF8.self) }
            switch try parseSlice(start..<pos) {
            case .string(let s): return s
            default: throw error("expected \(what)", at: start)
            }
        }

        /// The value starting at `range.lowerBound`, decoded by the core's reader.
        func parseSlice(_ range: Range<Int>) throws(FormatError) -> JSONValue {
            do { return try JSONReader.parse(Array(UnsafeBufferPointer(rebasing: b[range])), maxDepth: limits.maxJSONDepth) }
            catch { throw moved(error, from: range.lowerBound) }
        }

        /// Any JSON value: its extent is found byte by byte (strings skipped, brackets counted,
        /// never deeper than `maxJSONDepth`), then it is decoded.
        mutating func readValue() throws(FormatError) -> JSONValue {
            guard peek() != nil else { throw error("unexpected end of input, expected a value") }
            let start = pos
            var depth = 0
            var i = pos
            scan: while i < b.count {
                switch b[i] {
                case UInt8(ascii: "\""):
                    i += 1
                    while i < b.count, b[i] != UInt8(ascii: "\"") { i += b[i] == UInt8(ascii: "\\") ? 2 : 1 }
                    guard i < b.count else { throw error("unterminated string", at: start) }
                    i += 1
                    if depth == 0 { break scan }
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    guard depth <= limits.maxJSONDepth else {
                        throw limit("JSON nested deeper than \(limits.maxJSONDepth) levels (FormatLimits.maxJSONDepth)", at: i)
                    }
                    i += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { break scan }
                    depth -= 1
                    i += 1
                    if depth == 0 { break scan }
                case UInt8(ascii: ","), 0x20, 0x0A, 0x0D, 0x09:
                    if depth == 0 { break scan }
                    i += 1
                default:
                    i += 1
                }
            }
            pos = i
            return try parseSlice(start..<i)
        }

        // MARK: the tree

        /// One open node: its builder handle and whether a `,` must come before its next key.
        struct Open { var node: ViewTreeBuilder.Handle; var needComma: Bool }

        mutating func read() throws(FormatError) {
            guard let start = MaestroHierarchyLoader.jsonStart(b) else {
                pos = b.count
                throw error("no line starts with '{': `maestro hierarchy` prints one JSON object")
            }
            pos = start
            var stack: [Open] = []
            try open(&stack)
            while !stack.isEmpty {
                let top = stack.count - 1
                if consume(UInt8(ascii: "}")) {
                    stack.removeLast()
                    sink.close()
                    guard !stack.isEmpty else { break }
                    // Back in the parent's `children` array.
                    if consume(UInt8(ascii: ",")) { try open(&stack); continue }
                    try expect(UInt8(ascii: "]"), "',' or ']' in \"children\"")
                    continue
                }
                if stack[top].needComma { try expect(UInt8(ascii: ","), "',' or '}'") }
                stack[top].needComma = true
                skipSpace()
                let keyAt = pos
                let key = try readString("a key")
                try expect(UInt8(ascii: ":"), "':'")
                let node = stack[top].node
                switch key {
                case "attributes":
                    try readAttributes(of: node)
                case "children":
                    guard peek() != UInt8(ascii: "n") else { _ = try readValue(); continue }  // null: none
                    try expect(UInt8(ascii: "["), "'[' after \"children\"")
                    if !consume(UInt8(ascii: "]")) { try open(&stack) }
                case _ where MaestroHierarchyLoader.stateFlags.contains(key):
                    skipSpace()
                    let at = pos
                    switch try readValue() {
                    case .bool(let v): try set(key, .bool(v), on: node, at: keyAt)
                    case .null: break
                    default: throw limit("maestro hierarchy: \"\(key)\" must be true, false or null", at: at)
                    }
                default:
                    // A key Maestro does not write today: kept under its own name.
                    let value = try readValue()
                    try set(key, value, on: node, at: keyAt)
                }
            }
            skipSpace()
            if pos < b.count { throw error("unexpected \(describe(b[pos])) after the hierarchy") }
        }

        /// Gives a root without bounds (Android's: the XML document) the size the recording spans,
        /// as `width` and `height`, where the `maestro` engine reads a display size
        /// (`MaestroOnScreen`). The recording is already pruned to the screen (`maestro hierarchy`
        /// prints the pruned tree), and Android's bounds are clipped to the display, so every view
        /// lies in that size and pruning again keeps them all; without it the engine took the first
        /// window's frame for the screen, and a real capture whose first window is a launcher's edge
        /// panel lost 45 of its 68 views.
        mutating func recordScreen() throws(FormatError) {
            guard sink.builder.count > 0, !rootHasFrame, reach.right > 0, reach.bottom > 0,
                  slots["width"] == nil, slots["height"] == nil else { return }
            sink.set(slot: try slot("width", at: 0), .int(Int64(reach.right)), on: 0)
            sink.set(slot: try slot("height", at: 0), .int(Int64(reach.bottom)), on: 0)
        }

        /// Opens the node whose `{` is next.
        mutating func open(_ stack: inout [Open]) throws(FormatError) {
            guard let next = peek() else { throw error("unexpected end of input, expected a node ('{')") }
            guard next == UInt8(ascii: "{") else {
                throw error(stack.isEmpty ? "expected a node ('{'), found \(describe(next))"
                                          : "each of \"children\" must be a node ('{'), found \(describe(next))")
            }
            guard stack.count < limits.maxViewDepth else {
                throw limit("views nested deeper than \(limits.maxViewDepth) levels (FormatLimits.maxViewDepth)")
            }
            guard sink.builder.count < limits.maxNodes else {
                throw limit("recording holds more than \(limits.maxNodes) nodes (FormatLimits.maxNodes)")
            }
            pos += 1
            let node = try sink.open(className: "UIView")
            stack.append(Open(node: node, needComma: false))
        }

        /// The column for `name`, created on first use; the property-name limit is placed at `at`.
        mutating func slot(_ name: String, at: Int) throws(FormatError) -> Int {
            if let s = slots[name] { return s }
            let s: Int
            do { s = try sink.slot(name) } catch {
                let (line, column) = position(at)
                throw FormatError(error.message, line: line, column: column)
            }
            slots[name] = s
            return s
        }

        mutating func set(_ name: String, _ value: JSONValue, on node: ViewTreeBuilder.Handle, at: Int) throws(FormatError) {
            if case .null = value { return }
            sink.set(slot: try slot(name, at: at), value, on: node)
            if name == "enabled", case .bool(let e) = value { sink.setUIKitBooleans(visible: nil, enabled: .bool(e), on: node) }
        }

        /// The `attributes` object of `node`: every attribute under its own name, then the frame,
        /// class, label and identifier they give.
        mutating func readAttributes(of node: ViewTreeBuilder.Handle) throws(FormatError) {
            if peek() == UInt8(ascii: "n") { _ = try readValue(); return }  // null: none
            try expect(UInt8(ascii: "{"), "'{' after \"attributes\"")
            var text: String?, accessibilityText: String?, resourceID: String?, hasClass = false
            if !consume(UInt8(ascii: "}")) {
                repeat {
                    skipSpace()
                let keyAt = pos
                    let key = try readString("an attribute name")
                    try expect(UInt8(ascii: ":"), "':'")
                    skipSpace()
                    let valueAt = pos
                    var value = try readValue()
                    if case .string(let s) = value {
                        switch key {
                        case "class":
                            if !s.isEmpty { sink.builder.setClass(s, of: node); hasClass = true }
                            continue
                        case "bounds":
                            guard let rect = MaestroHierarchyLoader.parseBounds(s[...].utf8) else {
                                throw limit("maestro hierarchy: \"bounds\" must be four integers, [x1,y1][x2,y2] or x1,y1,x2,y2; found \"\(s)\"", at: valueAt)
                            }
                            sink.setAbsoluteFrame(rect)
                            if node == 0 { rootHasFrame = true }
                            reach = (max(reach.right, rect.x + rect.width), max(reach.bottom, rect.y + rect.height))
                        case "text": text = s
                        case "accessibilityText": accessibilityText = s
                        case "resource-id": resourceID = s
                        case _ where MaestroHierarchyLoader.textFlags.contains(key):
                            if s == "true" { value = .bool(true) } else if s == "false" { value = .bool(false) }
                        default: break
                        }
                    } else if key == "bounds", value != .null {
                        throw limit("maestro hierarchy: \"bounds\" must be a string of four integers, [x1,y1][x2,y2] or x1,y1,x2,y2", at: valueAt)
                    }
                    try set(key, value, on: node, at: keyAt)
                } while consume(UInt8(ascii: ","))
                try expect(UInt8(ascii: "}"), "',' or '}' in \"attributes\"")
            }
            var label = accessibilityText ?? ""
            if label.isEmpty, hasClass, let text, !text.isEmpty { label = text; labelFromText = true }
            if !label.isEmpty {
                if labelSlot < 0 { labelSlot = try slot(PropertyName.accessibilityLabel, at: pos) }
                sink.builder.setString(slot: labelSlot, label, on: node)
            }
            if let resourceID, !resourceID.isEmpty {
                if identifierSlot < 0 { identifierSlot = try slot(DerivedName.accessibilityIdentifier, at: pos) }
                sink.builder.setString(slot: identifierSlot, resourceID, on: node)
            }
        }
    }
}
