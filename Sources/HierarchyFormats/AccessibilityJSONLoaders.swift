import SelectorCore

/// Loads WebDriverAgent's JSON source (`mobile: source` with `format: json`, or `/source` with the
/// `useJSONSource` setting): WDA's `dictionaryForElement` (`XCUIApplication+FBHelpers.m`), each
/// element `{type, rawIdentifier, name, value, label, rect: {x, y, width, height}, frame:
/// "{{x, y}, {w, h}}", isEnabled, isVisible, isAccessible, isFocused, traits, children}`, with the
/// flags written `"1"`/`"0"` and the type short (`Button`).
///
/// - A `{"value": {…}, "sessionId": …}` reply is unwrapped.
/// - Mapping: the class is `XCUIElementType` + `type` (`type` kept); `label` →
///   `accessibilityLabel`; `rawIdentifier` (the identifier; WDA's `name` falls back on the label)
///   → `accessibilityIdentifier`; `value` → `accessibilityValue`; `rect` → `accessibilityFrame`
///   and `frame`, and `x y width height` as a page source writes them; `isEnabled`, `isVisible`,
///   `isAccessible`, `isFocused` → booleans under their own names and as a page source's
///   `enabled`, `visible`, `accessible`, `focused`, and `isEnabled`/`isHidden`. Every other key
///   stays under its own name; WDA's `frame` string repeats `rect` and is not kept (the shared
///   `frame` is the one relative to the parent).
enum WDAJSONLoader {
    static let flags: [String: String] = ["isEnabled": "enabled", "isVisible": "visible", "isAccessible": "accessible",
                                          "isFocused": "focused", "isSelected": "selected", "isHittable": "hittable"]

    static func load(_ bytes: [UInt8], hierarchy: ClassHierarchy, limits: FormatLimits) throws(FormatError) -> ViewTree {
        var root = try parse(bytes, what: "WebDriverAgent JSON", limits: limits)
        if case .object = root, let value = root["value"], case .object = value, root["sessionId"] != nil || root["type"] == nil {
            root = value
        }
        guard case .object = root else { throw FormatError("a WebDriverAgent JSON source must be a JSON object") }
        var sink = TreeSink(hierarchy: hierarchy, limits: limits, expectedNodes: bytes.count / 400)
        try walk([root], limits: limits, into: &sink) { (node, handle, sink) throws(FormatError) in
            guard case .object(let pairs) = node else { throw FormatError("an element of a WebDriverAgent JSON source is not a JSON object") }
            let type = node["type"]?.stringValue ?? "Other"
            sink.builder.setClass(XCUISnapshotLoader.className(type), of: handle)
            for (key, value) in pairs where key != "children" && key != "frame" {
                if let flag = flags[key], let b = boolean(value) {
                    try sink.set(key, .bool(b), on: handle)
                    try sink.set(flag, .bool(b), on: handle)
                    continue
                }
                try sink.set(key, value, on: handle)
            }
            if let label = node["label"]?.stringValue, !label.isEmpty { try sink.set(PropertyName.accessibilityLabel, .string(label), on: handle) }
            if let id = node["rawIdentifier"]?.stringValue, !id.isEmpty { try sink.set(DerivedName.accessibilityIdentifier, .string(id), on: handle) }
            if let value = node["value"], value != .null {
                let text: String? = value.stringValue ?? value.numberValue.map { $0 == $0.rounded() ? String(Int64($0)) : String($0) }
                if let text { try sink.set("accessibilityValue", .string(text), on: handle) }
            }
            if let rect = node["rect"].flatMap(ElementTreeJSON.rect) {
                for (k, v) in [("x", rect.x), ("y", rect.y), ("width", rect.width), ("height", rect.height)] {
                    try sink.set(k, v == v.rounded() && abs(v) < 1e15 ? .int(Int64(v)) : .double(v), on: handle)
                }
                sink.setAbsoluteFrame(rect)
            }
            sink.setUIKitBooleans(visible: node["isVisible"].flatMap(boolean).map { .bool($0) },
                                  enabled: node["isEnabled"].flatMap(boolean).map { .bool($0) }, on: handle)
        }
        var tree = try sink.build()
        tree.copiedColumns = [PropertyName.accessibilityLabel: "label", DerivedName.accessibilityIdentifier: "rawIdentifier"]
            .filter { tree.columns[$0.key] != nil && tree.columns[$0.value] != nil }
        tree.loaderColumns = TreeSink.loaderColumns(of: tree)
        return tree
    }

    /// `"1"`/`"0"`, `true`/`false`, 1/0.
    static func boolean(_ value: JSONValue) -> Bool? {
        switch value {
        case .bool(let b): return b
        case .int(let i): return i == 0 ? false : i == 1 ? true : nil
        case .string(let s): return s == "1" || s == "true" ? true : s == "0" || s == "false" ? false : nil
        default: return nil
        }
    }
}

