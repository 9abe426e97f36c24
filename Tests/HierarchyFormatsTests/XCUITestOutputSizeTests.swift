import HierarchyFormats
import SelectorCore
import Testing

/// `xcuitestXML()` (`frankly convert --to xcuitest`) grows linearly with the nodes at any depth:
/// indenting two spaces per level made a 10^5-deep dump 13 GB.
@Suite struct XCUITestOutputSizeTests {
    /// A chain of `depth` views, each the only child of the one before.
    static func chain(depth: Int) -> ViewTree {
        var b = ViewTreeBuilder(reservingCapacity: depth)
        var parent: ViewTreeBuilder.Handle? = nil
        for i in 0..<depth {
            let n = b.addNode(className: i == 0 ? "UIWindow" : "UIView", parent: parent)
            b.set("uid", .int(Int64(i)), on: n)
            parent = n
        }
        return b.build()
    }

    @Test func aDeepTreesOutputStaysUnderAConstantPerNode() throws {
        let depth = 10_000
        let tree = Self.chain(depth: depth)
        let xml = tree.xcuitestXML()
        // Each element (open and close tag, attributes) takes well under 300 bytes; indentation
        // growing with depth would take 2 × depth per line, 200 MB here.
        #expect(xml.count < 300 * depth, "\(xml.count) bytes for \(depth) nodes")
        let again = try HierarchyFormat.xcuitest.load(xml)
        #expect(again.count == depth)
        #expect(again.depths[depth - 1] == Int32(depth - 1))
    }

    @Test func shallowTreesKeepTwoSpacesPerLevel() throws {
        let xml = String(decoding: Self.chain(depth: 40).xcuitestXML(), as: UTF8.self)
        let lines = xml.split(separator: "\n")
        func indent(_ line: Substring) -> Int { line.prefix(while: { $0 == " " }).count }
        // Line 0 is the XML declaration; line 1 + d opens the element at depth d.
        for d in 0..<40 { #expect(indent(lines[1 + d]) == 2 * min(d, 32), "depth \(d)") }
        let recording = try loadReal("xcuitest_ios_settings_zh_uiautodev.xml")
        let written = String(decoding: recording.xcuitestXML(), as: UTF8.self)
        #expect(written.split(separator: "\n").map(indent).max() == 2 * (levels(recording) - 1))
    }
}
