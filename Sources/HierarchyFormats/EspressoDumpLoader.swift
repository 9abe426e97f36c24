import SelectorCore

/// Loads the "View Hierarchy:" text Espresso puts in every `NoMatchingViewException` and
/// `AmbiguousViewMatcherException` (android/android-test, `HumanReadables.getViewHierarchyErrorMessage`
/// and `describe(View)`): one record per view in depth-first order,
/// `+` + one `-` per level + `>` + `SimpleClassName{id=…, res-name=…, visibility=…, …}`, then a
/// space, the problem-view mark if any (`****MATCHES****`), and a line holding `|`.
///
/// - Lines before the first record are skipped (the exception's message, `View Hierarchy:`), and
///   the dump ends at the first line after a record's `|` that is not a record (a stack trace, the
///   "complete view hierarchy is available in artifact file" note of newer versions).
/// - A record may span lines (a `DecorView`'s `layout-params`, a `text` with line breaks). Values
///   are not escaped, so a record's fields are split at `, name=` where `name` is one of
///   `describe(View)`'s names not yet seen in the record; after a free-text field (`text`, `desc`,
///   `hint`, `tag`, …) only those names end it, so `text=a, b=c` stays one text.
/// - `x`/`y` are `View.getX()`/`getY()`: relative to the parent's left and top, translation
///   included. The absolute frame is the sum down the tree (the root's `x`/`y` taken as absolute);
///   a scrolled parent's scroll offset is not in the dump, so children of a scrolled view are
///   placed as if it were not scrolled.
/// - Mapping: `res-name` → `resource-id` (`android:id/name` for the framework's ids Espresso
///   dumps show, else `:id/name`, the package being unknown) and `accessibilityIdentifier`;
///   `desc` → `content-desc`; `desc`, else `text` → `accessibilityLabel`; `is-enabled`,
///   `is-clickable`, `is-focusable`, `is-focused`, `is-selected`, `is-checked` → `enabled`,
///   `clickable`, `focusable`, `focused`, `selected`, `checked` (+ `checkable`), the names a
///   UiAutomator page source and the `espresso` engine use; `visibility` other than `VISIBLE` →
///   `isHidden`; the child's place among its siblings → `index`. The simple class name becomes the
///   Android class it names when the class table knows one class by that name
///   (`AppCompatTextView` → `androidx.appcompat.widget.AppCompatTextView`), and stays as printed
///   otherwise (kept as `simpleClassName` either way). Every field also stays under its own name.
enum EspressoDumpLoader {
    /// `describe(View)`'s field names, in the order it writes them.
    static let knownKeys: [String] = [
        "id", "res-name", "desc", "visibility", "width", "height", "has-focus", "has-focusable", "has-window-focus",
        "is-clickable", "is-enabled", "is-focused", "is-focusable", "is-layout-requested", "is-selected",
        "layout-params", "tag", "root-is-layout-requested", "has-input-connection", "editor-info", "x", "y",
        "text", "error-text", "hint", "input-type", "ime-target", "has-links", "is-checked", "child-count",
    ]
    static let knownKeySet = Set(knownKeys)
    /// Fields whose value is text from the app or a `toString()`, which may hold `, name=`.
    static let freeText: Set<String> = ["text", "desc", "hint", "error-text", "tag", "layout-params", "editor-info"]
    static let integers: Set<String> = ["id", "width", "height", "input-type", "child-count"]
    static let decimals: Set<String> = ["x", "y"]
    /// `is-…` flags and the names the `espresso` engine and UiAutomator page sources read.
    static let flagNames: [String: String] = [
        "is-enabled": "enabled", "is-clickable": "clickable", "is-focusable": "focusable", "is-focused": "focused",
        "is-selected": "selected", "is-checked": "checked",
    ]
    /// Ids of Android's own resources that appear in Espresso dumps (`android.R.id`) and that apps
    /// seldom reuse, written `android:id/…`; any other `res-name` (`title`, `icon` are common app
    /// ids too) is taken to be the app's or a library's.
    static let frameworkIDs: Set<String> = [
        "content", "statusBarBackground", "navigationBarBackground", "list", "empty", "text1", "text2", "tabhost",
        "tabcontent", "tabs", "button1", "button2", "button3", "alertTitle", "parentPanel", "topPanel", "contentPanel",
        "buttonPanel", "customPanel", "title_template",
    ]

    /// Android classes the class table knows, by simple name, where the name is unambiguous.
    static let androidClassBySimpleName: [String: String] = {
        var all: [String: [String]] = [:]
        let h = ClassHierarchy.android
        var names = Set(h.superclasses.keys)
        names.formUnion(h.superclasses.values)
        for n in names where n.contains(".") {
            guard let simple = n.split(separator: ".").last else { continue }
            all[String(simple), default: []].append(n)
        }
        return all.compactMapValues { $0.count == 1 ? $0[0] : nil }
    }()

