import SelectorCore

/// A problem found while reading a `regex` selector, with its position; throw sites only say
/// what and where, the words live in `RegexParseError+Message.swift`, and the conversion to a
/// `SelectorError` happens once, in `RegexEngine.compile`.
struct RegexParseError: Error, Equatable {
    /// What went wrong; the associated values are the parts of the message.
    enum Kind: Equatable {
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

    /// What went wrong.
    var kind: Kind
    /// UTF-8 byte offset of the problem.
    var offset: Int

    init(_ kind: Kind, at offset: Int) { self.kind = kind; self.offset = offset }

    /// The error users see (the registry names the engine).
    func selectorError(in selector: String) -> SelectorError {
        .syntax(message, at: offset, in: selector)
    }
}
