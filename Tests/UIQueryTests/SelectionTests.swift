import SelectorCore
import Testing
@testable import UIQueryEngine

@Suite struct SelectionTests {
    @Test func descendantListsChildrenReversedThenRecursesInThatOrder() throws {
        #expect(try select("window descendant", in: Trees.rab) == ["B", "A", "b1", "a2", "a1"])
        #expect(try select("find", in: Trees.rab) == ["R", "B", "A", "b1", "a2", "a1"])
    }

    @Test func aPathStartsWithAnImplicitDescendantSearchFromTheApplication() throws {
        #expect(try select("view", in: Trees.rab) == ["R", "B", "A", "b1", "a2", "a1"])
        #expect(try select("label", in: Trees.rab) == ["b1", "a1"])
    }

    @Test func childGivesDirectSubviewsInReverse() throws {
        #expect(try select("window child", in: Trees.rab) == ["B", "A"])
        #expect(try select("window child child", in: Trees.rab) == ["b1", "a2", "a1"])
        #expect(try select("window child child label", in: Trees.rab) == ["b1", "a1"])
        #expect(try select("window child label", in: Trees.rab) == [])
        #expect(try select("window child child view:'UILabel'", in: Trees.rab) == ["b1", "a1"])
    }

    @Test func cellsOfATableComeInReverse() throws {
        let tree = Trees.table()
        #expect(try select("tableView tableViewCell", in: tree) == ["c3", "c2", "c1"])
        #expect(try select("tableView tableViewCell last", in: tree) == ["c1"])
        #expect(try select("tableView tableViewCell first", in: tree) == ["c3"])
        #expect(try select("tableViewCell index:0", in: tree) == ["c3"])
        #expect(try select("tableViewCell index:2", in: tree) == ["c1"])
    }

    @Test func indexOutOfRangeOrNegativeGivesNothing() throws {
        let tree = Trees.table()
        #expect(try select("tableViewCell index:3", in: tree) == [])
        #expect(try select("tableViewCell index:-1", in: tree) == [])
        #expect(try select("tableViewCell marked:'nothing' last", in: tree) == [])
    }

    @Test func aUIApplicationRootIsTheStartAndNeverAResult() throws {
        let tree = Trees.table()
        #expect(try select("view", in: tree) == ["window", "table", "c3", "c2", "c1", "c3-label", "c2-label", "c1-label"])
        #expect(try select("label parent", in: tree)
            == ["c3", "table", "window", "c2", "table", "window", "c1", "table", "window"])
    }

    @Test func labelTextParentCellGivesTheCellsHoldingTheLabel() throws {
        #expect(try select("label text:'Returns' parent tableViewCell", in: Trees.app) == ["cell3", "cell1"])
    }

    @Test func parentKeepsDuplicates() throws {
        #expect(try select("label text:'Returns' parent", in: Trees.app)
            == ["content3", "cell3", "table", "window", "content1", "cell1", "table", "window"])
        #expect(try select("label text:'Returns' parent tableView", in: Trees.app) == ["table", "table"])
    }

    @Test func classStepWithoutTraversalSearchesDescendantsOfEveryView() throws {
        // Both tables' cells, each table's cells reversed; overlapping inputs repeat results.
        #expect(try select("tableViewCell label", in: Trees.app) == ["l3", "l2", "l1"])
        #expect(try select("view tableViewCell", in: Trees.app)
            == ["cell3", "cell2", "cell1", "cell3", "cell2", "cell1"])
    }

    @Test func textFieldWithPlaceholder() throws {
        #expect(try select("textField placeholder:'Username'", in: Trees.app) == ["user"])
        #expect(try select("textField with placeholder:'word'", in: Trees.app) == ["pass"])
        #expect(try select("textField", in: Trees.app) == ["pass", "user"])
    }

    @Test func navigationButtonLabelAndPrivateClassNames() throws {
        #expect(try select("navigationButton label text:'Save'", in: Trees.app) == ["saveLabel"])
        #expect(try select("view:'UINavigationItemButtonView'", in: Trees.app) == ["back"])
        #expect(try select("navigationItemButtonView marked:'Back'", in: Trees.app) == ["back"])
        // Kind, not member: a UINavigationButton is a UIButton.
        #expect(try select("button", in: Trees.app) == ["save"])
    }

    @Test func timeoutAndWaitAreAcceptedAndOnlyEndTheTraversal() throws {
        let tree = Trees.table()
        #expect(try select("tableView timeout:5 tableViewCell", in: tree) == ["c3", "c2", "c1"])
        #expect(try select("tableView wait:0.5 tableViewCell last", in: tree) == ["c1"])
        // As in UISpec, they return a plain query, so the class step searches descendants again.
        #expect(try select("window descendant view", in: Trees.rab) == ["B", "A", "b1", "a2", "a1"])
        #expect(try select("window descendant wait:1 view", in: Trees.rab) == ["b1", "a2", "a1"])
    }

    @Test func allDoesNotChangeTheSelection() throws {
        #expect(try select("tableView tableViewCell all", in: Trees.table()) == ["c3", "c2", "c1"])
    }

    @Test func quotedStringsKeepSpacesAndColons() throws {
        var b = N("UIWindow", "w", [], [N("UILabel", "x", label: "a: b"), N("UILabel", "y", label: "it's")])
        #expect(try select("label marked:'a: b'", in: b.build()) == ["x"])
        b.children.append(N("UILabel", "z", label: "a: bc"))
        #expect(try select("label marked:\"a: b\"", in: b.build()) == ["z", "x"])
    }

    @Test func serialAndParallelMatchersAgree() throws {
        let parallel = Matcher(configuration: MatcherConfiguration(maxThreads: 4, parallelThreshold: 1,
                                                                   parallelValueThreshold: 1))
        for path in ["view", "label text:'Returns' parent tableViewCell", "tableViewCell label", "textField last",
                     "label text:'Returns' parent", "view tableViewCell", "navigationButton label text:'Save'"] {
            #expect(try select(path, in: Trees.app, matcher: parallel) == select(path, in: Trees.app))
        }
    }
}

@Suite struct RegistryTests {
    @Test func theEngineWorksThroughARegistryAndItsCache() throws {
        let registry = EngineRegistry(matcher: Matcher(configuration: .serial))
        try registry.register(UIQueryEngine())
        let tree = Trees.table()
        #expect(tree.uids(of: try registry.select("tableView tableViewCell", engine: "uiquery", in: tree)) == ["c3", "c2", "c1"])
        #expect(tree.uids(of: try registry.select("tableView tableViewCell", in: tree)) == ["c3", "c2", "c1"])
        do {
            _ = try registry.select("tableView should exist", engine: "uiquery", in: tree)
            Issue.record("no error")
        } catch {
            #expect(error.kind == .usage)
            #expect(error.engine == "uiquery")
            #expect(error.description.hasSuffix("at column 11"))
        }
    }
}
