import SelectorCore

/// Loads Compose's semantics tree as `printToString()` and `printToLog(tag)` write it (androidx
/// `compose/ui/ui-test/…/Output.kt`): `Node #id at (l=…, t=…, r=…, b=…)px, Tag: '…'`, then the
/// node's properties sorted by name as `Key = 'value'` lines, its unit properties as
/// `[Disabled, Heading]`, its actions as `Actions = […]`, `MergeDescendants = 'true'`, and its
/// children as ` |-Node #…` lines indented three characters a level.
///
/// - `printToLog:` and `Printing with useUnmergedTree = '…'` headers are skipped, and so are
///   logcat prefixes (`12-07 10:00:00.123  123  456 D tag: `, `D/tag( 123): `), whether on every
///   line or on the first only: the prefix of the first line of the dump, from its priority letter
///   on, is cut from any later line that holds it.
/// - A collection's `1) Node #…`, `2) Node #…` are roots side by side; `Has 2 children` (the depth
///   limit of the print) is kept as `truncatedChildren` on its node.
/// - A value runs to its closing `'` (a value with line breaks continues on the next lines until
///   one ends with `'`). Node numbers need not start at 1 and bounds may lie off screen: both are
///   read as written.
/// - Mapping: the bounds (window pixels) → `accessibilityFrame` and `frame`; every property under
///   its Compose name (`Text`, `ContentDescription`, `Role`, `Focused`, …, `TestTag` for `Tag:`,
///   unit properties as `true`) and, as an accessibility page source records them (the names the
///   `compose` engine reads): `TestTag` → `resource-id`; `EditableText`, else `Text` without its list
///   brackets → `text`; `ContentDescription` → `content-desc` (also `accessibilityLabel`, else the
///   text); `OnClick` → `clickable`, `OnLongClick` → `long-clickable`, `ScrollBy` → `scrollable`;
///   `Disabled` → `enabled` false; `ToggleableState` → `checkable`, `checked`; `Focused` →
///   `focusable`, `focused`; `Selected` → `selected` on a tab, `checked` elsewhere. The class is the
///   widget accessibility reports for the node's role (`Button` → `android.widget.Button`; text →
///   `android.widget.TextView`; editable text → `android.widget.EditText`; else `android.view.View`).
enum ComposeSemanticsLoader {
    static func load(_ bytes: [UInt8], hierarchy: ClassHierarchy, limits: FormatLimits) throws(FormatError) -> ViewTree {
        try read(bytes, hierarchy: hierarchy, limits: limits).tree
    }

    /// One node's text as read, before it is set.
    struct Node {
        var line: Int
        var column: Int
        var id: String
        var bounds: Rect
        var properties: [(String, String)] = []
        var units: [String] = []
        var actions: [String] = []
        var truncated: String?
    }

    /// A line's content after any logcat prefix, and the prefix to cut from later lines.
    static func logcatSignature(_ prefix: ArraySlice<UInt8>) -> [UInt8]? {
        // `… D tag: ` (threadtime) or `D/tag( pid): ` (brief): from the priority letter on.
        let p = Array(prefix)
        guard p.count >= 3, p[p.count - 2] == UInt8(ascii: ":"), p[p.count - 1] == UInt8(ascii: " ") else { return nil }
        for i in 0..<(p.count - 2) {
            let c = p[i]
            guard "VDIWEFA".utf8.contains(c) else { continue }
            let before = i == 0 || p[i - 1] == UInt8(ascii: " ")
            let after = i + 1 < p.count && (p[i + 1] == UInt8(ascii: " ") || p[i + 1] == UInt8(ascii: "/"))
            if before && after { return Array(p[i...]) }
        }
        return nil
    }

    static let markers = ["printToLog:", "Printing with useUnmergedTree", "Node #"]

