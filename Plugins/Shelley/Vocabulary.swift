/// The words Shelley gives meaning to.
enum Vocabulary {
    /// Class shorthands, only recognised without arguments ([R] Source/Shared/SYParser.m).
    static let shorthands: [String: String] = [
        "view": "UIView", "button": "UIButton", "label": "UILabel", "alertView": "UIAlertView",
        "actionSheet": "UIActionSheet", "navigationButton": "UINavigationButton",
        "navigationItemView": "UINavigationItemView", "navigationItemButtonView": "UINavigationItemButtonView",
        "textField": "UITextField", "tableView": "UITableView", "tableViewCell": "UITableViewCell",
        "threePartButton": "UIThreePartButton",
    ]

    /// Keywords both dialects know.
    static let sharedKeywords: Set<String> = ["parent", "first", "descendant"]
    /// Keywords only the strict dialect knows.
    static let strictKeywords: Set<String> = ["last", "child", "sibling"]

    /// String predicates Shelley defines on views, by selector, with the property each reads.
    static let stringPredicates: [String: String] = [
        "marked:": "accessibilityLabel", "markedExactly:": "accessibilityLabel",
        "text:": "text", "placeholder:": "placeholder",
    ]

    /// First names that take exactly one argument of their own in the strict dialect.
    static let singleArgumentNames: Set<String> = ["view", "index", "marked", "markedExactly", "text", "placeholder"]
}
