/// One step of a `regex` selector as written, before its pattern is compiled.
///
/// The parser's output and the engine's input: parser tests check these values, and the engine
/// turns each into one descendant step of the program.
struct ParsedStep: Sendable, Equatable {
    /// The class to test by kind (`isKindOfClass:`), when written.
    var className: String?
    /// The string property the pattern reads, when written (`@placeholder`).
    var property: String?
    /// The pattern, absent for a bare `ClassName` step.
    var pattern: ParsedPattern?
    /// UTF-8 offset of the step's first character in the selector.
    var offset: Int

    /// The property a pattern reads when the step names none.
    static let defaultProperty = "accessibilityLabel"
}

/// A `/pattern/flags` token.
struct ParsedPattern: Sendable, Equatable {
    /// The pattern PCRE2 compiles: the text between the slashes with each `\/` read as `/`.
    var text: String
    /// The flags after the closing slash.
    var flags: RegexFlags
    /// The token as written, slashes and flags included (for descriptions).
    var written: String
    /// `selectorOffsets[k]` is the selector offset of pattern byte `k`; the last entry, at index
    /// `text.utf8.count`, is the closing slash. Maps PCRE2's error offsets back to columns.
    var selectorOffsets: [Int]

    /// The selector offset of pattern byte `patternOffset` (clamped to the closing slash).
    func selectorOffset(ofPatternByte patternOffset: Int) -> Int {
        selectorOffsets[min(max(patternOffset, 0), selectorOffsets.count - 1)]
    }
}
