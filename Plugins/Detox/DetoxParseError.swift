import SelectorCore

/// A problem found while reading a Detox matcher, with its position; throw sites only say what
/// and where, the words live in `DetoxParseError+Message.swift`, and `DetoxEngine.compile` turns
/// it into a `SelectorError` once.
struct DetoxParseError: Error, Equatable {
    /// A token the parser required at the cursor; worded in the message file.
    enum Expected: Equatable {
        case openParenthesis(after: String)
        case closingParenthesis(of: String)
        case dotAfterBy
        case traitList
        case traitListClose
    }

    /// What went wrong; the associated values are the parts of the message.
    enum Kind: Equatable {
        case expected(Expected)
        case onlyAtIndex
        case secondAtIndex
        case textAfterMatcher
        case expectedIndex
        /// Matchers nested past `DetoxParser.maxDepth` (a syntax error, as it always was).
        case nestingTooDeep(limit: Int)
        case expectedMatcher
        case expectedMatcherName
        case ancestorWithDescendant
        case descendantWithDescendant
        case typeNotPattern
        case typeNeedsClassName
        case unknownTrait(String)
        case unknownMatcher(String)
        case needsStringOrRegex(matcher: String)
        case invalidRegex(pcre2Message: String)
        case expectedString
        case templateLiteral
        case badUnicodeEscape
        case unterminatedString
        case unterminatedRegex
        case unknownRegexFlag(Character)
        case noTraits
    }

    /// What went wrong.
    var kind: Kind
    /// UTF-8 byte offset of the problem.
    var offset: Int

    init(_ kind: Kind, at offset: Int) { self.kind = kind; self.offset = offset }

    /// The error users see.
    func selectorError(in selector: String) -> SelectorError {
        SelectorError(.syntax, message, selector: selector, offset: offset, engine: DetoxEngine.engineName)
    }
}
