import SelectorCore
import Testing
import UiSelectorEngine
import ViewSelectorsTesting

// `index` and `instance` (alone, and inside `childSelector` / `fromParent`) against the semantics
// written out in plain code: the criteria's matches come from `ReferenceInterpreter` running the
// criteria-only program (core steps only, so nothing of the position steps is shared), a node's
// index is its recorded number or its place in `tree.children(of:)`, and a linked instance is
// counted per outer match by walking that match's subtree ids. Generated trees of 10^3 to 10^5
// views (with recorded indexes as numbers, as mixed values, or none), and the real Android and
// XCUITest recordings (which record `index`).

/// A random UIKit tree of `nodes` views: tables, cells, labels and buttons under views, each
/// parent drawn from all containers so far (families of a few children, depth about log n).
/// `indexes`: 0 records none, 1 records a number on a fifth of the views, 2 also records some
/// strings and booleans (a column of mixed values, read through its generic form).
func generatedTree(nodes: Int, seed: UInt64, indexes: Int) -> ViewTree {
    var random = SeededRandom(seed: seed)
    func next() -> Int { Int(truncatingIfNeeded: random.next() >> 1) }
    let classes = ["UIView", "UIView", "UIView", "UITableView", "UITableViewCell", "UITableViewCell", "UITableViewCell",
                   "UILabel", "UILabel", "UILabel", "UILabel", "UILabel", "UIButton", "UIButton", "UIButton", "UIButton",
                   "UILabel", "UIButton", "UILabel", "UIImageView"]
    var b = ViewTreeBuilder(reservingCapacity: nodes)
    var containers = [b.addNode(className: "UIWindow")]
    for _ in 1..<nodes {
        let cls = classes[next() % classes.count]
        let node = b.addNode(className: cls, parent: containers[next() % containers.count])
        if cls == "UIView" || cls == "UITableView" || cls == "UITableViewCell" { containers.append(node) }
        if indexes > 0 && next() % 5 == 0 { b.set("index", .int(Int64(next() % 4)), on: node) }
        if indexes > 1 && next() % 40 == 0 { b.set("index", next() % 2 == 0 ? .string("1") : .bool(true), on: node) }
    }
    return b.build()
}

/// One selector: criteria of the outer selector and, optionally, of a linked one.
struct PositionCase: Sendable, CustomStringConvertible {
    var top: String
    var topIndex: Int? = nil
    var topInstance: Int? = nil
    /// `childSelector` or `fromParent`.
    var relation: String? = nil
    var sub: String = ""
    var subIndex: Int? = nil
    var subInstance: Int? = nil

    /// The selector as Appium would send it.
    var description: String {
        var s = "new UiSelector()" + top
        if let topIndex { s += ".index(\(topIndex))" }
        if let topInstance { s += ".instance(\(topInstance))" }
        if let relation {
            var inner = "new UiSelector()" + sub
            if let subIndex { inner += ".index(\(subIndex))" }
            if let subInstance { inner += ".instance(\(subInstance))" }
            s += ".\(relation)(\(inner))"
        }
        return s
    }
}

/// The plain-code answer for `c` on `tree`.
func positionReference(_ c: PositionCase, in tree: ViewTree) throws -> [NodeID] {
    let reference = ReferenceInterpreter(tree: tree)
    let engine = UiSelectorEngine()
    func matches(_ criteria: String) throws -> [NodeID] {
        try reference.select(try engine.compile("new UiSelector()" + criteria))
    }
    // UiAutomator's index: the recorded number when there is one, else the place among siblings.
    func hasIndex(_ v: NodeID, _ k: Int) -> Bool {
        if let recorded = tree.value("index", of: v)?.numberValue { return recorded == Double(k) }
        let family = tree.parent(of: v).map { tree.children(of: $0) } ?? tree.roots
        return family.firstIndex(of: v) == k
    }
    var outer = try matches(c.top)
    if let k = c.topIndex { outer = outer.filter { hasIndex($0, k) } }
    if let n = c.topInstance { outer = n < outer.count ? [outer[n]] : [] }
    guard let relation = c.relation else { return outer }
    var roots = outer
    if relation == "fromParent" { roots = Array(Set(outer.compactMap { tree.parent(of: $0) })).sorted() }
    let inner = Set(try matches(c.sub))
    func counted(_ v: NodeID) -> Bool { inner.contains(v) && (c.subIndex.map { hasIndex(v, $0) } ?? true) }
    var found = Set<NodeID>()
    for r in roots {
        var seen = 0
        for v in (Int(r) + 1)..<Int(tree.ends[Int(r)]) where counted(NodeID(v)) {
            if let n = c.subInstance {
                if seen == n { found.insert(NodeID(v)); break }
                seen += 1
            } else {
                found.insert(NodeID(v))
            }
        }
    }
    return found.sorted()
}

