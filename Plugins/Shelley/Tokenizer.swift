/// Splits a selector into `Token`s, one at a time.
///
/// Lexing depends on position: directly after a `:` a quote opens a string and a digit or `.`
/// starts a number; anywhere else digits belong to names and quotes are stray characters. This is
/// how Shelley's scanner reads `argOne:123argTwo:'x'` as one section with two arguments.
package struct Tokenizer {
    private let scalars: [Unicode.Scalar]
    /// UTF-8 offset of each scalar, plus one past the end.
    private let offsets: [Int]
    private let dialect: ShelleyDialect
    private var i = 0
    private var afterColon = false

    package init(_ selector: String, dialect: ShelleyDialect) {
        var scalars: [Unicode.Scalar] = []
        var offsets: [Int] = []
        var offset = 0
        for s in selector.unicodeScalars {
            scalars.append(s); offsets.append(offset)
            offset += UTF8.width(s)
        }
        offsets.append(offset)
        self.scalars = scalars; self.offsets = offsets; self.dialect = dialect
    }

    /// Every token of `selector`.
    package static func tokens(of selector: String, dialect: ShelleyDialect) throws(ShelleyParseError) -> [Token] {
        var t = Tokenizer(selector, dialect: dialect)
        var out: [Token] = []
        while let token = try t.next() { out.append(token) }
        return out
    }

    /// The next token, or nil at the end.
    package mutating func next() throws(ShelleyParseError) -> Token? {
        guard i < scalars.count else { return nil }
        let start = i
        let wasAfterColon = afterColon
        afterColon = false
        let c = scalars[i]
        if wasAfterColon, let argument = try argument(startingWith: c) {
            return argument
        }
        if Self.isNameCharacter(c) {
            while i < scalars.count && Self.isNameCharacter(scalars[i]) { i += 1 }
            return token(.name(text(start, i)), from: start)
        }
        if c == ":" {
            i += 1; afterColon = true
            return token(.colon, from: start)
        }
        if isSpace(c) {
            while i < scalars.count && isSpace(scalars[i]) { i += 1 }
            return token(.space, from: start)
        }
        i += 1
        return token(.other(Character(c)), from: start)
    }

    /// A string, number or (strict) boolean argument at the cursor, or nil if none starts here.
    private mutating func argument(startingWith c: Unicode.Scalar) throws(ShelleyParseError) -> Token? {
        let start = i
        switch c {
        case "'", "\"":
            return try string(quote: c)
        case "0"..."9", ".":
            while i < scalars.count && (Self.isDigit(scalars[i]) || scalars[i] == ".") { i += 1 }
            let literal = text(start, i)
            if dialect == .strict && !Self.isStrictNumber(literal) {
                throw ShelleyParseError(.badNumber(literal), at: offsets[start])
            }
            return token(.number(literal), from: start)
        default:
            guard dialect == .strict, Self.isNameCharacter(c) else { return nil }
            var j = i
            while j < scalars.count && Self.isNameCharacter(scalars[j]) { j += 1 }
            let word = text(i, j)
            // `foo:NO:'x'` keeps NO as a name: a literal is never followed by its own colon.
            guard j == scalars.count || scalars[j] != ":" else { return nil }
            let value: Bool
            switch word {
            case "true", "YES": value = true
            case "false", "NO": value = false
            default: return nil
            }
            i = j
            return token(.boolean(value), from: start)
        }
    }

    /// A quoted string; the cursor is on the opening quote.
    private mutating func string(quote: Unicode.Scalar) throws(ShelleyParseError) -> Token {
        let start = i
        i += 1
        var value = String.UnicodeScalarView()
        while i < scalars.count {
            let c = scalars[i]
            if c == quote {
                i += 1
                return token(.string(String(value), terminated: true), from: start)
            }
            if c == "\\" && dialect == .strict {
                value.append(try escape())
                continue
            }
            value.append(c); i += 1
        }
        if dialect == .strict { throw ShelleyParseError(.unterminatedString(quote: Character(quote)), at: offsets[start]) }
        // Shelley's scanner takes the rest of the selector and ignores the missing quote.
        return token(.string(String(value), terminated: false), from: start)
    }

    /// An escape sequence; the cursor is on the backslash and ends after the sequence.
    private mutating func escape() throws(ShelleyParseError) -> Unicode.Scalar {
        let start = i
        guard i + 1 < scalars.count else { throw ShelleyParseError(.unknownEscape("\\"), at: offsets[start]) }
        let c = scalars[i + 1]
        i += 2
        switch c {
        case "\\", "'", "\"": return c
        case "n": return "\n"
        case "r": return "\r"
        case "t": return "\t"
        case "u":
            // \u{1F600}: one to eight hex digits in braces. `\u` is a known escape, so a bad one
            // says what is wrong with it rather than calling it unknown.
            var j = i
            guard j < scalars.count, scalars[j] == "{" else {
                throw ShelleyParseError(.badUnicodeEscape("\\u", .malformed), at: offsets[start])
            }
            j += 1
            let digitsStart = j
            while j < scalars.count, scalars[j].properties.isASCIIHexDigit { j += 1 }
            let written = text(start, j < scalars.count && scalars[j] == "}" ? j + 1 : j)
            guard j < scalars.count, scalars[j] == "}", j > digitsStart, j - digitsStart <= 8,
                  let code = UInt32(text(digitsStart, j), radix: 16)
            else { throw ShelleyParseError(.badUnicodeEscape(written, .malformed), at: offsets[start]) }
            guard let scalar = Unicode.Scalar(code) else {
                throw ShelleyParseError(.badUnicodeEscape(written, code > 0x10FFFF ? .beyondUnicode : .surrogate), at: offsets[start])
            }
            i = j + 1
            return scalar
        default: break
        }
        throw ShelleyParseError(.unknownEscape(text(start, min(start + 2, scalars.count))), at: offsets[start])
    }

    private func token(_ kind: Token.Kind, from start: Int) -> Token {
        Token(kind, offset: offsets[start], end: offsets[i])
    }

    private func text(_ from: Int, _ to: Int) -> String {
        var s = String.UnicodeScalarView()
        s.append(contentsOf: scalars[from..<to])
        return String(s)
    }

    /// Between sections Shelley skips `whitespaceCharacterSet` (Unicode Zs and tab); the strict
    /// dialect also accepts line breaks.
    private func isSpace(_ c: Unicode.Scalar) -> Bool {
        if c == "\t" || c.properties.generalCategory == .spaceSeparator { return true }
        return dialect == .strict && c.properties.isWhitespace
    }

    static func isNameCharacter(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case "A"..."Z", "a"..."z", "0"..."9", "_": return true
        default: return false
        }
    }

    static func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }

    /// `digits` or `digits.digits`.
    static func isStrictNumber(_ s: String) -> Bool {
        let parts = s.split(separator: ".", omittingEmptySubsequences: false)
        return (parts.count == 1 || parts.count == 2) && parts.allSatisfy { !$0.isEmpty }
    }
}
