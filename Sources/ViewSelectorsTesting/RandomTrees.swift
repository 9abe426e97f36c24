public import SelectorCore

/// Random view trees with many classes and every column kind, for differential tests and fuzzing.
public enum RandomTrees {
    /// How views hang together.
    public enum Shape: String, Sendable, CaseIterable {
        /// Parents mostly among the last few views, sometimes anywhere; rarely a further root.
        case random
        /// One chain: each view the child of the one before.
        case deep
        /// One root and every other view its child.
        case wide
    }

    /// Which views have an `accessibilityFrame`.
    public enum Frames: Sendable, CaseIterable {
        /// Every view.
        case all
        /// None.
        case none
        /// Cells, headers, reusable views, windows and the first view only.
        case some
    }

    /// Labels and texts the trees hold, and programs test for: case and `ß` folding, U+00A0,
    /// prefixes of one another, a newline, the empty string.
    public static let labels = [
        "OK", "ok", "Delete", "DELETE", "delete me", "Row 1", "Row 10", "Row\u{00A0}1", "Row\u{00A0}10", "",
        "Straße", "STRASSE", "Ünïcødé", "ünïcødé", "a\u{00A0}b\u{00A0}c", "line\nbreak", "Row 7-3", "Share", "x",
    ]

    static let classes = ["UIView", "UIView", "UILabel", "UILabel", "UIButton", "UITableView", "UITableViewCell",
                          "UITableViewCell", "UICollectionView", "UICollectionViewCell", "UITableViewHeaderFooterView",
                          "UICollectionReusableView", "UIImageView", "UIWindow", "MyFancyButton", "UISwitch",
                          "android.widget.Button", "UITextField", "UIStackView"]

    /// A tree of `nodes` views from `seed`.
    public static func build(nodes: Int, seed: UInt64, shape: Shape, frames: Frames) -> ViewTree {
        var rng = SeededRandom(seed: seed)
        return build(nodes: nodes, shape: shape, frames: frames, using: &rng)
    }

    /// A tree of `nodes` views of many classes and every column kind: strings, numbers, booleans,
    /// frames, a generic column of mixed JSON types, recorded index paths in every form the
    /// core reads and one it does not.
    public static func build<R: RandomNumberGenerator>(nodes: Int, shape: Shape, frames: Frames,
                                                        using rng: inout R) -> ViewTree {
        var b = ViewTreeBuilder(reservingCapacity: nodes)
        var isCellOrWindow: [Bool] = []
        for i in 0..<nodes {
            var parent: Int32? = nil
            switch shape {
            case .deep: parent = i == 0 ? nil : Int32(i - 1)
            case .wide: parent = i == 0 ? nil : 0
            case .random:
                if i > 0 {
                    // Near the last views makes deeper trees than uniform parents would.
                    if rng.chance(1) && i > nodes / 2 { parent = nil }
                    else if rng.chance(50) { parent = Int32(i - 1 - rng.below(min(i, 6))) }
                    else { parent = Int32(rng.below(i)) }
                }
            }
            let cls: String
            if i == 0 { cls = ["UIApplication", "UIWindow", "UIView"][rng.below(3)] }
            else if parent == 0 && shape == .random && rng.chance(30) { cls = "UIWindow" }
            else { cls = classes[rng.below(classes.count)] }
            let v = b.addNode(className: cls, parent: parent)
            if cls == "MyFancyButton" { b.setClassChain(["UIButton", "UIControl", "UIView"], of: v) }
            b.setString("uid", "n\(i)", on: v)
            if rng.chance(70) { b.setString("accessibilityLabel", labels[rng.below(labels.count)], on: v) }
            if rng.chance(20) { b.setString("text", labels[rng.below(labels.count)], on: v) }
            if rng.chance(50) { b.set("tag", rng.chance(80) ? .int(Int64(rng.below(10))) : .double(2.5), on: v) }
            if rng.chance(80) { b.set("isHidden", .bool(rng.chance(20)), on: v) }
            if rng.chance(40) { b.set("traits", .int(Int64(rng.below(64)) - (rng.chance(5) ? 70 : 0)), on: v) }
            if rng.chance(30) {
                let misc: [JSONValue] = [.string(labels[rng.below(labels.count)]), .int(Int64(rng.below(5))),
                                         .bool(rng.chance(50)), .double(1.5)]
                b.set("misc", misc[rng.below(misc.count)], on: v)
            }
            let cellLike = cls.contains("Cell") || cls.contains("Header") || cls.contains("Reusable")
            isCellOrWindow.append(cellLike || cls == "UIWindow" || i == 0)
            if cls.hasSuffix("Cell") && rng.chance(50) {
                let s = Int64(rng.below(3)), r = Int64(rng.below(6))
                let forms: [JSONValue] = [.array([.int(s), .int(r)]), .object([("section", .int(s)), ("row", .int(r))]),
                                          .object([("section", .int(s)), ("item", .int(r))]), .string("\(s)-\(r)"),
                                          .string("{length = 2, path = \(s) - \(r)}"), .string("garbage")]
                b.set("indexPath", forms[rng.below(forms.count)], on: v)
            }
            let framed: Bool
            switch frames {
            case .all: framed = true
            case .none: framed = false
            case .some: framed = isCellOrWindow[i]
            }
            if framed {
                // Empty and negative sizes and views off screen: `onScreen`'s edge cases.
                let sizes: [Double] = [0, -5, 10, 44, 120, 400]
                let rect = cls == "UIWindow" || i == 0
                    ? Rect(x: 0, y: 0, width: 390, height: 844)
                    : Rect(x: Double(rng.below(600)) - 100, y: Double(rng.below(1000)) - 100,
                           width: sizes[rng.below(sizes.count)], height: sizes[rng.below(sizes.count)])
                b.setFrame("accessibilityFrame", rect, on: v)
            }
        }
        return b.build()
    }
}
