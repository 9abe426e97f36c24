import SelectorCore
import Testing
@testable import UIQueryEngine

@Suite struct ExpectationTests {
    @Test func haveComparesAnIntegerProperty() throws {
        #expect(try expect("tableView should have numberOfSections:3", in: Trees.table())
            == ExpectationResult(passed: true, message: "UITableView should have numberOfSections:3"))
        #expect(try expect("tableView should have numberOfSections:3", in: Trees.table(sections: 2))
            == ExpectationResult(passed: false, message:
                "UITableView (uid table) should have numberOfSections:3 but numberOfSections : 2 is not equal to 3"))
    }

    @Test func haveNamesEveryMismatchOfTheFailingView() throws {
        let r = try expect("textField should have placeholder:'User' secureTextEntry:YES tag:1", in: Trees.app)
        #expect(!r.passed)
        #expect(r.message == "UITextField (uid pass) should have placeholder:'User' secureTextEntry:YES tag:1 but "
            + "placeholder : 'Password' doesn't contain 'User', it doesn't respond to tag")
        #expect(try expect("textField last should have placeholder:'User'", in: Trees.app).passed)
    }

    @Test func shouldNotExistPassesWhenNothingMatches() throws {
        #expect(try expect("label text:'Login' should not exist", in: Trees.app)
            == ExpectationResult(passed: true, message: "UILabel should not exist"))
        #expect(try expect("label text:'Returns' should not exist", in: Trees.app)
            == ExpectationResult(passed: false, message:
                "UILabel should not exist, but 2 views match, the first being UILabel (uid l3)"))
    }

    @Test func shouldExistFailsWithUISpecsWording() throws {
        #expect(try expect("label text:'Login' should exist", in: Trees.app)
            == ExpectationResult(passed: false, message: "UILabel should exist"))
        #expect(try expect("tableView tableViewCell should exist", in: Trees.app).passed)
    }

    @Test func beReadsNameOrIsName() throws {
        let tree = N("UIWindow", "w", [], [
            N("UISwitch", "s1", [("on", .bool(true))]),
            N("UIView", "v1", [("isHidden", .bool(true))]),
            N("UIView", "v2", [("isHidden", .bool(false)), ("hidden", .bool(true))]),
        ]).build()
        #expect(try expect("Switch should be on", in: tree).passed)
        #expect(try expect("view index:1 should be hidden", in: tree).passed)  // v2: `hidden` wins over `isHidden`
        #expect(try expect("view index:2 should be hidden", in: tree).passed)  // v1: only `isHidden`
        #expect(try expect("Switch should not be on", in: tree)
            == ExpectationResult(passed: false, message: "UISwitch (uid s1) did not pass condition: [should not be on]"))
        #expect(try expect("Switch should be enabled", in: tree)
            == ExpectationResult(passed: false, message: "UISwitch (uid s1) doesn't respond to enabled"))
    }

    @Test func theExpectationAppliesToTheFirstViewUnlessAllComesFirst() throws {
        let tree = Trees.table(selected: ["c1"])
        // The first view is c3 (UISpec order), which is not selected.
        #expect(try expect("tableView tableViewCell should not be selected", in: tree).passed)
        #expect(try expect("tableView tableViewCell all should not be selected", in: tree)
            == ExpectationResult(passed: false, message:
                "UITableViewCell (uid c1) did not pass condition: [should not be selected]"))
        #expect(try expect("tableView tableViewCell all should not be selected", in: Trees.table())
            == ExpectationResult(passed: true, message: "all 3 UITableViewCell views should not be selected"))
    }

    @Test func withAllTheMessageCountsTheFailures() throws {
        let r = try expect("tableViewCell all should be selected", in: Trees.table(selected: ["c2"]))
        #expect(r == ExpectationResult(passed: false, message:
            "UITableViewCell (uid c3) did not pass condition: [should be selected] (2 of 3 views failed)"))
    }

    @Test func allFollowedByAnotherStepNoLongerApplies() throws {
        // UISpec's steps after `all` return a plain query, which checks its first view only.
        let tree = Trees.table(selected: ["c1"])
        #expect(try expect("tableViewCell all timeout:1 should not be selected", in: tree).passed)
    }

    @Test func shouldNotHaveFailsWhenTheViewHasIt() throws {
        #expect(try expect("textField should not have placeholder:'Pass'", in: Trees.app)
            == ExpectationResult(passed: false, message:
                "UITextField (uid pass) should not have placeholder:'Pass' but does"))
        #expect(try expect("textField should not have placeholder:'User'", in: Trees.app).passed)
    }

    @Test func beOrHaveOnNothingFailsAsUISpecsExistenceCheck() throws {
        #expect(try expect("label text:'Nope' should be hidden", in: Trees.app)
            == ExpectationResult(passed: false, message: "UILabel should exist before you can call hidden"))
        #expect(try expect("label text:'Nope' should not have text:'x' tag:1", in: Trees.app)
            == ExpectationResult(passed: false, message: "UILabel should exist before you can call text:tag:"))
    }

    @Test func runExpectationUsesTheRegistrysMatcher() throws {
        let registry = EngineRegistry(matcher: Matcher(configuration: .serial))
        let r = try runExpectation("tableView tableViewCell all should not be selected", in: Trees.table(),
                                   registry: registry)
        #expect(r.passed)
        #expect(r.description == "PASS")
        let f = try runExpectation("label text:'Login' should exist", in: Trees.app, registry: registry)
        #expect(f.description == "FAIL: UILabel should exist")
    }

    @Test func expectationsAgreeWithFiltersOnEveryView() throws {
        // `have` runs each match through the core: views a path filter keeps are the ones that pass.
        for match in ["text:'o'", "tag:3", "hidden:1", "hidden:NO", "text:''", "tag:'3'"] {
            let kept = try select("view \(match)", in: Trees.properties)
            let all = try select("view", in: Trees.properties)
            for (i, uid) in all.enumerated() {
                let r = try expect("view index:\(i) should have \(match)", in: Trees.properties)
                #expect(r.passed == kept.contains(uid), "\(match) on \(uid)")
            }
        }
    }
}
