public import SelectorCore

/// FRY's on-screen and index-path tests written plainly, view by view, through `ViewTree`'s public
/// accessors: the independent definition the FRY engine's `StructuralTest`s are checked against.
public final class PlainStructure {
    public let tree: ViewTree
    private var windowMemo: [Int32]? = nil
    private var anyFrameMemo: Bool? = nil
    private var indexPathMemo: [Int32: [(NodeID, Int, Int)]] = [:]

    public init(tree: ViewTree) { self.tree = tree }


    private func frame(_ v: NodeID) -> Rect? {
        tree.value(PropertyName.accessibilityFrame, of: v).flatMap { Rect(json: $0) }
    }

    /// FRY's on-screen test: the frame meets the nearest `UIWindow` at or above (else the root).
    public func onScreen(_ v: NodeID) -> Bool {
        if anyFrameMemo == nil {
            anyFrameMemo = (0..<tree.count).contains { tree.value(PropertyName.accessibilityFrame, of: NodeID($0)) != nil }
        }
        if anyFrameMemo == false { return true }
        guard let f = frame(v), let w = frame(window(of: v)) else { return false }
        return Self.window(w, meets: f)
    }

    func window(of v: NodeID) -> NodeID {
        if windowMemo == nil {
            // In preorder a parent precedes its children, so one pass fills every node.
            var memo = [Int32](repeating: -1, count: tree.count)
            for i in 0..<tree.count {
                let node = NodeID(i)
                if let p = tree.parent(of: node), !tree.isKind(node, of: "UIWindow") { memo[i] = memo[Int(p)] } else { memo[i] = node }
            }
            windowMemo = memo
        }
        return windowMemo![Int(v)]
    }

    /// `CGRectIntersectsRect(window, frame)` as FRY reads it: rectangles with area overlap with
    /// open edges; a frame with no area meets the window when it lies inside it (origin inside,
    /// far corner not beyond).
    public static func window(_ w: Rect, meets f: Rect) -> Bool {
        if f.width > 0 && f.height > 0 {
            return f.x < w.x + w.width && w.x < f.x + f.width && f.y < w.y + w.height && w.y < f.y + f.height
        }
        let insideX = f.x >= w.x && f.x < w.x + w.width && f.x + max(f.width, 0) <= w.x + w.width
        let insideY = f.y >= w.y && f.y < w.y + w.height && f.y + max(f.height, 0) <= w.y + w.height
        return insideX && insideY
    }

    // MARK: index paths

    private func isCell(_ v: NodeID) -> Bool { tree.isKind(v, of: "UITableViewCell") || tree.isKind(v, of: "UICollectionViewCell") }
    private func isContainer(_ v: NodeID) -> Bool { tree.isKind(v, of: "UITableView") || tree.isKind(v, of: "UICollectionView") }
    private func isHeader(_ v: NodeID) -> Bool {
        !isCell(v) && (tree.isKind(v, of: "UITableViewHeaderFooterView") || tree.isKind(v, of: "UICollectionReusableView"))
    }

    /// FRY's index path: a cell's recorded index path, else its place among its container's
    /// cells in frame order with headers starting sections.
    public func indexPath(of v: NodeID) -> (Int, Int)? {
        guard isCell(v) else { return nil }
        if let recorded = tree.value("indexPath", of: v), let path = Self.parseIndexPath(recorded) { return path }
        guard let container = nearestContainer(above: v) else { return nil }
        if indexPathMemo[container] == nil { indexPathMemo[container] = derivedPaths(in: container) }
        return indexPathMemo[container]!.first(where: { $0.0 == v }).map { ($0.1, $0.2) }
    }

    private func nearestContainer(above v: NodeID) -> NodeID? {
        var x = tree.parent(of: v)
        while let a = x {
            if isContainer(a) { return a }
            x = tree.parent(of: a)
        }
        return nil
    }

    private func derivedPaths(in container: NodeID) -> [(NodeID, Int, Int)] {
        // The cells without a readable recorded path and the headers whose nearest container is
        // this one (a nested table numbers its own cells).
        var members: [NodeID] = []
        for i in (Int(container) + 1)..<tree.subtreeEnd(of: container) {
            let d = NodeID(i)
            guard nearestContainer(above: d) == container else { continue }
            if isHeader(d) { members.append(d); continue }
            if isCell(d) {
                if let recorded = tree.value("indexPath", of: d), Self.parseIndexPath(recorded) != nil { continue }
                members.append(d)
            }
        }
        // Top to bottom, then left to right; document order when a frame is missing.
        let ordered = members.sorted { a, b in
            guard let fa = frame(a), let fb = frame(b) else { return a < b }
            if fa.y != fb.y { return fa.y < fb.y }
            if fa.x != fb.x { return fa.x < fb.x }
            return a < b
        }
        var out: [(NodeID, Int, Int)] = []
        var section = 0, row = 0
        for m in ordered {
            if isHeader(m) {
                // A header after at least one cell starts the next section.
                if row > 0 { section += 1; row = 0 }
            } else {
                out.append((m, section, row))
                row += 1
            }
        }
        return out
    }

    /// A recorded index path: `[s, r]`, `{"section": s, "row" (or "item"): r}`, or text holding
    /// two integers (`"0-5"`, NSIndexPath's `{length = 2, path = 0 - 5}`, whose length is skipped).
    public static func parseIndexPath(_ value: JSONValue) -> (Int, Int)? {
        func integer(_ v: JSONValue?) -> Int? {
            guard let x = v?.numberValue, x == x.rounded(), x.magnitude < 1e9 else { return nil }
            return Int(x)
        }
        switch value {
        case .array(let parts):
            guard parts.count == 2, let s = integer(parts[0]), let r = integer(parts[1]) else { return nil }
            return (s, r)
        case .object:
            guard let s = integer(value["section"]), let r = integer(value["row"] ?? value["item"]) else { return nil }
            return (s, r)
        case .string(let text):
            var numbers: [String] = []
            var current = ""
            for ch in text {
                if ch.isASCII && ch.isNumber { current.append(ch) } else if !current.isEmpty { numbers.append(current); current = "" }
            }
            if !current.isEmpty { numbers.append(current) }
            if numbers.contains(where: { $0.count >= 10 }) { return nil }
            if text.contains("length") { numbers.removeFirst(min(1, numbers.count)) }
            guard numbers.count == 2 else { return nil }
            return (Int(numbers[0])!, Int(numbers[1])!)
        default:
            return nil
        }
    }
}