    static func load(_ bytes: [UInt8], hierarchy: ClassHierarchy, limits: FormatLimits) throws(FormatError) -> ViewTree {
        try read(bytes, hierarchy: hierarchy, limits: limits).tree
    }

    /// The tree and the 0-based lines the dump spans (from its first record to its last `|`).
    static func read(_ bytes: [UInt8], hierarchy: ClassHierarchy, limits: FormatLimits) throws(FormatError) -> (tree: ViewTree, lines: ClosedRange<Int>) {
        let lines = TextLines(bytes)
        guard let first = (0..<lines.count).first(where: { recordHead(lines.line($0)) != nil }) else {
            throw FormatError("no Espresso view record (a line '+>ClassName{…}') in this text", line: 1, column: 1)
        }
        var sink = TreeSink(hierarchy: hierarchy, limits: limits, expectedNodes: bytes.count / 600)
        /// Per open node: its children so far.
        var childCounts: [Int] = []
        var k = first
        var last = first
        var roots = 0
        records: while k < lines.count {
            guard let head = recordHead(lines.line(k)) else { break }
            // The record runs to the line before its `|` line (or the next record, or the end).
            var end = k
            var closed = false
            while end + 1 < lines.count {
                let next = TextLines.trimmed(lines.line(end + 1))
                if next.count == 1, next.first == UInt8(ascii: "|") { closed = true; break }
                if recordHead(lines.line(end + 1)) != nil { break }
                end += 1
            }
            let depth = head.depth
            guard depth <= sink.depth else {
                throw lines.error("malformed Espresso view hierarchy: a record \(depth) levels deep follows one \(max(0, sink.depth - 1)) deep", line: k, at: head.dashes)
            }
            guard depth < limits.maxViewDepth else {
                throw lines.error("views nested deeper than \(limits.maxViewDepth) levels (FormatLimits.maxViewDepth)", line: k)
            }
            while sink.depth > depth { sink.close(); childCounts.removeLast() }
            if depth == 0 { roots += 1 }
            let index = childCounts.last ?? (roots - 1)
            if !childCounts.isEmpty { childCounts[childCounts.count - 1] += 1 }
            do { try readRecord(lines, from: k, to: end, head: head, index: index, into: &sink) }
            catch { throw error.line == nil ? lines.error(error.message, line: k) : error }
            childCounts.append(0)
            k = end + 1
            last = end
            if closed {
                last = k
                k += 1  // the `|` line
                if k < lines.count, recordHead(lines.line(k)) == nil { break records }
            }
        }
        var tree = try sink.build()
        tree.loaderColumns = TreeSink.loaderColumns(of: tree)
        return (tree, first...last)
    }

    /// Where a record line's parts are: the `-` count (depth) and the offsets of `>` and `{`.
    struct Head { var depth: Int; var dashes: Int; var nameStart: Int; var brace: Int }

    /// The head of a record when `line` starts one: `+`, dashes, `>`, a class name, `{`.
    static func recordHead(_ line: ArraySlice<UInt8>) -> Head? {
        var i = line.startIndex
        // A log may indent the exception's message (a tab in Gradle's report).
        while i < line.endIndex, line[i] == UInt8(ascii: " ") || line[i] == 0x09 { i += 1 }
        guard i < line.endIndex, line[i] == UInt8(ascii: "+") else { return nil }
        i += 1
        let dashes = i
        while i < line.endIndex, line[i] == UInt8(ascii: "-") { i += 1 }
        guard i < line.endIndex, line[i] == UInt8(ascii: ">") else { return nil }
        let depth = i - dashes
        i += 1
        let nameStart = i
        while i < line.endIndex, line[i] != UInt8(ascii: "{"), line[i] != UInt8(ascii: " ") { i += 1 }
        guard i < line.endIndex, line[i] == UInt8(ascii: "{"), i > nameStart else { return nil }
        return Head(depth: depth, dashes: dashes, nameStart: nameStart, brace: i)
    }

