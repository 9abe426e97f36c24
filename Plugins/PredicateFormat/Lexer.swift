import SelectorCore

/// One token of a format string; offsets are UTF-8 bytes of the whole selector.
struct Token: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// A word or dotted key path as written (`accessibilityLabel`, `rect.x`, `AND`).
        case word(String)
        /// `#word`: a key path even when the word is reserved.
        case escapedWord(String)
        case string(String)
        case number(Double)
        /// Punctuation and symbolic operators, normalised (`=` → `==`, `<>` → `!=`, `=<` → `<=`).
        case symbol(String)
        /// `$name`.
        case variable(String)
        /// `%@`, `%K`, `%d`...
        case format(String)
        case end
    }

    var kind: Kind
    var offset: Int
    var end: Int
}

/// Splits a format string into tokens.
struct Lexer {
    let bytes: [UInt8]
    let selector: String
    var position: Int
    let limit: Int

    init(selector: String, bytes: [UInt8], range: Range<Int>) {
        self.selector = selector; self.bytes = bytes; self.position = range.lowerBound; self.limit = range.upperBound
    }

    static func tokens(of selector: String, bytes: [UInt8], range: Range<Int>) throws(PredicateFormatParseError) -> [Token] {
        var lexer = Lexer(selector: selector, bytes: bytes, range: range)
        var out: [Token] = []
        while true {
            let token = try lexer.next()
            out.append(token)
            if token.kind == .end { return out }
        }
    }

    private func byte(_ i: Int) -> UInt8? { i < limit ? bytes[i] : nil }

    static func isWordStart(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F
    }
    static func isWordByte(_ b: UInt8) -> Bool { isWordStart(b) || (b >= 0x30 && b <= 0x39) }
    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    private mutating func next() throws(PredicateFormatParseError) -> Token {
        while let b = byte(position), b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { position += 1 }
        let start = position
        guard let b = byte(position) else { return Token(kind: .end, offset: limit, end: limit) }
        func token(_ kind: Token.Kind) -> Token { Token(kind: kind, offset: start, end: position) }

        if Self.isWordStart(b) { return token(.word(word())) }
        if Self.isDigit(b) || (b == UInt8(ascii: ".") && byte(position + 1).map(Self.isDigit) == true) {
            return token(.number(try number()))
        }
        switch b {
        case UInt8(ascii: "'"), UInt8(ascii: "\""):
            return token(.string(try string()))
        case UInt8(ascii: "#"):
            position += 1
            guard let w = byte(position), Self.isWordStart(w) else {
                throw PredicateFormatParseError(.expectedKeyPathAfterHash, at: position)
            }
            return token(.escapedWord(word()))
        case UInt8(ascii: "$"):
            position += 1
            while let w = byte(position), Self.isWordByte(w) { position += 1 }
            return token(.variable(String(decoding: bytes[start..<position], as: UTF8.self)))
        case UInt8(ascii: "%"):
            position += 1
            if let w = byte(position), w >= 0x21, w < 0x7F { position += 1 }
            return token(.format(String(decoding: bytes[start..<position], as: UTF8.self)))
        default:
            break
        }
        // Longest operator first.
        let symbols: [(String, String)] = [
            ("==", "=="), ("=<", "<="), ("=>", ">="), ("!=", "!="), ("<>", "!="), ("<=", "<="), (">=", ">="),
            ("&&", "&&"), ("||", "||"), ("=", "=="), ("<", "<"), (">", ">"), ("!", "!"), ("(", "("), (")", ")"),
            ("{", "{"), ("}", "}"), (",", ","), ("[", "["), ("]", "]"), ("-", "-"), ("+", "+"),
        ]
        for (written, normal) in symbols where matches(written) {
            position += written.utf8.count
            return token(.symbol(normal))
        }
        throw PredicateFormatParseError(.unexpectedCharacter(character(at: start)), at: start)
    }

    private func matches(_ s: String) -> Bool {
        var i = position
        for u in s.utf8 {
            guard byte(i) == u else { return false }
            i += 1
        }
        return true
    }

