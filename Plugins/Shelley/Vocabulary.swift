import SelectorCore

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

    /// Classes whose `text:` and `placeholder:` Shelley defines (UIView+ShelleyExtensions.m):
    /// `text:` on UILabel and UITextField, `placeholder:` on UITextField. Other views (a
    /// UITextView, a UISearchBar) do not respond, so the predicate never holds for them.
    static let stringPredicateClasses: [String: [String]] = [
        "text:": ["UILabel", "UITextField"], "placeholder:": ["UITextField"],
    ]

    /// `isNotAnimating`, which Shelley defines on every view as "not `isAnimating`": a view's
    /// layer animations (none on a recording) or, where a class has its own `isAnimating`
    /// (UIActivityIndicatorView), that.
    static let notAnimating: Predicate = .not(.bool(property: "isAnimating", true))

    /// Getters UIKit defines that return something other than a BOOL, with the classes that
    /// answer them and what they return. Used as a Boolean predicate (`view alpha`), Shelley
    /// raises "wrong return type" for any view that answers.
    static let nonBooleanGetters: [String: (classes: [String], returns: String)] = {
        var t: [String: (classes: [String], returns: String)] = [:]
        let view = ["UIView"]
        for (name, type) in [("alpha", "CGFloat"), ("tag", "NSInteger"), ("frame", "CGRect"), ("bounds", "CGRect"),
                             ("center", "CGPoint"), ("transform", "CGAffineTransform"), ("backgroundColor", "UIColor"),
                             ("tintColor", "UIColor"), ("superview", "UIView"), ("subviews", "NSArray"),
                             ("window", "UIWindow"), ("layer", "CALayer"), ("contentMode", "UIViewContentMode"),
                             ("accessibilityLabel", "NSString"), ("accessibilityValue", "NSString"),
                             ("accessibilityHint", "NSString"), ("accessibilityIdentifier", "NSString"),
                             ("accessibilityTraits", "UIAccessibilityTraits"), ("accessibilityFrame", "CGRect"),
                             ("description", "NSString")] {
            t[name] = (view, type)
        }
        t["text"] = (["UILabel", "UITextField", "UITextView", "UISearchBar"], "NSString")
        t["placeholder"] = (["UITextField", "UISearchBar"], "NSString")
        t["font"] = (["UILabel", "UITextField", "UITextView"], "UIFont")
        t["textColor"] = (["UILabel", "UITextField", "UITextView"], "UIColor")
        t["numberOfLines"] = (["UILabel"], "NSInteger")
        t["currentTitle"] = (["UIButton"], "NSString")
        t["titleLabel"] = (["UIButton"], "UILabel")
        t["value"] = (["UISlider", "UIStepper"], "float")
        t["progress"] = (["UIProgressView"], "float")
        t["selectedSegmentIndex"] = (["UISegmentedControl"], "NSInteger")
        t["contentOffset"] = (["UIScrollView"], "CGPoint")
        t["contentSize"] = (["UIScrollView"], "CGSize")
        return t
    }()

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
