import SelectorCore

/// The words a path is made of.
enum Vocabulary {
    /// UISpec's class shorthands (ViewFilterSwizzler.h): `fooBar` means `view:'UIFooBar'`.
    static let shorthands: [String] = [
        "textField", "navigationBar", "label", "button", "navigationButton", "alertView", "textView",
        "tableView", "tableViewCell", "toolbar", "toolbarButton", "tabBar", "tabBarButton", "datePicker",
        "window", "webView", "view", "Switch", "slider", "segmentedControl", "searchBar", "scrollView",
        "progressView", "pickerView", "pageControl", "imageView", "control", "actionSheet",
        "activityIndicatorView", "threePartButton", "navigationItemButtonView", "navigationItemView",
        "removeControlMinusButton", "pushButton",
    ]

    private static let shorthandSet = Set(shorthands)

    /// The UIKit class a shorthand names, or nil when `word` is not one.
    static func className(forShorthand word: String) -> String? {
        guard shorthandSet.contains(word), let first = word.first else { return nil }
        return "UI" + first.uppercased() + word.dropFirst()
    }

    /// The traversal a word names (`find` is UISpec's alias of `descendant`).
    static func traversal(_ word: String) -> Traversal? {
        switch word {
        case "descendant", "find": return .descendant
        case "child": return .child
        case "parent": return .parent
        default: return nil
        }
    }

    /// Words that act on views (UIQuery.h): refused in paths, which only select or check.
    static let actions: Set<String> = ["touch", "tap", "flash", "show", "path", "inspect", "setText"]

    /// Words that only make sense inside an expectation.
    static let expectationWords: Set<String> = ["not", "exist", "be", "have"]

    /// Properties whose getters return an object (a string), with the classes that answer them
    /// (empty: every view, as `NSObject`'s accessibility getters). UISpec's `$()` turns `0` and
    /// `NO` into nil, which UIFilter matches only against a nil value (`==`), so `prop:0` selects
    /// the views that answer with nil; YES and other integers crash it.
    static let objectProperties: [String: ObjectProperty] = [
        "accessibilityLabel": ObjectProperty(classes: []), "accessibilityValue": ObjectProperty(classes: []),
        "accessibilityHint": ObjectProperty(classes: []), "accessibilityIdentifier": ObjectProperty(classes: []),
        "text": ObjectProperty(classes: ["UILabel", "UITextField", "UITextView", "UISearchBar"]),
        "placeholder": ObjectProperty(classes: ["UITextField", "UISearchBar"]),
    ]

    /// Bare words that never take a value.
    static let bareOnly: Set<String> = ["should", "with", "all", "first", "last"]
}

/// A move through the hierarchy that sets up the next class step as an in-place filter.
enum Traversal: String, Equatable {
    case descendant, child, parent
}

/// An object-valued getter: who answers it.
struct ObjectProperty {
    /// Classes whose views answer it; empty for every view.
    var classes: [String]
    /// How messages describe its value.
    var valueKind: String { "a string" }

    /// The views that answer the getter.
    var responders: Predicate {
        classes.isEmpty ? .any : .or(classes.map { .kindOf($0) })
    }
}
