/// The lexical moves shared by the parsers of selectors written as test code (Detox's
/// JavaScript, Espresso's Java and Kotlin, Compose's Kotlin, XCUITest's Swift): a byte cursor over
/// C-family call syntax, its blanks and comments, one-byte punctuation, identifiers and whole
/// numbers.
///
/// Each parser keeps its grammar, its string-literal reading (every language escapes differently)
/// and its typed error; only these moves, once written four times, live here. The languages
/// differ in comments and identifier characters, so each parser says which it has; a parser whose
/// comments can be malformed (Swift's nest) writes its own `skipSpace` and throws from it.
package protocol CallSyntaxScanner {
    /// What skipping blanks throws: `Never` unless the parser's own `skipSpace` can fail.
    associatedtype SpaceFailure: Error = Never
    /// The selector's UTF-8 bytes.
    var bytes: [UInt8] { get }
    /// The cursor, a byte offset into `bytes`.
    var i: Int { get set }
    /// Which comments the default `skipSpace` reads as blanks.
    static var comments: CallSyntaxComments { get }
    /// Whether `$` is an identifier character (JavaScript and Java) or not (Kotlin, Swift).
    static var dollarInIdentifiers: Bool { get }
    /// Moves past blanks, and comments as `comments` says.
    mutating func skipSpace() throws(SpaceFailure)
}

/// The comments a selector language may carry, each read as a blank.
package enum CallSyntaxComments: Sendable {
    /// None: a JavaScript matcher is one expression, and `/` starts a regex literal there.
    case none
    /// `//` to the line's end and `/* … */`. An unclosed `/*` either ends the text (Compose) or is
    /// left at the cursor for the grammar to refuse (Espresso).
    case lineAndBlock(unclosedRunsToEnd: Bool)
}

extension CallSyntaxScanner {
    /// No comments, for a parser that writes its own `skipSpace`.
    package static var comments: CallSyntaxComments { .none }
}

extension CallSyntaxScanner where SpaceFailure == Never {
    package mutating func skipSpace() {
        while i < bytes.count {
            let c = bytes[i]
            if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { i += 1; continue }
            guard case .lineAndBlock(let runsToEnd) = Self.comments, c == 0x2F, i + 1 < bytes.count else { return }
            if bytes[i + 1] == 0x2F {
                while i < bytes.count, bytes[i] != 0x0A { i += 1 }
                continue
            }
            guard bytes[i + 1] == 0x2A else { return }
            var j = i + 2
            while j + 1 < bytes.count, !(bytes[j] == 0x2A && bytes[j + 1] == 0x2F) { j += 1 }
            guard j + 1 < bytes.count || runsToEnd else { return }
            i = min(bytes.count, j + 2)
        }
    }
}

extension CallSyntaxScanner {
    /// The byte at the cursor; nil at the end.
    package var current: UInt8? { i < bytes.count ? bytes[i] : nil }

    /// Whether the byte at the cursor is `c` (no blanks skipped).
    package func peek(_ c: UInt8) -> Bool { i < bytes.count && bytes[i] == c }

    /// ASCII letters and `_`, and `$` where the language has it.
    package static func isIdentifierStart(_ c: UInt8) -> Bool {
        (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F || (c == 0x24 && dollarInIdentifiers)
    }

    /// An identifier's start characters and ASCII digits.
    package static func isIdentifierPart(_ c: UInt8) -> Bool { isIdentifierStart(c) || (c >= 0x30 && c <= 0x39) }

    /// Consumes `c` after any blanks when it is there.
    package mutating func eat(_ c: UInt8) throws(SpaceFailure) -> Bool {
        try skipSpace()
        guard peek(c) else { return false }
        i += 1
        return true
    }

    /// The identifier starting at the cursor, consumed (no blanks skipped first); nil, and nothing
    /// consumed, when none starts there. Backticked names are each language's own.
    package mutating func identifierHere() -> String? {
        guard let c = current, Self.isIdentifierStart(c) else { return nil }
        let start = i
        while i < bytes.count, Self.isIdentifierPart(bytes[i]) { i += 1 }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    /// Decimal digits after any blanks, consumed: their value when there are one to `maxDigits`
    /// (so it fits an `Int`), else nil; and where they start, for the parser's error.
    package mutating func wholeNumber(maxDigits: Int) throws(SpaceFailure) -> (value: Int?, start: Int) {
        try skipSpace()
        let start = i
        while i < bytes.count, bytes[i] >= 0x30 && bytes[i] <= 0x39 { i += 1 }
        guard i > start, i - start <= maxDigits else { return (nil, start) }
        return (Int(String(decoding: bytes[start..<i], as: UTF8.self)), start)
    }
}

/// String literals printed for a C-family language, as the engines' suggestions write them.
package enum CallSyntaxLiteral {
    /// What a control character in the value becomes.
    package enum Controls: Sendable {
        /// No literal (nil): the engines that cannot spell one suggest nothing.
        case refused
        /// Swift's `\0` and `\u{hex}` (DEL too).
        case swiftEscaped
    }

    /// `value` between `quote`s, with the quote, `\`, line breaks and tabs escaped, and `$` too
    /// where it would start a template (Kotlin).
    package static func quoted(_ value: String, quote: Unicode.Scalar, escapingDollar: Bool = false,
                               controls: Controls = .refused) -> String? {
        var out = String(quote)
        for scalar in value.unicodeScalars {
            switch scalar {
            case quote: out += "\\" + String(quote)
            case "\\": out += "\\\\"
            case "$" where escapingDollar: out += "\\$"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                switch controls {
                case .refused:
                    if scalar.value < 0x20 { return nil }
                    out.unicodeScalars.append(scalar)
                case .swiftEscaped:
                    if scalar == "\0" {
                        out += "\\0"
                    } else if scalar.value < 0x20 || scalar.value == 0x7F {
                        out += "\\u{" + String(scalar.value, radix: 16) + "}"
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
        }
        return out + String(quote)
    }
}
