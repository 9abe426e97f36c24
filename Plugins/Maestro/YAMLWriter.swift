/// Writes texts as YAML scalars that `YAMLReader` (and Maestro's YAML reader) read back as the
/// same text: plain where nothing in them means something to YAML or to the `>>` chain splitter,
/// else double-quoted with escapes.
enum YAMLWriter {
    /// `s` as a YAML scalar inside a flow mapping (`{text: …}`), or standing alone.
    static func scalar(_ s: String) -> String {
        isPlainSafe(s) ? s : doubleQuoted(s)
    }

    /// Whether `s` reads back as itself when written without quotes, in flow and block context
    /// alike, and cannot be taken for an engine prefix or a `>>` by the chain splitter.
    static func isPlainSafe(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, let last = s.unicodeScalars.last else { return false }
        if first == " " || last == " " { return false }
        if "-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) { return false }
        if ["~", "null", "Null", "NULL"].contains(s) { return false }
        for u in s.unicodeScalars {
            // Flow indicators end a plain text in a mapping; `:` may start a mapping or an engine
            // prefix; `#` after a blank starts a comment; `>>` splits a chain; `"` opens a
            // literal for the chain splitter; control characters need escapes.
            if ",[]{}:#\"".unicodeScalars.contains(u) || u.value < 0x20 || u.value == 0x7F { return false }
            if u.value >= 0x80 && !u.properties.isAlphabetic && u.properties.generalCategory != .otherPunctuation
                && u.properties.generalCategory != .otherSymbol { return false }
        }
        if s.contains(">>") { return false }
        return true
    }

    /// `s` in double quotes, `\` and `"` escaped, control characters and line separators as
    /// escapes.
    static func doubleQuoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if u.value < 0x20 || u.value == 0x7F || u.value == 0x85 || u.value == 0x2028 || u.value == 0x2029 || u.value == 0xFEFF {
                    let hex = String(u.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }

    /// `s` as a regex that matches exactly `s` (Java's and PCRE2's metacharacters escaped).
    static func regexLiteral(_ s: String) -> String {
        var out = ""
        for ch in s {
            if "\\.^$|?*+()[]{}".contains(ch) { out.append("\\") }
            out.append(ch)
        }
        return out
    }
}
