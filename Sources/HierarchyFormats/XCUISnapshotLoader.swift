import SelectorCore

/// Loads the text XCTest prints for an element's snapshot (`XCUIElement.debugDescription`,
/// `po app`, the "App UI hierarchy" attachment of an `.xcresult`, WebDriverAgent's
/// `/source?format=description`): `Attributes:` and `Element subtree:` headers, then one line per
/// element, indented two spaces a level, the described element marked `→`:
/// `Button, 0x14980ba20, {{25.0, 542.0}, {369.0, 41.0}}, identifier: 'enrollButton', label: 'Enroll'`.
///
/// - Each `Element subtree:` block is read (WebDriverAgent joins one per window); its elements
///   become a tree, the blocks' roots siblings. Lines before the first block (`t = …s` activity
///   lines, `Attributes:`) and after (`Path to element:`, `Query chain:`) are not elements.
/// - The dump printed as one Swift string literal (`po app.debugDescription`: `"Attributes: …\n…"`,
///   with `\n`, `\'`, `\"`, `\\`, `\u{…}` escapes), or as a JSON string (WebDriverAgent's reply to
///   `format=description` saved as it came, `\u2192` escapes), is unescaped first.
/// - A line is `Type, 0xaddress, {{x, y}, {w, h}}, name: value, …, Flag`: types may be two words
///   (`Window (Main)`); the frame is absent on an `Application`; `identifier`, `label`,
///   `placeholderValue` and `title` (macOS) are single-quoted and not escaped (a `'` or `, ` inside
///   stays: a value ends at the quote before `, ` and another known name or a flag, or at the line's
///   end); `value:` is unquoted and cut with `...` when long; bare flags (`Selected`, `Disabled`,
///   `Focused`, …) are true.
/// - Mapping: the class is `XCUIElementType` + the type's first word (`Window (Main)` →
///   `XCUIElementTypeWindow`, the printed type kept as `type`); `identifier` →
///   `accessibilityIdentifier`, `label` → `accessibilityLabel`, `value` → `accessibilityValue`;
///   the frame (screen points) → `accessibilityFrame` and `frame`; `enabled` (false when
///   `Disabled`), `selected`, `focused` booleans as a page source writes them, `isEnabled`. The
///   address is kept as `address`, `pid` as a number, every other name as text.
enum XCUISnapshotLoader {
    /// Names a line writes as `name: value`.
    static let quotedNames: Set<String> = ["identifier", "label", "placeholderValue", "title"]
    static let knownNames: Set<String> = ["identifier", "label", "placeholderValue", "title", "value", "pid"]

    static func load(_ bytes: [UInt8], hierarchy: ClassHierarchy, limits: FormatLimits) throws(FormatError) -> ViewTree {
        try read(bytes, hierarchy: hierarchy, limits: limits).tree
    }

    /// The tree and the 0-based lines of `bytes` it was read from.
    static func read(_ bytes: [UInt8], hierarchy: ClassHierarchy, limits: FormatLimits) throws(FormatError) -> (tree: ViewTree, lines: ClosedRange<Int>) {
        let raw = TextLines(bytes)
        // A Swift string literal holding the dump: unescape it and read that.
        for k in 0..<raw.count {
            let line = raw.line(k)
            guard let q = literalStart(line) else { continue }
            let text = try unescapeLiteral(line, from: q, lines: raw, lineNumber: k)
            do {
                let (tree, _) = try readLines(TextLines(text), hierarchy: hierarchy, limits: limits)
                return (tree, k...k)
            } catch {
                throw FormatError(error.message + " (in the string literal on line \(k + 1))", line: k + 1, column: raw.column(of: q, line: k))
            }
        }
        return try readLines(raw, hierarchy: hierarchy, limits: limits)
    }

