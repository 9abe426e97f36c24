public import SelectorCore

/// Windows of a hierarchy, as Frank's `/dump` sees them: a dump is either one window (Frank's
/// `/dump`) or a `UIApplication` whose children are windows (Frank's `/dump/allwindows`).
extension ViewTree {
    /// The `UIApplication` root, when the tree has one.
    public var applicationRoot: NodeID? {
        guard count > 0, isKind(0, of: "UIApplication") else { return nil }
        return 0
    }

    /// The windows: the application's children, else the roots.
    public var windows: [NodeID] {
        if let app = applicationRoot { return children(of: app) }
        return roots
    }

    /// The key window: the window whose `isKeyWindow` is true, else the first window.
    public var keyWindow: NodeID? {
        let all = windows
        return all.first { value("isKeyWindow", of: $0)?.boolValue == true } ?? all.first
    }

    /// Every window under one `UIApplication` node, as Frank's `/dump/allwindows` returns. A tree
    /// without an application root gets a synthetic one (`{"class":"UIApplication","subviews":[...]}`).
    public func allWindowsDumpJSON() -> [UInt8] {
        // The chunks `/dump/allwindows` streams, joined: one writer for both, so they cannot drift.
        var chunks = AllWindowsChunks(tree: self)
        var out: [UInt8] = []
        while let chunk = chunks.next() { out.append(contentsOf: chunk) }
        return out
    }
}
