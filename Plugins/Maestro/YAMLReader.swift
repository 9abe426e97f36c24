import SelectorCore

// The part of YAML a Maestro selector is written in, read into a tree of nodes that remember
// where they start. No YAML library is available to the package, and a selector needs little:
//
// - flow style (`{text: "Log.*", below: {id: header}, index: 1}`), which JSON is a case of
//   (`{"text": "Log.*"}`): mappings, sequences, plain, single- and double-quoted scalars;
// - block style, as flows are usually written (`text: Login` on one line and `below:` with a
//   nested mapping indented under it, `containsDescendants:` with `- ` items);
// - a lone scalar (`Login`, `"Login"`), which Maestro reads as `text`.
//
// Anchors, aliases, tags, block scalars (`|`, `>`) and multi-line plain scalars in block style
// are refused with an error that names them. Every error carries the UTF-8 offset of its cause.

/// A YAML value as read, with the offset (UTF-8 bytes into the selector) where it starts.
struct YAMLNode: Equatable {
    /// What the node holds.
    indirect enum Value: Equatable {
        /// A scalar; `plain` when it was written without quotes (only plain scalars can be
        /// `null`, `true` or a number to YAML).
        case scalar(String, plain: Bool)
        /// A mapping, its entries in the order written.
        case mapping([Entry])
        /// A sequence.
        case sequence([YAMLNode])
    }

    /// One key and its value.
    struct Entry: Equatable {
        var key: String
        /// Where the key starts.
        var keyOffset: Int
        var value: YAMLNode
    }

    var value: Value
    var offset: Int

    /// Whether YAML reads the node as null: an empty or `~`/`null` plain scalar.
    var isNull: Bool {
        if case .scalar(let s, plain: true) = value { return s.isEmpty || s == "~" || s == "null" || s == "Null" || s == "NULL" }
        return false
    }
}

/// Reads one YAML document holding a selector.
struct YAMLReader {
    /// Deepest nesting of mappings and sequences accepted: well past any real selector, and
    /// shallow enough that the recursive reader and compiler stay far from the stack's end.
    static let maxNesting = 32

    private let text: String
    private let bytes: [UInt8]
    private var i = 0

    init(_ text: String) {
        self.text = text
        self.bytes = Array(text.utf8)
    }

    /// The document's one node.
    static func read(_ text: String) throws(SelectorError) -> YAMLNode {
        var reader = YAMLReader(text)
        return try reader.document()
    }

    // MARK: errors and bytes

    private func error(_ message: String, at offset: Int) -> SelectorError {
        .syntax(message, at: offset, in: text)
    }

    private var atEnd: Bool { i >= bytes.count }
    private var current: UInt8 { bytes[i] }
    private func byte(at k: Int) -> UInt8? { k < bytes.count ? bytes[k] : nil }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
    private static func isBreak(_ b: UInt8) -> Bool { b == 0x0A || b == 0x0D }
    private static func isBlank(_ b: UInt8?) -> Bool { b == nil || isSpace(b!) || isBreak(b!) }
    private static func isFlowIndicator(_ b: UInt8?) -> Bool {
        guard let b else { return false }
        return b == UInt8(ascii: ",") || b == UInt8(ascii: "[") || b == UInt8(ascii: "]")
            || b == UInt8(ascii: "{") || b == UInt8(ascii: "}")
    }

    /// Skips spaces, tabs, line breaks and comments (a `#` at a line's start or after a blank).
    private mutating func skipBlanksAndComments() {
        while !atEnd {
            let b = current
            if Self.isSpace(b) || Self.isBreak(b) { i += 1; continue }
            if b == UInt8(ascii: "#") && (i == 0 || Self.isBlank(bytes[i - 1])) {
                while !atEnd && !Self.isBreak(current) { i += 1 }
                continue
            }
            break
        }
    }

    /// Skips spaces and tabs, and a comment up to the end of the line.
    private mutating func skipSpacesAndComment() {
        while !atEnd && Self.isSpace(current) { i += 1 }
        if !atEnd && current == UInt8(ascii: "#") && (i == 0 || Self.isBlank(bytes[i - 1])) {
            while !atEnd && !Self.isBreak(current) { i += 1 }
        }
    }

    /// The column (0-based, in bytes) of offset `k` on its line.
    private func column(of k: Int) -> Int {
        var s = k
        while s > 0 && !Self.isBreak(bytes[s - 1]) { s -= 1 }
        return k - s
    }

