public import SelectorCore

// FRY's two tests of a view's place in UIKit's tree, supplied to the core as `StructuralTest`s:
// the core decides them for every view once per query and names no UIKit class itself.

/// FRY's `isOnScreen` (and the key `fry_isOnScreen`): the view's absolute frame meets its
/// window's, the nearest `UIWindow` at or above it, else the root above it, as FRY's
/// `CGRectIntersectsRect(window.bounds, frameInWindow)`. A view without a frame fails; in a tree
/// that records no frames at all, every view passes (a recording without frames cannot tell what
/// was off screen, and FRY's label lookups still work on it).
public struct FRYOnScreen: StructuralTest {
    public init() {}
    public var description: String { "onScreen" }
    public var failure: String { "it is not on screen" }

    public func passingViews(in structure: TreeStructure) -> ViewSet {
        let n = structure.count
        var on = ViewSet(count: n)
        guard structure.hasFrames else {
            for v in 0..<n { on.insert(NodeID(v)) }
            return on
        }
        let isWindow = structure.kinds(["UIWindow"])
        // Parents come first, so each view's window is its own or its parent's.
        var window = [NodeID](repeating: -1, count: n)
        for i in 0..<n {
            let v = NodeID(i), p = structure.parent(of: v)
            window[i] = isWindow.contains(v) || p < 0 ? v : window[Int(p)]
            if let frame = structure.frame(of: v), let screen = structure.frame(of: window[i]), screen.meets(frame) {
                on.insert(v)
            }
        }
        return on
    }
}

/// FRY's `atSectionAndRow(section, row)`: the view is a table or collection view cell at this
/// index path in its nearest `UITableView`/`UICollectionView` (`FRYIndexPaths` says how a path is
/// found).
public struct FRYIndexPath: StructuralTest {
    public let section: Int
    public let row: Int
    public init(section: Int, row: Int) { self.section = section; self.row = row }
    public var description: String { "indexPath(\(section), \(row))" }
    public var failure: String { "it is not the cell at section \(section), row \(row)" }

    public func passingViews(in structure: TreeStructure) -> ViewSet {
        var hits = ViewSet(count: structure.count)
        for (node, path) in FRYIndexPaths(structure).paths where path == FRYIndexPaths.Path(section: section, row: row) {
            hits.insert(node)
        }
        return hits
    }
}

/// The index path of every table and collection view cell in a tree.
///
/// A cell's recorded `indexPath` (`[s, r]`, `{"section": s, "row": r}`, or text holding two
/// integers such as `"0-5"` or NSIndexPath's `{length = 2, path = 0 - 5}`) wins. Cells without one
/// are numbered per container (their nearest `UITableView` or `UICollectionView`) in frame order,
/// top to bottom then left to right, which is the order rows are laid out in whatever order cell
/// reuse left the subviews in; a section header (`UITableViewHeaderFooterView`, or a collection
/// view's `UICollectionReusableView` that is not a cell) that follows a cell starts the next section.
/// An empty section (two headers with no cell between) is not counted: a recording cannot tell it
/// from a header and its footer.
struct FRYIndexPaths {
    /// A cell's section and row.
    struct Path: Hashable {
        var section: Int
        var row: Int
    }

    var paths: [(NodeID, Path)] = []

    init(_ structure: TreeStructure) {
        let n = structure.count
        let isContainer = structure.kinds(["UITableView", "UICollectionView"])
        let isCell = structure.kinds(["UITableViewCell", "UICollectionViewCell"])
        let isHeaderKind = structure.kinds(["UITableViewHeaderFooterView", "UICollectionReusableView"])
        guard !isCell.isEmpty else { return }
        let recorded = structure.property("indexPath")
        func isHeader(_ v: NodeID) -> Bool { isHeaderKind.contains(v) && !isCell.contains(v) }
        // Nearest container above each node (-1: none), in one pass, parents first.
        var container = [NodeID](repeating: -1, count: n)
        var members: [NodeID: [NodeID]] = [:]
        for i in 0..<n {
            let v = NodeID(i), p = structure.parent(of: v)
            if p >= 0 { container[i] = isContainer.contains(p) ? p : container[Int(p)] }
            if isCell.contains(v), let value = recorded?.value(of: v), let path = Self.parse(value) {
                paths.append((v, path)); continue
            }
            if (isCell.contains(v) || isHeader(v)) && container[i] >= 0 { members[container[i], default: []].append(v) }
        }
        for (_, items) in members {
            let ordered = items.sorted { a, b in
                guard let fa = structure.frame(of: a), let fb = structure.frame(of: b) else { return a < b }
                return (fa.y, fa.x, a) < (fb.y, fb.x, b)
            }
            var section = 0, row = 0, cellsInSection = 0
            for v in ordered {
                if isHeader(v) {
                    if cellsInSection > 0 { section += 1; row = 0; cellsInSection = 0 }
                    continue
                }
                paths.append((v, Path(section: section, row: row)))
                row += 1; cellsInSection += 1
            }
        }
    }

    /// A recorded index path in any of the forms the type's comment lists.
    static func parse(_ value: JSONValue) -> Path? {
        func whole(_ v: JSONValue?) -> Int? {
            guard let x = v?.numberValue, x == x.rounded(), abs(x) < 1e9 else { return nil }
            return Int(x)
        }
        switch value {
        case .array(let parts) where parts.count == 2:
            guard let s = whole(parts[0]), let r = whole(parts[1]) else { return nil }
            return Path(section: s, row: r)
        case .object:
            guard let s = whole(value["section"]), let r = whole(value["row"] ?? value["item"]) else { return nil }
            return Path(section: s, row: r)
        case .string(let text):
            // The last two integers: NSIndexPath's description starts with `length = 2`.
            var numbers: [Int] = [], digits = ""
            for ch in text + " " {
                if ch.isASCII && ch.isNumber { digits.append(ch) } else if !digits.isEmpty {
                    guard digits.count < 10 else { return nil }
                    numbers.append(Int(digits)!); digits = ""
                }
            }
            if text.contains("length") { numbers = Array(numbers.dropFirst()) }
            return numbers.count == 2 ? Path(section: numbers[0], row: numbers[1]) : nil
        default:
            return nil
        }
    }
}

extension Rect {
    /// `CGRectIntersectsRect` for a window (self) and a view's frame: a zero-sized frame meets
    /// the window when its origin lies inside it.
    func meets(_ frame: Rect) -> Bool {
        let right = frame.x + max(frame.width, 0), bottom = frame.y + max(frame.height, 0)
        if frame.width <= 0 || frame.height <= 0 {
            return frame.x >= x && frame.x < x + width && frame.y >= y && frame.y < y + height
                && right <= x + width && bottom <= y + height
        }
        return intersects(frame)
    }
}
