// Every word Appium's simple strategies say about a selector they refuse, in one place.

extension AppiumLocatorsParseErrorKind {
    /// The problem in words, without its position (`SelectorError` adds the column).
    var message: String {
        switch self {
        case .emptyValue(let engine):
            return "empty \(engine) selector; expected the value to match"
        }
    }
}
