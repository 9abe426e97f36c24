import PredicateEngine
import SelectorCore
import Testing
import ViewSelectorsTesting

/// Issue 29, item 5: a comparison of two constants is valid NSPredicate and the same for every
/// view (WebDriverAgent's unit tests use `1 = 1`): every view or none, as NSPredicate evaluates it.
@Suite struct ConstantComparisonTests {
    static let registry: EngineRegistry = {
        let r = EngineRegistry()
        try! r.register(PredicateEngine(), builtIn: true)
        return r
    }()
    static let tree = N("UIWindow", "1", [], [
        N("UILabel", "2", label: "OK"), N("UIButton", "3", label: "Go"),
    ]).build()

    static func count(_ selector: String) throws -> Int {
        try registry.select(selector, engine: "predicate", in: tree).count
    }

    @Test(arguments: [
        ("1 = 1", true), ("1 == 2", false), ("1 != 2", true), ("2 > 1", true), ("1 >= 2", false),
        ("YES == 1", true), ("NO == 0", true), ("TRUEPREDICATE", true), ("FALSEPREDICATE", false),
        ("'a' == 'a'", true), ("'a' == 'A'", false), ("'a' ==[c] 'A'", true), ("'é' ==[d] 'e'", true),
        ("'abc' BEGINSWITH 'ab'", true), ("'abc' ENDSWITH 'x'", false), ("'abc' CONTAINS[c] 'B'", true),
        ("'abc' LIKE 'a*c'", true), ("'abc' LIKE 'a?'", false), ("'abc' MATCHES 'a.c'", true),
        ("'a' < 'b'", true), ("'b' <= 'a'", false),
        ("'1' == 1", false), ("'1' != 1", true),
        ("nil == nil", true), ("nil != nil", false), ("1 == nil", false), ("nil != 'x'", true),
        ("2 IN {1, 2}", true), ("3 IN {1, 2}", false), ("'b' IN {'a', 'b'}", true),
        ("2 BETWEEN {1, 3}", true), ("5 BETWEEN {1, 3}", false),
        ("1 = 1 AND accessibilityLabel == 'OK'", true), ("1 = 2 OR accessibilityLabel == 'Zz'", false),
        ("NOT (1 = 2)", true),
    ])
    func constantsSelectEveryViewOrNone(_ selector: String, _ holds: Bool) throws {
        let n = try Self.count(selector)
        if selector.contains("accessibilityLabel") {
            #expect(n == (holds ? 1 : 0), "\(selector)")
        } else {
            #expect(n == (holds ? Self.tree.count : 0), "\(selector)")
        }
    }

    @Test func orderingAStringAndANumberIsAnError() throws {
        let error = try #require(throws: SelectorError.self) { try Self.count("'x' > 1") }
        #expect(error.message.contains("> cannot compare these two constants"), "\(error)")
        #expect(error.column == 5)
    }
}
