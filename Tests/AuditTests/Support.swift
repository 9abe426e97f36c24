import Audit
import HierarchyFormats
import SelectorCore
import ViewSelectors

/// The Tests folder.
let auditTestsRoot = "/" + #filePath.split(separator: "/").dropLast(2).joined(separator: "/")

/// A recording under `Tests/Fixtures/` (sources and licences in the folders' READMEs), format detected.
func fixture(_ path: String) throws -> ViewTree {
    try HierarchyFormat.loadDetecting(try FileIO.read(auditTestsRoot + "/Fixtures/" + path)).0
}

/// One registry for every test (its cache is shared; engines are stateless).
let auditRegistry = EngineRegistry.standard()

/// The findings of `rules` on `tree`, as (rule id, uid) pairs in report order.
func findings(_ tree: ViewTree, _ rules: [Rule] = Rule.all, density: Double? = nil, name: Bool = false) throws -> [Finding] {
    var options = AuditOptions(rules: rules, density: density)
    options.nameViews = name
    return try Audit.run(tree, registry: auditRegistry, options: options).findings
}

/// `uid` of a finding's view.
func uid(_ f: Finding, _ tree: ViewTree) -> String { tree.uidString(of: f.node) ?? "?" }

/// An Android page source: a 1080×1920 px screen (`FrameLayout`, uid 2, under `<hierarchy>`,
/// uid 1) holding `body`, so the body's first view is uid 3.
func android(_ body: String, width: Int = 1080, height: Int = 1920) throws -> ViewTree {
    let xml = "<?xml version='1.0' encoding='UTF-8'?><hierarchy rotation=\"0\">"
        + "<node class=\"android.widget.FrameLayout\" bounds=\"[0,0][\(width),\(height)]\" clickable=\"false\" enabled=\"true\">"
        + body + "</node></hierarchy>"
    return try HierarchyFormat.uiautomator.load(Array(xml.utf8))
}

/// One `<node>` of an Android page source at `[x1,y1][x2,y2]`, with `attributes` as written.
func view(_ cls: String = "android.view.View", _ x1: Int, _ y1: Int, _ x2: Int, _ y2: Int, _ attributes: String = "",
          children: String = "") -> String {
    "<node class=\"\(cls)\" bounds=\"[\(x1),\(y1)][\(x2),\(y2)]\" \(attributes)>\(children)</node>"
}

/// An XCUITest page source: a 402×874 pt application (uid 1) and window (uid 2) holding `body`.
func ios(_ body: String) throws -> ViewTree {
    let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><XCUIElementTypeApplication type=\"XCUIElementTypeApplication\" name=\"App\" label=\"App\" "
        + "enabled=\"true\" visible=\"true\" accessible=\"false\" x=\"0\" y=\"0\" width=\"402\" height=\"874\">"
        + "<XCUIElementTypeWindow type=\"XCUIElementTypeWindow\" enabled=\"true\" visible=\"true\" x=\"0\" y=\"0\" width=\"402\" height=\"874\">"
        + body + "</XCUIElementTypeWindow></XCUIElementTypeApplication>"
    return try HierarchyFormat.xcuitest.load(Array(xml.utf8))
}

/// One XCUITest element of `type` (without the prefix) at x, y, width, height.
func element(_ type: String, _ x: Int, _ y: Int, _ w: Int, _ h: Int, _ attributes: String = "", children: String = "") -> String {
    "<XCUIElementType\(type) type=\"XCUIElementType\(type)\" enabled=\"true\" visible=\"true\" x=\"\(x)\" y=\"\(y)\" width=\"\(w)\" height=\"\(h)\" \(attributes)>"
        + children + "</XCUIElementType\(type)>"
}

/// The (rule, uid) pairs of `findings`, for comparing with a table.
func pairs(_ findings: [Finding], _ tree: ViewTree) -> [String] {
    findings.map { "\($0.rule.id)@\(uid($0, tree))" }
}
