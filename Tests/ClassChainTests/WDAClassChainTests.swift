import ClassChainEngine
import PredicateFormat
import SelectorCore
import Testing

/// Class chains as WebDriverAgent writes them (issue 29, item 4): descendant predicates `[$…$]`,
/// doubled markers inside predicates, and WDA's own valid and invalid queries
/// (Tests/Fixtures/appium/wda_class_chain_locators.txt). The engine here is the in-process one; the
/// same through the `.so` is Tests/PluginLoaderTests/ClassChainPluginTests.swift.
@Suite("class_chain as WebDriverAgent")
struct WDAClassChainTests {
    /// The fixture's locators by kind (`valid`, `invalid`, `docs`).
    static let locators: [String: [String]] = {
        let path = #filePath.split(separator: "/").dropLast(2).joined(separator: "/")
        let bytes = try! FileIO.read("/" + path + "/Fixtures/appium/wda_class_chain_locators.txt")
        var out: [String: [String]] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            out[String(parts[0]), default: []].append(String(parts[1]))
        }
        return out
    }()

    /// An XCUITest-like tree: four cells; c2 holds a text named done, c3 a view whose value is
    /// done, c4 is itself named done (its own name is no descendant's).
    ///
    /// ```
    /// app > w > t (Table) > c1 [s1 "Inbox", b1a, b1b]  c2 [s2 "done", b2a, b2b]
    ///                       c3 [o3 value "done" [s3 "a`b"], b3]  c4 name "done" [b4]
    /// ```
    static let tree: ViewTree = {
        func n(_ type: String, _ uid: String, name: String? = nil, value: String? = nil, _ children: [String] = []) -> String {
            var fields = [#""class":"XCUIElementType\#(type)""#, #""uid":"\#(uid)""#]
            if let name { fields.append(#""accessibilityIdentifier":"\#(name)""#) }
            if let value { fields.append(#""accessibilityValue":"\#(value)""#) }
            if !children.isEmpty { fields.append(#""subviews":["# + children.joined(separator: ",") + "]") }
            return "{" + fields.joined(separator: ",") + "}"
        }
        let json = n("Application", "app", [n("Window", "w", [n("Table", "t", [
            n("Cell", "c1", [n("StaticText", "s1", name: "Inbox"), n("Button", "b1a"), n("Button", "b1b")]),
            n("Cell", "c2", [n("StaticText", "s2", name: "done"), n("Button", "b2a"), n("Button", "b2b")]),
            n("Cell", "c3", [n("Other", "o3", value: "done", [n("StaticText", "s3", name: "a`b$c")]), n("Button", "b3")]),
            n("Cell", "c4", name: "done", [n("Button", "b4")]),
        ])])])
        return try! ViewTree.loadDump(Array(json.utf8))
    }()

    static func uids(_ selector: String) throws -> [String] {
        tree.uids(of: try Matcher().select(try ClassChainEngine().compile(selector), in: tree))
    }

    @Test("the XCUITest driver's headline example: the last button of the cells holding a 'done'")
    func headline() throws {
        let locator = try #require(Self.locators["docs"]?.first)
        #expect(locator == "**/XCUIElementTypeCell[$name == 'done' OR value == 'done'$]/XCUIElementTypeButton[-1]")
        #expect(try Self.uids(locator) == ["b3"])
        #expect(try Self.uids("**/XCUIElementTypeCell[$name == 'done' OR value == 'done'$]/XCUIElementTypeButton")
                == ["b2a", "b2b", "b3"])
        // A descendant predicate looks below the view only: c4's own name does not count.
        #expect(try Self.uids("**/XCUIElementTypeCell[$name == 'done'$]") == ["c2"])
        #expect(try Self.uids("**/XCUIElementTypeCell[`name == 'done'`]") == ["c4"])
    }

    @Test("descendant predicates with the other brackets, in WebDriverAgent's order", arguments: [
        ("**/XCUIElementTypeTable[$name == 'done'$]", ["t"]),
        ("**/*[$type == 'XCUIElementTypeStaticText'$]", ["w", "t", "c1", "c2", "c3", "o3"]),
        ("**/XCUIElementTypeCell[$type == 'XCUIElementTypeButton'$][$name == 'Inbox'$]", ["c1"]),
        ("**/XCUIElementTypeCell[$type == 'XCUIElementTypeButton'$][`name != 'done'`][2]", ["c2"]),
        ("**/XCUIElementTypeCell[$value == 'done'$]/*[$name BEGINSWITH 'a'$]", ["o3"]),
        ("XCUIElementTypeWindow/XCUIElementTypeTable/XCUIElementTypeCell[$name == 'nothing'$]", []),
        // Without `**/` the chain starts at the application element, as WDA's does.
        ("XCUIElementTypeWindow/XCUIElementTypeTable/XCUIElementTypeCell[$name == 'Inbox'$]", ["c1"]),
        // Doubled markers are one literal marker (FBAbstractPredicateToken).
        ("**/XCUIElementTypeStaticText[`name == \"a``b$c\"`]", ["s3"]),
        ("**/XCUIElementTypeCell[$name == \"a`b$$c\"$]", ["c3"]),
    ])
    func descendantPredicates(_ selector: String, _ expected: [String]) throws {
        #expect(try Self.uids(selector) == expected)
    }

    @Test("`[$P$]` compiles to the core's has-descendant step, which the plug-in JSON carries")
    func program() throws {
        let program = try ClassChainEngine().compile("**/XCUIElementTypeCell[$name == 'done'$]/XCUIElementTypeButton[-1]")
        #expect(program.steps.count == 4)
        guard case .hasDescendant(let step) = program.steps[1] else { Issue.record("\(program)"); return }
        #expect(step.description.hasPrefix("has descendant("))
        let json = try program.pluginJSON()
        #expect(json.jsonString.contains(#"{"hasDescendant":"#))
        #expect(try SelectorProgram(pluginJSON: json) == program)
    }

    @Test("WebDriverAgent's valid queries (FBClassChainTests.m) all compile")
    func valid() throws {
        let valid = try #require(Self.locators["valid"])
        #expect(valid.count == 13)
        for locator in valid {
            #expect(throws: Never.self, "\(locator)") { _ = try ClassChainEngine().compile(locator) }
        }
        // The one with doubled backticks reads the name к`ири``'лиця.
        let chain = try ChainParser.parse(valid[10])
        #expect(chain.steps[0].filters[0] == .predicate(try PredicateFormat().compile(#"name == "к`ири``'лиця""#)))
        #expect(chain.steps[0].filters[1] == .index(2))
    }

    /// WebDriverAgent refuses these; so do we, except class names it does not know (it knows only
    /// XCUIElementType names; our trees are UIKit and Android too, so any class name is a class).
    static let acceptedDeviations: Set<String> = ["blabla", "XCUIElementTypeWindow/blabla"]

    @Test("WebDriverAgent's invalid queries (FBClassChainTests.m) are errors")
    func invalid() throws {
        let invalid = try #require(Self.locators["invalid"])
        #expect(invalid.count == 31)
        for locator in invalid where !Self.acceptedDeviations.contains(locator) {
            #expect(throws: SelectorError.self, "\(locator)") { _ = try ClassChainEngine().compile(locator) }
        }
    }

    @Test("WebDriverAgent's bracket rules: one index per step, predicates before it", arguments: [
        ("XCUIElementTypeWindow[1][1]", "a step takes one index (WebDriverAgent refuses a second)", 25),
        ("XCUIElementTypeWindow[1][`visible = 1`]", "predicates come before the index (WebDriverAgent applies the index last)", 25),
        ("XCUIElementTypeWindow[2][$visible = 1$]", "predicates come before the index (WebDriverAgent applies the index last)", 25),
        ("XCUIElementTypeWindow[$visible = 1]", "unterminated predicate: missing closing '$'", 23),
        ("XCUIElementTypeWindow[$$]", "empty predicate", 24),
        // Errors inside a predicate with doubled markers point into the selector as written.
        ("**/XCUIElementTypeCell[$name == \"x``y\" AND$]", "expected a comparison, '(' or NOT", 43),
        ("**/XCUIElementTypeCell[`name == \"x``y\" XOR 1`]", "expected AND, OR or the end of the predicate", 40),
    ])
    func bracketErrors(_ selector: String, _ message: String, _ column: Int) {
        #expect { try ClassChainEngine().compile(selector) } throws: { error in
            let e = error as! SelectorError
            let ok = e.message == message && e.column == column
            if !ok { Issue.record("got '\(e.message)' at \(e.column ?? -1)") }
            return ok
        }
    }
}
