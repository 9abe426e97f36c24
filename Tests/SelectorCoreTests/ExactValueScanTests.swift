import SelectorCore
import Testing
import ViewSelectorsTesting

/// The exact-value scan (`Matcher.findEqual`: sixteen value ids compared at once) finds every view
/// whose label is the value, with and without a class test, from subtrees of every length and
/// offset, so the blocks' edges and the tail are all crossed.
@Suite("Exact-value scans by blocks of sixteen")
struct ExactValueScanTests {
    @Test("every subtree, every block edge: the reference's views", arguments: [UInt64(5), 6])
    func blocksAndTails(seed: UInt64) throws {
        // Labels repeat every 7 views, so matches fall at every offset within a block.
        var b = ViewTreeBuilder()
        let root = b.addNode(className: "UIWindow")
        var parents = [root]
        for k in 0..<700 {
            let parent = parents[(k * 7 + Int(seed)) % parents.count]
            let node = b.addNode(className: k % 3 == 0 ? "UILabel" : "UIButton", parent: parent)
            b.set(PropertyName.accessibilityLabel, .string("L\(k % 7)"), on: node)
            if k % 5 == 0 { parents.append(node) }
        }
        let tree = b.build()
        let reference = ReferenceInterpreter(tree: tree)
        let label = Predicate.string(property: PropertyName.accessibilityLabel, .equals("L3"))
        for filter in [label, .all([.kindOf("UILabel"), label]), .all([.kindOf("UIButton"), label])] {
            for start in stride(from: 0, to: tree.count, by: 13) {
                var p = ProgramBuilder(start: .roots)
                p.descendants(filter, unique: true)
                let program = p.build()
                let found = try Matcher(configuration: .serial).select(program, in: tree, from: [NodeID(start)], budget: .unlimited)
                #expect(found == (try reference.select(program, from: [NodeID(start)])), "\(filter) from \(start)")
            }
        }
    }
}