    /// Whether only spaces lie between the line's start and offset `k`.
    private func startsLine(_ k: Int) -> Bool {
        var s = k
        while s > 0 && !Self.isBreak(bytes[s - 1]) {
            if bytes[s - 1] != 0x20 { return false }
            s -= 1
        }
        return true
    }

    // MARK: the document

    private mutating func document() throws(SelectorError) -> YAMLNode {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        skipBlanksAndComments()
        if !atEnd && current == UInt8(ascii: "-") && byte(at: i + 1) == UInt8(ascii: "-") && byte(at: i + 2) == UInt8(ascii: "-")
            && Self.isBlank(byte(at: i + 3)) {
            i += 3
            skipBlanksAndComments()
        }
        guard !atEnd else { throw error("expected a selector: a text, or a mapping such as {text: \"Login\"}", at: i) }
        let node: YAMLNode
        if try looksLikeBlockMapping() {
            node = try blockMapping(indent: column(of: i), depth: 1)
        } else if current == UInt8(ascii: "-") && Self.isBlank(byte(at: i + 1)) {
            node = try blockSequence(indent: column(of: i), depth: 1)
        } else {
            node = try flowNode(depth: 0, block: true)
        }
        skipBlanksAndComments()
        guard atEnd else { throw error("unexpected text after the selector", at: i) }
        return node
    }

