import SelectorCore

/// Loads Detox's `<ViewHierarchy>` XML (`device.generateViewHierarchyXml()`, and the hierarchy
/// Detox 20.40+ puts in a failed expectation's error): one element per view, named by its short
/// class name, with `class`, `width`, `height`, `x`, `y`, `visibility`, `alpha`, `focused`, and
/// when set `id` (the testID; older writers say `testID` and put the Android resource name in
/// `id`), `label`, `value`, `text`; a web view's HTML as CDATA.
///
/// The iOS writer (`ViewHierarchyGenerator.swift`) does not escape attribute values, so a label
/// with `"`, `&` or `<` is not well-formed XML. The reader here is a lenient tag scanner, not an
/// XML parser: a value runs to the quote that is followed by another `name=`, `>` or `/>`, so a
/// `<` or `&` in a value and most stray quotes are read as the app wrote them; entities are
/// decoded where they are well formed. Where the damage cannot be read past (a tag that never
/// ends, an end tag that closes nothing open) the error names its line and column.
///
/// - Frames: Android writes window coordinates (`getLocationInWindow`), iOS the view's frame in
///   its superview; a document whose first view's `class` is dotted (`com.android…`) is Android's.
///   iOS positions are summed down the tree (a window without `x`/`y` is at 0, 0). A placeholder
///   that is not a number (Detox's own test assets write `<number>`) gives no frame.
/// - Mapping: `class` (else the element name) is the class; `id`, else `testID` →
///   `accessibilityIdentifier`; `label` → `accessibilityLabel` (not Android's `null`); `value` →
///   `accessibilityValue`; `visibility` other than `visible` → `isHidden`; every attribute stays
///   under its own name (`width height x y alpha` numbers, `focused` a boolean). The recording is
///   an Android page source's kind (`uiautomator`) on Android and a UIKit tree's (`frank`) on iOS.
enum DetoxXMLLoader {
    static let numbers: Set<String> = ["width", "height", "x", "y", "alpha"]

    static func load(_ bytes: [UInt8], hierarchy: ClassHierarchy, limits: FormatLimits) throws(FormatError) -> ViewTree {
        try read(bytes, hierarchy: hierarchy, limits: limits).tree
    }

    /// The tree and the byte just past `</ViewHierarchy>` (text after it is not read: a log goes on).
    static func read(_ bytes: [UInt8], hierarchy: ClassHierarchy, limits: FormatLimits) throws(FormatError) -> (tree: ViewTree, end: Int) {
        var scanner = Scanner(b: bytes, limits: limits,
                              sink: TreeSink(hierarchy: hierarchy, limits: limits, expectedNodes: bytes.count / 300))
        let end = try scanner.run()
        var tree = try scanner.sink.build()
        var copies: [String: String] = [PropertyName.accessibilityLabel: "label"]
        if !scanner.identifierFromTestID { copies[DerivedName.accessibilityIdentifier] = "id" }
        tree.copiedColumns = copies.filter { tree.columns[$0.key] != nil && tree.columns[$0.value] != nil }
        tree.loaderColumns = TreeSink.loaderColumns(of: tree)
        tree.recordingSource = scanner.android ? .uiautomator : .frank
        return (tree, end)
    }

    private struct Scanner {
        let b: [UInt8]
        let limits: FormatLimits
        var sink: TreeSink
        var pos = 0
        /// Element names open, innermost last (`ViewHierarchy` first).
        var open: [String] = []
        var android = false
        var decided = false
        var identifierFromTestID = false
        var cdata: [ViewTreeBuilder.Handle: String] = [:]
        /// The nodes of the open elements below `ViewHierarchy`.
        var nodes: [ViewTreeBuilder.Handle] = []

        init(b: [UInt8], limits: FormatLimits, sink: TreeSink) { self.b = b; self.limits = limits; self.sink = sink }

        func error(_ message: String, at offset: Int) -> FormatError {
            var line = 1, column = 1, i = 0
            while i < min(offset, b.count) {
                if b[i] == 0x0A { line += 1; column = 1 } else if b[i] & 0xC0 != 0x80 { column += 1 }
                i += 1
            }
            return FormatError("malformed Detox view hierarchy: " + message, line: line, column: column)
        }

        func hasPrefix(_ s: String, at i: Int) -> Bool {
            let p = Array(s.utf8)
            guard i + p.count <= b.count else { return false }
            for k in 0..<p.count where b[i + k] != p[k] { return false }
            return true
        }

        func find(_ s: String, from i: Int) -> Int? {
            TextLines.find(Array(s.utf8), in: b[...], from: i)
        }

        static func isNameByte(_ c: UInt8) -> Bool {
            (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39) || c == 0x5F || c == 0x2D
                || c == 0x2E || c == 0x3A || c == 0x24 || c >= 0x80
        }

        mutating func skipSpace() { while pos < b.count, TextLines.isSpace(b[pos]) { pos += 1 } }

