// Every word Appium's simple strategies say about a selector they refuse, in one place.

extension AppiumLocatorsParseError {
    /// The problem in words, without its position (`SelectorError` adds the column).
    var message: String {
        switch kind {
        case .emptyValue(let engine):
            return "empty \(engine) selector; expected the value to match"
        }
    }
}