    /// Whether a block mapping's first key starts here: a key (plain or quoted) followed by `:`
    /// and a blank, on one line.
    private mutating func looksLikeBlockMapping() throws(SelectorError) -> Bool {
        let start = i
        defer { i = start }
        guard !atEnd else { return false }
        let b = current
        if b == UInt8(ascii: "{") || b == UInt8(ascii: "[") { return false }
        if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
            // A quoted scalar that is a key: `"text": x`. An unterminated one is the scalar's
            // error to report.
            guard (try? quoted()) != nil else { return false }
            while !atEnd && Self.isSpace(current) { i += 1 }
            return !atEnd && current == UInt8(ascii: ":") && Self.isBlank(byte(at: i + 1))
        }
        while !atEnd && !Self.isBreak(current) {
            if current == UInt8(ascii: ":") && Self.isBlank(byte(at: i + 1)) { return true }
            if current == UInt8(ascii: "#") && i > start && Self.isSpace(bytes[i - 1]) { return false }
            i += 1
        }
        return false
    }

    // MARK: block style

    /// The entries of a block mapping whose keys start at column `indent`.
    private mutating func blockMapping(indent: Int, depth: Int) throws(SelectorError) -> YAMLNode {
        guard depth <= Self.maxNesting else { throw nestingError() }
        let start = i
        var entries: [YAMLNode.Entry] = []
        while true {
            let keyOffset = i
            let key = try blockKey()
            // After `key:`.
            skipSpacesAndComment()
            let value: YAMLNode
            if atEnd || Self.isBreak(current) {
                value = try blockValue(parentIndent: indent, depth: depth, at: i)
            } else {
                value = try flowNode(depth: depth, block: true)
                skipSpacesAndComment()
                guard atEnd || Self.isBreak(current) else {
                    throw error("unexpected text after the value of '\(key)'", at: i)
                }
            }
            entries.append(.init(key: key, keyOffset: keyOffset, value: value))
            // The next entry: the next non-blank line at this indent; less ends the mapping.
            let lineEnd = i
            skipBlanksAndComments()
            if atEnd { break }
            let c = column(of: i)
            if c == indent && startsLine(i) { continue }
            if c < indent && startsLine(i) { i = lineEnd; break }
            throw error("bad indentation: expected a key at column \(indent + 1)", at: i)
        }
        return YAMLNode(value: .mapping(entries), offset: start)
    }

    /// A key of a block mapping and its `:`.
    private mutating func blockKey() throws(SelectorError) -> String {
        let start = i
        if current == UInt8(ascii: "\"") || current == UInt8(ascii: "'") {
            let key = try quoted()
            while !atEnd && Self.isSpace(current) { i += 1 }
            guard !atEnd && current == UInt8(ascii: ":") && Self.isBlank(byte(at: i + 1)) else {
                throw error("expected ':' after the key", at: i)
            }
            i += 1
            return key
        }
        try refuseIndicator(at: i)
        while !atEnd && !Self.isBreak(current) {
            if current == UInt8(ascii: ":") && Self.isBlank(byte(at: i + 1)) {
                let key = trimmed(start, i)
                i += 1
                return key
            }
            i += 1
        }
        throw error("expected 'key: value'", at: start)
    }

    /// The value of a key whose line ends after the `:`: a nested block mapping or sequence on
    /// the lines below, or null.
    private mutating func blockValue(parentIndent: Int, depth: Int, at offset: Int) throws(SelectorError) -> YAMLNode {
        let lineEnd = i
        skipBlanksAndComments()
        if atEnd { return YAMLNode(value: .scalar("", plain: true), offset: offset) }
        let c = column(of: i)
        guard startsLine(i) else { throw error("unexpected text", at: i) }
        // A sequence may sit at its key's own column (YAML's compact form).
        if current == UInt8(ascii: "-") && Self.isBlank(byte(at: i + 1)) && c >= parentIndent {
            return try blockSequence(indent: c, depth: depth + 1)
        }
        if c <= parentIndent {
            i = lineEnd
            return YAMLNode(value: .scalar("", plain: true), offset: offset)
        }
        if try looksLikeBlockMapping() { return try blockMapping(indent: c, depth: depth + 1) }
        throw error("a value on the lines below its key must be a mapping or a list (write a text on the key's line)", at: i)
    }

    /// The items of a block sequence whose `-` marks sit at column `indent`.
    private mutating func blockSequence(indent: Int, depth: Int) throws(SelectorError) -> YAMLNode {
        guard depth <= Self.maxNesting else { throw nestingError() }
        let start = i
        var items: [YAMLNode] = []
        while true {
            // At the `-`.
            i += 1
            while !atEnd && Self.isSpace(current) { i += 1 }
            if atEnd || Self.isBreak(current) || current == UInt8(ascii: "#") {
                skipSpacesAndComment()
                items.append(try blockValue(parentIndent: indent, depth: depth, at: i))
            } else if try looksLikeBlockMapping() {
                items.append(try blockMapping(indent: column(of: i), depth: depth + 1))
            } else {
                items.append(try flowNode(depth: depth, block: true))
                skipSpacesAndComment()
                guard atEnd || Self.isBreak(current) else { throw error("unexpected text after a list item", at: i) }
            }
            let lineEnd = i
            skipBlanksAndComments()
            if atEnd { break }
            let c = column(of: i)
            if c == indent && startsLine(i) && current == UInt8(ascii: "-") && Self.isBlank(byte(at: i + 1)) { continue }
            if c <= indent && startsLine(i) { i = lineEnd; break }
            throw error("bad indentation: expected '- ' at column \(indent + 1)", at: i)
        }
        return YAMLNode(value: .sequence(items), offset: start)
    }

    // MARK: flow style

    /// A flow node: a mapping, a sequence or a scalar. `block`: the node stands in block
    /// context (a value on its key's line), where a plain scalar may hold `,`, `[`, `]`, `{`
    /// and `}` and ends at the line's end.
    private mutating func flowNode(depth: Int, block: Bool) throws(SelectorError) -> YAMLNode {
        if !block { skipBlanksAndComments() }
        let start = i
        guard !atEnd else { throw error("expected a value", at: i) }
        switch current {
        case UInt8(ascii: "{"): return try flowMapping(depth: depth + 1)
        case UInt8(ascii: "["): return try flowSequence(depth: depth + 1)
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return YAMLNode(value: .scalar(try quoted(), plain: false), offset: start)
        default:
            return YAMLNode(value: .scalar(try plain(inFlow: !block), plain: true), offset: start)
        }
    }

    private func nestingError() -> SelectorError {
        SelectorError(.limit, "the selector nests deeper than \(Self.maxNesting) levels", selector: text, offset: i)
    }

    private mutating func flowMapping(depth: Int) throws(SelectorError) -> YAMLNode {
        guard depth <= Self.maxNesting else { throw nestingError() }
        let start = i
        i += 1
        var entries: [YAMLNode.Entry] = []
        while true {
            skipBlanksAndComments()
            guard !atEnd else { throw error("unterminated mapping: expected '}'", at: start) }
            if current == UInt8(ascii: "}") { i += 1; break }
            let keyOffset = i
            guard current != UInt8(ascii: "{") && current != UInt8(ascii: "[") else {
                throw error("a key must be a text, not a mapping or a list", at: i)
            }
            guard current != UInt8(ascii: ",") else { throw error("expected a key before ','", at: i) }
            let key: String
            let quotedKey = current == UInt8(ascii: "\"") || current == UInt8(ascii: "'")
            if quotedKey { key = try quoted() } else { key = try plain(inFlow: true) }
            skipBlanksAndComments()
            guard !atEnd && current == UInt8(ascii: ":") else {
                if !quotedKey, let colon = key.utf8.firstIndex(of: UInt8(ascii: ":")) {
                    let at = keyOffset + key.utf8.distance(from: key.utf8.startIndex, to: colon)
                    throw error("expected a space after ':' (YAML reads '\(key)' as one word)", at: at)
                }
                throw error("expected ':' after the key '\(key)'", at: i)
            }
            i += 1
            // `{a: }` and `{a:, b: 1}`: a null value.
            skipBlanksAndComments()
            let value: YAMLNode
            if !atEnd && (current == UInt8(ascii: ",") || current == UInt8(ascii: "}")) {
                value = YAMLNode(value: .scalar("", plain: true), offset: i)
            } else {
                value = try flowNode(depth: depth, block: false)
            }
            entries.append(.init(key: key, keyOffset: keyOffset, value: value))
            skipBlanksAndComments()
            guard !atEnd else { throw error("unterminated mapping: expected '}'", at: start) }
            if current == UInt8(ascii: ",") { i += 1; continue }
            if current == UInt8(ascii: "}") { i += 1; break }
            throw error("expected ',' or '}' after the value of '\(key)'", at: i)
        }
        return YAMLNode(value: .mapping(entries), offset: start)
    }

    private mutating func flowSequence(depth: Int) throws(SelectorError) -> YAMLNode {
        guard depth <= Self.maxNesting else { throw nestingError() }
        let start = i
        i += 1
        var items: [YAMLNode] = []
        while true {
            skipBlanksAndComments()
            guard !atEnd else { throw error("unterminated list: expected ']'", at: start) }
            if current == UInt8(ascii: "]") { i += 1; break }
            guard current != UInt8(ascii: ",") else { throw error("expected a value before ','", at: i) }
            items.append(try flowNode(depth: depth, block: false))
            skipBlanksAndComments()
            guard !atEnd else { throw error("unterminated list: expected ']'", at: start) }
            if current == UInt8(ascii: ",") { i += 1; continue }
            if current == UInt8(ascii: "]") { i += 1; break }
            throw error("expected ',' or ']' in the list", at: i)
        }
        return YAMLNode(value: .sequence(items), offset: start)
    }

    /// Refuses what a plain scalar cannot start with: YAML's indicators for anchors, aliases,
    /// tags, block scalars, directives and reserved characters.
    private func refuseIndicator(at k: Int) throws(SelectorError) {
        switch bytes[k] {
        case UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"):
            throw error("YAML anchors, aliases and tags are not supported in a selector", at: k)
        case UInt8(ascii: "|"), UInt8(ascii: ">"):
            throw error("YAML block scalars ('|', '>') are not supported in a selector; quote the text", at: k)
        case UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"):
            throw error("a plain YAML text cannot start with '\(Character(Unicode.Scalar(bytes[k])))'; quote it", at: k)
        case UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: "-"):
            // Indicators only before a blank: `-5` and `:x` are plain texts.
            if Self.isBlank(byte(at: k + 1)) { throw error("unexpected '\(Character(Unicode.Scalar(bytes[k])))'", at: k) }
        case UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ","):
            throw error("unexpected '\(Character(Unicode.Scalar(bytes[k])))'", at: k)
        default: break
        }
    }

    /// A plain scalar: up to `: ` (or `:` before a flow indicator in flow context), ` #`, the
    /// line's end (block context) or a flow indicator (flow context); line breaks inside a flow
    /// scalar fold to one space, as YAML folds them.
    private mutating func plain(inFlow: Bool) throws(SelectorError) -> String {
        try refuseIndicator(at: i)
        let start = i
        var lines: [String] = []
        var lineStart = i
        while !atEnd {
            let b = current
            if b == UInt8(ascii: ":") && (Self.isBlank(byte(at: i + 1)) || (inFlow && Self.isFlowIndicator(byte(at: i + 1)))) { break }
            if b == UInt8(ascii: "#") && i > start && Self.isBlank(bytes[i - 1]) { break }
            if inFlow && Self.isFlowIndicator(b) { break }
            if Self.isBreak(b) {
                guard inFlow else { break }
                lines.append(trimmed(lineStart, i))
                i += 1
                lineStart = i
                continue
            }
            i += 1
        }
        lines.append(trimmed(lineStart, i))
        return lines.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The text of `bytes[a..<b]` without surrounding spaces and tabs.
    private func trimmed(_ a: Int, _ b: Int) -> String {
        var lo = a, hi = b
        while lo < hi && Self.isSpace(bytes[lo]) { lo += 1 }
        while hi > lo && (Self.isSpace(bytes[hi - 1]) || bytes[hi - 1] == 0x0D) { hi -= 1 }
        return String(decoding: bytes[lo..<hi], as: UTF8.self)
    }

    /// A single- or double-quoted scalar, escapes resolved; line breaks inside fold to a space.
    private mutating func quoted() throws(SelectorError) -> String {
        let open = i
        let quote = current
        i += 1
        var out: [UInt8] = []
        while true {
            guard !atEnd else {
                throw error("unterminated \(quote == UInt8(ascii: "'") ? "single" : "double")-quoted text", at: open)
            }
            let b = current
            if b == quote {
                if quote == UInt8(ascii: "'") && byte(at: i + 1) == quote { out.append(quote); i += 2; continue }
                i += 1
                break
            }
            if Self.isBreak(b) {
                // YAML folds a line break (and the blanks around it) into one space.
                while let last = out.last, Self.isSpace(last) { out.removeLast() }
                i += 1
                while !atEnd && (Self.isSpace(current) || Self.isBreak(current)) { i += 1 }
                out.append(0x20)
                continue
            }
            if b == UInt8(ascii: "\\") && quote == UInt8(ascii: "\"") {
                try escape(into: &out)
                continue
            }
            out.append(b)
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// One escape of a double-quoted scalar (YAML 1.2 §5.7), at the backslash.
    private mutating func escape(into out: inout [UInt8]) throws(SelectorError) {
        let at = i
        guard let e = byte(at: i + 1) else { throw error("unterminated double-quoted text", at: at) }
        i += 2
        func append(_ scalar: Unicode.Scalar) { out.append(contentsOf: Array(String(Character(scalar)).utf8)) }
        switch e {
        case UInt8(ascii: "0"): out.append(0)
        case UInt8(ascii: "a"): out.append(7)
        case UInt8(ascii: "b"): out.append(8)
        case UInt8(ascii: "t"), 0x09: out.append(9)
        case UInt8(ascii: "n"): out.append(10)
        case UInt8(ascii: "v"): out.append(11)
        case UInt8(ascii: "f"): out.append(12)
        case UInt8(ascii: "r"): out.append(13)
        case UInt8(ascii: "e"): out.append(0x1B)
        case 0x20, UInt8(ascii: "\""), UInt8(ascii: "/"), UInt8(ascii: "\\"): out.append(e)
        case UInt8(ascii: "N"): append("\u{85}")
        case UInt8(ascii: "_"): append("\u{A0}")
        case UInt8(ascii: "L"): append("\u{2028}")
        case UInt8(ascii: "P"): append("\u{2029}")
        case UInt8(ascii: "x"), UInt8(ascii: "u"), UInt8(ascii: "U"):
            let digits = e == UInt8(ascii: "x") ? 2 : e == UInt8(ascii: "u") ? 4 : 8
            guard i + digits <= bytes.count,
                  let value = UInt32(String(decoding: bytes[i..<(i + digits)], as: UTF8.self), radix: 16),
                  let scalar = Unicode.Scalar(value) else {
                throw error("expected \(digits) hexadecimal digits of a Unicode scalar after '\\\(Character(Unicode.Scalar(e)))'", at: at)
            }
            i += digits
            append(scalar)
        case 0x0A, 0x0D:
            // An escaped line break joins the lines without a space.
            if e == 0x0D && byte(at: i) == 0x0A { i += 1 }
            while !atEnd && Self.isSpace(current) { i += 1 }
        default:
            let shown = e < 0x80 ? String(Character(Unicode.Scalar(e))) : "…"
            throw error("unknown escape '\\\(shown)' in double-quoted text (write '\\\\' for a backslash, or use single quotes)", at: at)
        }
    }
}
