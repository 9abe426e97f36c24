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
}
