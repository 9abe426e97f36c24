/// The words Shelley gives meaning to.
enum Vocabulary {
    /// Class shorthands, only recognised without arguments (as Shelley's SYParser.m has them).
    static let shorthands: [String: String] = [
        "view": "UIView", "button": "UIButton", "label": "UILabel", "alertView": "UIAlertView",
        "actionSheet": "UIActionSheet", "navigationButton": "UINavigationButton",
        "navigationItemView": "UINavigationItemView", "navigationItemButtonView": "UINavigationItemButtonView",
        "textField": "UITextField", "tableView": "UITableView", "tableViewCell": "UITableViewCell",
        "threePartButton": "UIThreePartButton",
    ]

    /// String predicates Shelley defines on views, by selector, with the property each reads.
    static let stringPredicates: [String: String] = [
        "marked:": "accessibilityLabel", "markedExactly:": "accessibilityLabel",
        "text:": "text", "placeholder:": "placeholder",
    ]

    /// First names that take exactly one argument of their own in the strict dialect.
    static let singleArgumentNames: Set<String> = ["view", "index", "marked", "markedExactly", "text", "placeholder"]

    /// Every word the strict dialect gives meaning to without arguments, in the order a "did you
    /// mean" prefers on a tie: the shorthands as Shelley lists them, then the keywords.
    static let bareWords: [String] = [
        "view", "button", "label", "alertView", "actionSheet", "navigationButton", "navigationItemView",
        "navigationItemButtonView", "textField", "tableView", "tableViewCell", "threePartButton",
        "parent", "first", "descendant", "last", "child", "sibling",
    ]

    /// Every name the strict dialect gives meaning to with one argument.
    static let filterNames: [String] = ["marked:", "markedExactly:", "text:", "placeholder:", "view:", "index:"]

    /// UIKit's Boolean view properties, as Frank's dumps name them: the common `is` getters (so a
    /// miscased or misspelt one gets a suggestion) and those named without `is`, `has` or `can`,
    /// which the strict dialect could not otherwise tell from a typo.
    static let booleanProperties: Set<String> = [
        "isHidden", "isEnabled", "isSelected", "isHighlighted", "isOn", "isAnimating", "isKeyWindow",
        "isSecureTextEntry", "isUserInteractionEnabled", "isFirstResponder", "isAccessibilityElement",
        "isScrollEnabled", "isPagingEnabled", "isEditing", "isOpaque", "isMultipleTouchEnabled",
        "isExclusiveTouch", "isTracking", "isDragging", "isDecelerating", "isZooming",
        "bounces", "bouncesZoom", "alwaysBounceVertical", "alwaysBounceHorizontal", "scrollsToTop",
        "showsVerticalScrollIndicator", "showsHorizontalScrollIndicator", "delaysContentTouches",
        "clipsToBounds", "autoresizesSubviews", "adjustsFontSizeToFitWidth", "clearsOnBeginEditing",
        "accessibilityElementsHidden", "accessibilityViewIsModal", "shouldGroupAccessibilityChildren",
        "translatesAutoresizingMaskIntoConstraints", "allowsSelection", "allowsMultipleSelection",
        "showsTouchWhenHighlighted", "adjustsImageWhenHighlighted", "adjustsImageWhenDisabled",
        "hidesWhenStopped", "enablesReturnKeyAutomatically",
    ]
}
