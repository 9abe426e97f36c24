/// Writes text as the quoted string literal selector languages read back (Shelley's `'…'`,
/// NSPredicate's `'…'` or `"…"`, FRY's `"…"`, the program printer's `"…"`).
///
/// One writer so that every engine's ready-made selectors and the printer escape alike: the quote,
/// the backslash, and the line-breaking and tab characters that would otherwise end or disguise a
/// literal.
public enum SelectorLiteral {
    /// `s` between two `quote` characters, with `quote`, `\`, newline, carriage return and tab
    /// written as backslash escapes; `escapingNUL` also writes U+0000 as `\0` (for languages whose
    /// lexers read it, such as NSPredicate's).
    public static func quoted(_ s: String, by quote: Character = "\"", escapingNUL: Bool = false) -> String {
        var out = String(quote)
        for ch in s {
            switch ch {
            case quote, "\\": out.append("\\"); out.append(ch)
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\0" where escapingNUL: out += "\\0"
            default: out.append(ch)
            }
        }
        out.append(quote)
        return out
    }

    /// Longest value quoted whole where a view or a value is named (explanations, diffs, the
    /// locator gate's reasons), in UTF-8 bytes.
    public static let maxQuotedBytes = 512

    /// `s` quoted, or for a longer value its first 200 scalars and its length: ten near misses
    /// and twenty misplaced views each quoting a megabyte label made a 60 MB answer.
    /// A shorter `maxBytes` keeps a shorter head (a one-line report's names).
    public static func quotedClipped(_ s: String, maxBytes: Int = maxQuotedBytes) -> String {
        let bytes = s.utf8.count
        guard bytes > maxBytes else { return quoted(s) }
        // Scalars, not Characters: one Character may hold any number of combining marks.
        let head = String(String.UnicodeScalarView(s.unicodeScalars.prefix(min(200, max(1, maxBytes - 3)))))
        return quoted(head + "…") + " (\(bytes) bytes)"
    }
}