    /// The dump's first line and where its content starts on it.
    static func start(_ lines: TextLines) -> (line: Int, offset: Int)? {
        for k in 0..<lines.count {
            let line = lines.line(k)
            for marker in markers {
                guard let at = TextLines.find(Array(marker.utf8), in: line) else { continue }
                if marker == "Node #" {
                    // `Node #1 at (l=`, after nothing, a prefix, or `1) `.
                    guard nodeLineShape(line, at: at) else { continue }
                    // A collection's `1) ` or a child's ` |-` before it belongs to the dump, not to a prefix.
                    var s = at
                    if s - 2 >= line.startIndex, line[s - 2] == UInt8(ascii: "|"), line[s - 1] == UInt8(ascii: "-") {
                        s -= 2
                        while s > line.startIndex, line[s - 1] == UInt8(ascii: " ") || line[s - 1] == UInt8(ascii: "|") { s -= 1 }
                        return (k, s)
                    }
                    if s - 2 >= line.startIndex, line[s - 1] == UInt8(ascii: " "), line[s - 2] == UInt8(ascii: ")") {
                        var d = s - 2
                        while d > line.startIndex, line[d - 1] >= UInt8(ascii: "0"), line[d - 1] <= UInt8(ascii: "9") { d -= 1 }
                        if d < s - 2 { s = d }
                    }
                    return (k, s)
                }
                return (k, at)
            }
        }
        return nil
    }

    static func read(_ bytes: [UInt8], hierarchy: ClassHierarchy, limits: FormatLimits) throws(FormatError) -> (tree: ViewTree, lines: ClosedRange<Int>) {
        let lines = TextLines(bytes)
        guard let (first, offset) = start(lines) else {
            throw FormatError("no Compose semantics node (a line 'Node #1 at (l=…, t=…, r=…, b=…)px') in this text", line: 1, column: 1)
        }
        let signature = logcatSignature(lines.bytes[lines.range(first).lowerBound..<offset])
        var sink = TreeSink(hierarchy: hierarchy, limits: limits, expectedNodes: bytes.count / 150)
        /// Columns of the `|-` of the open nodes, innermost last (-1 for a root).
        var columns: [Int] = []
        var current: Node?
        var last = first
        var openValue: (name: String, text: String)?
        var k = first
        var roots = 0
        func flush(_ node: Node?, _ sink: inout TreeSink) throws(FormatError) {
            guard let node else { return }
            do { try set(node, into: &sink) } catch {
                throw FormatError(error.message, line: node.line + 1, column: node.column)
            }
        }
        while k < lines.count {
            let range = lines.range(k)
            var s = k == first ? offset : range.lowerBound
            if k != first, let signature, let at = TextLines.find(signature, in: lines.bytes[range]), at - range.lowerBound < 160 {
                s = at + signature.count
            }
            let content = lines.bytes[s..<range.upperBound]
            defer { k += 1 }
            if var open = openValue {
                // A value with line breaks, until a line ends with the closing quote.
                let text = TextLines.string(content)
                if text.hasSuffix("'") {
                    open.text += "\n" + text.dropLast()
                    current?.properties.append((open.name, open.text))
                    openValue = nil
                } else {
                    open.text += "\n" + text
                    openValue = open
                }
                last = k
                continue
            }
            let text = TextLines.string(content)
            let trimmedText = text.drop(while: { $0 == " " || $0 == "|" })
            if k == first, text.hasPrefix("printToLog:") || text.hasPrefix("Printing with") { last = k; continue }
            if text.hasPrefix("Printing with useUnmergedTree") { last = k; continue }
            if let nodeAt = text.firstRange(of: "Node #"), let node = parseNodeLine(text, at: nodeAt.lowerBound, line: k) {
                // Depth from the column of `|-` (none: a root).
                let bar = text[..<nodeAt.lowerBound].ranges(of: "|-").last
                let column = bar.map { text.distance(from: text.startIndex, to: $0.lowerBound) } ?? -1
                if bar == nil {
                    let before = text[..<nodeAt.lowerBound]
                    guard before.allSatisfy({ $0 == " " || $0 == ")" || $0.isNumber }) else { break }
                }
                try flush(current, &sink)
                current = nil
                while let top = columns.last, top >= column { sink.close(); columns.removeLast() }
                if column >= 0, columns.isEmpty {
                    throw lines.error("malformed Compose semantics tree: a child node ('|-Node') with no parent node before it", line: k, at: s)
                }
                guard columns.count < limits.maxViewDepth else {
                    throw lines.error("views nested deeper than \(limits.maxViewDepth) levels (FormatLimits.maxViewDepth)", line: k, at: s)
                }
                if column < 0 { roots += 1 }
                var n = node
                n.column = lines.column(of: s, line: k)
                do {
                    let handle = try sink.open(className: "android.view.View")
                    _ = handle
                } catch { throw lines.error(error.message, line: k, at: s) }
                columns.append(column)
                current = n
                last = k
                continue
            }
            guard current != nil, !trimmedText.isEmpty else { break }
            if trimmedText.hasPrefix("["), trimmedText.hasSuffix("]") {
                current?.units += trimmedText.dropFirst().dropLast().split(separator: ", ").map(String.init)
            } else if trimmedText.hasPrefix("Actions = ["), trimmedText.hasSuffix("]") {
                current?.actions += trimmedText.dropFirst("Actions = [".count).dropLast().split(separator: ", ").map(String.init)
            } else if trimmedText.hasPrefix("Has "), trimmedText.contains("child") || trimmedText.contains("sibling") {
                current?.truncated = String(trimmedText)
            } else if let eq = trimmedText.firstRange(of: " = '") {
                let name = String(trimmedText[..<eq.lowerBound])
                guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { break }
                let value = trimmedText[eq.upperBound...]
                if value.hasSuffix("'") {
                    current?.properties.append((name, String(value.dropLast())))
                } else {
                    openValue = (name, String(value))
                }
            } else {
                break
            }
            last = k
        }
        if let open = openValue {
            throw lines.error("malformed Compose semantics tree: the value of \(open.name) does not end with '", line: last)
        }
        try flush(current, &sink)
        var tree = try sink.build()
        tree.copiedColumns = ["resource-id": "TestTag", "content-desc": "ContentDescription"]
            .filter { tree.columns[$0.key] != nil && tree.columns[$0.value] != nil }
        tree.loaderColumns = TreeSink.loaderColumns(of: tree)
        _ = roots
        return (tree, first...last)
    }

