/// The flags written after a pattern's closing `/`, e.g. the `i` of `/^save$/i`.
///
/// Each letter maps to one PCRE2 compile option; see `PCRE2Pattern` for the mapping.
struct RegexFlags: OptionSet, Sendable, Hashable, CustomStringConvertible {
    let rawValue: UInt8
    init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `i`: caseless (Unicode case folding, since patterns are compiled in UTF mode).
    static let caseless = RegexFlags(rawValue: 1 << 0)
    /// `m`: `^` and `$` also match at line breaks inside the value.
    static let multiline = RegexFlags(rawValue: 1 << 1)
    /// `s`: `.` also matches a line break.
    static let dotAll = RegexFlags(rawValue: 1 << 2)
    /// `x`: whitespace and `#` comments in the pattern are ignored.
    static let extended = RegexFlags(rawValue: 1 << 3)
    /// `u`: `\d`, `\w`, `\b` and POSIX classes use Unicode properties (PCRE2_UCP).
    static let unicodeProperties = RegexFlags(rawValue: 1 << 4)

    /// The flag letters, in the order the documentation lists them.
    static let letters: [(Character, RegexFlags)] = [
        ("i", .caseless), ("m", .multiline), ("s", .dotAll), ("x", .extended), ("u", .unicodeProperties),
    ]

    /// The flag a letter stands for, or nil when the letter is not a flag.
    init?(letter: UInt8) {
        guard let found = Self.letters.first(where: { $0.0.asciiValue == letter }) else { return nil }
        self = found.1
    }

    /// The flags as written: `imsxu` order.
    var description: String {
        String(Self.letters.filter { contains($0.1) }.map(\.0))
    }
}
