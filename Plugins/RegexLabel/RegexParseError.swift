import SelectorCore

/// A problem found while reading a `regex` selector, with its position; throw sites only say
/// what and where, the words live in `RegexParseError+Message.swift`, and the conversion to a
/// `SelectorError` happens once, in `RegexEngine.compile` (the registry names the engine).
typealias RegexParseError = EngineParseError<RegexParseErrorKind>

/// What went wrong in a `regex` selector; the associated values are the parts of the message.
enum RegexParseErrorKind: ParseErrorKind {
    case emptySelector
    case expectedPropertyName
    case expectedPattern(afterProperty: String)
    case unexpectedCharacter(Character)
    case unterminatedPattern
    case unknownFlag(Character)
    case expectedWhitespaceAfterFlags(found: Character)
    case repeatedFlag(Character)
    /// PCRE2 refused step `step`'s pattern: its own words, unchanged.
    case invalidPattern(step: Int, pcre2Message: String)
}