    /// `Node #12 at (l=0.0, t=66.0, r=1080.0, b=2220.0)px, Tag: 'x'` from `at`.
    static func parseNodeLine(_ text: String, at: String.Index, line: Int) -> Node? {
        var rest = text[at...].dropFirst("Node #".count)
        let id = rest.prefix(while: { $0.isNumber || $0 == "-" })
        guard !id.isEmpty else { return nil }
        rest = rest.dropFirst(id.count)
        guard rest.hasPrefix(" at ("), let close = rest.firstRange(of: ")px") else { return nil }
        var numbers: [String: Double] = [:]
        // `(l=0.0, t=66.0, r=1080.0, b=2220.0)px`; before the names were added, `(0.0, 66.0, 1080.0, 2220.0)px`.
        for (i, part) in rest[rest.index(rest.startIndex, offsetBy: 5)..<close.lowerBound].split(separator: ", ").enumerated() {
            let kv = part.split(separator: "=", maxSplits: 1)
            let key = kv.count == 2 ? String(kv[0]) : i < 4 ? ["l", "t", "r", "b"][i] : ""
            guard let d = Double(kv[kv.count - 1]), d.isFinite, !key.isEmpty else { return nil }
            numbers[key] = d
        }
        guard let l = numbers["l"], let t = numbers["t"], let r = numbers["r"], let b = numbers["b"] else { return nil }
        var node = Node(line: line, column: 1, id: String(id), bounds: Rect(x: l, y: t, width: r - l, height: b - t))
        let after = rest[close.upperBound...]
        if after.hasPrefix(", Tag: '"), after.hasSuffix("'"), after.count >= 9 {
            node.properties.append(("TestTag", String(after.dropFirst(", Tag: '".count).dropLast())))
        } else if !after.allSatisfy({ $0 == " " }) {
            return nil
        }
        return node
    }

