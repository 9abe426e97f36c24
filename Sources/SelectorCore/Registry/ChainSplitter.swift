/// One `>>`-separated part of a chained selector.
struct ChainPart: Sendable, Equatable {
    /// The engine the part names (`regex:` …) or, without a prefix, the request's engine.
    var engine: String
    /// The part's selector text, without prefix and surrounding whitespace.
    var text: String
    /// UTF-8 offset of `text` in the whole selector: added to a part's error offsets.
    var offset: Int
}

/// Splits `shelley:tableViewCell marked:'Row 7' >> regex:/^Delete$/` into its parts.
///
/// A part may start with `name:` where `name` is a registered engine; anything else that looks
/// like a prefix (`view:'UILabel'` in Shelley) belongs to the selector. `>>` separates parts only
/// outside the literals the part's engine declares (`ChainLiterals`). An unterminated literal runs
/// to the end of the selector: the part's engine reports it, with its column.
enum ChainSplitter {
    /// Whether `selector` may be a chain: it holds `>>` or starts with a registered engine prefix.
    /// Cheap: one pass over the bytes, no allocation. False means "compile it as is".
    static func mayBeChain(_ selector: String, isEngine: (String) -> Bool) -> Bool {
        var previous: UInt8 = 0
        var leading = true      // still in the leading spaces and name bytes
        var nameStart = -1, prefixEnd = -1
        for (i, byte) in selector.utf8.enumerated() {
            if byte == UInt8(ascii: ">") && previous == UInt8(ascii: ">") { return true }
            previous = byte
            guard leading else { continue }
            if isNameByte(byte) {
                if nameStart < 0 { nameStart = i }
            } else if byte == UInt8(ascii: ":") && nameStart >= 0 {
                prefixEnd = i; leading = false
            } else if !(isSpace(byte) && nameStart < 0) {
                leading = false
            }
        }
        guard prefixEnd > nameStart, nameStart >= 0 else { return false }
        let utf8 = selector.utf8
        let name = utf8[utf8.index(utf8.startIndex, offsetBy: nameStart)..<utf8.index(utf8.startIndex, offsetBy: prefixEnd)]
        return isEngine(String(decoding: name, as: UTF8.self))
    }

    /// The parts of `selector`. Throws on an empty part.
    ///
    /// `literals` answers for an engine name: its literals, or nil when no engine has that name
    /// (a part's prefix is then selector text; the default engine's literals default to quotes).
    static func split(_ selector: String, defaultEngine: String,
                      literals: (String) -> ChainLiterals?) throws(SelectorError) -> [ChainPart] {
        let bytes = Array(selector.utf8)
        var parts: [ChainPart] = []
        var position = 0
        var defaultLiterals: ChainLiterals?  // looked up on the first part without a prefix
        while true {
            let partStart = skipSpace(bytes, from: position)
            var engine = defaultEngine
            var textStart = partStart
            let partLiterals: ChainLiterals
            if let (name, end, named) = prefix(in: bytes, at: partStart, literals: literals) {
                engine = name
                partLiterals = named
                textStart = skipSpace(bytes, from: end)
            } else if let defaultLiterals {
                partLiterals = defaultLiterals
            } else {
                partLiterals = literals(defaultEngine) ?? .quotes
                defaultLiterals = partLiterals
            }
            let end = separator(in: bytes, from: textStart, literals: partLiterals)
            var textEnd = end
            while textEnd > textStart && isSpace(bytes[textEnd - 1]) { textEnd -= 1 }
            if textEnd == textStart {
                let what = parts.isEmpty ? (end < bytes.count ? "before '>>'" : "") : "after '>>'"
                throw .syntax(what.isEmpty ? "empty selector" : "empty selector \(what)",
                              at: textStart, in: selector)
            }
            parts.append(ChainPart(engine: engine, text: String(decoding: bytes[textStart..<textEnd], as: UTF8.self),
                                   offset: textStart))
            if end == bytes.count { return parts }
            position = end + 2
        }
    }

    /// `name:` at `index` when `name` is a registered engine: the name, the index after ':' and
    /// the engine's literals.
    private static func prefix(in bytes: [UInt8], at index: Int,
                               literals: (String) -> ChainLiterals?) -> (String, Int, ChainLiterals)? {
        var i = index
        while i < bytes.count && isNameByte(bytes[i]) { i += 1 }
        guard i > index, i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
        let name = String(decoding: bytes[index..<i], as: UTF8.self)
        return literals(name).map { (name, i + 1, $0) }
    }

    /// Index of the next `>>` outside literals, or `bytes.count`.
    private static func separator(in bytes: [UInt8], from start: Int, literals: ChainLiterals) -> Int {
        var i = start
        while i < bytes.count {
            let byte = bytes[i]
            if let close = closer(of: byte, literals) {
                i = skipLiteral(bytes, from: i + 1, until: close)
                continue
            }
            if byte == UInt8(ascii: ">") && i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: ">") { return i }
            i += 1
        }
        return bytes.count
    }

    private static func closer(of byte: UInt8, _ literals: ChainLiterals) -> UInt8? {
        switch byte {
        case UInt8(ascii: "'") where literals.contains(.singleQuotes): return byte
        case UInt8(ascii: "\"") where literals.contains(.doubleQuotes): return byte
        case UInt8(ascii: "`") where literals.contains(.backticks): return byte
        case UInt8(ascii: "/") where literals.contains(.slashes): return byte
        default: return nil
        }
    }

    /// The index after the literal's closing byte (or the end), honouring `\` escapes.
    private static func skipLiteral(_ bytes: [UInt8], from start: Int, until close: UInt8) -> Int {
        var i = start
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "\\") { i += 2; continue }
            if bytes[i] == close { return i + 1 }
            i += 1
        }
        return bytes.count
    }

    private static func skipSpace(_ bytes: [UInt8], from start: Int) -> Int {
        var i = start
        while i < bytes.count && isSpace(bytes[i]) { i += 1 }
        return i
    }

    private static func isSpace(_ b: UInt8) -> Bool {
        b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") || b == UInt8(ascii: "\n") || b == UInt8(ascii: "\r")
    }

    private static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x2D
    }
}
