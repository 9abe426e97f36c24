import SelectorCore
import Testing
@testable import UIQueryEngine

/// `should be NAME` compiles to the core's `Predicate.flag` and is decided by the matcher.
@Suite struct BePredicateTests {
    static let tree = N("UIWindow", "w", [], [
        N("UIView", "name-false-is-true", [("hidden", .bool(false)), ("isHidden", .bool(true))]),
        N("UIView", "is-true", [("isHidden", .bool(true))]),
        N("UIView", "name-string", [("hidden", .string("yes"))]),
        N("UIView", "neither"),
        N("UIView", "is-one", [("isHidden", .int(1))]),
    ]).build()

    @Test func theConditionCompilesToTheCoresFlagPredicate() throws {
        #expect(try UIQueryExpectation("view should be hidden").predicate == .flag("hidden"))
        #expect(try UIQueryExpectation("view should not be hidden").predicate == .flag("hidden", false))
        #expect(try UIQueryExpectation("view should exist").predicate == nil)
        #expect(try UIQueryExpectation("view should have tag:1").predicate == .number(property: "tag", .equal, 1))
        #expect(try UIQueryExpectation("view should not have tag:1").predicate == .not(.number(property: "tag", .equal, 1)))
    }

    /// A window holding one view `v` with `props`.
    static func one(_ props: [(String, JSONValue)]) -> ViewTree {
        N("UIWindow", "w", [], [N("UIView", "v", props)]).build()
    }

    @Test func nameFalseWinsOverIsNameTrue() throws {
        let tree = Self.one([("hidden", .bool(false)), ("isHidden", .bool(true))])
        #expect(try expect("window view should be hidden", in: tree) == ExpectationResult(passed: false,
            message: "UIView (uid v) did not pass condition: [should be hidden]"))
        #expect(try expect("window view should not be hidden", in: tree)
            == ExpectationResult(passed: true, message: "UIView should not be hidden"))
    }

    @Test func eachFailureKeepsItsUISpecWording() throws {
        #expect(try expect("window view should be hidden", in: Self.one([("hidden", .string("yes"))]))
            == ExpectationResult(passed: false, message: #"UIView (uid v) has hidden = "yes", not a boolean"#))
        #expect(try expect("window view should not be hidden", in: Self.one([]))
            == ExpectationResult(passed: false, message: "UIView (uid v) doesn't respond to hidden"))
        #expect(try expect("window view should be hidden", in: Self.one([("isHidden", .int(1))])).passed)
        #expect(try expect("window view should not be hidden", in: Self.one([("isHidden", .int(0))])).passed)
    }

    @Test func allCountsTheViewsThePredicateRejects() throws {
        // Of the five views only `is-true` and `is-one` are hidden; the window has no flag at all.
        let r = try expect("window view all should be hidden", in: Self.tree)
        #expect(!r.passed)
        #expect(r.message.hasSuffix("(3 of 5 views failed)"), "\(r.message)")
    }

    @Test func passingAgreesWithTheCompiledPredicateOnEveryView() throws {
        let views = try select("view", in: Self.tree)
        for negated in [false, true] {
            let verb = negated ? "should not be" : "should be"
            let predicate = try #require(try UIQueryExpectation("view \(verb) hidden").predicate)
            let kept = try keep(predicate)
            for (i, uid) in views.enumerated() {
                let r = try expect("view index:\(i) \(verb) hidden", in: Self.tree)
                #expect(r.passed == kept.contains(uid), "\(verb) hidden on \(uid)")
            }
        }
    }

    /// Uids of the nodes the core's matcher keeps under `predicate`.
    func keep(_ predicate: Predicate) throws -> [String] {
        var b = ProgramBuilder(start: .roots)
        b.filter(predicate)
        let all = (0..<Self.tree.count).map { NodeID($0) }
        return Self.tree.uids(of: try Matcher(configuration: .serial).select(b.build(), in: Self.tree, from: all))
    }
}