    /// Whether `Node #` at `at` is followed by digits and ` at (` and a number, as a node line is.
    static func nodeLineShape(_ line: ArraySlice<UInt8>, at: Int) -> Bool {
        var i = at + 6
        let digits = i
        while i < line.endIndex, line[i] >= UInt8(ascii: "0"), line[i] <= UInt8(ascii: "9") { i += 1 }
        guard i > digits, TextLines.hasPrefix(line[i...], " at ("), i + 5 < line.endIndex else { return false }
        let c = line[i + 5]
        return c == UInt8(ascii: "l") || c == UInt8(ascii: "-") || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
    }

    /// `[a, b]` → `a, b` (Compose prints lists of texts in brackets).
    static func unbracketed(_ value: String) -> String {
        value.hasPrefix("[") && value.hasSuffix("]") && value.count >= 2 ? String(value.dropFirst().dropLast()) : value
    }

    /// Sets a node's properties once all its lines are read (the node is the last opened).
    static func set(_ n: Node, into sink: inout TreeSink) throws(FormatError) {
        let node = ViewTreeBuilder.Handle(sink.builder.count - 1)
        guard node >= 0 else { return }
        var values: [String: String] = [:]
        for (k, v) in n.properties { values[k] = v }
        try sink.set("nodeId", .int(Int64(n.id) ?? 0), on: node)
        for (k, v) in n.properties {
            if v == "true" || v == "false" { try sink.set(k, .bool(v == "true"), on: node) }
            else { try sink.set(k, .string(v), on: node) }
        }
        for unit in n.units { try sink.set(unit, .bool(true), on: node) }
        if !n.actions.isEmpty { try sink.set("Actions", .string(n.actions.joined(separator: ", ")), on: node) }
        if let t = n.truncated { try sink.set("truncatedChildren", .string(t), on: node) }
        // The page-source names (see the type's comment).
        let role = values["Role"]
        let editable = values["EditableText"]
        let text = editable ?? values["Text"].map(unbracketed)
        if let tag = values["TestTag"] { try sink.set("resource-id", .string(tag), on: node) }
        if let text { try sink.set("text", .string(text), on: node) }
        let description = values["ContentDescription"].map(unbracketed)
        if let description { try sink.set("content-desc", .string(description), on: node) }
        if let label = description.flatMap({ $0.isEmpty ? nil : $0 }) ?? text.flatMap({ $0.isEmpty ? nil : $0 }) {
            try sink.set(PropertyName.accessibilityLabel, .string(label), on: node)
        }
        if let tag = values["TestTag"], !tag.isEmpty { try sink.set(DerivedName.accessibilityIdentifier, .string(tag), on: node) }
        try sink.set("clickable", .bool(n.actions.contains("OnClick")), on: node)
        try sink.set("long-clickable", .bool(n.actions.contains("OnLongClick")), on: node)
        try sink.set("scrollable", .bool(n.actions.contains("ScrollBy")), on: node)
        let enabled = !n.units.contains("Disabled")
        try sink.set("enabled", .bool(enabled), on: node)
        if let state = values["ToggleableState"] {
            try sink.set("checkable", .bool(true), on: node)
            try sink.set("checked", .bool(state == "On"), on: node)
        }
        if let focused = values["Focused"] {
            try sink.set("focusable", .bool(true), on: node)
            try sink.set("focused", .bool(focused == "true"), on: node)
        }
        if let selected = values["Selected"] {
            if role == "Tab" { try sink.set("selected", .bool(selected == "true"), on: node) }
            else if values["ToggleableState"] == nil {
                try sink.set("checkable", .bool(true), on: node)
                try sink.set("checked", .bool(selected == "true"), on: node)
            }
        }
        let className: String
        switch role {
        case "Button": className = "android.widget.Button"
        case "Checkbox": className = "android.widget.CheckBox"
        case "Switch": className = "android.widget.Switch"
        case "RadioButton": className = "android.widget.RadioButton"
        case "Image": className = "android.widget.ImageView"
        case "DropdownList": className = "android.widget.Spinner"
        default: className = editable != nil ? "android.widget.EditText" : text != nil ? "android.widget.TextView" : "android.view.View"
        }
        sink.builder.setClass(className, of: node)
        sink.setAbsoluteFrame(n.bounds)
        sink.setUIKitBooleans(visible: nil, enabled: .bool(enabled), on: node)
    }
}
