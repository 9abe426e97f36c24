import SelectorCore
import Testing

/// The one NAME/isNAME rule (`PropertyName.isForm`, `ViewTree.flagValue`, `Predicate.flag`): the
/// value-level reading the operation getters use and the predicate the engines compile must agree.
@Suite struct FlagTests {
    @Test func theIsFormCapitalisesTheFirstLetter() {
        #expect(PropertyName.isForm(of: "hidden") == "isHidden")
        #expect(PropertyName.isForm(of: "on") == "isOn")
        #expect(PropertyName.isForm(of: "h") == "isH")
        #expect(PropertyName.isForm(of: "") == nil)
    }

    @Test func anIsFormIsIsFollowedByACapital() {
        #expect(PropertyName.isIsForm("isHidden"))
        #expect(PropertyName.isIsForm("isOn"))
        #expect(!PropertyName.isIsForm("isa"))
        #expect(!PropertyName.isIsForm("issue"))
        #expect(!PropertyName.isIsForm("is"))
        #expect(!PropertyName.isIsForm("hidden"))
    }

    @Test func isPrefixedZeroOrOneColumnsAreBooleans() {
        // The loader's column choice uses the same spelling rule.
        let tree = N("UIView", "a", [("isChecked", .int(1)), ("count", .int(1))]).build()
        guard case .bools? = tree.columns["isChecked"] else { Issue.record("isChecked is not a bools column"); return }
        guard case .numbers? = tree.columns["count"] else { Issue.record("count is not a numbers column"); return }
    }

    /// Every combination a dump can hold: NAME only, isNAME only, both disagreeing, numbers,
    /// a string, neither.
    static let tree = N("UIWindow", "w", [], [
        N("UIView", "name-true", [("hidden", .bool(true))]),
        N("UIView", "name-false", [("hidden", .bool(false))]),
        N("UIView", "is-true", [("isHidden", .bool(true))]),
        N("UIView", "is-false", [("isHidden", .bool(false))]),
        N("UIView", "name-false-is-true", [("hidden", .bool(false)), ("isHidden", .bool(true))]),
        N("UIView", "name-true-is-false", [("hidden", .bool(true)), ("isHidden", .bool(false))]),
        N("UIView", "is-one", [("isHidden", .int(1))]),
        N("UIView", "name-string", [("hidden", .string("yes")), ("isHidden", .bool(true))]),
        N("UIView", "neither"),
    ]).build()

    @Test func nameWinsOverIsName() {
        let t = Self.tree
        func value(_ uid: String) -> JSONValue? { t.flagValue("hidden", of: t.node(withUID: uid)!) }
        #expect(value("name-false-is-true") == .bool(false))
        #expect(value("name-true-is-false") == .bool(true))
        #expect(value("is-true") == .bool(true))
        #expect(value("is-one") == .int(1))
        #expect(value("name-string") == .string("yes"))
        #expect(value("neither") == nil)
    }

    /// Uids of the nodes `predicate` keeps, run by the core's matcher.
    func kept(_ predicate: Predicate) throws -> [String] {
        var b = ProgramBuilder(start: .roots)
        b.filter(predicate)
        let all = (0..<Self.tree.count).map { NodeID($0) }
        return Self.tree.uids(of: try Matcher(configuration: .serial).select(b.build(), in: Self.tree, from: all))
    }

    @Test(arguments: [true, false])
    func thePredicateAgreesWithTheValueOnEveryNode(_ wanted: Bool) throws {
        let t = Self.tree
        let expected = (0..<t.count).map { NodeID($0) }
            .filter { t.flagValue("hidden", of: $0)?.boolValue == wanted }
        #expect(try kept(.flag("hidden", wanted)) == t.uids(of: expected))
    }

    @Test func thePredicateKeepsTheExpectedViews() throws {
        #expect(try kept(.flag("hidden")) == ["name-true", "is-true", "name-true-is-false", "is-one"])
        #expect(try kept(.flag("hidden", false)) == ["name-false", "is-false", "name-false-is-true"])
    }

    @Test func respondingMeansEitherSpellingIsRecorded() throws {
        let t = Self.tree
        let expected = (0..<t.count).map { NodeID($0) }.filter { t.flagValue("hidden", of: $0) != nil }
        #expect(try kept(.respondsToFlag("hidden")) == t.uids(of: expected))
        #expect(!(try kept(.respondsToFlag("hidden")).contains("neither")))
        #expect(try kept(.respondsToFlag("hidden")).contains("name-string"))
    }
}