@Suite("UiSelector index and instance against the reference")
struct UiSelectorPositionReferenceTests {
    /// UIKit class names, for the generated apps.
    static let uikitCases: [PositionCase] = [
        PositionCase(top: #".className("UITableView")"#, relation: "childSelector", sub: #".className("UITableViewCell")"#, subIndex: 1),
        PositionCase(top: #".className("UITableView")"#, relation: "childSelector", sub: #".className("UITableViewCell")"#, subInstance: 1),
        PositionCase(top: #".className("UITableView")"#, relation: "childSelector", sub: #".className("UILabel")"#, subIndex: 0, subInstance: 2),
        // Views nest: the inputs' subtrees overlap.
        PositionCase(top: #".className("UIView")"#, relation: "childSelector", sub: #".className("UILabel")"#, subInstance: 0),
        PositionCase(top: #".className("UIView")"#, relation: "childSelector", sub: "", subIndex: 2, subInstance: 1),
        PositionCase(top: #".className("UILabel")"#, relation: "fromParent", sub: #".className("UIButton")"#, subInstance: 0),
        PositionCase(top: #".className("UILabel")"#, relation: "fromParent", sub: "", subIndex: 0),
        PositionCase(top: #".className("UILabel")"#, topIndex: 0),
        PositionCase(top: #".className("UITableViewCell")"#, topIndex: 3, topInstance: 2),
        PositionCase(top: "", topIndex: 1),
        PositionCase(top: "", relation: "childSelector", sub: "", subIndex: 1, subInstance: 3),
    ]

    /// Criteria any recording answers, Android's recorded `index` and XCUITest's included.
    static let recordingCases: [PositionCase] = [
        PositionCase(top: "", topIndex: 0),
        PositionCase(top: "", topIndex: 2, topInstance: 1),
        PositionCase(top: ".clickable(true)", relation: "childSelector", sub: "", subIndex: 0),
        PositionCase(top: "", relation: "childSelector", sub: "", subIndex: 1, subInstance: 0),
        PositionCase(top: ".enabled(true)", relation: "childSelector", sub: ".enabled(true)", subInstance: 2),
        PositionCase(top: "", topIndex: 0, relation: "fromParent", sub: "", subIndex: 2, subInstance: 1),
        PositionCase(top: #".className("android.widget.LinearLayout")"#, relation: "childSelector",
                     sub: #".className("android.widget.TextView")"#, subIndex: 1),
        PositionCase(top: #".className("XCUIElementTypeCell")"#, relation: "childSelector",
                     sub: #".className("XCUIElementTypeStaticText")"#, subIndex: 0, subInstance: 0),
    ]

    static let recordings = [
        "real/uiautomator_android_wecom_window_dump.xml", "real/android_wechat_miniprogram_appcrawler.xml",
        "real/xcuitest_ios_settings_zh_uiautodev.xml", "real/xcuitest_ios26_pocketcasts_discover_mobium.xml",
        "real/xcuitest_ios26_icecubes_timeline_mobium.xml", "appium/uiautomator2_theapp_login_appium.xml",
        "appium/uiautomator2_permission_dialog_mobium.xml",
    ]

    @Test("generated trees, 10^3 to 10^5 views", arguments: [(1_000, 0), (1_000, 2), (12_000, 1), (12_000, 2), (100_000, 1)])
    func generated(_ nodes: Int, _ indexes: Int) throws {
        let tree = generatedTree(nodes: TestScale.views(nodes), seed: UInt64(nodes + indexes), indexes: indexes)
        var nonEmpty = 0
        for c in Self.uikitCases {
            let expected = try positionReference(c, in: tree)
            #expect(try ui(c.description, in: tree) == expected, "\(c) on \(nodes) views, indexes \(indexes)")
            if !expected.isEmpty { nonEmpty += 1 }
        }
        #expect(nonEmpty >= Self.uikitCases.count - 2)
    }

    @Test("real recordings", arguments: recordings)
    func recording(_ name: String) throws {
        let tree = try loadFixture(name)
        var nonEmpty = 0
        for c in Self.recordingCases {
            let expected = try positionReference(c, in: tree)
            #expect(try ui(c.description, in: tree) == expected, "\(c) on \(name)")
            if !expected.isEmpty { nonEmpty += 1 }
        }
        #expect(nonEmpty >= 3, "\(name)")
    }

    @Test("index and instance compile to the core's position steps")
    func program() throws {
        let program = try UiSelectorEngine().compile(
            #"new UiSelector().index(2).fromParent(new UiSelector().className("a.B").index(0).instance(1))"#)
        #expect(program.description == """
            start .document
            1  axis descendants  document  filter ¬memberOf(hierarchy) ∧ ¬index != 2  unique
            2  keep position 2 among siblings, or index >= -inf
            3  axis parent       document  filter any  unique
            4  sort
            5  per input: descendant 1 passing ¬memberOf(hierarchy) ∧ memberOf(a.B) ∧ ¬index != 0, at position 0 among siblings, or index >= -inf
            6  sort
            """)
        for step in program.steps {
            guard case .engine(let e) = step else { continue }
            Issue.record("an engine step where the core's position steps belong: \(e)")
        }
        #expect(program.steps.contains { if case .nthDescendant = $0 { true } else { false } })
    }
}
