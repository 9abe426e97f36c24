/// One number of a frame, as a key path names it (`accessibilityFrame.origin.x`).
public enum FrameComponent: String, Sendable, CaseIterable {
    case x, y, width, height, maxX, maxY

    /// The component's value in `r`.
    @inline(__always) public func read(_ r: Rect) -> Double {
        switch self {
        case .x: return r.x
        case .y: return r.y
        case .width: return r.width
        case .height: return r.height
        case .maxX: return r.x + r.width
        case .maxY: return r.y + r.height
        }
    }

    // CGRect's key paths (`origin.x`, `size.width`) and the short forms XCUITest's `rect` uses.
    static let byKeyPath: [Substring: FrameComponent] = [
        "x": .x, "y": .y, "width": .width, "height": .height, "maxX": .maxX, "maxY": .maxY,
        "origin.x": .x, "origin.y": .y, "size.width": .width, "size.height": .height,
    ]
}

extension ViewTree {
    /// The frame column and component a dotted property name reads (`accessibilityFrame.x`,
    /// `frame.size.width`), when the tree stores that frame as one value; nil otherwise.
    ///
    /// Frames are stored whole (32 bytes a node), so their parts are not columns of their own:
    /// predicates and key paths that name a part read it through here.
    public func frameComponent(_ property: String) -> (ContiguousArray<Rect>, FrameComponent)? {
        guard let dot = property.firstIndex(of: ".") else { return nil }
        guard case .frames(let frames)? = columns[String(property[..<dot])],
              let component = FrameComponent.byKeyPath[property[property.index(after: dot)...]] else { return nil }
        return (frames, component)
    }
}
