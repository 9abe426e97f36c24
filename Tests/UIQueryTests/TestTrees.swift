import SelectorCore
@_exported import ViewSelectorsTesting
@testable import UIQueryEngine


enum Trees {
    /// `R[A[a1,a2],B[b1]]` under a window root (the application is implicit).
    static let rab = N("UIWindow", "R", [], [
        N("UIView", "A", [], [N("UILabel", "a1", label: "one"), N("UIButton", "a2", label: "two")]),
        N("UIView", "B", [], [N("UILabel", "b1", label: "three")]),
    ]).build()

    /// `app[window[table[c1,c2,c3]]]` with a real UIApplication root.
    static func table(sections: Int = 3, selected: Set<String> = []) -> ViewTree {
        func cell(_ uid: String) -> N {
            N("UITableViewCell", uid, [("selected", .bool(selected.contains(uid)))],
              [N("UILabel", "\(uid)-label", [("text", .string("Row \(uid)"))])])
        }
        return N("UIApplication", "app", [], [
            N("UIWindow", "window", [], [
                N("UITableView", "table", [("numberOfSections", .int(Int64(sections)))],
                  [cell("c1"), cell("c2"), cell("c3")]),
            ]),
        ]).build()
    }

    /// A small app: a navigation bar with a Save button, a table of labelled cells, a login form.
    static let app = N("UIWindow", "window", [], [
        N("UINavigationBar", "nav", [], [
            N("UINavigationButton", "save", [], [N("UILabel", "saveLabel", [("text", .string("Save"))])]),
            N("UINavigationItemButtonView", "back", label: "Back"),
        ]),
        N("UITableView", "table", [("numberOfSections", .int(1))], [
            N("UITableViewCell", "cell1", [], [
                N("UITableViewCellContentView", "content1", [], [
                    N("UILabel", "l1", [("text", .string("Returns policy"))]),
                ]),
            ]),
            N("UITableViewCell", "cell2", [], [
                N("UITableViewCellContentView", "content2", [], [N("UILabel", "l2", [("text", .string("Shipping"))])]),
            ]),
            N("UITableViewCell", "cell3", [], [
                N("UITableViewCellContentView", "content3", [], [N("UILabel", "l3", [("text", .string("Returns"))])]),
            ]),
        ]),
        N("UITextField", "user", [("placeholder", .string("Username"))]),
        N("UITextField", "pass", [("placeholder", .string("Password")), ("secureTextEntry", .bool(true))]),
    ]).build()

    /// Views with typed properties for the matching rules.
    static let properties = N("UIWindow", "w", [], [
        N("UIView", "v1", label: "Hello world", [("tag", .int(3)), ("hidden", .bool(true)), ("text", .string("Hello world"))]),
        N("UIView", "v2", [("tag", .int(1)), ("hidden", .bool(false)), ("text", .string("Goodbye"))]),
        N("UIView", "v3"),
    ]).build()
}

/// The uids a `uiquery` path selects.
func select(_ path: String, in tree: ViewTree, matcher: Matcher = Matcher(configuration: .serial)) throws -> [String] {
    tree.uids(of: try matcher.select(try UIQueryEngine().compile(path), in: tree))
}

/// The result of an expectation path.
func expect(_ path: String, in tree: ViewTree) throws -> ExpectationResult {
    try UIQueryExpectation(path).evaluate(in: tree, matcher: Matcher(configuration: .serial))
}
