import FRYEngine
import PredicateFormat
import SelectorCore
import Testing
import ViewSelectors
import ViewSelectorsTesting

/// A registry with only the fry engine, serial so results never depend on threads.
let fryRegistry: EngineRegistry = {
    let r = EngineRegistry(matcher: Matcher(configuration: .serial))
    try! r.register(FRYEngine())
    return r
}()

/// Two table cells with an image and a "Share" label each, buttons (one hidden, one transparent),
/// two switches, a slider, a search bar, and a labelled view holding a button of the same label.
let fryTree = N("UIWindow", "w", [], [
    N("UITableView", "table", [], [
        N("UITableViewCell", "cell1", label: "Row 1", [], [
            N("UITableViewCellContentView", "content1", [], [
                N("UIImageView", "img1"),
                N("UILabel", "lbl1", label: "Share"),
            ]),
        ]),
        N("UITableViewCell", "cell2", label: "Row 2", [], [
            N("UITableViewCellContentView", "content2", [], [
                N("UIImageView", "img2", [("isHidden", .bool(true))]),
                N("UILabel", "lbl2", label: "Share", [("accessibilityValue", "on")]),
            ]),
        ]),
    ]),
    N("UIButton", "ok", label: "OK", [("accessibilityIdentifier", "ok.button")]),
    N("UIButton", "okHidden", label: "OK", [("isHidden", .bool(true))]),
    N("UIButton", "cancel", label: "Cancel", [("alpha", .double(0))]),
    N("UISwitch", "sw1", label: "Wi-Fi"),
    N("UISwitch", "sw2"),
    N("UISlider", "slider"),
    N("UISearchBar", "search"),
    N("UIView", "outer", label: "Log In", [], [
        N("UIButton", "inner", label: "Log In"),
    ]),
]).build()

func fry(_ selector: String, in tree: ViewTree = fryTree) throws -> [String] {
    try fryRegistry.selectUIDs(selector, engine: "fry", in: tree)
}