        /// Reads to `</ViewHierarchy>`; returns the offset after it.
        mutating func run() throws(FormatError) -> Int {
            if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { pos = 3 }
            // The prolog: declaration, comments, doctype.
            while true {
                skipSpace()
                guard pos < b.count else { throw error("no <ViewHierarchy> element", at: pos) }
                if hasPrefix("<?", at: pos) || hasPrefix("<!--", at: pos) || hasPrefix("<!D", at: pos) {
                    let close = hasPrefix("<!--", at: pos) ? "-->" : hasPrefix("<?", at: pos) ? "?>" : ">"
                    guard let e = find(close, from: pos + 2) else { throw error("the prolog does not end", at: pos) }
                    pos = e + close.utf8.count
                    continue
                }
                break
            }
            guard hasPrefix("<ViewHierarchy", at: pos), pos + 14 <= b.count,
                  pos + 14 == b.count || !Self.isNameByte(b[pos + 14]) else {
                throw error("the document element must be <ViewHierarchy>", at: pos)
            }
            guard let rootEnd = find(">", from: pos) else { throw error("<ViewHierarchy> does not end", at: pos) }
            if b[rootEnd - 1] == UInt8(ascii: "/") { return rootEnd + 1 }
            pos = rootEnd + 1
            open = ["ViewHierarchy"]
            while true {
                guard let lt = b[pos...].firstIndex(of: UInt8(ascii: "<")) else {
                    throw error("the document ends inside <\(open.last ?? "ViewHierarchy")>", at: b.count)
                }
                pos = lt
                if hasPrefix("<!--", at: pos) {
                    guard let e = find("-->", from: pos + 4) else { throw error("a comment does not end", at: pos) }
                    pos = e + 3
                } else if hasPrefix("<![CDATA[", at: pos) {
                    guard let e = find("]]>", from: pos + 9) else { throw error("a CDATA section does not end", at: pos) }
                    if let node = nodes.last {
                        cdata[node, default: ""] += TextLines.string(b[(pos + 9)..<e])
                        try sink.set("content", .string(cdata[node] ?? ""), on: node)
                    }
                    pos = e + 3
                } else if hasPrefix("</", at: pos) {
                    var j = pos + 2
                    while j < b.count, Self.isNameByte(b[j]) { j += 1 }
                    let name = TextLines.string(b[(pos + 2)..<j])
                    while j < b.count, TextLines.isSpace(b[j]) { j += 1 }
                    guard j < b.count, b[j] == UInt8(ascii: ">") else { throw error("</\(name) does not end with '>'", at: pos) }
                    guard name == open.last else {
                        throw error("</\(name)> closes nothing open (the open element is <\(open.last ?? "")>)", at: pos)
                    }
                    open.removeLast()
                    pos = j + 1
                    if open.isEmpty { return pos }
                    sink.close()
                    nodes.removeLast()
                } else {
                    try startTag()
                }
            }
        }

        /// `<Name a="v" …>` or `/>` at `pos`.
        mutating func startTag() throws(FormatError) {
            let tagStart = pos
            var j = pos + 1
            while j < b.count, Self.isNameByte(b[j]) { j += 1 }
            guard j > pos + 1 else { throw error("'<' that starts no element", at: pos) }
            let name = TextLines.string(b[(pos + 1)..<j])
            pos = j
            var attributes: [(String, String)] = []
            var selfClosing = false
            while true {
                skipSpace()
                guard pos < b.count else { throw error("the tag <\(name) does not end", at: tagStart) }
                if b[pos] == UInt8(ascii: ">") { pos += 1; break }
                if hasPrefix("/>", at: pos) { pos += 2; selfClosing = true; break }
                let nameStart = pos
                while pos < b.count, Self.isNameByte(b[pos]) { pos += 1 }
                guard pos > nameStart else { throw error("unexpected '\(Character(Unicode.Scalar(b[pos])))' in <\(name)>", at: pos) }
                let attribute = TextLines.string(b[nameStart..<pos])
                skipSpace()
                guard pos < b.count, b[pos] == UInt8(ascii: "=") else { throw error("attribute \(attribute) of <\(name)> has no '='", at: pos) }
                pos += 1
                skipSpace()
                guard pos < b.count, b[pos] == UInt8(ascii: "\"") || b[pos] == UInt8(ascii: "'") else {
                    throw error("attribute \(attribute) of <\(name)> has no quoted value", at: pos)
                }
                let quote = b[pos]
                let valueStart = pos + 1
                guard let valueEnd = closingQuote(quote, from: valueStart) else {
                    throw error("the value of \(attribute) in <\(name)> does not end", at: pos)
                }
                attributes.append((attribute, Self.decode(b[valueStart..<valueEnd])))
                pos = valueEnd + 1
            }
            guard open.count <= limits.maxViewDepth else {
                throw error("views nested deeper than \(limits.maxViewDepth) levels (FormatLimits.maxViewDepth)", at: tagStart)
            }
            do { try node(name, attributes) } catch {
                let e = self.error("", at: tagStart)
                throw FormatError(error.message, line: e.line, column: e.column)
            }
            if selfClosing { sink.close(); nodes.removeLast() } else { open.append(name) }
        }

