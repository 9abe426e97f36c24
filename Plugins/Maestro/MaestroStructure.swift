public import SelectorCore

// Maestro's two tests that read a view's frame against more than constants, as `StructuralTest`s
// the core decides for every view once per query: the `square` trait (width against height) and
// the pruning of views off screen that Maestro applies to every hierarchy before it matches.

/// Maestro's `square` trait (`TraitFilters.isSquare`): `abs(1 - width / height.toFloat()) < 0.03`,
/// in `Float` as Kotlin computes it; a view without a frame, or of height 0, is not square.
public struct MaestroSquare: StructuralTest {
    public init() {}
    public var description: String { "maestroSquare" }
    public var failure: String { "its frame is not square (width within 3% of height)" }

    public func passingViews(in structure: TreeStructure) -> ViewSet {
        var set = ViewSet(count: structure.count)
        guard structure.hasFrames else { return set }
        for v in 0..<structure.count {
            guard let f = structure.frame(of: NodeID(v)) else { continue }
            let ratio = Float(f.width) / Float(f.height)
            if abs(1 - ratio) < 0.03 { set.insert(NodeID(v)) }
        }
        return set
    }
}

/// The views Maestro keeps when it prunes a hierarchy to the screen (`ViewHierarchy.from` and
/// `TreeNode.filterOutOfBounds`, maestro-client `ViewHierarchy.kt` L27-37 and L102-128; the
/// fraction is `UiElement.getVisiblePercentage`, `UiElement.kt` L31-47): a view is dropped when
/// less than a tenth of it lies on the screen and none of its children is kept. A view whose
/// `ignoreBoundsFiltering` is true is kept with everything below it. When the pruning would drop
/// every view, Maestro keeps the hierarchy whole, and so does this test.
///
/// Maestro takes the screen from the device; a recording holds no device, so the screen is the
/// display's size when the first view records one as numbers `width` and `height` without a frame
/// of its own (Appium's UiAutomator2 `<hierarchy>`), else the frame of the first view, in
/// document order, whose frame has a positive width and height (the window, XCUITest's
/// application, UIAutomator's first window).
public struct MaestroOnScreen: StructuralTest {
    public init() {}
    public var description: String { "maestroOnScreen" }
    public var failure: String { "Maestro prunes it: under a tenth of it is on screen, and nothing below it is" }

    public func passingViews(in structure: TreeStructure) -> ViewSet {
        let n = structure.count
        var kept = ViewSet(count: n)
        var screen: Rect?
        if n > 0, structure.frame(of: 0) == nil,
           let w = structure.value("width", of: 0)?.numberValue, let h = structure.value("height", of: 0)?.numberValue,
           w > 0, h > 0 {
            screen = Rect(x: 0, y: 0, width: w, height: h)
        } else {
            for v in 0..<n {
                if let f = structure.frame(of: NodeID(v)), f.width > 0, f.height > 0 { screen = f; break }
            }
        }
        let ignore = structure.property("ignoreBoundsFiltering")
        // Forward: whether a view or an ancestor asks to be kept whole (parents come first).
        var whole = [Bool](repeating: false, count: n)
        for v in 0..<n {
            let p = structure.parent(of: NodeID(v))
            switch ignore?.value(of: NodeID(v)) {
            case .bool(true)?, .string("true")?: whole[v] = true
            default: whole[v] = p >= 0 && whole[Int(p)]
            }
        }
        // Backward: a view is kept when it shows enough, or a child of it is kept.
        var childKept = [Bool](repeating: false, count: n)
        var any = false
        for v in stride(from: n - 1, through: 0, by: -1) {
            let view = NodeID(v)
            var keep = whole[v] || childKept[v]
            if !keep, let screen, let f = structure.frame(of: view) {
                // NaN (a zero area with a side that is not zero) is not under 0.1: kept.
                keep = !(Self.visibleFraction(f, on: screen) < 0.1)
            }
            if keep {
                kept.insert(view)
                any = true
                let p = structure.parent(of: view)
                if p >= 0 { childKept[Int(p)] = true }
            }
        }
        if !any {
            for v in 0..<n { kept.insert(NodeID(v)) }
        }
        return kept
    }

    /// `getVisiblePercentage`: 0 for an empty frame, 1 for one covering the screen, else the part
    /// of its area on the screen.
    static func visibleFraction(_ f: Rect, on screen: Rect) -> Double {
        if f.width == 0 && f.height == 0 { return 0 }
        let (left, top, right, bottom) = (screen.x, screen.y, screen.x + screen.width, screen.y + screen.height)
        if f.x <= left && f.y <= top && f.x + f.width >= right && f.y + f.height >= bottom { return 1 }
        let visibleX = max(0, min(f.x + f.width, right) - max(f.x, left))
        let visibleY = max(0, min(f.y + f.height, bottom) - max(f.y, top))
        return (visibleX * visibleY) / (f.width * f.height)
    }
}
