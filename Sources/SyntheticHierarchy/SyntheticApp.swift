public import SelectorCore

/// Deterministic synthetic app hierarchies for benchmarks and tests.
///
/// The shapes follow real UIKit apps: a window holding navigation containers, screens with a
/// navigation bar, table views of cells (content view, label `Row t-r`, image, buttons, sometimes a
/// text field or switch), collection views, tab bars, and now and then a deep stack of nested
/// containers (depth up to ~60). About 3% of views are hidden. Same `nodes` and `seed`, same tree.
public enum SyntheticApp {
    /// Options of the generator.
    public struct Options: Sendable {
        /// Whether views carry `frame` and `accessibilityFrame` (64 bytes a node; off for the
        /// largest scaling runs).
        public var frames = true
        /// Whether table and collection view cells carry their `indexPath` (`[section, row]`;
        /// table rows come in sections of ten). Kept sparse, about 3 bytes a node; by default on
        /// exactly when `frames` is.
        public var indexPaths = true
        public init(frames: Bool = true, indexPaths: Bool? = nil) {
            self.frames = frames
            self.indexPaths = indexPaths ?? frames
        }
    }

    /// A tree of exactly `nodes` views (at least one).
    public static func generate(nodes: Int, seed: UInt64 = 1, options: Options = Options()) -> ViewTree {
        var g = Generator(budget: max(1, nodes), seed: seed, options: options)
        g.run()
        return g.builder.build()
    }
}

/// SplitMix64: tiny, fast, and the same sequence on every platform. `package` so the seeded
/// property tests draw from the same generator instead of keeping copies.
package struct SplitMix64: RandomNumberGenerator {
    package var state: UInt64
    package init(seed: UInt64) { self.state = seed }
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    package mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }
    package mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}

private struct Generator {
    var builder: ViewTreeBuilder
    var rng: SplitMix64
    var remaining: Int
    let options: Options
    typealias Options = SyntheticApp.Options
    typealias H = ViewTreeBuilder.Handle
    var uid: Int64 = 0
    var tableIndex = 0
    /// Absolute origin per handle, to derive `accessibilityFrame`.
    var originX: [Double] = [], originY: [Double] = []

    init(budget: Int, seed: UInt64, options: Options) {
        builder = ViewTreeBuilder(reservingCapacity: budget)
        rng = SplitMix64(seed: seed)
        remaining = budget
        self.options = options
        if options.frames { originX.reserveCapacity(budget); originY.reserveCapacity(budget) }
    }

    var exhausted: Bool { remaining <= 0 }

    /// Adds a view if budget remains.
    mutating func add(_ cls: String, _ parent: H?, x: Double = 0, y: Double = 0, w: Double = 390, h: Double = 44,
                      label: String? = nil) -> H? {
        guard remaining > 0 else { return nil }
        remaining -= 1
        let v = builder.addNode(className: cls, parent: parent)
        uid += 1
        builder.set("uid", .int(uid), on: v)
        builder.set("isHidden", .bool(rng.chance(3)), on: v)
        if let label { builder.setString("accessibilityLabel", label, on: v) }
        if options.frames {
            let px = parent.map { originX[Int($0)] } ?? 0, py = parent.map { originY[Int($0)] } ?? 0
            originX.append(px + x); originY.append(py + y)
            builder.setFrame("frame", Rect(x: x, y: y, width: w, height: h), on: v)
            builder.setFrame("accessibilityFrame", Rect(x: px + x, y: py + y, width: w, height: h), on: v)
        }
        return v
    }

    mutating func run() {
        guard let window = add("UIWindow", nil, h: 844) else { return }
        guard let layout = add("UILayoutContainerView", window, h: 844),
              let transition = add("UINavigationTransitionView", layout, h: 844),
              let wrapper = add("UIViewControllerWrapperView", transition, h: 844) else { return }
        var screen = 0
        while !exhausted {
            screenView(wrapper, screen)
            screen += 1
        }
    }

    mutating func screenView(_ parent: H, _ index: Int) {
        guard let screen = add("UIView", parent, h: 844) else { return }
        navigationBar(screen, index)
        switch rng.below(10) {
        case 0..<6: tableView(screen)
        case 6..<8: collectionView(screen)
        default: form(screen)
        }
        if rng.chance(15) { deepStack(screen) }
        if rng.chance(30) { tabBar(screen) }
    }