/// Queries → the exact uids they select, in document order (or FRY's first match).
@Suite struct FRYSelectionTests {
    static let table: [(String, [String])] = [
        // lookup: every match under each current result, the result itself included, once each.
        ("FRY.lookup(ofKind(UITableViewCell)).lookup(ofKind(UIImageView))", ["img1", "img2"]),
        ("FRY.lookup(ofKind(UITableViewCell)).lookup(ofKind(UITableViewCell))", ["cell1", "cell2"]),
        ("FRY.lookup(ofKind(UITableViewCell)).lookup(accessibilityLabel(\"Row 2\"))", ["cell2"]),
        ("FRY.lookup(ofKind(UIView)).lookup(ofKind(UIImageView))", ["img1", "img2"]),
        ("FRY.lookup(ofKind(UITableView)).lookup(ofKind(UIButton))", []),
        ("FRY.lookup(ofKind(UIControl))", ["ok", "okHidden", "cancel", "sw1", "sw2", "slider", "inner"]),
        // Arrays are AND; nested and empty arrays too.
        ("FRY.lookup([ofKind(UIButton), accessibilityLabel(\"OK\")])", ["ok", "okHidden"]),
        ("FRY.lookup([ofKind(UIButton), [accessibilityLabel(\"OK\"), isVisible]])", ["ok"]),
        ("FRY.lookup([])", ["w", "table", "cell1", "content1", "img1", "lbl1", "cell2", "content2", "img2", "lbl2",
                            "ok", "okHidden", "cancel", "sw1", "sw2", "slider", "search", "outer", "inner"]),
        // String arguments are NSPredicate format strings (PredicateFormat's parser).
        ("FRY.lookup(\"accessibilityLabel != nil\")",
         ["cell1", "lbl1", "cell2", "lbl2", "ok", "okHidden", "cancel", "sw1", "outer", "inner"]),
        ("FRY.lookup(@\"accessibilityLabel BEGINSWITH[c] 'log'\")", ["outer", "inner"]),
        ("FRY.lookup(\"accessibilityLabel == \\\"OK\\\"\")", ["ok", "okHidden"]),
        ("FRY.lookup([ofKind(UILabel), \"accessibilityValue == 'on'\"])", ["lbl2"]),
        // Helpers.
        ("FRY.lookup(accessibilityLabel(\"Share\"))", ["lbl1", "lbl2"]),
        ("FRY.lookup(accessibilityLabel(\"Share\", \"on\"))", ["lbl2"]),
        ("FRY.lookup(accessibilityValue(\"on\"))", ["lbl2"]),
        ("FRY.lookup(accessibilityIdentifier(\"ok.button\"))", ["ok"]),
        ("FRY.lookup(accessibilityTrait(UIAccessibilityTraitButton))", ["ok", "okHidden", "cancel", "inner"]),
        ("FRY.lookup(accessibilityTrait(Adjustable))", ["slider"]),
        ("FRY.lookup(accessibilityTrait(UIAccessibilityTraitSearchField))", ["search"]),
        ("FRY.lookup([ofKind(UITableViewCell), accessibilityTrait(UIAccessibilityTraitStaticText)])", []),
        ("FRY.lookup([ofKind(UIButton), isVisible])", ["ok", "inner"]),
        ("FRY.lookup([ofKind(UIImageView), isVisible()])", ["img1"]),
        // Macro names, class spellings, FRY. optional.
        ("FRY.lookup(FRY_ofKind([UITableViewCell class])).lookup(FRY_ofKind([UIImageView class]))", ["img1", "img2"]),
        ("lookup(ofKind(UISwitch))", ["sw1", "sw2"]),
        ("  FRY . lookup ( [ FRY_ofKind( UIButton ) , FRY_accessibilityLabel(@\"OK\") , FRY_isVisible ] ) ", ["ok"]),
        // shallow() and lookupByAccessibilityLabel: FRY's first match (pre-order, front-most first).
        ("FRY.lookup(ofKind(UIButton)).shallow()", ["inner"]),
        ("FRY.lookup(ofKind(UIView)).shallow()", ["w"]),
        ("FRY.lookup(accessibilityLabel(\"Log In\")).shallow()", ["outer"]),
        ("FRY.lookup(accessibilityLabel(\"Share\")).shallow()", ["lbl2"]),
        ("FRY.lookupByAccessibilityLabel(\"Log In\")", ["outer"]),
        ("FRY.lookupByAccessibilityLabel(\"OK\")", ["ok"]),
        ("FRY.lookupByAccessibilityLabel(\"Cancel\")", []),
        ("FRY.lookup(ofKind(UITableViewCell)).lookup(ofKind(UILabel)).shallow()", ["lbl2"]),
        // A later first-only lookup tests each current result itself first, front-most result first.
        ("FRY.lookup(ofKind(UITableViewCell)).lookup(ofKind(UIView)).shallow()", ["cell2"]),
        ("FRY.lookup(ofKind(UITableViewCellContentView)).lookup(ofKind(UIImageView)).shallow()", ["img2"]),
        ("FRY.lookup(ofKind(UITableView)).lookup(accessibilityLabel(\"Share\")).shallow()", ["lbl2"]),
        // FRY's blocks: `lookup` clears the shallow flag of the query it is called on, and
        // `lookupByAccessibilityLabel` sets it there, leaving its own query exhaustive.
        ("FRY.lookup(ofKind(UITableViewCell)).shallow().lookup(ofKind(UIImageView))", ["img1", "img2"]),
        ("FRY.lookup(ofKind(UITableViewCell)).lookupByAccessibilityLabel(\"Share\")", ["lbl2"]),
        ("FRY.lookup(ofKind(UITableView)).lookupByAccessibilityLabel(\"Share\")", ["lbl1", "lbl2"]),
    ]

    @Test("each query selects exactly these uids", arguments: table)
    func query(_ selector: String, _ expected: [String]) throws {
        #expect(try fry(selector) == expected)
    }

