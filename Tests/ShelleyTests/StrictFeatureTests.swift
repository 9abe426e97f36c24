import SelectorCore
import ShelleyEngine
import Testing

/// What only `shelley` offers, on the examples `Docs/Engines/Shelley.md` shows.
@Suite struct StrictFeatureTests {
    @Test("last, child and sibling work on the documented cousins tree")
    func documentedExamples() throws {
        #expect(try select("button last", in: cousins) == ["buttonB"])
        #expect(try select("label sibling button", in: cousins) == ["buttonA", "buttonB"])
        #expect(try select("tableView child tableViewCell", in: T("UIWindow", "w", [
            T("UITableView", "t", [T("UITableViewCell", "c", [T("UITableViewCell", "nested")])]),
        ]).build()) == ["c"])
    }

    @Test("an escaped quote matches a label holding both quote kinds")
    func escapedQuote() throws {
        let tree = T("UIWindow", "w", [T("UILabel", "l", label: #"it's "x""#)]).build()
        #expect(try select(#"view marked:'it\'s "x"'"#, in: tree) == ["l"])
    }

    @Test("line breaks separate sections")
    func lineBreaks() throws {
        #expect(try select("view\nbutton", in: standardTree()) == ["viewAA"])
    }

    @Test("markedExactly with an empty string matches empty labels")
    func emptyExact() throws {
        let tree = T("UIWindow", "w", [T("UILabel", "empty", label: ""), T("UILabel", "none")]).build()
        #expect(try select("view markedExactly:''", in: tree) == ["empty"])
        #expect(try select("view marked:''", in: tree) == [])
    }

    @Test("boolean literals reach registered predicates")
    func booleans() throws {
        let registry = PredicateRegistry()
        try registry.register(CustomPredicate(name: "hidden:", arity: 1) { tree, node, args in
            (tree.value("isHidden", of: node)?.boolValue ?? false) == (args.first == .bool(true))
        })
        let tree = standardTree(hidden: true)
        for (literal, expected) in [("YES", ["viewA", "viewABA", "viewBA"]), ("false", ["viewAA", "viewAB", "viewB", "viewC"])] {
            let program = try ShelleyEngine(predicates: registry).compile("view hidden:\(literal)")
            #expect(tree.uids(of: try Matcher().select(program, in: tree, predicates: registry)) == expected)
        }
    }
}
