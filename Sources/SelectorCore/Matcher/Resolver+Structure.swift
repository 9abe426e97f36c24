// Predicates that depend on a node's place in the tree rather than its own columns: an ancestor
// test, the window a frame is on, a cell's index path. Each is decided for every node in one
// preorder pass when the query resolves (parents come before children in the flat tree, so a
// node's answer can build on its parent's), and then tested per node as a bitset lookup.

extension Resolver {
    /// Some strict ancestor passes `inner`.
    mutating func resolveHasAncestor(_ inner: Predicate) throws(SelectorError) -> ResolvedTest {
        let test = try nodeTest(inner)
        if test.never { return .constant(false) }
        let n = tree.count, parents = tree.parents, classIDs = tree.classIDs
        var below = Bitset(count: n)
        var any = false
        for i in 0..<n {
            let p = Int(parents[i])
            if p >= 0 && (below.contains(p) || test.passes(Int32(p), classIDs: classIDs)) {
                below.insert(i); any = true
            }
        }
        statistics.nodesScanned += n
        try deadline.check()
        return any ? .nodeSet(below) : .constant(false)
    }

    /// The absolute frame meets the frame of the nearest window at or above the node (else of the
    /// root above it), as FRY's `CGRectIntersectsRect(window.bounds, frameInWindow)`. A node
    /// without a frame in a tree that has frames fails.
    mutating func resolveOnScreen() throws(SelectorError) -> ResolvedTest {
        // A recording with no frames at all cannot tell what was off screen; what it recorded is
        // taken to be on screen, so FRY's label lookups still work on it.
        guard let column = tree.columns[PropertyName.accessibilityFrame] else { return .constant(true) }
        guard case .frames(let frames) = column else { return .constant(false) }
        let n = tree.count, parents = tree.parents, classIDs = tree.classIDs
        let isWindow = tree.classes.kindMask(of: "UIWindow")
        var window = [Int32](repeating: -1, count: n)
        var on = Bitset(count: n)
        var any = false
        for i in 0..<n {
            let p = Int(parents[i])
            window[i] = isWindow[Int(classIDs[i])] || p < 0 ? Int32(i) : window[p]
            let frame = frames[i], screen = frames[Int(window[i])]
            if !frame.isAbsent && !screen.isAbsent && screen.meets(frame) { on.insert(i); any = true }
        }
        statistics.nodesScanned += n
        try deadline.check()
        return any ? .nodeSet(on) : .constant(false)
    }

    /// Cells at `section`/`row` (see `Predicate.indexPath`).
    mutating func resolveIndexPath(_ section: Int, _ row: Int) throws(SelectorError) -> ResolvedTest {
        let paths = CellIndexPaths(tree)
        statistics.nodesScanned += tree.count
        try deadline.check()
        var hits = Bitset(count: tree.count)
        var any = false
        for (node, path) in paths.paths where path == IndexPath(section: section, row: row) {
            hits.insert(Int(node)); any = true
        }
        return any ? .nodeSet(hits) : .constant(false)
    }

    /// Every bit of `mask` set in a numeric property read as an integer.
    func resolveBits(_ property: String, _ mask: Int64) -> ResolvedTest {
        guard let column = tree.columns[property] else {
            // A frame's part (`accessibilityFrame.x`) is a number, as `number` reads it.
            guard let (frames, component) = tree.frameComponent(property) else { return .constant(false) }
            return .closure { i in
                let r = frames[Int(i)]
                let x = component.read(r)
                guard !r.isAbsent, x.isFinite, abs(x) < 9.0e18 else { return false }
                return Int64(x) & mask == mask
            }
        }
        switch column {
        case .numbers(let v):
            return .closure { i in
                let x = v[Int(i)]
                guard x.isFinite, abs(x) < 9.0e18 else { return false }
                return Int64(x) & mask == mask
            }
        case .generic:
            // Numbers only: a boolean is no bitmask, in a mixed column as in a boolean one.
            return .closure { [column] i in
                switch column.value(at: Int(i)) {
                case .int(let n)?: return n & mask == mask
                case .double(let x)?:
                    guard x.isFinite, abs(x) < 9.0e18 else { return false }
                    return Int64(x) & mask == mask
                default: return false
                }
            }
        default: return .constant(false)
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

/// A cell's section and row.
struct IndexPath: Hashable {
    var section: Int
    var row: Int
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
struct CellIndexPaths {
    var paths: [(NodeID, IndexPath)] = []

    init(_ tree: ViewTree) {
        let n = tree.count, parents = tree.parents, classIDs = tree.classIDs
        let isContainer = zip(tree.classes.kindMask(of: "UITableView"), tree.classes.kindMask(of: "UICollectionView")).map { $0 || $1 }
        let isCell = zip(tree.classes.kindMask(of: "UITableViewCell"), tree.classes.kindMask(of: "UICollectionViewCell")).map { $0 || $1 }
        let isHeader = zip(tree.classes.kindMask(of: "UITableViewHeaderFooterView"), tree.classes.kindMask(of: "UICollectionReusableView"))
            .enumerated().map { k, pair in (pair.0 || pair.1) && !isCell[k] }
        guard isCell.contains(true) else { return }
        let recorded = tree.columns["indexPath"]
        var frames: ContiguousArray<Rect>? = nil
        if case .frames(let f)? = tree.columns[PropertyName.accessibilityFrame] { frames = f }
        // Nearest container above each node (-1: none), in one preorder pass.
        var container = [Int32](repeating: -1, count: n)
        var members: [Int32: [Int32]] = [:]
        for i in 0..<n {
            let p = Int(parents[i])
            if p >= 0 { container[i] = isContainer[Int(classIDs[p])] ? Int32(p) : container[p] }
            let c = Int(classIDs[i])
            if isCell[c], let value = recorded?.value(at: i), let path = Self.parse(value) {
                paths.append((Int32(i), path)); continue
            }
            if (isCell[c] || isHeader[c]) && container[i] >= 0 { members[container[i], default: []].append(Int32(i)) }
        }
        for (_, items) in members {
            let ordered = items.sorted { a, b in
                guard let f = frames, !f[Int(a)].isAbsent, !f[Int(b)].isAbsent else { return a < b }
                let fa = f[Int(a)], fb = f[Int(b)]
                return (fa.y, fa.x, a) < (fb.y, fb.x, b)
            }
            var section = 0, row = 0, cellsInSection = 0
            for v in ordered {
                if isHeader[Int(classIDs[Int(v)])] {
                    if cellsInSection > 0 { section += 1; row = 0; cellsInSection = 0 }
                    continue
                }
                paths.append((v, IndexPath(section: section, row: row)))
                row += 1; cellsInSection += 1
            }
        }
    }

    /// A recorded index path in any of the forms the type's comment lists.
    static func parse(_ value: JSONValue) -> IndexPath? {
        func whole(_ v: JSONValue?) -> Int? {
            guard let x = v?.numberValue, x == x.rounded(), abs(x) < 1e9 else { return nil }
            return Int(x)
        }
        switch value {
        case .array(let parts) where parts.count == 2:
            guard let s = whole(parts[0]), let r = whole(parts[1]) else { return nil }
            return IndexPath(section: s, row: r)
        case .object:
            guard let s = whole(value["section"]), let r = whole(value["row"] ?? value["item"]) else { return nil }
            return IndexPath(section: s, row: r)
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
            return numbers.count == 2 ? IndexPath(section: numbers[0], row: numbers[1]) : nil
        default:
            return nil
        }
    }
}
