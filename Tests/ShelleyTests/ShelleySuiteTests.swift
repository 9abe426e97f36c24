import SelectorCore
import ShelleyCompatEngine
import ShelleyEngine
import Testing

/// Both engines by name, so test names say which one ran.
enum Engine: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case shelley, shelleyCompat
    var engine: any SelectorEngine { self == .shelley ? strict : compat }
    var testDescription: String { self == .shelley ? "shelley" : "shelley_compat" }
}

/// `root[viewA[viewAA:UIButton, viewAB[viewABA]], viewB:UIButton[viewBA], viewC]`, the tree of
/// Shelley's IntegrationTests; `hidden` hides viewA, viewABA and viewBA.
func standardTree(hidden: Bool = false) -> ViewTree {
    T("UIView", "root", [
        T("UIView", "viewA", hidden: hidden ? true : nil, [
            T("UIButton", "viewAA"),
            T("UIView", "viewAB", [T("UIView", "viewABA", hidden: hidden ? true : nil)]),
        ]),
        T("UIButton", "viewB", [T("UIView", "viewBA", hidden: hidden ? true : nil)]),
        T("UIView", "viewC"),
    ]).build()
}

/// `tableView[cellA[labelA "cell A", buttonA], cellB[labelB "cell B", buttonB]]`.
let cousins = T("UITableView", "tableView", [
    T("UITableViewCell", "cellA", [T("UILabel", "labelA", label: "cell A"), T("UIButton", "buttonA")]),
    T("UITableViewCell", "cellB", [T("UILabel", "labelB", label: "cell B"), T("UIButton", "buttonB")]),
]).build()

