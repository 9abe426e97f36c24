package import SelectorCore

/// A problem found while reading a Shelley selector, with the UTF-8 offset of the problem; throw
/// sites only say what and where, the text users read is rendered in
/// `ShelleyParseError+message.swift`, and `ShelleyEngine.compile` turns it into a `SelectorError`.
package typealias ShelleyParseError = EngineParseError<ShelleyParseErrorKind>

/// Everything that can be wrong with a Shelley selector; the associated values are the parts of
/// the message.
package enum ShelleyParseErrorKind: ParseErrorKind {
    // Strict dialect.
    /// A quote with no closing quote; offset of the opening quote.
    case unterminatedString(quote: Character)
    /// A backslash followed by something that is not an escape; offset of the backslash.
    case unknownEscape(String)
    /// A `\u` escape that names no Unicode scalar (`\u{110000}`, `\u{D800}`, `\u{}`, `\u41`), as
    /// written up to where it went wrong; offset of the backslash.
    case badUnicodeEscape(String, UnicodeEscapeProblem)
    /// A `[0-9.]+` run that is not `digits` or `digits.digits`.
    case badNumber(String)
    /// A name glued to the previous argument without its `:` (`foo:'a'bar`).
    case missingColon(after: String)
    /// A section with no name (`-x`, a bare `'x'`, `:'x'`).
    case emptySection
    /// A `:` with no argument after it (`marked:`, `foo: 'x'`).
    case missingArgument(after: String)
    /// `index:` without a whole, non-negative number.
    case indexNeedsNumber
    /// `index:` past 4294967295, which Shelley wraps (keeping the low 32 bits).
    case indexOutOfRange(Double, wrapsTo: Int)
    /// A bare word naming a UIKit getter that does not return a BOOL (`alpha`, `tag`).
    case notBoolean(String, returns: String)
    /// Two sections touching (`view'x'`).
    case missingWhitespace(found: Character)
    /// A keyword or class shorthand given arguments (`button:'x'`, `parent:1`).
    case takesNoArgument(String)
    /// A string predicate given a number or boolean (`marked:3`).
    case needsString(String)
    /// `view:` without a non-empty quoted class name.
    case viewNeedsClassName
    /// A built-in with a further part glued on (`view:'UIButton'marked:'x'`).
    case missingSpaceBefore(String)
    /// A bare word that names nothing (`buton`), with the nearest known word when one is close.
    case unknownName(String, suggestion: String?)
    /// A bare word that is a UIKit class without a shorthand (`imageView` for `UIImageView`).
    case noShorthand(String, className: String)
    /// A filter name that needs its argument, written bare (`marked`, `index`).
    case needsArgument(String)
    /// A name with arguments that is neither Shelley's nor registered (`markd:'x'`), with the
    /// nearest known name when one is close.
    case unknownFilter(String, suggestion: String?)

    // Compat dialect: what Shelley raised, as Frank reports it.
    /// `missing paramater`: a section with no name and no argument.
    case missingParamater
    /// `expected a :`: a name glued to an argument without its `:`.
    case expectedAColon
    /// Arguments but no name (`:'x'`): `objectAtIndex:` on an empty array.
    case noParameterForArguments
    /// An Objective-C message the argument does not understand (`index:'3'`, `view:12`).
    case unrecognizedSelector(receiver: String, selector: String)
}

/// What is wrong with a `\u{...}` escape.
package enum UnicodeEscapeProblem: Sendable, Equatable {
    /// Not `\u{` with one to eight hex digits and `}`.
    case malformed
    /// A value past U+10FFFF, the last code point.
    case beyondUnicode
    /// A UTF-16 surrogate (U+D800 to U+DFFF), which is no character on its own.
    case surrogate
}
