// Every word the `wdio` engine says about a strategy it cannot run, in one place.

extension WebdriverIOParseErrorKind {
    /// The problem in words, without its position (`SelectorError` adds the column).
    var message: String {
        switch self {
        case .strategyNotRun(let using, let webOnly):
            return "WebdriverIO reads this as the `\(using)` strategy, which "
                + (webOnly ? "finds elements of a web page, not of a native app" : "this tool does not run")
        case .engineNotRegistered(let using, let engine):
            return "WebdriverIO sends this as `\(using)`, which needs the \(engine) engine; "
                + "it is not registered" + (engine == "class_chain" ? " (load libClassChainEngine.so with --plugin)" : "")
        }
    }
}
