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

    /// Bare words that never take a value.
    static let bareOnly: Set<String> = ["should", "with", "all", "first", "last"]
}

/// A move through the hierarchy that sets up the next class step as an in-place filter.
enum Traversal: String, Equatable {
    case descendant, child, parent
}
