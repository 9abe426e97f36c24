import HierarchyFormats
import SelectorCore
import ViewSelectors

/// A recording from `Tests/Fixtures/real/` (sources and licences in `Tests/Fixtures/README.md`).
func realFixture(_ name: String) throws -> [UInt8] {
    let tests = #filePath.split(separator: "/").dropLast(2).joined(separator: "/")
    return try FileIO.read("/" + tests + "/Fixtures/real/" + name)
}

/// The recording loaded with its format read from the content.
func loadReal(_ name: String) throws -> ViewTree {
    try HierarchyFormat.loadDetecting(try realFixture(name)).0
}

/// The uids a selector names, in the engine's order.
func uids(_ selector: String, engine: String, in tree: ViewTree) throws -> [String] {
    try EngineRegistry.standard().select(selector, engine: engine, in: tree).map { tree.uidString(of: $0) ?? "-" }
}

/// The node with `uid`, as an Int for readable expectations.
func node(_ uid: Int, in tree: ViewTree) -> NodeID { tree.node(withUID: String(uid))! }

/// `Rect` from Frank's JSON form of a property.
func rect(_ name: String, of uid: Int, in tree: ViewTree) -> Rect? {
    tree.value(name, of: node(uid, in: tree)).flatMap { Rect(json: $0) }
}

/// Preorder depth levels (README's "depth": 1 for a lone root).
func levels(_ tree: ViewTree) -> Int { Int(tree.depths.max() ?? -1) + 1 }
