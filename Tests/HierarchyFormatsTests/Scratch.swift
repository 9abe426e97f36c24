import SelectorCore
import Testing
@Test func scratch() throws {
    var b = ViewTreeBuilder()
    let a = b.addNode(className: "A")
    let c = b.addNode(className: "B", parent: a)
    b.setFrame("frame", Rect(x: 1, y: 2, width: 3, height: 4), on: c)
    let t = b.build()
    if case .frames(let v)? = t.columns["frame"] { print("FRAMES", v.map { "\($0.x) \($0.x.isNaN)" }) }
    print("VALUE", t.value("frame", of: 0) as Any)
}