    /// The offset of the opening quote when `line` holds the dump as a string literal.
    static func literalStart(_ line: ArraySlice<UInt8>) -> Int? {
        for marker in ["\"Attributes: ", "\"Element subtree:\\n"] {
            if let at = TextLines.find(Array(marker.utf8), in: line) { return at }
        }
        return nil
    }

    /// The literal's content from the quote at `q` to the closing quote (or the line's end).
    static func unescapeLiteral(_ line: ArraySlice<UInt8>, from q: Int, lines: TextLines, lineNumber: Int) throws(FormatError) -> [UInt8] {
        var out: [UInt8] = []
        var i = q + 1
        while i < line.endIndex {
            let c = line[i]
            if c == UInt8(ascii: "\"") { break }
            guard c == UInt8(ascii: "\\"), i + 1 < line.endIndex else { out.append(c); i += 1; continue }
            let e = line[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "0"): out.append(0)
            case UInt8(ascii: "u") where i + 4 <= line.endIndex && line[i] != UInt8(ascii: "{"):
                // JSON's `\u2192` (a WebDriverAgent reply saved as it came: `{"value": "Attributes: …"}`).
                guard let v = UInt32(TextLines.string(line[i..<(i + 4)]), radix: 16), let s = Unicode.Scalar(v) else {
                    throw lines.error("malformed XCUITest snapshot: a \\u escape in the string literal is not \\uXXXX", line: lineNumber, at: i - 2)
                }
                out += Array(String(Character(s)).utf8)
                i += 4
            case UInt8(ascii: "u"):
                guard i < line.endIndex, line[i] == UInt8(ascii: "{"), let close = line[i...].firstIndex(of: UInt8(ascii: "}")),
                      let v = UInt32(TextLines.string(line[(i + 1)..<close]), radix: 16), let s = Unicode.Scalar(v) else {
                    throw lines.error("malformed XCUITest snapshot: a \\u escape in the string literal is not \\u{hex}", line: lineNumber, at: i - 2)
                }
                out += Array(String(Character(s)).utf8)
                i = close + 1
            default: out.append(e)
            }
        }
        return out
    }

    /// An element line's parts.
    struct Element {
        var indent: Int
        var type: String
        var fields: [(String, String)]
        var flags: [String]
        var frame: Rect?
        var address: String?
    }

    static func readLines(_ lines: TextLines, hierarchy: ClassHierarchy, limits: FormatLimits) throws(FormatError) -> (tree: ViewTree, lines: ClosedRange<Int>) {
        var sink = TreeSink(hierarchy: hierarchy, limits: limits, expectedNodes: lines.bytes.count / 90)
        var first: Int?, last = 0
        // Indents of the open elements of the current block, innermost last.
        var indents: [Int] = []
        var inBlock = false
        var sawHeader = false
        var labelSlot = -1
        for k in 0..<lines.count {
            let line = lines.line(k)
            let trimmed = TextLines.trimmed(line)
            if TextLines.hasPrefix(trimmed, "Element subtree:") {
                while !indents.isEmpty { sink.close(); indents.removeLast() }
                inBlock = true
                sawHeader = true
                continue
            }
            if trimmed.isEmpty {
                if inBlock, first != nil { inBlock = false }
                continue
            }
            if !inBlock {
                // Without any header, a pasted subtree starts at its first element line.
                guard !sawHeader, first == nil, parseElement(line) != nil else { continue }
                inBlock = true
            }
            guard let element = parseElement(line) else {
                while !indents.isEmpty { sink.close(); indents.removeLast() }
                inBlock = false
                continue
            }
            while let top = indents.last, top >= element.indent { sink.close(); indents.removeLast() }
            guard indents.count < limits.maxViewDepth else {
                throw lines.error("views nested deeper than \(limits.maxViewDepth) levels (FormatLimits.maxViewDepth)", line: k)
            }
            let node: ViewTreeBuilder.Handle
            do {
                node = try sink.open(className: className(element.type))
                try sink.set("type", .string(element.type), on: node)
                if let address = element.address { try sink.set("address", .string(address), on: node) }
                for (name, value) in element.fields {
                    if name == "pid", let n = Int64(value) { try sink.set(name, .int(n), on: node); continue }
                    try sink.set(name, .string(value), on: node)
                    switch name {
                    case "identifier": if !value.isEmpty { try sink.set(DerivedName.accessibilityIdentifier, .string(value), on: node) }
                    case "label":
                        if !value.isEmpty {
                            if labelSlot < 0 { labelSlot = try sink.slot(PropertyName.accessibilityLabel) }
                            sink.builder.setString(slot: labelSlot, value, on: node)
                        }
                    case "value": try sink.set("accessibilityValue", .string(value), on: node)
                    default: break
                    }
                }
                let disabled = element.flags.contains("Disabled")
                try sink.set("enabled", .bool(!disabled), on: node)
                for flag in element.flags where flag != "Disabled" {
                    try sink.set(flagName(flag), .bool(true), on: node)
                }
                if let frame = element.frame { sink.setAbsoluteFrame(frame) }
                sink.setUIKitBooleans(visible: nil, enabled: .bool(!disabled), on: node)
            } catch {
                throw error.line == nil ? lines.error(error.message, line: k) : error
            }
            indents.append(element.indent)
            if first == nil { first = k }
            last = k
        }
        guard let first else {
            throw FormatError("no XCUITest snapshot element (a line such as 'Button, 0x…, {{x, y}, {w, h}}, label: …') in this text", line: 1, column: 1)
        }
        var tree = try sink.build()
        tree.copiedColumns = [PropertyName.accessibilityLabel: "label", DerivedName.accessibilityIdentifier: "identifier",
                              "accessibilityValue": "value"]
            .filter { tree.columns[$0.key] != nil && tree.columns[$0.value] != nil }
        tree.loaderColumns = TreeSink.loaderColumns(of: tree).union(tree.columns["accessibilityValue"] != nil ? ["accessibilityValue"] : [])
        return (tree, first...last)
    }

    /// `Window (Main)` → `XCUIElementTypeWindow`; `StaticText` → `XCUIElementTypeStaticText`.
    static func className(_ type: String) -> String {
        let word = type.split(separator: " ").first.map(String.init) ?? type
        return word.hasPrefix("XCUIElementType") ? word : "XCUIElementType" + word
    }

    /// `Selected` → `selected`, `Keyboard Focused` → `keyboardFocused`.
    static func flagName(_ flag: String) -> String {
        let words = flag.split(separator: " ")
        guard let head = words.first else { return flag }
        return head.lowercased() + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined()
    }

    /// The parts of an element line, or nil when the line is not one.
    static func parseElement(_ line: ArraySlice<UInt8>) -> Element? {
        var i = line.startIndex
        var indent = 0
        while i < line.endIndex, line[i] == UInt8(ascii: " ") || line[i] == 0x09 { i += 1; indent += 1 }
        // `→` (U+2192) marks the element the description is of.
        if i + 2 < line.endIndex, line[i] == 0xE2, line[i + 1] == 0x86, line[i + 2] == 0x92 { i += 3; indent += 1 }
        let rest = line[i..<line.endIndex]
        guard let c = rest.first, c >= UInt8(ascii: "A"), c <= UInt8(ascii: "Z") else { return nil }
        let text = TextLines.string(rest)
        // The type: a word, and a parenthesised qualifier (`Window (Main)`).
        var typeEnd = text.startIndex
        while typeEnd < text.endIndex, text[typeEnd].isLetter || text[typeEnd].isNumber { typeEnd = text.index(after: typeEnd) }
        if text[typeEnd...].hasPrefix(" ("), let close = text[typeEnd...].firstIndex(of: ")") { typeEnd = text.index(after: close) }
        let type = String(text[..<typeEnd])
        var remainder = text[typeEnd...]
        if remainder.isEmpty { return nil }
        guard remainder.hasPrefix(", ") else { return nil }
        remainder = remainder.dropFirst(2)
        var element = Element(indent: indent, type: type, fields: [], flags: [], frame: nil, address: nil)
        var sawPart = false
        while !remainder.isEmpty {
            if remainder.hasPrefix("0x") {
                let end = remainder.firstRange(of: ", ")?.lowerBound ?? remainder.endIndex
                element.address = String(remainder[..<end])
                remainder = remainder[end...].dropFirst(2)
                sawPart = true
                continue
            }
            if remainder.hasPrefix("{{") {
                guard let close = remainder.firstRange(of: "}}") else { return nil }
                let numbers = remainder[remainder.index(remainder.startIndex, offsetBy: 2)..<close.lowerBound]
                    .split(whereSeparator: { $0 == "," || $0 == "{" || $0 == "}" || $0 == " " })
                    .compactMap { Double($0) }
                guard numbers.count == 4, numbers.allSatisfy({ $0.isFinite }) else { return nil }
                element.frame = Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
                remainder = remainder[close.upperBound...]
                if remainder.hasPrefix(", ") { remainder = remainder.dropFirst(2) } else if !remainder.isEmpty { return nil }
                sawPart = true
                continue
            }
            // `name: value` or a flag.
            if let colon = remainder.firstRange(of: ": "), let name = Optional(String(remainder[..<colon.lowerBound])),
               !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber }) {
                var value = remainder[colon.upperBound...]
                // The names Apple quotes, and any other written quoted (a later Xcode's).
                let quoted = value.hasPrefix("'")
                if quoted { value = value.dropFirst() }
                let end = valueEnd(value, quoted: quoted)
                element.fields.append((name, String(value[..<end.value])))
                remainder = value[end.next...]
                sawPart = true
                continue
            }
            let end = remainder.firstRange(of: ", ")?.lowerBound ?? remainder.endIndex
            let flag = remainder[..<end]
            guard !flag.isEmpty, flag.allSatisfy({ $0.isLetter || $0 == " " }) else { return nil }
            element.flags.append(String(flag))
            remainder = remainder[end...].dropFirst(2)
            sawPart = true
        }
        return sawPart ? element : nil
    }

    /// Where a value ends (`value`) and the next part starts (`next`): at `, ` (after the closing
    /// quote when quoted) followed by a `name: ` or by a flag that ends the line or
    /// precedes another `, `; else the line's end (a quoted value drops its last quote).
    static func valueEnd(_ value: Substring, quoted: Bool) -> (value: Substring.Index, next: Substring.Index) {
        let separator = quoted ? "', " : ", "
        var search = value.startIndex
        while let r = value[search...].firstRange(of: separator) {
            let after = value[r.upperBound...]
            if startsPart(after) { return (r.lowerBound, r.upperBound) }
            search = value.index(after: r.lowerBound)
        }
        if quoted, value.hasSuffix("'") { return (value.index(before: value.endIndex), value.endIndex) }
        return (value.endIndex, value.endIndex)
    }

    /// Whether `text` starts another part of an element line: a known `name: `, or a flag (capitalised
    /// words) that ends the line or comes before `, `.
    static func startsPart(_ text: Substring) -> Bool {
        for name in knownNames where text.hasPrefix(name + ": ") { return true }
        // Any other `name: ` (a name a later Xcode may add).
        if let colon = text.firstRange(of: ": "), let first = text.first, first.isLetter,
           text[..<colon.lowerBound].allSatisfy({ $0.isLetter || $0.isNumber }) { return true }
        let end = text.firstRange(of: ", ")?.lowerBound ?? text.endIndex
        let flag = text[..<end]
        guard let first = flag.first, first.isUppercase, flag.count <= 32 else { return false }
        return flag.allSatisfy { $0.isLetter || $0 == " " }
    }
}
