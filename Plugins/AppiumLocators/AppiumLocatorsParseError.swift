import SelectorCore

/// A problem with a simple-strategy selector, with its position; the words live in
/// `AppiumLocatorsParseError+Message.swift`, and each engine's `compile` turns it into a
/// `SelectorError` once.
typealias AppiumLocatorsParseError = EngineParseError<AppiumLocatorsParseErrorKind>

/// What went wrong in a simple-strategy selector; the associated values are the parts of the message.
enum AppiumLocatorsParseErrorKind: ParseErrorKind {
    /// The selector is empty; `engine` is the strategy's registered name.
    case emptyValue(engine: String)
}
