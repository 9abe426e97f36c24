import SelectorCore
import SyntheticHierarchy
import Testing

@Suite struct BuilderAndClassTests {
    @Test func nodesAddedOutOfOrderAreLaidOutInPreorder() {
        var b = ViewTreeBuilder()
        let root = b.addNode(className: "UIWindow")
        let a = b.addNode(className: "UIView", parent: root)
        let c = b.addNode(className: "UIView", parent: root)
        let a1 = b.addNode(className: "UILabel", parent: a)  // added after a's sibling
        b.setString("accessibilityLabel", "a1", on: a1)
        b.setString("accessibilityLabel", "c", on: c)
        let tree = b.build()
        #expect(tree.parents == [-1, 0, 1, 0])
        #expect(tree.ends == [4, 3, 3, 4])
        #expect(tree.label(of: 2) == "a1")
        #expect(tree.label(of: 3) == "c")
        #expect(tree.depths == [0, 1, 2, 1])
    }

    @Test func stringsAreInternedOncePerDistinctValue() {
        var b = ViewTreeBuilder()
        let root = b.addNode(className: "UIWindow")
        for k in 0..<1000 { b.setString("accessibilityLabel", "Row \(k % 10)", on: b.addNode(parent: root)) }
        let tree = b.build()
        guard case .strings(let ids, let pool)? = tree.columns["accessibilityLabel"] else {
            Issue.record("label column is not dictionary-encoded"); return
        }
        #expect(pool.count == 10)
        #expect(ids.count == 1001)
        #expect(ids[0] == -1)
    }

    @Test func kindOfFollowsUIKitsHierarchy() {
        let h = ClassHierarchy.uikit
        var b = ViewTreeBuilder(hierarchy: h)
        let w = b.addNode(className: "UIWindow")
        for cls in ["UIButton", "UINavigationButton", "UITableView", "UITextView", "UICollectionViewCell", "UISwitch"] {
            b.addNode(className: cls, parent: w)
        }
        let tree = b.build()
        #expect(tree.isKind(1, of: "UIControl"))
        #expect(tree.isKind(2, of: "UIButton"))
        #expect(tree.isKind(3, of: "UIScrollView"))
        #expect(tree.isKind(4, of: "UIScrollView"))
        #expect(tree.isKind(5, of: "UICollectionReusableView"))
        #expect(tree.isKind(6, of: "UIControl"))
        #expect(!tree.isKind(6, of: "UIButton"))
        #expect(tree.isKind(0, of: "UIResponder"))
        #expect(!tree.isKind(0, of: "NoSuchClass"))
    }

    @Test func hostsExtendTheHierarchy() {
        var h = ClassHierarchy.uikit
        h.define("AppBadgeView", superclass: "UILabel")
        var b = ViewTreeBuilder(hierarchy: h)
        b.addNode(className: "AppBadgeView")
        #expect(b.build().isKind(0, of: "UILabel"))
    }

    @Test func cyclicUserChainsTerminate() {
        var h = ClassHierarchy.uikit
        h.define("A", superclass: "B")
        h.define("B", superclass: "A")
        var b = ViewTreeBuilder(hierarchy: h)
        b.addNode(className: "A")
        let tree = b.build()
        #expect(tree.isKind(0, of: "B"))
        #expect(!tree.isKind(0, of: "UIView"))
    }

    @Test func mixedTypesInOneColumnFallBackToGenericWithoutLoss() {
        var b = ViewTreeBuilder()
        let r = b.addNode(className: "UIWindow")
        let c = b.addNode(parent: r)
        b.set("value", .int(3), on: r)
        b.set("value", .string("three"), on: c)
        let tree = b.build()
        #expect(tree.value("value", of: 0) == .int(3))
        #expect(tree.value("value", of: 1) == .string("three"))
    }

    @Test func settingAPropertyReturnsANewTreeAndLeavesTheOldOne() {
        var b = ViewTreeBuilder()
        let r = b.addNode(className: "UIWindow")
        b.setString("text", "old", on: b.addNode(className: "UITextField", parent: r))
        let tree = b.build()
        let changed = tree.setting("text", to: "new", on: [1])
        #expect(tree.string("text", of: 1) == "old")
        #expect(changed.string("text", of: 1) == "new")
        let removed = changed.setting("text", to: nil, on: [1])
        #expect(removed.value("text", of: 1) == nil)
        let added = tree.setting("isOn", to: .bool(true), on: [0])
        #expect(added.value("isOn", of: 0) == .bool(true))
        #expect(added.propertyNames.contains("isOn"))
    }

    @Test func theGeneratorIsDeterministicAndExact() {
        let a = SyntheticApp.generate(nodes: 5_000, seed: 7)
        let b = SyntheticApp.generate(nodes: 5_000, seed: 7)
        let c = SyntheticApp.generate(nodes: 5_000, seed: 8)
        #expect(a.count == 5_000)
        #expect(a.dumpJSON() == b.dumpJSON())
        #expect(a.dumpJSON() != c.dumpJSON())
        let maxDepth = a.depths.max() ?? 0
        #expect(maxDepth >= 10 && maxDepth <= 70)
        let classes = Set((0..<a.count).map { a.className(of: NodeID($0)) })
        #expect(classes.isSuperset(of: ["UIWindow", "UITableView", "UITableViewCell", "UILabel", "UIButton", "UIImageView"]))
        let hidden = (0..<a.count).filter { a.value("isHidden", of: NodeID($0)) == .bool(true) }.count
        #expect(hidden > 50 && hidden < 300)
        #expect(SyntheticApp.generate(nodes: 1).count == 1)
    }

    @Test func structuralColumnsStayWithinTheMemoryBudget() {
        let tree = SyntheticApp.generate(nodes: 100_000, seed: 1, options: .init(frames: false))
        #expect(tree.structuralBytesPerNode <= 48)
    }
}