        /// The quote that ends a value: followed by spaces and then `>`, `/>`, the end, or
        /// `name=` with a quote. A quote followed by anything else is the app's text.
        func closingQuote(_ quote: UInt8, from start: Int) -> Int? {
            var i = start
            while i < b.count {
                if b[i] == quote {
                    var k = i + 1
                    while k < b.count, TextLines.isSpace(b[k]) { k += 1 }
                    if k >= b.count || b[k] == UInt8(ascii: ">") || hasPrefix("/>", at: k) { return i }
                    if k > i + 1 {
                        var n = k
                        while n < b.count, Self.isNameByte(b[n]) { n += 1 }
                        var e = n
                        while e < b.count, TextLines.isSpace(b[e]) { e += 1 }
                        if n > k, e + 1 < b.count, b[e] == UInt8(ascii: "="), b[e + 1] == UInt8(ascii: "\"") || b[e + 1] == UInt8(ascii: "'") {
                            return i
                        }
                    }
                }
                i += 1
            }
            return nil
        }

        mutating func node(_ name: String, _ attributes: [(String, String)]) throws(FormatError) {
            var values: [String: String] = [:]
            for (k, v) in attributes { values[k] = v }
            let className = values["class"].flatMap { $0.isEmpty ? nil : $0 } ?? name
            if !decided {
                decided = true
                android = className.contains(".")
            }
            let node = try sink.open(className: className)
            nodes.append(node)
            for (key, value) in attributes where key != "class" {
                if DetoxXMLLoader.numbers.contains(key), let d = Double(value), d.isFinite {
                    try sink.set(key, d == d.rounded() && abs(d) < 1e15 ? .int(Int64(d)) : .double(d), on: node)
                } else if key == "focused", value == "true" || value == "false" {
                    try sink.set(key, .bool(value == "true"), on: node)
                } else {
                    try sink.set(key, .string(value), on: node)
                }
            }
            let id = values["id"].flatMap { $0.isEmpty ? nil : $0 }
            let testID = values["testID"].flatMap { $0.isEmpty ? nil : $0 }
            if let identifier = testID ?? id {
                if testID != nil { identifierFromTestID = true }
                try sink.set(DerivedName.accessibilityIdentifier, .string(identifier), on: node)
            }
            if let label = values["label"], !label.isEmpty, !(android && label == "null") {
                try sink.set(PropertyName.accessibilityLabel, .string(label), on: node)
            }
            if let value = values["value"], !value.isEmpty { try sink.set("accessibilityValue", .string(value), on: node) }
            if let w = values["width"].flatMap(Double.init), let h = values["height"].flatMap(Double.init), w.isFinite, h.isFinite {
                let x = values["x"].map { Double($0) } ?? 0, y = values["y"].map { Double($0) } ?? 0
                if let x, let y, x.isFinite, y.isFinite {
                    let parent = android ? nil : sink.parentAbsoluteFrame
                    sink.setAbsoluteFrame(Rect(x: (parent?.x ?? 0) + x, y: (parent?.y ?? 0) + y, width: w, height: h))
                }
            }
            sink.setUIKitBooleans(visible: values["visibility"].map { .bool($0 == "visible") }, enabled: nil, on: node)
        }

        /// Entities decoded where well formed; a bare `&` stays.
        static func decode(_ s: ArraySlice<UInt8>) -> String {
            guard s.contains(UInt8(ascii: "&")) else { return TextLines.string(s) }
            var out = ""
            var text = TextLines.string(s)[...]
            while let amp = text.firstIndex(of: "&") {
                out += text[..<amp]
                let rest = text[amp...]
                if let semi = rest.prefix(12).firstIndex(of: ";") {
                    let entity = rest[rest.index(after: amp)..<semi]
                    var scalar: Unicode.Scalar?
                    switch entity {
                    case "amp": scalar = "&"
                    case "lt": scalar = "<"
                    case "gt": scalar = ">"
                    case "quot": scalar = "\""
                    case "apos": scalar = "'"
                    default:
                        if entity.hasPrefix("#x") || entity.hasPrefix("#X") { scalar = UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init) }
                        else if entity.hasPrefix("#") { scalar = UInt32(entity.dropFirst()).flatMap(Unicode.Scalar.init) }
                    }
                    if let scalar {
                        out.unicodeScalars.append(scalar)
                        text = rest[rest.index(after: semi)...]
                        continue
                    }
                }
                out += "&"
                text = rest.dropFirst()
            }
            return out + text
        }
    }
}
