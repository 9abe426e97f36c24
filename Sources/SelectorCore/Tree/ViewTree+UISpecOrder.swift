/// Every view's place in UISpec's order, computed once per tree on first use.
///
/// UISpec's descendant search from a view expands it by listing its children last to first, then
/// expands those children, last first (`R[A[a1,a2],B[b1]]` gives `B, A, b1, a2, a1`). Read
/// backwards that is: for each view in post-order, its children in document order. The order of
/// a search restricted to some matches is that whole-tree order restricted to them (a view with no
/// matching child adds nothing to either), and a search from one view lists exactly the whole
/// order's views inside its subtree. So a UISpec-order step is "the matches in each input's
/// subtree, sorted by `rank`", which a per-query walk of their ancestors no longer has to find.
public struct UISpecOrder: Sendable {
    /// `rank[v]`: where view v stands in the whole tree's UISpec order (from the document node).
    public let rank: ContiguousArray<Int32>
    /// `views[r]`: the view at rank r (the inverse of `rank`).
    public let views: ContiguousArray<Int32>

    init(_ tree: ViewTree) {
        let n = tree.count
        // The backwards order: each view in post-order lists its children; the document node
        // (whose children are the roots) comes last in post-order.
        var backwards = ContiguousArray<Int32>()
        backwards.reserveCapacity(n)
        tree.ends.withUnsafeBufferPointer { ends in
            func appendChildren(of v: Int) {
                var c = v + 1
                let end = Int(ends[v])
                while c < end { backwards.append(Int32(c)); c = Int(ends[c]) }
            }
            // Post-order without recursion: a view closes when the scan passes its end.
            var open: [Int] = []
            for v in 0..<n {
                while let top = open.last, Int(ends[top]) <= v { open.removeLast(); appendChildren(of: top) }
                open.append(v)
            }
            while let top = open.popLast() { appendChildren(of: top) }
        }
        backwards.append(contentsOf: tree.roots)
        var rank = ContiguousArray<Int32>(repeating: 0, count: n)
        var views = ContiguousArray<Int32>(repeating: 0, count: n)
        for (k, v) in backwards.enumerated() {
            let r = n - 1 - k
            rank[Int(v)] = Int32(r)
            views[r] = v
        }
        self.rank = rank
        self.views = views
    }
}

/// Indexes derived from a tree's structure, built on first use and shared by the tree's copies
/// (a property change keeps the structure, so they stay true).
final class DerivedIndexes: Sendable {
    private let uispec = Locked<UISpecOrder?>(nil)
    private let rankedClasses = Locked<ViewTree?>(nil)

    init() {}

    /// The tree's UISpec order (8 bytes a view), built by the first caller.
    func uispecOrder(_ tree: ViewTree) -> UISpecOrder {
        Self.once(uispec) { UISpecOrder(tree) }
    }

    /// The tree's class column in UISpec order, as the only column of a tree (4 bytes a view).
    func rankedClasses(_ tree: ViewTree) -> ViewTree {
        let order = uispecOrder(tree)
        return Self.once(rankedClasses) {
            var classes = ContiguousArray<Int32>(repeating: 0, count: tree.count)
            tree.classIDs.withUnsafeBufferPointer { ids in
                for (r, v) in order.views.enumerated() { classes[r] = ids[Int(v)] }
            }
            return ViewTree(parents: tree.parents, ends: tree.ends, depths: tree.depths, classIDs: classes,
                            classes: tree.classes, columns: [:], propertyNames: [])
        }
    }

    /// The slot's value, built under its lock by the first caller.
    private static func once<T>(_ slot: Locked<T?>, _ build: () -> T) -> T {
        slot.withLock { value in
            if let value { return value }
            let built = build()
            value = built
            return built
        }
    }
}

extension ViewTree {
    /// Every view's place in UISpec's order (`UISpecOrder`), built on first use.
    public var uispecOrder: UISpecOrder { derived.uispecOrder(self) }

    /// A tree whose class column is this tree's in UISpec order (view `r` of it is the view of
    /// rank `r`), for scans that answer in UISpec order directly; only its class column is
    /// meaningful. Built on first use.
    var uispecRankedClasses: ViewTree { derived.rankedClasses(self) }
}
