import SelectorCore

/// Why a WebdriverIO selector cannot be compiled here, with its position; the words live in
/// `WebdriverIOParseError+Message.swift`, and `WebdriverIOEngine.compile` turns it into a
/// `SelectorError` once. (Errors in the value are the inner engine's own.)
typealias WebdriverIOParseError = EngineParseError<WebdriverIOParseErrorKind>

/// What went wrong; the associated values are the parts of the message.
enum WebdriverIOParseErrorKind: ParseErrorKind {
    /// A strategy no engine here runs; `webOnly` when it finds web elements.
    case strategyNotRun(using: String, webOnly: Bool)
    /// A strategy whose engine is not registered (`class_chain` without its plug-in).
    case engineNotRegistered(using: String, engine: String)

    /// Both kinds are usage errors, the selector being well formed.
    var selectorErrorKind: SelectorError.Kind { .usage }

    /// Named even when the engine is called without the registry.
    static var engineName: String? { WebdriverIOEngine.engineName }
}
