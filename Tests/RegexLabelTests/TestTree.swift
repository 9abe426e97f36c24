import SelectorCore
@_exported import ViewSelectorsTesting


/// A table of rows, some buttons and fields, and labels that exercise Unicode and slashes.
let sampleTree = N("UIWindow", "win", [], [
    N("UITableView", "table", [], [
        N("UITableViewCell", "c1", label: "Row 7-1", [], [
            N("UILabel", "c1l", label: "Row 7-1"),
            N("UIImageView", "c1i"),
        ]),
        N("UITableViewCell", "c2", label: "Row 7-3", [], [N("UIImageView", "c2i")]),
        N("UITableViewCell", "c3", label: "Row 12-3", [], [N("UIImageView", "c3i")]),
    ]),
    N("UIButton", "save", label: "Save"),
    N("UIButton", "submit", label: "SUBMIT"),
    N("UIButton", "cancel", label: "Cancel"),
    N("UITextField", "email", [("placeholder", .string("E-mail address"))]),
    N("UITextField", "name", [("placeholder", .string("Full name"))]),
    N("UILabel", "cafe", label: "café"),
    N("UILabel", "party", label: "🎉 Party"),
    N("UILabel", "path", label: "a/b"),
    N("UILabel", "lines", label: "first\nsecond"),
]).build()
