import SelectorCore

/// A problem found while reading a UiSelector string, with its position; throw sites only say
/// what and where, the words live in `UiSelectorParseError+Message.swift`, and
/// `UiSelectorEngine.compile` turns it into a `SelectorError` once.
typealias UiSelectorParseError = EngineParseError<UiSelectorParseErrorKind>

/// What went wrong in a UiSelector string; the associated values are the parts of the message.
enum UiSelectorParseErrorKind: ParseErrorKind {
    /// Which kind of string a method wanted; worded in the message file.
    enum StringRole: Equatable { case text, regex, className }

    /// What an argument of a UiScrollable call turned out to be, for the "no such overload" message.
    enum ArgumentKind: Equatable { case selector, string, int, bool, other(String) }

    case emptySelector
    case emptyStatement
    case textAfterSelector
    case expectedConstructor
    case constructorTakesNoArguments
    /// `childSelector`, `fromParent` or `UiScrollable` nested past the bound: a `.limit` error.
    case nestingTooDeep(limit: Int)
    case needsSelectorArgument(method: String)
    case expectedConstructorAndMethods
    case expectedMethod
    case unknownMethod(String)
    case openParenthesis(after: String)
    case closeScrollableConstructor
    case invalidRegex(method: String, pcre2Message: String)
    case needsBoolean(method: String)
    case oneArgument(method: String)
    case unclosedCall(method: String)
    case needsString(method: String, StringRole)
    case unterminatedString
    case numberTooLarge(method: String)
    case needsWholeNumber(method: String)
    case negativeNumber(method: String)
    case needsClassName
    case classNameWithClassSuffix
    case expectedScrollableMethod
    case unknownScrollableMethod(String)
    /// No overload of `method` takes these arguments; `overloads` are the parameter lists there are.
    case scrollableMismatch(method: String, given: [ArgumentKind], overloads: [[UiScrollableVocabulary.Parameter]])
    case scrollableNeedsUiObject
    case unclosedScrollableArguments(method: String)
    case negativeChildInstance

    /// The nesting bound is a limit, not malformed text.
    var selectorErrorKind: SelectorError.Kind {
        if case .nestingTooDeep = self { return .limit }
        return .syntax
    }
}
