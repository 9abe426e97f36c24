public import SelectorCore

/// A view in a test tree, written inline: `N("UIButton", "ok", label: "OK")`, nested through
/// `children`, then turned into a `ViewTree` with `build()`.
///
/// The project's own engine tests are written with it; an engine author writes selection tests the
/// same way: a small tree whose every node has a uid, a selector, and the exact uids expected.
///
/// ```swift
/// import SelectorCore
/// import ViewSelectorsTesting
///
/// let tree = N("UIWindow", "w", [], [
///     N("UIButton", "ok", label: "OK"),
///     N("UILabel", "title", label: "Settings", [("accessibilityIdentifier", .string("header"))]),
/// ]).build()
/// let registry = EngineRegistry()
/// try registry.register(MyEngine())
/// #expect(try registry.selectUIDs("UIButton", in: tree) == ["ok"])
/// ```
public struct N: Sendable {
    /// The view's class; `build` knows UIKit, AppKit and XCUITest classes and their superclasses,
    /// and makes an unknown class a direct subclass of `UIView`.
    public var className: String
    /// The `uid` property, which `ViewTree.uids(of:)` and `EngineRegistry.selectUIDs` report.
    public var uid: String
    /// Further properties in the order given (`accessibilityLabel` first when `label` is given).
    public var properties: [(String, JSONValue)]
    /// Subviews, in order.
    public var children: [N]

    /// A view of class `className` with uid `uid`; `label` becomes `accessibilityLabel`, `props`
    /// are any other properties (`("isHidden", .bool(true))`, `("alpha", .double(0))`), and
    /// `children` its subviews.
    public init(_ className: String, _ uid: String, label: String? = nil, _ props: [(String, JSONValue)] = [],
                _ children: [N] = []) {
        self.className = className
        self.uid = uid
        var p = props
        if let label { p.insert(("accessibilityLabel", .string(label)), at: 0) }
        self.properties = p
        self.children = children
    }

    /// The tree rooted at this view, nodes in preorder (this view is node 0). Pass another
    /// `hierarchy` to test an engine against custom class chains.
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