    /// One record, lines `from...to`, as a node.
    static func readRecord(_ lines: TextLines, from: Int, to: Int, head: Head, index: Int,
                           into sink: inout TreeSink) throws(FormatError) {
        let bytes = lines.bytes
        let bodyStart = head.brace + 1
        let recordEnd = lines.range(to).upperBound
        // The body ends at the record's last `}`; what follows is the problem-view mark.
        var close = recordEnd - 1
        while close >= bodyStart, bytes[close] != UInt8(ascii: "}") { close -= 1 }
        guard close >= bodyStart else {
            throw lines.error("malformed Espresso view hierarchy: the record has no closing '}'", line: to, at: recordEnd)
        }
        let printed = TextLines.string(bytes[head.nameStart..<head.brace])
        let mark = TextLines.string(TextLines.trimmed(bytes[(close + 1)..<recordEnd]))
        let fields = try splitFields(bytes[bodyStart..<close], lines: lines)
        let className = androidClassBySimpleName[printed] ?? printed
        let node = try sink.open(className: className)
        try sink.set("simpleClassName", .string(printed), on: node)
        var values: [String: String] = [:]
        for (key, value) in fields {
            values[key] = value
            if value == "null", !(key == "text" || key == "desc" || key == "hint" || key == "error-text") { continue }
            try sink.set(key, typed(key, value), on: node)
        }
        if !mark.isEmpty { try sink.set("problemView", .string(mark), on: node) }
        try sink.set("index", .int(Int64(index)), on: node)
        if let name = values["res-name"], !name.isEmpty {
            let id = (frameworkIDs.contains(name) ? "android:id/" : ":id/") + name
            try sink.set("resource-id", .string(id), on: node)
            try sink.set(DerivedName.accessibilityIdentifier, .string(id), on: node)
        }
        if let desc = values["desc"] { try sink.set("content-desc", .string(desc), on: node) }
        let label = values["desc"].flatMap { $0.isEmpty ? nil : $0 } ?? values["text"] ?? ""
        if !label.isEmpty { try sink.set(PropertyName.accessibilityLabel, .string(label), on: node) }
        for (printedFlag, name) in flagNames.sorted(by: { $0.key < $1.key }) {
            guard let v = values[printedFlag], v == "true" || v == "false" else { continue }
            try sink.set(name, .bool(v == "true"), on: node)
        }
        if values["is-checked"] != nil { try sink.set("checkable", .bool(true), on: node) }
        if let x = values["x"].flatMap(Double.init), let y = values["y"].flatMap(Double.init),
           let w = values["width"].flatMap(Double.init), let h = values["height"].flatMap(Double.init),
           x.isFinite, y.isFinite, w.isFinite, h.isFinite {
            let parent = sink.parentAbsoluteFrame
            sink.setAbsoluteFrame(Rect(x: (parent?.x ?? 0) + x, y: (parent?.y ?? 0) + y, width: w, height: h))
        }
        sink.setUIKitBooleans(visible: values["visibility"].map { .bool($0 == "VISIBLE") },
                              enabled: values["is-enabled"].map { .string($0) }, on: node)
    }

    static func typed(_ key: String, _ value: String) -> JSONValue {
        if integers.contains(key), let i = Int64(value) { return .int(i) }
        if decimals.contains(key), let d = Double(value), d.isFinite { return .double(d) }
        if !freeText.contains(key), value == "true" || value == "false" { return .bool(value == "true") }
        return .string(value)
    }

    /// `name=value, name=value` with unescaped values, split as the type's comment says.
    static func splitFields(_ body: ArraySlice<UInt8>, lines: TextLines) throws(FormatError) -> [(String, String)] {
        var fields: [(String, String)] = []
        var seen = Set<String>()
        var i = body.startIndex
        guard i < body.endIndex else { return [] }
        guard let first = keyAt(i, body), body[first.end] == UInt8(ascii: "=") else {
            let k = lines.line(containing: i)
            throw lines.error("malformed Espresso view hierarchy: expected name=value after '{'", line: k, at: i)
        }
        var key = first.name
        i = first.end + 1
        while true {
            seen.insert(key)
            var j = i
            var next: (name: String, end: Int)?
            while j + 1 < body.endIndex {
                if body[j] == UInt8(ascii: ","), body[j + 1] == UInt8(ascii: " "), let candidate = keyAt(j + 2, body),
                   candidate.end < body.endIndex, body[candidate.end] == UInt8(ascii: "="), !seen.contains(candidate.name),
                   knownKeySet.contains(candidate.name) || !freeText.contains(key) {
                    next = candidate
                    break
                }
                j += 1
            }
            guard let n = next else {
                fields.append((key, TextLines.string(body[i..<body.endIndex])))
                return fields
            }
            fields.append((key, TextLines.string(body[i..<j])))
            key = n.name
            i = n.end + 1
        }
    }

    /// A field name (`[a-z][a-z0-9-]*`) at `i`.
    static func keyAt(_ i: Int, _ body: ArraySlice<UInt8>) -> (name: String, end: Int)? {
        guard i < body.endIndex, body[i] >= UInt8(ascii: "a"), body[i] <= UInt8(ascii: "z") else { return nil }
        var j = i + 1
        while j < body.endIndex, j - i < 40,
              (body[j] >= UInt8(ascii: "a") && body[j] <= UInt8(ascii: "z")) || body[j] == UInt8(ascii: "-")
                || (body[j] >= UInt8(ascii: "0") && body[j] <= UInt8(ascii: "9")) || (body[j] >= UInt8(ascii: "A") && body[j] <= UInt8(ascii: "Z")) {
            j += 1
        }
        guard j < body.endIndex else { return nil }
        return (TextLines.string(body[i..<j]), j)
    }
}
