/// A selector's text outside its quoted literals (`"…"` and `'…'`, backslash escapes inside), each
/// literal replaced by a space: what it names rather than the values it compares, for tests that
/// check which attribute names a selector uses.
public func textOutsideQuotes(_ selector: String) -> String {
    var outside = ""
    var quote: Character?
    var escaped = false
    for ch in selector {
        if let q = quote {
            if escaped { escaped = false } else if ch == "\\" { escaped = true } else if ch == q { quote = nil }
            continue
        }
        if ch == "\"" || ch == "'" { quote = ch; outside.append(" "); continue }
        outside.append(ch)
    }
    return outside
}

/// The identifier-like words of `textOutsideQuotes(selector)` (letters, digits, `_`, `-`).
public func wordsOutsideQuotes(_ selector: String) -> [String] {
    textOutsideQuotes(selector).split { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }.map(String.init)
}