    /// The character starting at `offset`, for messages.
    func character(at offset: Int) -> String {
        var end = offset + 1
        while end < limit, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: bytes[offset..<end], as: UTF8.self)
    }

    /// A word, with `.word` continuations: `rect.x`, `SELF.accessibilityLabel`.
    private mutating func word() -> String {
        let start = position
        while true {
            while let b = byte(position), Self.isWordByte(b) { position += 1 }
            guard byte(position) == UInt8(ascii: "."), let n = byte(position + 1), Self.isWordStart(n) else { break }
            position += 1
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// Decimal (with fraction and exponent), `0x` hex, `0o` octal, `0b` binary.
    private mutating func number() throws(PredicateFormatParseError) -> Double {
        let start = position
        if byte(position) == UInt8(ascii: "0"), let p = byte(position + 1), let radix = [UInt8(ascii: "x"): 16, UInt8(ascii: "X"): 16, UInt8(ascii: "o"): 8, UInt8(ascii: "O"): 8, UInt8(ascii: "b"): 2, UInt8(ascii: "B"): 2][p] {
            position += 2
            let digitsStart = position
            while let d = byte(position), Self.isWordByte(d) { position += 1 }
            let digits = String(decoding: bytes[digitsStart..<position], as: UTF8.self)
            guard let value = UInt64(digits, radix: radix) else {
                throw PredicateFormatParseError(.malformedNumber(String(decoding: bytes[start..<position], as: UTF8.self)), at: start)
            }
            return Double(value)
        }
        while let d = byte(position), Self.isDigit(d) { position += 1 }
        if byte(position) == UInt8(ascii: "."), byte(position + 1).map(Self.isDigit) == true || !(byte(position + 1).map(Self.isWordStart) ?? false) {
            position += 1
            while let d = byte(position), Self.isDigit(d) { position += 1 }
        }
        if let e = byte(position), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            var p = position + 1
            if let s = byte(p), s == UInt8(ascii: "+") || s == UInt8(ascii: "-") { p += 1 }
            if let d = byte(p), Self.isDigit(d) {
                position = p
                while let d = byte(position), Self.isDigit(d) { position += 1 }
            }
        }
        if let w = byte(position), Self.isWordStart(w) || w == UInt8(ascii: ".") {
            while let w = byte(position), Self.isWordByte(w) || w == UInt8(ascii: ".") { position += 1 }
            throw PredicateFormatParseError(.malformedNumber(String(decoding: bytes[start..<position], as: UTF8.self)), at: start)
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        guard let value = Double(text) else { throw PredicateFormatParseError(.malformedNumber(text), at: start) }
        return value
    }

    /// A quoted string: escapes `\'` `\"` `\\` `\n` `\t` `\r` `\0`, `\xHH` and `\uHHHH`.
    private mutating func string() throws(PredicateFormatParseError) -> String {
        let open = position
        let quote = bytes[position]
        position += 1
        var out: [UInt8] = []
        while true {
            guard let b = byte(position) else {
                throw PredicateFormatParseError(.unterminatedString(quote: Character(Unicode.Scalar(quote))), at: open)
            }
            if b == quote { position += 1; break }
            guard b == UInt8(ascii: "\\") else { out.append(b); position += 1; continue }
            let escape = position
            guard let e = byte(position + 1) else {
                throw PredicateFormatParseError(.unterminatedString(quote: Character(Unicode.Scalar(quote))), at: open)
            }
            position += 2
            switch e {
            case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(e)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "0"): out.append(0x00)
            case UInt8(ascii: "x"), UInt8(ascii: "u"):
                let count = e == UInt8(ascii: "x") ? 2 : 4
                guard position + count <= limit,
                      let v = UInt32(String(decoding: bytes[position..<position + count], as: UTF8.self), radix: 16),
                      let scalar = Unicode.Scalar(v) else {
                    throw PredicateFormatParseError(.malformedEscape(letter: Character(Unicode.Scalar(e)), digits: count), at: escape)
                }
                out.append(contentsOf: Array(String(Character(scalar)).utf8))
                position += count
            default:
                // Other escapes keep the backslash: a MATCHES pattern's `\d` and a LIKE pattern's `\*`
                // reach the regex engine and the wildcard reader as written.
                out.append(b); out.append(e)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
