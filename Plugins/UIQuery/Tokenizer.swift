/// Splits a path into `Token`s the way UISpec's `$()` does, but with positions and errors.
///
/// - Tokens are separated by single spaces; an empty token (two spaces, a leading or trailing
///   space) is an error rather than UISpec's undefined behaviour.
/// - Strings are quoted with `'`; with `"` only when the path has no `'` at all (UISpec picks one
///   style per path). There are no escapes. Spaces and colons inside a string are kept.
/// - A word splits at its first unquoted colon into name and parameter.
enum Tokenizer {
    static func tokens(of path: String) throws(ParseError) -> [Token] {
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty else { throw ParseError(.emptyPath, at: 0) }
        let quote: UInt8 = bytes.contains(.singleQuote) ? .singleQuote : .doubleQuote
        var tokens: [Token] = []
        var start = 0
        var quoteStart: Int? = nil
        for i in 0...bytes.count {
            if i < bytes.count {
                if bytes[i] == quote { quoteStart = quoteStart == nil ? i : nil }
                if quoteStart != nil || bytes[i] != .space { continue }
            } else if let open = quoteStart {
                throw ParseError(.unterminatedString(quote: Character(Unicode.Scalar(quote))), at: open)
            }
            guard i > start else { throw ParseError(.emptyToken, at: start) }
            tokens.append(try token(bytes, start..<i, quote: quote))
            start = i + 1
        }
        return tokens
    }

    /// One word: `name` or `name:parameter`.
    private static func token(_ bytes: [UInt8], _ range: Range<Int>, quote: UInt8) throws(ParseError) -> Token {
        let spelling = text(bytes, range)
        var colon: Int? = nil
        var inString = false
        for i in range {
            if bytes[i] == quote { inString.toggle() }
            if !inString && bytes[i] == .colon {
                if colon != nil { throw ParseError(.secondColon(token: spelling), at: i) }
                colon = i
            }
        }
        guard let colon else {
            return Token(name: spelling, offset: range.lowerBound, parameter: nil, spelling: spelling)
        }
        let name = text(bytes, range.lowerBound..<colon)
        let valueRange = (colon + 1)..<range.upperBound
        let value = try parameter(bytes, valueRange, quote: quote)
        return Token(name: name, offset: range.lowerBound,
                     parameter: Parameter(value: value, offset: valueRange.lowerBound), spelling: spelling)
    }

    private static func parameter(_ bytes: [UInt8], _ range: Range<Int>, quote: UInt8) throws(ParseError) -> ParameterValue {
        guard !range.isEmpty else { return .missing }
        let quotes = range.filter { bytes[$0] == quote }
        if let first = quotes.first {
            // The tokenizer saw the string closed, so there are at least two quotes here.
            guard first == range.lowerBound else { throw ParseError(.stringNotWholeValue, at: first) }
            let close = quotes[1]
            guard close == range.upperBound - 1 else { throw ParseError(.textAfterString, at: close + 1) }
            return .string(text(bytes, (first + 1)..<close))
        }
        let word = text(bytes, range)
        switch word {
        case "YES": return .boolean(true)
        case "NO": return .boolean(false)
        default:
            if let n = Int(word) { return .integer(n) }
            if word.contains("."), let d = Double(word), d.isFinite { return .decimal(d) }
            return .word(word)
        }
    }

    private static func text(_ bytes: [UInt8], _ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }
}

extension UInt8 {
    static let space: UInt8 = 0x20
    static let colon: UInt8 = 0x3A
    static let singleQuote: UInt8 = 0x27
    static let doubleQuote: UInt8 = 0x22
}
