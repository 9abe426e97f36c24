/// Why a JSON document could not be read, and where.
public struct JSONError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public var message: String
    /// 1-based line and column of the offending byte.
    public var line: Int, column: Int
    public var description: String { "\(message) at line \(line), column \(column)" }
}

/// A forward-only JSON reader over UTF-8 bytes.
///
/// Written by hand for two reasons: the `/dump` loader streams nodes straight into a
/// `ViewTreeBuilder` (no intermediate object graph, so memory stays a small multiple of the file),
/// and every error carries a line and column. Nesting is bounded by `maxDepth` so hostile input
/// cannot exhaust the stack.
public struct JSONReader: ~Copyable {
    let base: UnsafeBufferPointer<UInt8>
    var pos: Int = 0
    /// Deepest nesting of arrays and objects `readValue` accepts.
    public var maxDepth: Int

    public init(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int = 512) {
        self.base = bytes
        self.maxDepth = maxDepth
    }

    /// Parses a whole document held in `bytes`.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = 512) throws(JSONError) -> JSONValue {
        let result: Result<JSONValue, JSONError> = bytes.withUnsafeBufferPointer { buf in
            var r = JSONReader(buf, maxDepth: maxDepth)
            return Result { () throws(JSONError) in
                let v = try r.readValue()
                try r.expectEnd()
                return v
            }
        }
        return try result.get()
    }

    /// Parses a document given as text.
    public static func parse(_ text: String, maxDepth: Int = 512) throws(JSONError) -> JSONValue {
        try parse(Array(text.utf8), maxDepth: maxDepth)
    }

    // MARK: errors

    func error(_ message: String, at offset: Int? = nil) -> JSONError {
        let at = min(offset ?? pos, base.count)
        var line = 1, col = 1
        var i = 0
        while i < at {
            if base[i] == 0x0A { line += 1; col = 1 }
            // Count columns in characters, not bytes: skip UTF-8 continuation bytes.
            else if base[i] & 0xC0 != 0x80 { col += 1 }
            i += 1
        }
        return JSONError(message: message, line: line, column: col)
    }

    // MARK: tokens

    @inline(__always) mutating func skipWhitespace() {
        while pos < base.count {
            let b = base[pos]
            if b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { pos += 1 } else { return }
        }
    }

    /// The next non-whitespace byte without consuming it (nil at the end).
    @inline(__always) mutating func peek() -> UInt8? {
        skipWhitespace()
        return pos < base.count ? base[pos] : nil
    }

    @inline(__always) mutating func expect(_ b: UInt8, _ what: StaticString) throws(JSONError) {
        skipWhitespace()
        guard pos < base.count else { throw error("unexpected end of input, expected \(what)") }
        guard base[pos] == b else { throw error("expected \(what), found \(describe(base[pos]))") }
        pos += 1
    }

    /// Consumes `b` if it is next.
    @inline(__always) mutating func consume(_ b: UInt8) -> Bool {
        skipWhitespace()
        if pos < base.count && base[pos] == b { pos += 1; return true }
        return false
    }

    func describe(_ b: UInt8) -> String {
        if b >= 0x20 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        return "byte 0x" + String(b, radix: 16)
    }

    mutating func expectEnd() throws(JSONError) {
        skipWhitespace()
        if pos < base.count { throw error("unexpected \(describe(base[pos])) after the document") }
    }

    /// Reads a string token (the opening quote must be next).
    mutating func readString() throws(JSONError) -> String {
        try expect(UInt8(ascii: "\""), "a string")
        let start = pos
        // Fast path: no escapes, valid UTF-8 checked by String's decoder below.
        while pos < base.count {
            let b = base[pos]
            if b == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: base[start..<pos])
                pos += 1
                return try validated(slice, at: start)
            }
            if b == UInt8(ascii: "\\") { break }
            if b < 0x20 { throw error("control character in string") }
            pos += 1
        }
        var bytes = [UInt8](UnsafeBufferPointer(rebasing: base[start..<pos]))
        while pos < base.count {
            let b = base[pos]
            if b == UInt8(ascii: "\"") {
                pos += 1
                return try bytes.withUnsafeBufferPointer { buf throws(JSONError) in try validated(buf, at: start) }
            }
            if b < 0x20 { throw error("control character in string") }
            if b != UInt8(ascii: "\\") { bytes.append(b); pos += 1; continue }
            pos += 1
            guard pos < base.count else { break }
            let e = base[pos]
            pos += 1
            switch e {
            case UInt8(ascii: "\""): bytes.append(0x22)
            case UInt8(ascii: "\\"): bytes.append(0x5C)
            case UInt8(ascii: "/"): bytes.append(0x2F)
            case UInt8(ascii: "b"): bytes.append(0x08)
            case UInt8(ascii: "f"): bytes.append(0x0C)
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "u"):
                // Errors point at the backslash of the escape at fault, not at whatever follows it.
                let escape = pos - 2
                var scalar = try readHex4(escape: escape)
                if (0xD800..<0xDC00).contains(scalar) {
                    // A high surrogate must be followed by a low one to form one scalar.
                    guard pos + 1 < base.count, base[pos] == UInt8(ascii: "\\"), base[pos + 1] == UInt8(ascii: "u")
                    else { throw error(Self.unpairedHigh(scalar, before: nil), at: escape) }
                    pos += 2
                    let low = try readHex4(escape: pos - 2)
                    guard (0xDC00..<0xE000).contains(low) else {
                        throw error(Self.unpairedHigh(scalar, before: low), at: escape)
                    }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(scalar) {
                    throw error("unpaired surrogate \(Self.escapeText(scalar)): a low surrogate must follow a high one"
                                + " (\\uD800 to \\uDBFF)", at: escape)
                }
                bytes.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
            default:
                throw error("invalid escape '\\\(Character(Unicode.Scalar(e)))'", at: pos - 2)
            }
        }
        throw error("unterminated string", at: start - 1)
    }

    /// The four hex digits after `\u`; `escape` is the offset of its backslash.
    private mutating func readHex4(escape: Int) throws(JSONError) -> UInt32 {
        var v: UInt32 = 0
        for k in 0..<4 {
            guard pos < base.count else { throw error("truncated \\u escape: it takes exactly four hex digits", at: escape) }
            let b = base[pos]
            let d: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(b - UInt8(ascii: "A") + 10)
            case UInt8(ascii: "{") where k == 0:
                // `\u{1F600}` is Swift's and JavaScript's form, not JSON's.
                throw error("JSON has no \\u{...} escape: write \\u and four hex digits, a surrogate pair above U+FFFF",
                            at: escape)
            default: throw error("invalid hex digit \(describe(b)) in \\u escape: it takes exactly four hex digits")
            }
            v = v * 16 + d
            pos += 1
        }
        return v
    }

    private static func unpairedHigh(_ high: UInt32, before next: UInt32?) -> String {
        "unpaired surrogate \(escapeText(high)): a high surrogate must be followed by a low one (\\uDC00 to \\uDFFF)"
            + (next.map { ", not \(escapeText($0))" } ?? "")
    }

    /// `\uD800` for 0xD800, as an escape is written in messages.
    private static func escapeText(_ unit: UInt32) -> String {
        let hex = String(unit, radix: 16, uppercase: true)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    private func validated(_ slice: UnsafeBufferPointer<UInt8>, at start: Int) throws(JSONError) -> String {
        // ASCII is the common case and always valid.
        var ascii = true
        for b in slice where b >= 0x80 { ascii = false; break }
        if ascii { return String(decoding: slice, as: UTF8.self) }
        guard let s = String(validating: slice, as: UTF8.self) else { throw error("invalid UTF-8 in string", at: start) }
        return s
    }

    /// Reads a string token's raw bytes when it has no escapes (the common case for keys); nil
    /// (with nothing consumed) when it has escapes or is not a string.
    mutating func readPlainStringBytes() -> UnsafeBufferPointer<UInt8>? {
        skipWhitespace()
        guard pos < base.count, base[pos] == UInt8(ascii: "\"") else { return nil }
        var i = pos + 1
        while i < base.count {
            let b = base[i]
            if b == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: base[(pos + 1)..<i])
                pos = i + 1
                return slice
            }
            if b == UInt8(ascii: "\\") || b < 0x20 || b >= 0x80 { return nil }
            i += 1
        }
        return nil
    }

    /// Reads a number as a `Double` (nil, nothing consumed, when the next token is not a number).
    mutating func readDouble() -> Double? {
        let save = pos
        guard let b = peek(), b == UInt8(ascii: "-") || (b >= 0x30 && b <= 0x39) else { return nil }
        guard let v = try? readNumber() else { pos = save; return nil }
        return v.numberValue
    }

    /// Reads Frank's frame object `{"origin":{"x":..,"y":..},"size":{"width":..,"height":..}}` (keys in
    /// any order) without building a `JSONValue`; nil with nothing consumed for any other shape.
    mutating func readFrame() -> Rect? {
        let save = pos
        var x = Double.nan, y = Double.nan, w = Double.nan, h = Double.nan
        func key(_ r: inout JSONReader) -> String? {
            guard let k = r.readPlainStringBytes() else { return nil }
            guard r.consume(UInt8(ascii: ":")) else { return nil }
            return String(decoding: k, as: UTF8.self)
        }
        func pair(_ r: inout JSONReader, _ a: String, _ b: String) -> (Double, Double)? {
            guard r.consume(UInt8(ascii: "{")) else { return nil }
            var va = Double.nan, vb = Double.nan
            for n in 0..<2 {
                if n == 1 && !r.consume(UInt8(ascii: ",")) { return nil }
                guard let k = key(&r), let v = r.readDouble() else { return nil }
                if k == a { va = v } else if k == b { vb = v } else { return nil }
            }
            guard r.consume(UInt8(ascii: "}")), !va.isNaN, !vb.isNaN else { return nil }
            return (va, vb)
        }
        guard consume(UInt8(ascii: "{")) else { return nil }
        for n in 0..<2 {
            if n == 1 && !consume(UInt8(ascii: ",")) { pos = save; return nil }
            switch key(&self) {
            case "origin": guard let p = pair(&self, "x", "y") else { pos = save; return nil }; (x, y) = p
            case "size": guard let p = pair(&self, "width", "height") else { pos = save; return nil }; (w, h) = p
            default: pos = save; return nil
            }
        }
        guard consume(UInt8(ascii: "}")), !x.isNaN, !w.isNaN else { pos = save; return nil }
        return Rect(x: x, y: y, width: w, height: h)
    }

    /// Reads a number token.
    mutating func readNumber() throws(JSONError) -> JSONValue {
        skipWhitespace()
        let start = pos
        var isInteger = true
        if pos < base.count && base[pos] == UInt8(ascii: "-") { pos += 1 }
        let digitsStart = pos
        while pos < base.count, base[pos] >= 0x30 && base[pos] <= 0x39 { pos += 1 }
        if pos == digitsStart { throw error("invalid number", at: start) }
        if base[digitsStart] == 0x30 && pos - digitsStart > 1 { throw error("leading zero in number", at: start) }
        if pos < base.count && base[pos] == UInt8(ascii: ".") {
            isInteger = false
            pos += 1
            let f = pos
            while pos < base.count, base[pos] >= 0x30 && base[pos] <= 0x39 { pos += 1 }
            if pos == f { throw error("invalid number", at: start) }
        }
        if pos < base.count && (base[pos] == UInt8(ascii: "e") || base[pos] == UInt8(ascii: "E")) {
            isInteger = false
            pos += 1
            if pos < base.count && (base[pos] == UInt8(ascii: "+") || base[pos] == UInt8(ascii: "-")) { pos += 1 }
            let e = pos
            while pos < base.count, base[pos] >= 0x30 && base[pos] <= 0x39 { pos += 1 }
            if pos == e { throw error("invalid number", at: start) }
        }
        if isInteger && pos - digitsStart <= 18 {
            // Up to 18 digits always fit an Int64: no String round trip.
            var v: Int64 = 0
            for k in digitsStart..<pos { v = v &* 10 &+ Int64(base[k] &- 0x30) }
            return .int(base[start] == UInt8(ascii: "-") ? -v : v)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: base[start..<pos]), as: UTF8.self)
        if isInteger, let i = Int64(text) { return .int(i) }
        guard let d = Double(text), d.isFinite else { throw error("number out of range", at: start) }
        return .double(d)
    }

    /// Reads any value, nesting at most `maxDepth - depth` deeper.
    public mutating func readValue(depth: Int = 0) throws(JSONError) -> JSONValue {
        guard let b = peek() else { throw error("unexpected end of input, expected a value") }
        switch b {
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "{"):
            guard depth < maxDepth else { throw error("JSON nested deeper than \(maxDepth) levels") }
            pos += 1
            var pairs: [(String, JSONValue)] = []
            if consume(UInt8(ascii: "}")) { return .object(pairs) }
            repeat {
                let key = try readString()
                try expect(UInt8(ascii: ":"), "':'")
                pairs.append((key, try readValue(depth: depth + 1)))
            } while consume(UInt8(ascii: ","))
            try expect(UInt8(ascii: "}"), "',' or '}'")
            return .object(pairs)
        case UInt8(ascii: "["):
            guard depth < maxDepth else { throw error("JSON nested deeper than \(maxDepth) levels") }
            pos += 1
            var items: [JSONValue] = []
            if consume(UInt8(ascii: "]")) { return .array(items) }
            repeat { items.append(try readValue(depth: depth + 1)) } while consume(UInt8(ascii: ","))
            try expect(UInt8(ascii: "]"), "',' or ']'")
            return .array(items)
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try readNumber()
        default: throw error("unexpected \(describe(b)), expected a value")
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONError) {
        let n = word.utf8CodeUnitCount
        let ok = pos + n <= base.count && word.withUTF8Buffer { w in
            (0..<n).allSatisfy { base[pos + $0] == w[$0] }
        }
        guard ok else { throw error("invalid literal") }
        pos += n
    }
}
