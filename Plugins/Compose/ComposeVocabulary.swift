import SelectorCore

// What each Compose filter and finder reads on a UiAutomator recording. Compose publishes its
// semantics tree to accessibility (androidx AndroidComposeViewAccessibilityDelegateCompat), so
// a page source records, per semantics node: the test tag as the whole `resource-id` when the
// app sets `testTagsAsResourceId`, `Text`/`EditableText` as `text`, the first content
// description as `content-desc`, `OnClick` as `clickable`, `ScrollBy` as `scrollable`,
// `Disabled` as `enabled="false"`, `ToggleableState` as `checkable` + `checked`, `Focused` as
// `focusable` + `focused`, and `Selected` as `selected` on a tab but as `checked` on anything
// else. Docs/Engines/Compose.md prints this table.

/// The Compose filters and finders the engine reads, and the ones it refuses with a reason.
enum ComposeVocabulary {
    /// UIAutomator's document element: a container the loader adds, never a semantics node.
    static let notDumpRoot = Predicate.not(.memberOf("hierarchy"))

    /// A parameter of a filter or finder, as Kotlin declares it.
    struct Parameter {
        enum Kind { case string, bool, matcher, varargString }
        var name: String
        var kind: Kind
        /// Whether a call may leave it out (it has a default in Kotlin).
        var optional: Bool
    }

    static func p(_ name: String, _ kind: Parameter.Kind, optional: Bool = false) -> Parameter {
        Parameter(name: name, kind: kind, optional: optional)
    }

    /// The parameters of each filter the engine reads (androidx Filters.kt).
    static let filters: [String: [Parameter]] = [
        "hasTestTag": [p("testTag", .string)],
        "hasText": [p("text", .string), p("substring", .bool, optional: true), p("ignoreCase", .bool, optional: true)],
        "hasContentDescription": [p("value", .string), p("substring", .bool, optional: true), p("ignoreCase", .bool, optional: true)],
        "hasTextExactly": [p("textValues", .varargString), p("includeEditableText", .bool, optional: true)],
        "hasContentDescriptionExactly": [p("values", .varargString)],
        "hasClickAction": [], "hasNoClickAction": [], "hasScrollAction": [], "hasNoScrollAction": [],
        "isEnabled": [], "isNotEnabled": [], "isToggleable": [], "isOn": [], "isOff": [], "isSelected": [],
        "isFocused": [], "isNotFocused": [], "isFocusable": [], "isNotFocusable": [], "hasSetTextAction": [],
        "hasParent": [p("matcher", .matcher)], "hasAnyAncestor": [p("matcher", .matcher)],
        "hasAnyChild": [p("matcher", .matcher)], "hasAnyDescendant": [p("matcher", .matcher)],
        "hasAnySibling": [p("matcher", .matcher)],
    ]

    /// The finders (androidx Finders.kt): their parameters, whether they return a collection, and
    /// the filter that implies (nil: the first argument is the matcher).
    struct Finder {
        var parameters: [Parameter]
        var collection: Bool
        var filter: String?
    }

    static let finders: [String: Finder] = {
        let tag = [p("testTag", .string), p("useUnmergedTree", .bool, optional: true)]
        let text = [p("text", .string), p("substring", .bool, optional: true), p("ignoreCase", .bool, optional: true),
                    p("useUnmergedTree", .bool, optional: true)]
        let label = [p("label", .string), p("substring", .bool, optional: true), p("ignoreCase", .bool, optional: true),
                     p("useUnmergedTree", .bool, optional: true)]
        let matcher = [p("matcher", .matcher), p("useUnmergedTree", .bool, optional: true)]
        return [
            "onNode": Finder(parameters: matcher, collection: false, filter: nil),
            "onAllNodes": Finder(parameters: matcher, collection: true, filter: nil),
            "onNodeWithTag": Finder(parameters: tag, collection: false, filter: "hasTestTag"),
            "onAllNodesWithTag": Finder(parameters: tag, collection: true, filter: "hasTestTag"),
            "onNodeWithText": Finder(parameters: text, collection: false, filter: "hasText"),
            "onAllNodesWithText": Finder(parameters: text, collection: true, filter: "hasText"),
            "onNodeWithContentDescription": Finder(parameters: label, collection: false, filter: "hasContentDescription"),
            "onAllNodesWithContentDescription": Finder(parameters: label, collection: true, filter: "hasContentDescription"),
        ]
    }()

    /// A string test as Compose's `equals`/`contains` with `ignoreCase` makes it.
    static func test(_ value: String, substring: Bool, ignoreCase: Bool) -> StringTest {
        StringTest(substring ? .contains : .equals, value, options: ignoreCase ? .caseInsensitive : [])
    }

    static let clickable = Predicate.bool(property: "clickable", true)
    static let notClickable = Predicate.bool(property: "clickable", false)
    static let scrollable = Predicate.bool(property: "scrollable", true)
    static let notScrollable = Predicate.bool(property: "scrollable", false)
    static let enabled = Predicate.bool(property: "enabled", true)
    static let notEnabled = Predicate.bool(property: "enabled", false)
    static let checkable = Predicate.bool(property: "checkable", true)
    static let on = Predicate.and([checkable, .bool(property: "checked", true)])
    static let off = Predicate.and([checkable, .bool(property: "checked", false)])
    static let selected = Predicate.bool(property: "selected", true)
    // `uiautomator dump` writes `focused`; Appium's UiAutomator2 source (appcrawler) `isFocused`.
    static let focused = Predicate.flag("focused", true)
    static let focusable = Predicate.bool(property: "focusable", true)
    static let notFocused = Predicate.and([focusable, .flag("focused", false)])
    static let notFocusable = Predicate.bool(property: "focusable", false)
    // Compose reports a node with a SetText action as an `android.widget.EditText`.
    static let editText = Predicate.kindOf("android.widget.EditText")

    /// The predicate of a filter without arguments.
    static let flags: [String: Predicate] = [
        "hasClickAction": clickable, "hasNoClickAction": notClickable, "hasScrollAction": scrollable,
        "hasNoScrollAction": notScrollable, "isEnabled": enabled, "isNotEnabled": notEnabled, "isToggleable": checkable,
        "isOn": on, "isOff": off, "isSelected": selected, "isFocused": focused, "isNotFocused": notFocused,
        "isFocusable": focusable, "isNotFocusable": notFocusable, "hasSetTextAction": editText,
    ]

    /// The relation filters' predicates; the inner matcher never passes the dump's root element.
    static func relation(_ name: String, _ inner: Predicate) -> Predicate {
        let m = Predicate.all([notDumpRoot, inner])
        switch name {
        case "hasAnyAncestor": return .hasAncestor(m)
        case "hasParent": return .hasRelative(.parent, m)
        case "hasAnyChild": return .hasRelative(.child, m)
        case "hasAnySibling": return .hasRelative(.sibling, m)
        default: return .hasRelative(.descendant, m)
        }
    }
}
