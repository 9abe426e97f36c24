public import SelectorCore

/// A compact way to write small trees in tests: `N("UIView", "uid", label: "x", [props], [children])`.
///
/// Shared by the test targets (their own copies were the same lines three times).
public struct N: Sendable {
    public var className: String
    public var uid: String
    public var properties: [(String, JSONValue)]
    public var children: [N]

    public init(_ className: String, _ uid: String, label: String? = nil, _ props: [(String, JSONValue)] = [],
                _ children: [N] = []) {
        self.className = className
        self.uid = uid
        var p = props
        if let label { p.insert(("accessibilityLabel", .string(label)), at: 0) }
        self.properties = p
        self.children = children
    }

    /// Builds a tree whose uids are the given strings.
    public func build(hierarchy: ClassHierarchy = .standard) -> ViewTree {
        var b = ViewTreeBuilder(hierarchy: hierarchy)
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
    public func uids(_ nodes: [NodeID]) -> [String] { nodes.map { uidString(of: $0) ?? "?" } }
}
