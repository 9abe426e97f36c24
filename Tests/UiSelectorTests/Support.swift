import AppiumLocators
import HierarchyFormats
import SelectorCore
import UiSelectorEngine

/// A registry with the uiselector engine and Appium's three simple strategies, serial so results
/// never depend on threads.
let uiRegistry: EngineRegistry = {
    let r = EngineRegistry(matcher: Matcher(configuration: .serial))
    try! r.register(UiSelectorEngine())
    try! r.register(AccessibilityIDEngine())
    try! r.register(AppiumIDEngine())
    try! r.register(ClassNameEngine())
    return r
}()

/// Preorder ids `selector` selects in `tree`.
func ui(_ selector: String, in tree: ViewTree, engine: String = "uiselector") throws -> [NodeID] {
    try uiRegistry.select(selector, engine: engine, in: tree)
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

let wecom = try! loadFixture("real/uiautomator_android_wecom_window_dump.xml")
let wechat = try! loadFixture("real/android_wechat_miniprogram_appcrawler.xml")
let settings = try! loadFixture("real/xcuitest_ios_settings_zh_uiautodev.xml")
let uicatalog = try! ViewTree.loadDump(try! FileIO.read(fixturePath("frank-dump-uicatalog.json")))

/// The brute-force reference: reads each node's recorded attributes with plain code and walks the
/// nodes in preorder, so the engine's answers are checked against something that is not the engine.
struct Reference {
    let tree: ViewTree

    var nodes: [NodeID] { (0..<tree.count).map { NodeID($0) }.filter { tree.className(of: $0) != "hierarchy" } }

    /// Whether the node comes from an Android recording (it has an attribute only those write).
    func isAndroid(_ n: NodeID) -> Bool {
        tree.value("package", of: n) != nil || tree.value("resource-id", of: n) != nil || tree.value("content-desc", of: n) != nil
    }

    /// The first of `names` the node has, as a string (nil when that one is not a string); an
    /// Android node reads only the first (the others are UIKit-side names its loader derives).
    func first(_ names: [String], _ n: NodeID) -> String? {
        for name in isAndroid(n) ? Array(names.prefix(1)) : names where tree.value(name, of: n) != nil {
            return tree.string(name, of: n)
        }
        return nil
    }

    func text(_ n: NodeID) -> String? { first(["text", "accessibilityLabel"], n) }
    func desc(_ n: NodeID) -> String? { first(["content-desc", "accessibilityLabel"], n) }
    func resourceID(_ n: NodeID) -> String? { first(["resource-id", "accessibilityIdentifier"], n) }
    func package(_ n: NodeID) -> String? { tree.string("package", of: n) }

    /// A boolean attribute, else its `is` spelling (`enabled` → `isEnabled`).
    func flag(_ name: String, _ n: NodeID) -> Bool? {
        if let v = tree.value(name, of: n) { return v.boolValue }
        if name.contains("-") { return nil }
        return tree.value("is" + name.prefix(1).uppercased() + name.dropFirst(), of: n)?.boolValue
    }

    /// Position among the parent's children, or the recorded `index`.
    func index(_ n: NodeID) -> Int {
        if let v = tree.value("index", of: n)?.numberValue { return Int(v) }
        let siblings = tree.parent(of: n).map { tree.children(of: $0) } ?? tree.roots
        return siblings.firstIndex(of: n)!
    }

    func select(_ test: (NodeID) -> Bool) -> [NodeID] { nodes.filter(test) }

    /// Every node under `roots` passing `test`, once, in document order.
    func below(_ roots: [NodeID], _ test: (NodeID) -> Bool) -> [NodeID] {
        var seen = Set<NodeID>()
        for r in roots {
            for d in (Int(r) + 1)..<Int(tree.ends[Int(r)]) where test(NodeID(d)) { seen.insert(NodeID(d)) }
        }
        return seen.sorted()
    }
}

/// The UTF-8 offset of 1-based `column` in `selector`.
func offset(_ column: Int, in selector: String) -> Int {
    selector.utf8.distance(from: selector.startIndex, to: selector.index(selector.startIndex, offsetBy: column - 1))
}

/// `pkg:id/name` split at its first `:id/`.
func splitResourceID(_ id: String) -> (package: String, name: String)? {
    let b = Array(id.utf8), marker = Array(":id/".utf8)
    guard b.count >= marker.count else { return nil }
    for i in 0...(b.count - marker.count) where Array(b[i..<(i + marker.count)]) == marker {
        return (String(decoding: b[..<i], as: UTF8.self), String(decoding: b[(i + marker.count)...], as: UTF8.self))
    }
    return nil
}
