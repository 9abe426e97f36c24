import SelectorCore

/// A problem found while reading a path, with its position; turned into a `SelectorError` at the
/// module boundary (the wording lives in `ParseError+Message.swift`).
struct ParseError: Error, Equatable {
    enum Kind: Equatable {
        case emptyPath
        case emptyToken
        case unterminatedString(quote: Character)
        case stringNotWholeValue
        case textAfterString
        case secondColon(token: String)
        case unknownToken(String)
        case misplacedExpectationWord(String)
        case takesNoValue(String)
        case missingValue(name: String)
        case badValue(name: String, got: String)
        case indexNeedsInteger(got: String?)
        case needsString(name: String, what: String)
        /// YES or a non-zero integer for a property that holds an object: UISpec crashes.
        case crashesUISpec(name: String, value: String, kind: String)
        case withNeedsProperty
        /// `parent` while the selection is the application, which has no superview.
        case parentOfApplication
        case incompleteExpectation(word: String, wanted: String)
        case afterExpectation(String)
        case action(String)
        case expectationInSelection
        case noExpectation
    }

    var kind: Kind
    /// UTF-8 byte offset of the problem.
    var offset: Int

    init(_ kind: Kind, at offset: Int) { self.kind = kind; self.offset = offset }

    /// The error users see.
    func selectorError(in path: String) -> SelectorError {
        var e = SelectorError(isUsage ? .usage : .syntax, message, selector: path, offset: offset)
        e.engine = UIQueryEngine.engineName
        return e
    }

    private var isUsage: Bool {
        switch kind {
        case .action, .expectationInSelection, .noExpectation: return true
        default: return false
        }
    }
}
