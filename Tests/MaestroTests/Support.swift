import HierarchyFormats
import MaestroEngine
import SelectorCore
import ViewSelectors
import ViewSelectorsTesting

/// The standard registry (every built-in engine, `maestro` among them), serial so results never
/// depend on threads.
let registry = EngineRegistry.standard(matcher: Matcher(configuration: .serial))

/// The uids `selector` selects in `tree` with the `maestro` engine, in Maestro's order (the first
/// is the view Maestro acts on).
func maestro(_ selector: String, in tree: ViewTree) throws -> [String] {
    try registry.selectUIDs(selector, engine: "maestro", in: tree)
}

/// A view as Maestro's test driver makes one (`FakeLayoutElement.toTreeNode`, maestro-test
/// `FakeLayoutElement.kt` L26-84): bounds as left, top, right, bottom; `text` and `resource-id`
/// when given; `clickable` false, `enabled` true and the other states false unless given.
func E(_ uid: String, text: String? = nil, id: String? = nil, _ bounds: (Double, Double, Double, Double)? = nil,
       clickable: Bool = false, enabled: Bool = true, selected: Bool = false, checked: Bool = false,
       focused: Bool = false, _ children: [N] = []) -> N {
    var props: [(String, JSONValue)] = []
    if let text { props.append(("text", .string(text))) }
    if let id { props.append(("resource-id", .string(id))) }
    if let (l, t, r, b) = bounds {
        props.append((PropertyName.accessibilityFrame, Rect(x: l, y: t, width: r - l, height: b - t).json))
    }
    props += [("clickable", .bool(clickable)), ("enabled", .bool(enabled)), ("selected", .bool(selected)),
              ("checked", .bool(checked)), ("focused", .bool(focused))]
    return N("android.view.View", uid, props, children)
}

/// Maestro's test screen (`FakeDriver`: an unbounded root over a 540 × 960 device) holding
/// `children`: the root records the display's size, as Appium's `<hierarchy>` does, and no frame.
func screen(_ children: N...) -> ViewTree {
    N("android.widget.FrameLayout", "root", [("width", .int(540)), ("height", .int(960)), ("clickable", .bool(false)),
                                             ("enabled", .bool(true)), ("selected", .bool(false)), ("checked", .bool(false)),
                                             ("focused", .bool(false))], children).build()
}

/// The path of a test fixture.
func fixturePath(_ name: String) -> String {
    let tests = #filePath.split(separator: "/").dropLast(2).joined(separator: "/")
    return "/" + tests + "/Fixtures/" + name
}

/// A recording in Tests/Fixtures (format detected).
func loadFixture(_ name: String) throws -> ViewTree {
    try HierarchyFormat.loadDetecting(try FileIO.read(fixturePath(name))).0
}

/// The view whose uid is `uid`.
func node(_ uid: String, in tree: ViewTree) -> NodeID? {
    (0..<tree.count).lazy.map { NodeID($0) }.first { tree.uidString(of: $0) == uid }
}
