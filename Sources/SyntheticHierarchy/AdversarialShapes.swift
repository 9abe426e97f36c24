public import SelectorCore

/// The shapes issue 40 made the alignment slow with (items 3 and 4), at any size: for
/// TreeAlignmentTests' growth checks and the benchmark rows `align.*`
/// (Benchmarks/Benchmarks/CoreBenchmarks), which build the same trees.
public enum AdversarialShapes {
    /// Two chains of anonymous containers `depth` deep over the same labelled leaf, the new one
    /// labelled level by level: no container matches top-down, so every one is left to the
    /// bottom-up phase, whose subtree is the whole chain below it.
    public static func chains(_ depth: Int) -> (old: ViewTree, new: ViewTree) {
        func chain(labelled: Bool) -> ViewTree {
            var b = ViewTreeBuilder(reservingCapacity: depth + 1)
            var parent: ViewTreeBuilder.Handle? = nil
            for level in 0..<depth {
                let v = b.addNode(className: "XCUIElementTypeOther", parent: parent)
                if labelled { b.setString("label", "level \(level)", on: v) }
                parent = v
            }
            let leaf = b.addNode(className: "XCUIElementTypeButton", parent: parent)
            b.setString("label", "end", on: leaf)
            return b.build()
        }
        return (chain(labelled: false), chain(labelled: true))
    }

    /// A table of `count` identical rows (a cell holding the text "Title"), and the same table
    /// with every row's text relabelled and an image added to it; rows have frames.
    public static func siblings(_ count: Int) -> (old: ViewTree, new: ViewTree) {
        func table(edited: Bool) -> ViewTree {
            var b = ViewTreeBuilder(reservingCapacity: 3 * count + 1)
            let root = b.addNode(className: "XCUIElementTypeTable")
            for row in 0..<count {
                let frame = Rect(x: 0, y: Double(row * 44), width: 400, height: 44)
                let cell = b.addNode(className: "XCUIElementTypeCell", parent: root)
                b.setFrame("accessibilityFrame", frame, on: cell)
                let text = b.addNode(className: "XCUIElementTypeStaticText", parent: cell)
                b.setString("label", edited ? "Title, edited" : "Title", on: text)
                b.setFrame("accessibilityFrame", frame, on: text)
                if edited {
                    let image = b.addNode(className: "XCUIElementTypeImage", parent: cell)
                    b.setFrame("accessibilityFrame", Rect(x: 360, y: Double(row * 44), width: 40, height: 44), on: image)
                }
            }
            return b.build()
        }
        return (table(edited: false), table(edited: true))
    }

    /// `/inspector/diff`'s attack: a generated app of `served` views, and a recording of about
    /// `recorded` views made of copies of the app's largest container's smallest children, four
    /// copies to a container of the largest one's class, so that many identical subtrees have
    /// the same served parent and many distinct recorded ones.
    public static func attack(served: Int, recorded: Int) -> (old: ViewTree, new: ViewTree) {
        let app = SyntheticApp.generate(nodes: served, seed: 1)
        var largest: NodeID = 0, most = -1
        for v in 0..<NodeID(app.count) {
            let c = app.children(of: v).count
            if c > most { most = c; largest = v }
        }
        let children = app.children(of: largest)
        let smallest = children.map { app.ends[Int($0)] - $0 }.min() ?? 1
        let picks = children.filter { app.ends[Int($0)] - $0 == smallest }
        var b = ViewTreeBuilder(reservingCapacity: recorded + 64)
        let root = b.addNode(className: app.className(of: 0))
        var k = 0
        while b.count < recorded {
            let container = b.addNode(className: app.className(of: largest), parent: root)
            for _ in 0..<4 {
                copy(app, picks[k % picks.count], under: container, into: &b)
                k += 1
            }
        }
        return (app, b.build())
    }

    /// Adds a copy of `node`'s subtree in `t` (class and properties, uids aside) under `parent`.
    static func copy(_ t: ViewTree, _ node: NodeID, under parent: ViewTreeBuilder.Handle, into b: inout ViewTreeBuilder) {
        var handles: [ViewTreeBuilder.Handle] = []
        for v in node..<t.ends[Int(node)] {
            let p = v == node ? parent : handles[Int(t.parents[Int(v)] - node)]
            let h = b.addNode(className: t.className(of: v), parent: p)
            for name in t.propertyNames where name != PropertyName.uid {
                if let value = t.value(name, of: v) { b.set(name, value, on: h) }
            }
            handles.append(h)
        }
    }
}