    @Test("the application is never a result, as FRY raises for it")
    func application() throws {
        let app = N("UIApplication", "app", [], [N("UIWindow", "w1", [], [N("UIButton", "b")])]).build()
        #expect(try fry("FRY.lookup(\"TRUEPREDICATE\")", in: app) == ["w1", "b"])
        #expect(try fry("FRY.lookup(ofKind(UIView)).shallow()", in: app) == ["w1"])
    }

    @Test("lookup compiles to one de-duplicating descendants-or-self step per lookup")
    func program() throws {
        let program = try FRYEngine().compile("FRY.lookup(ofKind(UITableViewCell)).lookup(ofKind(UIImageView))")
        #expect(program.steps == [
            .axis(.descendantsOrSelf, order: .document, filter: .and([.not(.kindOf("UIApplication")), .kindOf("UITableViewCell")]), unique: true),
            .axis(.descendantsOrSelf, order: .document, filter: .and([.not(.kindOf("UIApplication")), .kindOf("UIImageView")]), unique: true),
        ])
    }

    @Test("a >> chain mixes fry with another engine")
    func chain() throws {
        let registry = EngineRegistry.standard(matcher: Matcher(configuration: .serial))
        #expect(try registry.selectUIDs("fry:FRY.lookup(ofKind(UITableViewCell)) >> shelley:view:'UILabel'", in: fryTree)
            == ["lbl1", "lbl2"])
        #expect(try registry.selectUIDs("shelley:view:'UITableViewCell' >> fry:FRY.lookup(accessibilityValue(\"on\"))", in: fryTree)
            == ["lbl2"])
        // A first match as a later part stays inside that part's roots: the front-most cell itself.
        #expect(try registry.selectUIDs("shelley:view:'UITableViewCell' >> fry:FRY.lookup(ofKind(UIView)).shallow()", in: fryTree)
            == ["cell2"])
        #expect(try registry.selectUIDs("shelley:view:'UITableViewCellContentView' >> fry:FRY.lookup(ofKind(UIView)).shallow()", in: fryTree)
            == ["content2"])
        #expect(try registry.selectUIDs("shelley:view:'UITableViewCell' >> fry:FRY.lookup(ofKind(UILabel)).shallow()", in: fryTree)
            == ["lbl2"])
    }

    /// FRY's order agrees with a brute-force pre-order walk with subviews reversed.
    @Test("shallow() is FRY's first match on the sample app", arguments: [
        ("FRY.lookupByAccessibilityLabel(\"Log In\")", "1059"),
        ("FRY.lookupByAccessibilityLabel(\"Delete\")", "1054"),
        ("FRY.lookup(ofKind(UISwitch)).shallow()", "1030"),
        ("FRY.lookup(ofKind(UILabel)).shallow()", "1088"),
        ("FRY.lookup(\"accessibilityLabel == 'Settings'\").shallow()", "1074"),
    ])
    func sampleAppFirst(_ selector: String, _ uid: String) throws {
        let tree = try SampleApp.tree()
        #expect(try fry(selector, in: tree) == [uid])
        #expect(Self.bruteForceFirst(selector, in: tree) == uid)
    }

    /// FRY's `fry_firstDescendentMatching:` written out: self, then subviews last to first.
    static func bruteForceFirst(_ selector: String, in tree: ViewTree) -> String? {
        // The all-results form of the same query says which views match.
        guard let matches = try? fryRegistry.select(Self.allForm(selector), engine: "fry", in: tree) else { return nil }
        let set = Set(matches)
        func visit(_ n: NodeID) -> NodeID? {
            if set.contains(n) { return n }
            for c in tree.children(of: n).reversed() { if let hit = visit(c) { return hit } }
            return nil
        }
        for root in tree.roots.reversed() { if let hit = visit(root) { return tree.uidString(of: hit) } }
        return nil
    }

    static func allForm(_ selector: String) -> String {
        if selector.hasPrefix("FRY.lookupByAccessibilityLabel(\"") {
            let label = selector.dropFirst("FRY.lookupByAccessibilityLabel(\"".count).dropLast(2)
            return "FRY.lookup([accessibilityLabel(\"\(label)\"), isVisible])"
        }
        return selector.replacingOccurrences(of: ".shallow()", with: "")
    }
}
