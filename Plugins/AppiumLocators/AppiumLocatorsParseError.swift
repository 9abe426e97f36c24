import SelectorCore

/// A problem with a simple-strategy selector, with its position; the words live in
/// `AppiumLocatorsParseError+Message.swift`, and each engine's `compile` turns it into a
/// `SelectorError` once.
struct AppiumLocatorsParseError: Error, Equatable {
    /// What went wrong; the associated values are the parts of the message.
    enum Kind: Equatable {
        /// The selector is empty; `engine` is the strategy's registered name.
        case emptyValue(engine: String)
    }

    /// What went wrong.
    var kind: Kind
    /// UTF-8 byte offset of the problem.
    var offset: Int

    init(_ kind: Kind, at offset: Int) { self.kind = kind; self.offset = offset }

    /// The error users see.
    func selectorError(in selector: String) -> SelectorError {
        SelectorError(.syntax, message, selector: selector, offset: offset)
    }
}