/// Loads idb's `ui describe-all --json` and AXe's `describe-ui` (facebook/idb
/// `FBSimulatorAccessibilityCommands`, MIT): a JSON array of elements `{AXLabel, AXFrame:
/// "{{x, y}, {w, h}}", AXValue, AXUniqueId, type, role, role_description, subrole, title, help,
/// enabled, custom_actions, content_required, pid, traits, frame: {x, y, width, height}}`, flat by
/// default and nested under `children` with `--nested`.
///
/// - Flat: the list has no parent links. When its first element is the `Application`, the others
///   are its children in the order listed (every element lies in the application's frame);
///   otherwise they are roots side by side. No deeper nesting is guessed.
/// - Mapping: the class is `XCUIElementType` + `type` (`type` and `role` kept); `AXLabel` →
///   `accessibilityLabel`; `AXUniqueId` → `accessibilityIdentifier` (identifiers may repeat);
///   `AXValue` → `accessibilityValue`; `frame` (else `AXFrame`) → `accessibilityFrame` and `frame`;
///   `enabled` → `isEnabled`. Every other key stays under its own name, `null` as absence; idb's
///   `frame` object is read as the frame, its numbers kept in `AXFrame`.
enum IDBJSONLoader {
    static func load(_ bytes: [UInt8], hierarchy: ClassHierarchy, limits: FormatLimits) throws(FormatError) -> ViewTree {
        let document = try parse(bytes, what: "idb JSON", limits: limits)
        var items: [JSONValue]
        switch document {
        case .array(let a): items = a
        case .object:
            if case .array(let a)? = document["elements"] { items = a } else { items = [document] }
        default: throw FormatError("an idb describe-ui recording must be a JSON array of elements")
        }
        guard !items.isEmpty else { throw FormatError("an idb describe-ui recording with no element") }
        let nested = items.contains { if case .array? = $0["children"] { return true } else { return false } }
        var roots = items
        if !nested, items.count > 1, items[0]["type"]?.stringValue == "Application" {
            // The flat list under its application.
            var app: [(String, JSONValue)] = []
            if case .object(let pairs) = items[0] { app = pairs }
            app.append(("children", .array(Array(items.dropFirst()))))
            roots = [.object(app)]
        }
        var sink = TreeSink(hierarchy: hierarchy, limits: limits, expectedNodes: items.count)
        try walk(roots, limits: limits, into: &sink) { (node, handle, sink) throws(FormatError) in
            guard case .object(let pairs) = node else { throw FormatError("an element of an idb describe-ui recording is not a JSON object") }
            let type = node["type"]?.stringValue ?? "Other"
            sink.builder.setClass(XCUISnapshotLoader.className(type.isEmpty ? "Other" : type), of: handle)
            for (key, value) in pairs where key != "children" && key != "frame" {
                try sink.set(key, value, on: handle)
            }
            if let label = node["AXLabel"]?.stringValue, !label.isEmpty { try sink.set(PropertyName.accessibilityLabel, .string(label), on: handle) }
            if let id = node["AXUniqueId"]?.stringValue, !id.isEmpty { try sink.set(DerivedName.accessibilityIdentifier, .string(id), on: handle) }
            if let value = node["AXValue"]?.stringValue { try sink.set("accessibilityValue", .string(value), on: handle) }
            if let rect = node["frame"].flatMap(ElementTreeJSON.rect) ?? node["AXFrame"]?.stringValue.flatMap(rectFromString) {
                sink.setAbsoluteFrame(rect)
            }
            sink.setUIKitBooleans(visible: nil, enabled: node["enabled"].flatMap { if case .bool = $0 { return $0 } else { return nil } }, on: handle)
        }
        var tree = try sink.build()
        tree.copiedColumns = [PropertyName.accessibilityLabel: "AXLabel", DerivedName.accessibilityIdentifier: "AXUniqueId",
                              "accessibilityValue": "AXValue"]
            .filter { tree.columns[$0.key] != nil && tree.columns[$0.value] != nil }
        tree.loaderColumns = TreeSink.loaderColumns(of: tree)
        return tree
    }

    /// `{{x, y}, {w, h}}` (`NSStringFromCGRect`).
    static func rectFromString(_ s: String) -> Rect? {
        let numbers = s.split(whereSeparator: { $0 == "{" || $0 == "}" || $0 == "," || $0 == " " }).compactMap { Double($0) }
        guard numbers.count == 4, numbers.allSatisfy({ $0.isFinite }) else { return nil }
        return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }
}

/// The document, with the reader's error placed in the file.
private func parse(_ bytes: [UInt8], what: String, limits: FormatLimits) throws(FormatError) -> JSONValue {
    do { return try JSONReader.parse(bytes, maxDepth: limits.maxJSONDepth) }
    catch { throw FormatError("malformed \(what): \(error.message)", line: error.line, column: error.column) }
}

/// Opens each element in preorder (an explicit stack; depth is bounded by the parser and
/// `maxViewDepth`) and lets `body` set its properties before its children are opened.
private func walk(_ roots: [JSONValue], limits: FormatLimits, into sink: inout TreeSink,
                  _ body: (JSONValue, ViewTreeBuilder.Handle, inout TreeSink) throws(FormatError) -> Void) throws(FormatError) {
    var stack: [([JSONValue], Int)] = [(roots, 0)]
    while let (items, next) = stack.last {
        guard next < items.count else {
            stack.removeLast()
            if !stack.isEmpty { sink.close() }
            continue
        }
        stack[stack.count - 1].1 = next + 1
        guard stack.count <= limits.maxViewDepth else {
            throw FormatError("views nested deeper than \(limits.maxViewDepth) levels (FormatLimits.maxViewDepth)")
        }
        let item = items[next]
        let handle = try sink.open(className: "UIView")
        try body(item, handle, &sink)
        var children: [JSONValue] = []
        switch item["children"] {
        case .array(let a)?: children = a
        case nil, .null?: break
        default: throw FormatError("\"children\" must be an array")
        }
        stack.append((children, 0))
    }
}