    mutating func navigationBar(_ parent: H, _ index: Int) {
        guard let bar = add("UINavigationBar", parent, y: 44) else { return }
        _ = add("UINavigationBarBackground", bar)
        _ = add("UINavigationItemView", bar, x: 120, w: 150, label: "Screen \(index % 500)")
        if let back = add("UINavigationButton", bar, x: 8, w: 60, label: rng.chance(50) ? "Back" : "Edit") {
            _ = add("UILabel", back, w: 60, label: nil)
        }
    }

    mutating func tableView(_ parent: H) {
        guard let table = add("UITableView", parent, y: 88, h: 700) else { return }
        let t = tableIndex % 1000
        tableIndex += 1
        let rows = 8 + rng.below(40)
        for r in 0..<rows {
            guard !exhausted else { return }
            cell(table, t, r)
            if rng.chance(50) { _ = add("_UITableViewSeparatorView", table, y: Double(r * 44 + 43), h: 1) }
        }
        if rng.chance(40) { _ = add("UIImageView", table, h: 3) }
    }

    mutating func cell(_ table: H, _ t: Int, _ r: Int) {
        guard let cell = add("UITableViewCell", table, y: Double(r * 44)),
              let content = add("UITableViewCellContentView", cell, h: 43) else { return }
        if options.indexPaths { builder.set("indexPath", .array([.int(Int64(r / 10)), .int(Int64(r % 10))]), on: cell) }
        let label = "Row \(t)-\(r)"
        if let l = add("UILabel", content, x: 16, w: 200, label: label) {
            builder.setString("text", label, on: l)
        }
        if rng.chance(70) { _ = add("UIImageView", content, x: 330, w: 44) }
        if rng.chance(60) {
            let title = ["Delete", "Share", "More", "Edit"][rng.below(4)]
            if let b = add("UIButton", content, x: 280, w: 60, label: title) {
                _ = add("UILabel", b, w: 60, label: nil)
            }
        }
        if rng.chance(10), let f = add("UITextField", content, x: 16, w: 250) {
            builder.setString("placeholder", ["Email", "Name", "Password"][rng.below(3)], on: f)
            builder.setString("text", "", on: f)
        }
        if rng.chance(8), let s = add("UISwitch", content, x: 320, w: 51, h: 31, label: "Toggle \(r)") {
            builder.set("isOn", .bool(rng.chance(50)), on: s)
        }
        if rng.chance(30) { _ = add("UIView", cell, y: 43, h: 1) }
    }

    mutating func collectionView(_ parent: H) {
        guard let collection = add("UICollectionView", parent, y: 88, h: 700) else { return }
        let t = tableIndex % 1000
        tableIndex += 1
        let items = 6 + rng.below(30)
        for i in 0..<items {
            guard !exhausted,
                  let cell = add("UICollectionViewCell", collection, x: Double(i % 3) * 130, y: Double(i / 3) * 130, w: 120, h: 120),
                  let content = add("UIView", cell, w: 120, h: 120) else { return }
            if options.indexPaths { builder.set("indexPath", .array([.int(0), .int(Int64(i))]), on: cell) }
            _ = add("UIImageView", content, w: 120, h: 90)
            _ = add("UILabel", content, y: 90, w: 120, h: 30, label: "Item \(t)-\(i)")
        }
    }

    mutating func form(_ parent: H) {
        guard let scroll = add("UIScrollView", parent, y: 88, h: 700),
              let stack = add("UIStackView", scroll, h: 700) else { return }
        for (k, field) in ["Username", "Password", "Email"].enumerated() {
            _ = add("UILabel", stack, y: Double(k * 80), label: field)
            if let f = add("UITextField", stack, y: Double(k * 80 + 30)) {
                builder.setString("placeholder", field, on: f)
                builder.setString("text", "", on: f)
            }
        }
        _ = add("UIButton", stack, y: 260, label: rng.chance(50) ? "Save" : "Submit")
        if rng.chance(50) { _ = add("UIActivityIndicatorView", stack, y: 320) }
    }

    mutating func deepStack(_ parent: H) {
        let depth = 10 + rng.below(48)
        var p = parent
        for _ in 0..<depth {
            guard let v = add(rng.chance(50) ? "UIView" : "UIStackView", p) else { return }
            p = v
        }
        _ = add("UIButton", p, label: "Deep")
    }

    mutating func tabBar(_ parent: H) {
        guard let bar = add("UITabBar", parent, y: 795, h: 49) else { return }
        for k in 0..<4 {
            guard let b = add("UITabBarButton", bar, x: Double(k) * 97, w: 97, h: 49) else { return }
            _ = add("UIImageView", b, w: 30, h: 30)
            _ = add("UILabel", b, y: 30, w: 97, h: 19, label: "Tab \(k)")
        }
    }
}
