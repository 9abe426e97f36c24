/// `UiScrollable`'s own public methods (androidx.test.uiautomator 2.3), the only ones Appium's
/// `UiExpressionParser.findMethod` can find: it searches `getDeclaredMethods()`, so UiCollection's
/// and UiObject's methods (`click()`, `getChild(…)`) are unknown there, and it coerces each argument
/// from its text to `boolean`, `String`, `int`, `Class` or `UiSelector` only, so an overload taking
/// a `double` or a `UiObject` can never be called.
enum UiScrollableVocabulary {
    /// A parameter type of a UiScrollable method.
    enum Parameter: String { case selector = "UiSelector", string = "String", int = "int", bool = "boolean",
                                  double = "double", object = "UiObject" }

    /// What a method returns, which decides what Appium answers when it is the last call.
    enum Returns { case object, scrollable, other }

    /// One overload.
    struct Method {
        var parameters: [Parameter]
        var returns: Returns

        /// Whether Appium's coercion turns `args` into this overload's parameters.
        func accepts(_ args: [Value]) -> Bool {
            guard args.count == parameters.count else { return false }
            for (arg, parameter) in zip(args, parameters) {
                switch (arg, parameter) {
                case (.selector, .selector), (.string, .string), (.int, .int), (.bool, .bool): continue
                default: return false
                }
            }
            return true
        }
    }

    /// An argument as read.
    enum Value {
        case selector(ParsedUiSelector), string(String), int(Int), bool(Bool), other(String)

        /// What the argument is, for the error naming it.
        var kind: UiSelectorParseErrorKind.ArgumentKind {
            switch self {
            case .selector: .selector
            case .string: .string
            case .int: .int
            case .bool: .bool
            case .other(let text): .other(text)
            }
        }
    }

    private static func m(_ parameters: [Parameter], _ returns: Returns) -> Method { Method(parameters: parameters, returns: returns) }

    /// Every public method UiScrollable declares, by name, with its overloads.
    static let methods: [String: [Method]] = [
        "ensureFullyVisible": [m([.object], .other)],
        "flingBackward": [m([], .other)],
        "flingForward": [m([], .other)],
        "flingToBeginning": [m([.int], .other)],
        "flingToEnd": [m([.int], .other)],
        "getChildByDescription": [m([.selector, .string], .object), m([.selector, .string, .bool], .object)],
        "getChildByInstance": [m([.selector, .int], .object)],
        "getChildByText": [m([.selector, .string], .object), m([.selector, .string, .bool], .object)],
        "getMaxSearchSwipes": [m([], .other)],
        "getSwipeDeadZonePercentage": [m([], .other)],
        "scrollBackward": [m([], .other), m([.int], .other)],
        "scrollDescriptionIntoView": [m([.string], .object)],
        "scrollForward": [m([], .other), m([.int], .other)],
        "scrollIntoView": [m([.selector], .object), m([.object], .other)],
        "scrollTextIntoView": [m([.string], .object)],
        "scrollToBeginning": [m([.int], .other), m([.int, .int], .other)],
        "scrollToEnd": [m([.int], .other), m([.int, .int], .other)],
        "setAsHorizontalList": [m([], .scrollable)],
        "setAsVerticalList": [m([], .scrollable)],
        "setMaxSearchSwipes": [m([.int], .scrollable)],
        "setSwipeDeadZonePercentage": [m([.double], .scrollable)],
    ]

    /// The method names in the order error messages list them.
    static let names = methods.keys.sorted()
}
