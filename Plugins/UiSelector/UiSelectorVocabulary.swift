import SelectorCore

/// Where each UiSelector method reads a node, on every platform our loaders record.
///
/// A text-valued method reads the first of its sources the node *has* (present, even empty). An
/// Android node (the UIAutomator loader keeps every attribute under its own name) reads only its
/// Android attribute, never the UIKit-side names the loader derives from other attributes; an
/// XCUITest or UIKit node, which has none of the Android names, reads the UIKit-side ones.
/// Docs/Engines/UiSelector.md prints this table.
enum UiSelectorVocabulary {
    /// What kind of argument a method takes.
    enum Argument { case string, regex, boolean, integer, className, selector }

    /// A text-valued criterion: the sources tried in order, and how the value is compared.
    struct TextMethod {
        var sources: [String]
        var operation: StringTest.Operation?
        var caseInsensitive: Bool
    }

    static let text = ["text", PropertyName.accessibilityLabel]
    static let description = ["content-desc", PropertyName.accessibilityLabel]
    static let resourceID = ["resource-id", "accessibilityIdentifier"]
    static let package = ["package"]

    /// Text methods: exact, contains and starts-with as UiSelector.isMatchFor compares them (its
    /// `Contains` and `StartsWith` lower-case both sides; exact and regex compare as written).
    static let textMethods: [String: TextMethod] = [
        "text": TextMethod(sources: text, operation: .equals, caseInsensitive: false),
        "textContains": TextMethod(sources: text, operation: .contains, caseInsensitive: true),
        "textStartsWith": TextMethod(sources: text, operation: .hasPrefix, caseInsensitive: true),
        "textMatches": TextMethod(sources: text, operation: nil, caseInsensitive: false),
        "description": TextMethod(sources: description, operation: .equals, caseInsensitive: false),
        "descriptionContains": TextMethod(sources: description, operation: .contains, caseInsensitive: true),
        "descriptionStartsWith": TextMethod(sources: description, operation: .hasPrefix, caseInsensitive: true),
        "descriptionMatches": TextMethod(sources: description, operation: nil, caseInsensitive: false),
        "resourceId": TextMethod(sources: resourceID, operation: .equals, caseInsensitive: false),
        "resourceIdMatches": TextMethod(sources: resourceID, operation: nil, caseInsensitive: false),
        "packageName": TextMethod(sources: package, operation: .equals, caseInsensitive: false),
        "packageNameMatches": TextMethod(sources: package, operation: nil, caseInsensitive: false),
    ]

    /// Boolean methods → the Android attribute; the UIKit `is` spelling answers when it is missing.
    static let booleanMethods: [String: String] = [
        "checkable": "checkable", "checked": "checked", "clickable": "clickable", "enabled": "enabled",
        "focusable": "focusable", "focused": "focused", "scrollable": "scrollable", "selected": "selected",
        "longClickable": "long-clickable",
    ]

    /// Every method a UiSelector takes, in the order error messages list them.
    static let methods = [
        "text", "textContains", "textStartsWith", "textMatches",
        "description", "descriptionContains", "descriptionStartsWith", "descriptionMatches",
        "resourceId", "resourceIdMatches", "className", "classNameMatches", "packageName", "packageNameMatches",
        "index", "instance", "checkable", "checked", "clickable", "enabled", "focusable", "focused",
        "scrollable", "selected", "longClickable", "childSelector", "fromParent",
    ]

    static func argument(of method: String) -> Argument? {
        if let t = textMethods[method] { return t.operation == nil ? .regex : .string }
        if booleanMethods[method] != nil { return .boolean }
        switch method {
        case "className": return .className
        case "classNameMatches": return .regex
        case "index", "instance": return .integer
        case "childSelector", "fromParent": return .selector
        default: return nil
        }
    }

    /// A node from an Android recording: it has one of the attributes every Android dump writes.
    static let isAndroid = Predicate.or([.hasProperty("package"), .hasProperty("resource-id"), .hasProperty("content-desc")])

    /// `test` on the first of `sources` the node has; the sources after the first (the UIKit-side
    /// names) only off Android, where the loader derives them from other attributes
    /// (`accessibilityLabel` from `content-desc` or `text`, `accessibilityIdentifier` from `resource-id`).
    static func firstPresent(_ sources: [String], _ test: StringTest) -> Predicate {
        var alternatives: [Predicate] = []
        for (i, source) in sources.enumerated() {
            let missing = sources[..<i].map { Predicate.not(.hasProperty($0)) }
            let platform = i == 0 ? [] : [Predicate.not(isAndroid)]
            alternatives.append(.all(missing + platform + [.string(property: source, test)]))
        }
        return alternatives.count == 1 ? alternatives[0] : .or(alternatives)
    }

    /// The boolean criterion: the Android attribute, else its `is` spelling (`isEnabled`).
    static func flag(_ attribute: String, _ value: Bool) -> Predicate {
        attribute.contains("-") ? .bool(property: attribute, value) : .flag(attribute, value)
    }
}