/// Shelley's own integration tests, run against both engines.
@Suite struct ShelleySuiteTests {
    @Test("descendant selects every view, the starting view included", arguments: Engine.allCases)
    func descendantIncludesRoot(engine: Engine) throws {
        #expect(try select("descendant", in: standardTree(), engine: engine.engine)
            == ["root", "viewA", "viewAA", "viewAB", "viewABA", "viewB", "viewBA", "viewC"])
    }

    @Test("view selects every view below the starting view in preorder", arguments: Engine.allCases)
    func viewSelectsOthers(engine: Engine) throws {
        #expect(try select("view", in: standardTree(), engine: engine.engine)
            == ["viewA", "viewAA", "viewAB", "viewABA", "viewB", "viewBA", "viewC"])
    }

    @Test("view on a root with three subviews selects exactly those", arguments: Engine.allCases)
    func viewOnFlatRoot(engine: Engine) throws {
        let tree = T("UIView", "root", [T("UIView", "a"), T("UIView", "b"), T("UIView", "c")]).build()
        #expect(try select("view", in: tree, engine: engine.engine) == ["a", "b", "c"])
    }

    @Test("button selects buttons of any depth", arguments: Engine.allCases)
    func buttons(engine: Engine) throws {
        #expect(try select("button", in: standardTree(), engine: engine.engine) == ["viewAA", "viewB"])
    }

    @Test("index:1 picks the second element of the whole list", arguments: Engine.allCases)
    func indexOne(engine: Engine) throws {
        #expect(try select("button index:1", in: standardTree(), engine: engine.engine) == ["viewB"])
    }

    @Test("view button finds buttons strictly below views", arguments: Engine.allCases)
    func viewButton(engine: Engine) throws {
        #expect(try select("view button", in: standardTree(), engine: engine.engine) == ["viewAA"])
    }

    @Test("button parent selects the superview", arguments: Engine.allCases)
    func buttonParent(engine: Engine) throws {
        let tree = T("UIView", "root", [T("UIButton", "b")]).build()
        #expect(try select("button parent", in: tree, engine: engine.engine) == ["root"])
    }

    @Test("button first picks the first button", arguments: Engine.allCases)
    func buttonFirst(engine: Engine) throws {
        let tree = T("UIView", "root", [T("UIView", "v1"), T("UIButton", "btn1"), T("UIButton", "btn2"), T("UIView", "v2")]).build()
        #expect(try select("button first", in: tree, engine: engine.engine) == ["btn1"])
    }

    @Test("first on an empty list selects nothing", arguments: Engine.allCases)
    func firstOfNothing(engine: Engine) throws {
        #expect(try select("view marked:'I DO NOT EXIST' first", in: standardTree(), engine: engine.engine) == [])
    }

    @Test("button parent descendant button removes duplicates", arguments: Engine.allCases)
    func dedupe(engine: Engine) throws {
        #expect(try select("button parent descendant button", in: standardTree(), engine: engine.engine)
            == ["viewAA", "viewB"])
    }

    @Test("view isHidden reads each view's own hidden flag", arguments: Engine.allCases)
    func isHidden(engine: Engine) throws {
        #expect(try select("view isHidden", in: standardTree(hidden: true), engine: engine.engine)
            == ["viewA", "viewABA", "viewBA"])
    }

    @Test("button button finds only buttons inside buttons", arguments: Engine.allCases)
    func buttonButton(engine: Engine) throws {
        let tree = T("UIView", "root", [
            T("UIButton", "btnA", [T("UIButton", "btnAA")]),
            T("UIView", "nonBtnB", [T("UIButton", "btnBA")]),
        ]).build()
        #expect(try select("button button", in: tree, engine: engine.engine) == ["btnAA"])
    }

    @Test("marked matches substrings and markedExactly whole labels", arguments: Engine.allCases)
    func markedAndExactly(engine: Engine) throws {
        let tree = T("UIView", "root", [
            T("UIView", "Frankly", label: "Frankly"), T("UIView", "rank", label: "rank"),
            T("UIView", "Fr-anky", label: "Fr-anky"), T("UIView", "nil"), T("UIView", "spaceRank", label: " rank"),
        ]).build()
        #expect(try select("view marked:'rank'", in: tree, engine: engine.engine) == ["Frankly", "rank", "spaceRank"])
        #expect(try select("view markedExactly:'rank'", in: tree, engine: engine.engine) == ["rank"])
    }

    @Test("marked with repeated labels selects each of them", arguments: Engine.allCases)
    func markedRepeated(engine: Engine) throws {
        let tree = T("UIView", "root", [
            T("UILabel", "1", label: "brap"), T("UILabel", "2", label: "flap"), T("UILabel", "3"),
            T("UILabel", "4", label: "brap"),
        ]).build()
        #expect(try select("view marked:'brap'", in: tree, engine: engine.engine) == ["1", "4"])
    }

    @Test("a string may hold the other kind of quote", arguments: Engine.allCases)
    func otherQuote(engine: Engine) throws {
        let tree = T("UIView", "root", [
            T("UILabel", "apostrophe", label: "I'm selected"), T("UILabel", "quotes", label: "say \"hi\" now"),
        ]).build()
        #expect(try select("view marked:\"I'm selected\"", in: tree, engine: engine.engine) == ["apostrophe"])
        #expect(try select("view marked:'say \"hi\" now'", in: tree, engine: engine.engine) == ["quotes"])
    }

    @Test("marked reads a no-break space in the label as a space", arguments: Engine.allCases)
    func noBreakSpace(engine: Engine) throws {
        let tree = T("UIView", "root", [T("UILabel", "nbsp", label: "Row\u{A0}1"), T("UILabel", "plain", label: "Row 1")]).build()
        #expect(try select("view marked:'Row 1'", in: tree, engine: engine.engine) == ["nbsp", "plain"])
        #expect(try select("view markedExactly:'Row 1'", in: tree, engine: engine.engine) == ["plain"])
    }

    @Test("parent lists ancestors nearest first", arguments: Engine.allCases)
    func cousinsParent(engine: Engine) throws {
        #expect(try select("view marked:'cell B'", in: cousins, engine: engine.engine) == ["labelB"])
        #expect(try select("view marked:'cell B' parent", in: cousins, engine: engine.engine) == ["cellB", "tableView"])
    }

    @Test("a class filter right after parent filters the ancestors in place", arguments: Engine.allCases)
    func cousinsInPlace(engine: Engine) throws {
        let e = engine.engine
        #expect(try select("view marked:'cell B' parent view:'UITableViewCell'", in: cousins, engine: e) == ["cellB"])
        #expect(try select("view marked:'cell B' parent view:'UITableViewCell' button", in: cousins, engine: e) == ["buttonB"])
        #expect(try select("view marked:'cell B' parent view:'UITableView'", in: cousins, engine: e) == ["tableView"])
        #expect(try select("view marked:'cell B' parent view:'UITableView' view marked:'cell A'", in: cousins, engine: e)
            == ["labelA"])
    }

    @Test("a predicate alone tests only the starting views", arguments: Engine.allCases)
    func predicateNeverDescends(engine: Engine) throws {
        let tree = T("UIWindow", "w", label: "win", [T("UILabel", "l", label: "win")]).build()
        #expect(try select("marked:'win'", in: tree, engine: engine.engine) == ["w"])
    }

    @Test("an allwindows dump starts at the windows and parent stops at them", arguments: Engine.allCases)
    func allWindows(engine: Engine) throws {
        let tree = T("UIApplication", "app", [
            T("UIWindow", "w1", [T("UIButton", "b1")]),
            T("UIWindow", "w2", [T("UILabel", "l2")]),
        ]).build()
        let e = engine.engine
        #expect(try select("view", in: tree, engine: e) == ["b1", "l2"])
        #expect(try select("descendant", in: tree, engine: e) == ["w1", "b1", "w2", "l2"])
        #expect(try select("first", in: tree, engine: e) == ["w1"])
        #expect(try select("button parent", in: tree, engine: e) == ["w1"])
    }

    @Test("unknown classes match nothing without an error", arguments: Engine.allCases)
    func unknownClass(engine: Engine) throws {
        #expect(try select("view:'NoSuchClass'", in: standardTree(), engine: engine.engine) == [])
    }

    @Test("subclasses match their superclass shorthand", arguments: Engine.allCases)
    func subclasses(engine: Engine) throws {
        let tree = T("UIWindow", "w", [T("UINavigationButton", "nav"), T("UISearchTextField", "search")]).build()
        #expect(try select("button", in: tree, engine: engine.engine) == ["nav"])
        #expect(try select("textField", in: tree, engine: engine.engine) == ["search"])
        #expect(try select("navigationButton", in: tree, engine: engine.engine) == ["nav"])
    }

    @Test("text: and placeholder: test views that have the property", arguments: Engine.allCases)
    func textAndPlaceholder(engine: Engine) throws {
        let tree = T("UIWindow", "w", [
            T("UILabel", "l", [("text", .string("Hello world"))]),
            T("UITextField", "f", [("placeholder", .string("Email"))]),
            T("UIButton", "b"),
        ]).build()
        #expect(try select("view text:'world'", in: tree, engine: engine.engine) == ["l"])
        #expect(try select("view placeholder:'mail'", in: tree, engine: engine.engine) == ["f"])
    }

    @Test("a blank selector selects nothing", arguments: Engine.allCases)
    func blank(engine: Engine) throws {
        #expect(try select("", in: standardTree(), engine: engine.engine) == [])
        #expect(try select("  \t ", in: standardTree(), engine: engine.engine) == [])
    }

    @Test("predicates registered through the core are called by name", arguments: Engine.allCases)
    func customPredicate(engine: Engine) throws {
        let registry = PredicateRegistry()
        try registry.register(CustomPredicate(name: "hasUID:", arity: 1) { tree, node, args in
            args.first == .string(tree.uidString(of: node) ?? "")
        })
        // The strict engine checks names when it compiles, so it is handed the registry.
        let e: any SelectorEngine = engine == .shelley ? ShelleyEngine(predicates: registry) : compat
        let program = try e.compile("view hasUID:'viewB'")
        let tree = standardTree()
        #expect(tree.uids(of: try Matcher().select(program, in: tree, predicates: registry)) == ["viewB"])
    }
}
