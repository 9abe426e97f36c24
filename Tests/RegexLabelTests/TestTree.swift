import SelectorCore

/// A compact way to write small trees in tests: `N("UIView", "root", label: "x", [children])`.
struct N {
    var className: String
    var uid: String
    var properties: [(String, JSONValue)]
    var children: [N]

    init(_ className: String, _ uid: String, label: String? = nil, _ props: [(String, JSONValue)] = [],
         _ children: [N] = []) {
        self.className = className
        self.uid = uid
        var p = props
        if let label { p.insert(("accessibilityLabel", .string(label)), at: 0) }
        self.properties = p
        self.children = children
    }

    /// Builds a tree whose uids are the given strings.
    func build() -> ViewTree {
        var b = ViewTreeBuilder()
        func add(_ n: N, _ parent: ViewTreeBuilder.Handle?) {
            let h = b.addNode(className: n.className, parent: parent)
            b.setString("uid", n.uid, on: h)
            for (k, v) in n.properties { b.set(k, v, on: h) }
            for c in n.children { add(c, h) }
        }
        add(self, nil)
        return b.build()
    }
}

extension ViewTree {
    /// The uids of `nodes`, in order.
    func uids(_ nodes: [NodeID]) -> [String] { nodes.map { uidString(of: $0) ?? "?" } }
}

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
