/// The cases of one engine's parse errors, each worded once, so throw sites say only what went
/// wrong and where, and the text users read lives in one file of the engine.
///
/// Only `message` is required; the other requirements have defaults for the common engine (a
/// `.syntax` error, the registry naming the engine, nothing embedded).
public protocol ParseErrorKind: Sendable, Equatable {
    /// The problem in words, without its position: `SelectorError` adds the column.
    var message: String { get }
    /// The class of the public error: `.syntax` by default; a bound passed is `.limit`, and
    /// well-formed text asking for what the engine refuses is `.usage`.
    var selectorErrorKind: SelectorError.Kind { get }
    /// The engine the public error names even when the engine is called without the registry,
    /// which names it anyway; nil by default.
    static var engineName: String? { get }
    /// The public error of a problem another parser reported (an embedded NSPredicate's),
    /// passed on as that parser words and classes it rather than worded again; nil by default.
    func embeddedError(in selector: String) -> SelectorError?
}

extension ParseErrorKind {
    /// Most problems are malformed text.
    public var selectorErrorKind: SelectorError.Kind { .syntax }
    /// The registry names the engine of every error it surfaces, so most kinds need not.
    public static var engineName: String? { nil }
    /// Most kinds are the engine's own words.
    public func embeddedError(in selector: String) -> SelectorError? { nil }
}

/// A problem an engine's parser found, with its position: the typed error that parsers throw
/// and tests tell apart by `kind`, made into the public `SelectorError` once, at the engine's
/// boundary (`selectorError(in:)`).
///
/// An engine declares its `Kind` enum and its wording (`message`) and names the error with a
/// typealias: `typealias RegexParseError = EngineParseError<RegexParseErrorKind>`.
public struct EngineParseError<ErrorKind: ParseErrorKind>: Error, Equatable {
    /// The engine's kind enum, reachable through the engine's alias (`RegexParseError.Kind`),
    /// which a generic parameter is not.
    public typealias Kind = ErrorKind

    /// What went wrong; the kind's associated values are the parts of the message.
    public var kind: Kind
    /// UTF-8 byte offset of the problem in the text the engine was given; `SelectorError`
    /// derives the column from it.
    public var offset: Int

    /// The problem `kind` at UTF-8 byte `offset`.
    public init(_ kind: Kind, at offset: Int) { self.kind = kind; self.offset = offset }

    /// The problem in words, without its position.
    public var message: String { kind.message }

    /// The error users see: the embedded parser's own error when the kind carries one, else the
    /// kind's words at `offset` of `selector`, classed as the kind says; named after the kind's
    /// engine when it names one.
    public func selectorError(in selector: String) -> SelectorError {
        if var embedded = kind.embeddedError(in: selector) {
            if let engine = Kind.engineName { embedded.engine = engine }
            return embedded
        }
        return SelectorError(kind.selectorErrorKind, kind.message, selector: selector, offset: offset,
                             engine: Kind.engineName)
    }
}
