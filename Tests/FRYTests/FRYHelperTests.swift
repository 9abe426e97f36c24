import FRYEngine
import SelectorCore
import SyntheticHierarchy
import Testing
import ViewSelectorsTesting

/// An absolute frame as a dump writes it.
private func frame(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> (String, JSONValue) {
    ("accessibilityFrame", Rect(x: x, y: y, width: w, height: h).json)
}

/// A 320×480 window: views on, off and at the edge of it; hidden and faded containers; a table
/// whose cells are listed out of row order, with section headers and one recorded index path;
/// views carrying traits as a number, a list and a prefixed list.
let helperTree = N("UIWindow", "w", [frame(0, 0, 320, 480)], [
    N("UIView", "onscreen", [frame(10, 10, 100, 100)]),
    N("UIView", "offscreen", label: "Share", [frame(400, 10, 50, 50)]),
    N("UIView", "edge", [frame(320, 0, 10, 10)]),
    N("UIView", "zero", [frame(5, 5, 0, 0)]),
    N("UIView", "nofr"),
    N("UIView", "hiddenParent", [("isHidden", .bool(true))], [N("UILabel", "childOfHidden", label: "x")]),
    N("UIView", "fadedParent", [("alpha", .double(0.1))], [N("UIButton", "childOfFaded")]),
    N("UIView", "dimParent", [("alpha", .double(0.11))], [N("UIButton", "childOfDim")]),
    N("UITableView", "table", [frame(0, 0, 320, 400)], [
        N("UITableViewHeaderFooterView", "h0", [frame(0, 0, 320, 30)]),
        N("UITableViewCell", "c0", [frame(0, 100, 320, 44)]),
        N("UITableViewCell", "cB", [frame(0, 50, 320, 44)]),
        N("UITableViewHeaderFooterView", "h1", [frame(0, 150, 320, 30)]),
        N("UITableViewCell", "c2", [frame(0, 200, 320, 44)]),
        N("UITableViewCell", "rec", [frame(0, 250, 320, 44), ("indexPath", .array([.int(3), .int(7)]))]),
        N("UITableViewCell", "c3", [frame(0, 300, 320, 44)], [
            N("UITableViewCellContentView", "content3", [], [N("UILabel", "shareLbl", label: "Share", [frame(16, 310, 100, 20)])]),
        ]),
    ]),
    N("UIButton", "btnTraitsNone", [("accessibilityTraits", .int(0))]),
    N("UIView", "viewBtnBits", [("accessibilityTraits", .int(5))]),
    N("UIView", "listTraits", [("traits", "Image, Button")]),
    N("UIView", "listPrefixed", [("accessibilityTraits", "UIAccessibilityTraitHeader|UIAccessibilityTraitButton")]),
    N("UIButton", "plainBtn"),
]).build()

/// FRY's helpers that look past the view itself: ancestors, the window, the table, the traits.
@Suite struct FRYHelperTests {
    static let table: [(String, [String])] = [
        // isOnScreen: CGRectIntersectsRect(window.bounds, frame); frameless views fail.
        ("FRY.lookup(isOnScreen)", ["w", "onscreen", "zero", "table", "h0", "c0", "cB", "h1", "c2", "rec", "c3", "shareLbl"]),
        ("FRY.lookup([ofKind(UITableViewCell), FRY_isOnScreen()])", ["c0", "cB", "c2", "rec", "c3"]),
        ("FRY.lookup([accessibilityLabel(\"Share\"), isOnScreen])", ["shareLbl"]),
        ("FRY.lookup(accessibilityLabel(\"Share\"))", ["offscreen", "shareLbl"]),
        // isVisible: neither the view nor a superview hidden or at alpha ≤ 0.1.
        ("FRY.lookup([ofKind(UIButton), isVisible])", ["childOfDim", "btnTraitsNone", "plainBtn"]),
        ("FRY.lookup([ofKind(UILabel), isVisible])", ["shareLbl"]),
        ("FRY.lookup(ofKind(UIButton))", ["childOfFaded", "childOfDim", "btnTraitsNone", "plainBtn"]),
        // parentViewOfClass: some superview is of that kind (the view itself does not count).
        ("FRY.lookup(parentViewOfClass(UITableViewCell))", ["content3", "shareLbl"]),
        ("FRY.lookup([ofKind(UILabel), FRY_parentViewOfClass([UITableView class])])", ["shareLbl"]),
        ("FRY.lookup(parentViewOfClass(UIWindow)).lookup(parentViewOfClass(UITableView))", ["h0", "c0", "cB", "h1", "c2", "rec", "c3", "content3", "shareLbl"]),
        ("FRY.lookup(parentViewOfClass(UISwitch))", []),
        // atSectionAndRow: frame order within the table, a header after a cell starts a section,
        // a recorded indexPath wins and does not take a derived row.
        ("FRY.lookup(atSectionAndRow(0, 0))", ["cB"]),
        ("FRY.lookup(atSectionAndRow(0, 1))", ["c0"]),
        ("FRY.lookup(atSectionAndRow(1, 0))", ["c2"]),
        ("FRY.lookup(atSectionAndRow(1, 1))", ["c3"]),
        ("FRY.lookup(atSectionAndRow(3, 7))", ["rec"]),
        ("FRY.lookup(atSectionAndRow(2, 0))", []),
        ("FRY.lookup(atSectionAndRow(1, 1)).lookup(accessibilityLabel(\"Share\"))", ["shareLbl"]),
        // accessibilityTrait: a carried list or bitmask decides; the kind only when neither is carried.
        ("FRY.lookup(accessibilityTrait(UIAccessibilityTraitButton))",
         ["childOfFaded", "childOfDim", "viewBtnBits", "listTraits", "listPrefixed", "plainBtn"]),
        ("FRY.lookup(accessibilityTrait(Image))", ["viewBtnBits", "listTraits"]),
        ("FRY.lookup(FRY_accessibilityTrait(UIAccessibilityTraitHeader))", ["listPrefixed"]),
        ("FRY.lookup(accessibilityTrait(StaticText))", ["childOfHidden", "shareLbl"]),
        // lookupByAccessibilityLabel: first match that is visible and on screen.
        ("FRY.lookupByAccessibilityLabel(\"Share\")", ["shareLbl"]),
        ("FRY.lookupByAccessibilityLabel(\"x\")", []),
    ]

    @Test("each helper query selects exactly these uids", arguments: table)
    func select(_ selector: String, _ expected: [String]) throws {
        #expect(try fry(selector, in: helperTree) == expected)
    }

    @Test("labels compare as FRY's fry_accessibilityLabel: a recorded newline reads as a space")
    func newlinesInLabels() throws {
        let tree = N("UIWindow", "w", [], [
            N("UIButton", "two", label: "Log\nIn"), N("UIButton", "one", label: "Log In"), N("UIButton", "other", label: "Log\n In"),
        ]).build()
        #expect(try fry("FRY.lookup(accessibilityLabel(\"Log In\"))", in: tree) == ["two", "one"])
        #expect(try fry("FRY.lookup(accessibilityLabel(\"Log\\nIn\"))", in: tree) == ["two"])
        #expect(try fry("FRY.lookupByAccessibilityLabel(\"Log In\")", in: tree) == ["one"])
    }

    @Test("a tree that records no frames cannot tell what was off screen, so every view is on it")
    func noFrames() throws {
        #expect(try fry("FRY.lookup([ofKind(UISwitch), isOnScreen])") == ["sw1", "sw2"])
        #expect(try fry("FRY.lookupByAccessibilityLabel(\"OK\")") == ["ok"])
    }

    @Test("a view is on screen relative to its own window, not the first one")
    func secondWindow() throws {
        let tree = N("UIApplication", "app", [], [
            N("UIWindow", "w1", [frame(0, 0, 320, 480)], [N("UIView", "a", [frame(0, 500, 10, 10)])]),
            N("UIWindow", "w2", [frame(0, 480, 320, 480)], [N("UIView", "b", [frame(0, 500, 10, 10)])]),
        ]).build()
        #expect(try fry("FRY.lookup([ofKind(UIView), isOnScreen])", in: tree) == ["w1", "w2", "b"])
    }

    @Test("the generator's cells carry their index paths, table rows in sections of ten")
    func generatedIndexPaths() throws {
        let tree = SyntheticApp.generate(nodes: 5_000, seed: 7)
        let cells = try fry("FRY.lookup(ofKind(UITableViewCell))", in: tree)
        let row12 = try fry("FRY.lookup(atSectionAndRow(1, 2))", in: tree)
        #expect(!row12.isEmpty)
        // Each table has one cell at [1, 2], its 13th: the uids are a subset of the cells'.
        #expect(Set(row12).isSubset(of: Set(cells)))
        for uid in row12 {
            let node = try #require(tree.node(withUID: uid))
            #expect(tree.value("indexPath", of: node) == .array([.int(1), .int(2)]))
            let table = try #require(tree.parent(of: node))
            let rows = tree.children(of: table).filter { tree.isKind($0, of: "UITableViewCell") }
            #expect(rows.firstIndex(of: node) == 12)
        }
    }

    @Test("helpers compile to the core's structural predicates")
    func compiledShapes() throws {
        let printed = try FRYEngine().compile("FRY.lookup([parentViewOfClass(UITableView), isOnScreen, atSectionAndRow(0, 5)])").description
        #expect(printed == """
            start .roots
            1  axis descendantsOrSelf  document  filter ¬kindOf(UIApplication) ∧ ancestor(kindOf(UITableView)) ∧ onScreen ∧ indexPath(0, 5)  unique
            """)
    }
}

/// FRY's helpers on a real Frank `/dump` of UICatalog (Tests/Fixtures/frank-dump-uicatalog.json):
/// its table's cells are recorded in reuse order, so their rows come from their frames.
@Suite struct FRYDumpTests {
    static let tree: ViewTree = {
        let tests = #filePath.split(separator: "/").dropLast(2).joined(separator: "/")
        return try! ViewTree.loadDump(try! FileIO.read("/" + tests + "/Fixtures/frank-dump-uicatalog.json"))
    }()

    func labels(_ selector: String) throws -> [String] {
        try fryRegistry.select(selector, engine: "fry", in: Self.tree).map { Self.tree.label(of: $0) ?? "-" }
    }

    @Test("rows follow the frames, top to bottom", arguments: [
        (0, "UISwitch"), (1, "Carousel"), (2, "Editable Table"), (3, "Data Entry"), (4, "UIProgressView"),
    ])
    func rows(_ row: Int, _ label: String) throws {
        #expect(try labels("FRY.lookup(atSectionAndRow(0, \(row))).lookup(ofKind(UILabel))") == [label])
    }

    @Test func onScreenAndVisible() throws {
        #expect(try labels("FRY.lookup(atSectionAndRow(0, 5))") == [])
        #expect(try labels("FRY.lookupByAccessibilityLabel(\"Carousel\")") == ["Carousel"])
        #expect(try labels("FRY.lookup([ofKind(UILabel), isOnScreen, isVisible, parentViewOfClass(UITableViewCell)])")
                == ["UIProgressView", "Data Entry", "Editable Table", "Carousel", "UISwitch"])
    }
}
