import SelectorCore

/// Why a WebdriverIO selector cannot be compiled here, with its position; the words live in
/// `WebdriverIOParseError+Message.swift`, and `WebdriverIOEngine.compile` turns it into a
/// `SelectorError` once. (Errors in the value are the inner engine's own.)
struct WebdriverIOParseError: Error, Equatable {
    /// What went wrong; the associated values are the parts of the message.
    enum Kind: Equatable {
        /// A strategy no engine here runs; `webOnly` when it finds web elements.
        case strategyNotRun(using: String, webOnly: Bool)
        /// A strategy whose engine is not registered (`class_chain` without its plug-in).
        case engineNotRegistered(using: String, engine: String)
    }

    /// What went wrong.
    var kind: Kind
    /// UTF-8 byte offset of the problem.
    var offset: Int

    init(_ kind: Kind, at offset: Int) { self.kind = kind; self.offset = offset }

    /// The error users see: both kinds are usage errors, the selector being well formed.
    func selectorError(in selector: String) -> SelectorError {
        SelectorError(.usage, message, selector: selector, offset: offset, engine: WebdriverIOEngine.engineName)
    }
}
