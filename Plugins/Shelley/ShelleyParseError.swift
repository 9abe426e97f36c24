/// Everything that can be wrong with a Shelley selector, each case carrying the UTF-8 offset of
/// the problem. The text users read is rendered in `ShelleyParseError+message.swift`.
package enum ShelleyParseError: Error, Sendable, Equatable {
    // Strict dialect.
    /// A quote with no closing quote; offset of the opening quote.
    case unterminatedString(quote: Character, at: Int)
    /// A backslash followed by something that is not an escape; offset of the backslash.
    case unknownEscape(String, at: Int)
    /// A `\u` escape that names no Unicode scalar (`\u{110000}`, `\u{D800}`, `\u{}`, `\u41`), as
    /// written up to where it went wrong; offset of the backslash.
    case badUnicodeEscape(String, UnicodeEscapeProblem, at: Int)
    /// A `[0-9.]+` run that is not `digits` or `digits.digits`.
    case badNumber(String, at: Int)
    /// A name glued to the previous argument without its `:` (`foo:'a'bar`).
    case missingColon(after: String, at: Int)
    /// A section with no name (`-x`, a bare `'x'`, `:'x'`).
    case emptySection(at: Int)
    /// A `:` with no argument after it (`marked:`, `foo: 'x'`).
    case missingArgument(after: String, at: Int)
    /// `index:` without a whole, non-negative number.
    case indexNeedsNumber(at: Int)
    /// `index:` past 4294967295, which Shelley wraps (keeping the low 32 bits).
    case indexOutOfRange(Double, wrapsTo: Int, at: Int)
    /// A bare word naming a UIKit getter that does not return a BOOL (`alpha`, `tag`).
    case notBoolean(String, returns: String, at: Int)
    /// Two sections touching (`view'x'`).
    case missingWhitespace(found: Character, at: Int)
    /// A keyword or class shorthand given arguments (`button:'x'`, `parent:1`).
    case takesNoArgument(String, at: Int)
    /// A string predicate given a number or boolean (`marked:3`).
    case needsString(String, at: Int)
    /// `view:` without a non-empty quoted class name.
    case viewNeedsClassName(at: Int)
    /// A built-in with a further part glued on (`view:'UIButton'marked:'x'`).
    case missingSpaceBefore(String, at: Int)
    /// A bare word that names nothing (`buton`), with the nearest known word when one is close.
    case unknownName(String, suggestion: String?, at: Int)
    /// A bare word that is a UIKit class without a shorthand (`imageView` for `UIImageView`).
    case noShorthand(String, className: String, at: Int)
    /// A filter name that needs its argument, written bare (`marked`, `index`).
    case needsArgument(String, at: Int)
    /// A name with arguments that is neither Shelley's nor registered (`markd:'x'`), with the
    /// nearest known name when one is close.
    case unknownFilter(String, suggestion: String?, at: Int)

    // Compat dialect: what Shelley raised, as Frank reports it.
    /// `missing paramater`: a section with no name and no argument.
    case missingParamater(at: Int)
    /// `expected a :`: a name glued to an argument without its `:`.
    case expectedAColon(at: Int)
    /// Arguments but no name (`:'x'`): `objectAtIndex:` on an empty array.
    case noParameterForArguments(at: Int)
    /// An Objective-C message the argument does not understand (`index:'3'`, `view:12`).
    case unrecognizedSelector(receiver: String, selector: String, at: Int)

    /// UTF-8 offset of the problem.
    package var offset: Int {
        switch self {
        case .unterminatedString(_, let at), .unknownEscape(_, let at), .badUnicodeEscape(_, _, let at),
             .badNumber(_, let at), .missingColon(_, let at), .emptySection(let at), .missingArgument(_, let at),
             .indexNeedsNumber(let at), .indexOutOfRange(_, _, let at), .notBoolean(_, _, let at),
             .missingWhitespace(_, let at), .takesNoArgument(_, let at),
             .needsString(_, let at), .viewNeedsClassName(let at), .missingSpaceBefore(_, let at),
             .unknownName(_, _, let at), .noShorthand(_, _, let at), .needsArgument(_, let at),
             .unknownFilter(_, _, let at),
             .missingParamater(let at), .expectedAColon(let at), .noParameterForArguments(let at),
             .unrecognizedSelector(_, _, let at):
            return at
        }
    }
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
