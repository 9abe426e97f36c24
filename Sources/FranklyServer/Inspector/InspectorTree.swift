import SelectorCore

/// The hierarchy in the compact, column-wise form the inspector page draws from
/// (`GET /inspector/tree`): one array per property, indexed by node id (preorder), so a 10^5-node
/// tree is a few MB the browser parses in tens of milliseconds, where `/dump` nests 10^5 objects.
///
/// ```json
/// {"count":3,"classes":["UIWindow","UIView","UILabel"],"class":[0,1,2],"parent":[-1,0,1],
///  "uid":[1,2,3],"label":[null,null,"Hi"],"hidden":[0,0,1],"frame":[0,0,390,844, ...]}
/// ```
///
/// `frame` holds each view's absolute frame (`wireframeRects()`) as x, y, width, height per node;
/// a node without one has width -1. `uid` keeps the dump's type (number or string); `hidden` is 1
/// when `isHidden` is true.
extension ViewTree {
    func inspectorTreeJSON() -> [UInt8] {
        var w = JSONWriter(reservingCapacity: count * 48 + 1024)
        var document = InspectorTreeChunks(tree: self, chunkBytes: .max)
        document.writeAll(into: &w)
        return w.bytes
    }

    /// Each view's frame in window (screen) coordinates, the one space the wireframe draws in;
    /// nil for a view with neither frame.
    ///
    /// `accessibilityFrame` is already absolute. UIKit's `frame` is in the superview's bounds
    /// space, so a view with only `frame` (Frank dumps from apps without accessibility, and some
    /// recorders) is placed at its superview's absolute origin plus its frame origin, minus the
    /// superview's `contentOffset` when recorded (a scroll view's bounds origin: without it a
    /// scrolled table draws its cells where they were before scrolling). A view with no frame at
    /// all passes its superview's origin on, so its subviews still land near their place.
    func wireframeRects() -> [Rect?] {
        var walk = WireframeWalk(tree: self)
        return (0..<count).map { _ in walk.next() }
    }

    static func rect(in column: PropertyColumn?, at i: Int) -> Rect? {
        guard let column else { return nil }
        if case .frames(let v) = column { return v[i].x.isNaN ? nil : v[i] }
        return column.value(at: i).flatMap(Rect.init(json:))
    }

    /// A CGPoint as Frank writes it, `{"x":0,"y":44}`, or as `NSStringFromCGPoint` does, `"{0, 44}"`.
    static func point(_ value: JSONValue) -> (x: Double, y: Double)? {
        if let x = value["x"]?.numberValue, let y = value["y"]?.numberValue { return (x, y) }
        guard let text = value.stringValue, text.hasPrefix("{"), text.hasSuffix("}") else { return nil }
        let parts = text.dropFirst().dropLast().split(separator: ",").map { Double(String($0.filter { $0 != " " })) }
        guard parts.count == 2, let x = parts[0], let y = parts[1] else { return nil }
        return (x, y)
    }
}

/// `ViewTree.wireframeRects()` one view at a time, in preorder, holding only the origins of the
/// current view's ancestors: `/inspector/tree` writes its frames as the client reads them instead
/// of computing every frame up front (a 10^6-view tree's were 39 MB per request, kept by every
/// reader that stopped reading; issue 28, item 10).
struct WireframeWalk: Sendable {
    private let tree: ViewTree
    private let absolute: PropertyColumn?
    private let relative: PropertyColumn?
    private let offsets: PropertyColumn?
    /// The path from a root to the last view walked: each view and where its subviews' frames are
    /// measured from, in window coordinates.
    private var path: [(node: Int32, x: Double, y: Double)] = []
    /// The view `next()` answers for.
    private(set) var node = 0

    init(tree: ViewTree) {
        self.tree = tree
        absolute = tree.columns[PropertyName.accessibilityFrame]
        relative = tree.columns[PropertyName.frame]
        offsets = tree.columns["contentOffset"]
    }

    /// The frame of view `node` (then the next view), as `wireframeRects()` gives it.
    mutating func next() -> Rect? {
        let i = node
        node += 1
        let p = tree.parents[i]
        // Preorder: the parent is on the path, and whatever follows it there has ended.
        while let last = path.last, last.node != p { path.removeLast() }
        let base = path.last.map { (x: $0.x, y: $0.y) } ?? (x: 0, y: 0)
        var rect = ViewTree.rect(in: absolute, at: i)
        if rect == nil, let f = ViewTree.rect(in: relative, at: i) {
            rect = Rect(x: base.x + f.x, y: base.y + f.y, width: f.width, height: f.height)
        }
        let offset = offsets?.value(at: i).flatMap(ViewTree.point) ?? (x: 0, y: 0)
        path.append((node: Int32(i), x: (rect?.x ?? base.x) - offset.x, y: (rect?.y ?? base.y) - offset.y))
        return rect
    }
}
