/// The cursor moves that the byte-level recursive-descent parsers share (FRY's DSL, Appium's
/// UiSelector chains): spaces, one-byte punctuation, identifiers, and errors at a byte offset.
///
/// Each parser keeps its own state and grammar; only these moves, which were written twice, live
/// here. Identifier rules differ per language, so each parser says where an identifier may start.
package protocol ByteCursorParser {
    /// The selector as given, for error messages.
    var selector: String { get }
    /// Its UTF-8 bytes.
    var bytes: [UInt8] { get }
    /// The cursor, a byte offset into `bytes`.
    var pos: Int { get set }
    /// Whether `b` may start an identifier (letters and `_` in both languages; Java adds `$`).
    static func isIdentStart(_ b: UInt8) -> Bool
}

extension ByteCursorParser {
    /// An identifier continues with its start characters and ASCII digits.
    package static func isIdent(_ b: UInt8) -> Bool { isIdentStart(b) || (b >= 0x30 && b <= 0x39) }

    /// A syntax error at byte `offset` of the selector.
    package func error(_ message: String, at offset: Int) -> SelectorError {
        .syntax(message, at: offset, in: selector)
    }

    /// Moves past spaces, tabs and line breaks.
    package mutating func skipSpace() {
        while pos < bytes.count, bytes[pos] == 0x20 || bytes[pos] == 0x09 || bytes[pos] == 0x0A || bytes[pos] == 0x0D {
            pos += 1
        }
    }

    /// The identifier after any spaces, consumed; nil (nothing consumed but the spaces) when none starts there.
    package mutating func identifier() -> String? {
        skipSpace()
        guard pos < bytes.count, Self.isIdentStart(bytes[pos]) else { return nil }
        let start = pos
        while pos < bytes.count, Self.isIdent(bytes[pos]) { pos += 1 }
        return String(decoding: bytes[start..<pos], as: UTF8.self)
    }

    /// Consumes `c` after any spaces when it is there.
    package mutating func accept(_ c: UInt8) -> Bool {
        skipSpace()
        if pos < bytes.count, bytes[pos] == c { pos += 1; return true }
        return false
    }

    /// Consumes `c` after any spaces, or throws "expected `what`" at the cursor.
    package mutating func expect(_ c: UInt8, _ what: String) throws(SelectorError) {
        guard accept(c) else { throw error("expected \(what)", at: pos) }
    }
}
