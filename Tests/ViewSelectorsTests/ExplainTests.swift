import SelectorCore
import Testing
import ViewSelectors

/// `EngineRegistry.explain` on the sample app, in each built-in engine: typo'd labels, wrong
/// classes, wrong nesting, hidden views, ambiguous matches, chains, and engines it has never seen.
@Suite("Explain a selector")
struct ExplainTests {
    static let registry = EngineRegistry.standard()
    static let tree = try! SampleApp.tree()

    static func explain(_ selector: String, _ engine: String) throws -> SelectorExplanation {
        try registry.explain(selector, engine: engine, in: tree)
    }

    static func uid(_ node: NodeID) -> String { tree.uidString(of: node) ?? "-" }

    @Test("shelley, a typo'd label: the whole explanation")
    func shelleyTypo() throws {
        let x = try Self.explain("button marked:'Log in'", "shelley")
        #expect(x.text == """
            shelley> button marked:'Log in'
            start .windows  → 1 view
            1  axis descendants  document  filter kindOf(UIButton) ∧ accessibilityLabel ⊇ "Log in" (U+00A0 read as space)  → 0 views
            No views: step 1: none of its 91 views (descendants of 1 view) passes its filter
            Nearest misses (1), failing one test:
              UIButton "Log In" (uid 1059): accessibilityLabel is "Log In", wanted one containing "Log in"
            Suggested fix: button marked:'Log In'
            """)
        #expect(x.count == 0)
        #expect(x.empty?.part == 0 && x.empty?.step == 1 && x.empty?.candidates == 91)
        #expect(x.empty?.reason == "none of its 91 views (descendants of 1 view) passes its filter")
        #expect(x.nearMisses.map(\.test) == [#"accessibilityLabel ⊇ "Log in" (U+00A0 read as space)"#])
        #expect(x.nearMisses.first?.closeness == 1)  // case only
        #expect(x.fix.map { Self.uid($0.node) } == "1059")
    }

    @Test("a typo'd label in each engine: the near miss and a checked fix in that engine's syntax", arguments: [
        ("uiquery", "view:'UIButton' marked:'Log in'", "view:'UIButton' marked:'Log In'"),
        ("shelley_compat", "view:'UILabel' marked:'Log in'", "view:'UILabel' marked:'Log In'"),
        ("regex", "UIButton /^Log in$/", "UIButton /^Log In$/"),
        ("predicate", "type == 'UIButton' AND accessibilityLabel == 'Log in'", "type == 'UIButton' AND accessibilityLabel == 'Log In'"),
        ("fry", #"FRY.lookup([ofKind(UIButton), accessibilityLabel("Log in")])"#,
         #"FRY.lookup([ofKind(UIButton), accessibilityLabel("Log In")])"#),
        ("xpath", "//UIButton[@accessibilityLabel='Log in']", "//UIButton[@accessibilityLabel='Log In']"),
        ("uiselector", #"new UiSelector().className("UIButton").text("Log in")"#,
         #"new UiSelector().className("UIButton").text("Log In")"#),
        ("accessibility_id", "Log in", "Log In"),
    ])
    func typoEachEngine(_ engine: String, _ selector: String, _ fixed: String) throws {
        let x = try Self.explain(selector, engine)
        #expect(x.count == 0)
        // An absolute XPath starts with its root step.
        #expect(x.empty?.step == (engine == "xpath" ? 2 : 1))
        let first = try #require(x.nearMisses.first)
        #expect(Self.uid(first.node) == (engine == "shelley_compat" ? "1058" : "1059"))
        #expect(first.reason.hasPrefix(#"accessibilityLabel is "Log In", wanted "#))
        #expect(x.fix?.selector == fixed)
        // The fix is only offered when it works.
        #expect(try Self.registry.select(fixed, engine: engine, in: Self.tree).contains(first.node))
    }

    @Test("a wrong class: which class the view has, and the fix that names it")
    func wrongClass() throws {
        let x = try Self.explain(#"FRY.lookup([ofKind(UILabel), accessibilityLabel("Forgot password?")])"#, "fry")
        #expect(x.nearMisses.map(\.reason) == ["class UIButton is not a kind of UILabel"])
        #expect(x.nearMisses.map(\.view) == [#"UIButton "Forgot password?" (uid 1060)"#])
        #expect(x.fix?.selector == #"FRY.lookup([ofKind(UIButton), accessibilityLabel("Forgot password?")])"#)

        let typo = try Self.explain("view:'UIButon' marked:'Log In'", "shelley")
        #expect(typo.nearMisses.map(\.reason) == ["class UIButton is not a kind of UIButon", "class UILabel is not a kind of UIButon"])
        #expect(typo.fix?.selector == "view:'UIButton' marked:'Log In'")
    }

    @Test("a hidden view: the flag and its value, and no fix (a flag is no literal to replace)")
    func hidden() throws {
        let x = try Self.explain("type == 'UIActivityIndicatorView' AND isHidden == NO", "predicate")
        #expect(x.nearMisses.map(\.view) == ["UIActivityIndicatorView (uid 1061)"])
        #expect(x.nearMisses.map(\.reason) == ["isHidden is true, wanted false"])
        #expect(x.nearMissCount == 1)  // the 90 visible views of other classes are no near misses
        #expect(x.fix == nil)
        #expect(x.parts[0].steps.map(\.kept) == [0, nil])
    }

    @Test("wrong nesting: the view exists, outside what the step before kept")
    func wrongNesting() throws {
        let x = try Self.explain("tableViewCell button marked:'Log In'", "shelley")
        #expect(x.parts[0].steps.map(\.kept) == [10, 0])
        #expect(x.empty?.step == 2)
        #expect(x.nearMisses.isEmpty)
        #expect(x.elsewhere.map(Self.uid) == ["1059"])
        #expect(x.text.hasSuffix("""
            No views: step 2: none of its 44 views (descendants of 10 views) passes its filter
            1 view passes step 2's filter where its axis does not reach:
              UIButton "Log In" (uid 1059)
            """))

        let up = try Self.explain("tableViewCell label marked:'Wi-Fi' parent navigationBar", "uiquery")
        #expect(up.empty?.step == 3)
        #expect(up.elsewhere.map(Self.uid) == ["1077"])
    }

    @Test("ambiguous: each candidate with a selector of its own")
    func ambiguous() throws {
        let x = try Self.explain("button marked:'Delete'", "shelley")
        #expect(x.count == 10)
        #expect(x.empty == nil)
        #expect(x.candidates.count == 10)
        #expect(x.moreCandidates == 0)
        #expect(x.candidates.allSatisfy { $0.suggestion?.unique == true })
        #expect(x.candidates.first?.suggestion?.selector == "view:'UIButton' markedExactly:'Delete' index:0")
        for c in x.candidates {
            #expect(try Self.registry.select(c.suggestion!.selector, engine: "shelley", in: Self.tree) == [c.node])
        }
        #expect(x.text.hasSuffix("""
            10 views selected where one was expected:
              UIButton "Delete" (uid 1006) → view:'UIButton' markedExactly:'Delete' index:0
              UIButton "Delete" (uid 1012) → view:'UIButton' markedExactly:'Delete' index:1
              UIButton "Delete" (uid 1018) → view:'UIButton' markedExactly:'Delete' index:2
              UIButton "Delete" (uid 1023) → view:'UIButton' markedExactly:'Delete' index:3
              UIButton "Delete" (uid 1028) → view:'UIButton' markedExactly:'Delete' index:4
              UIButton "Delete" (uid 1034) → view:'UIButton' markedExactly:'Delete' index:5
              UIButton "Delete" (uid 1039) → view:'UIButton' markedExactly:'Delete' index:6
              UIButton "Delete" (uid 1044) → view:'UIButton' markedExactly:'Delete' index:7
              UIButton "Delete" (uid 1049) → view:'UIButton' markedExactly:'Delete' index:8
              UIButton "Delete" (uid 1054) → view:'UIButton' markedExactly:'Delete' index:9
            """))
        // UISpec's order: the last button first.
        let uiquery = try Self.explain("view:'UIButton' marked:'Delete'", "uiquery")
        #expect(uiquery.candidates.map { Self.uid($0.node) }.first == "1054")
    }

    @Test("a huge result list is capped, and the explanation says so")
    func capped() throws {
        let x = try Self.explain("view", "shelley")
        #expect(x.count == 91)
        #expect(x.candidates.count == SelectorExplanation.maxListed)
        #expect(x.moreCandidates == 71)
        #expect(x.text.hasSuffix("  and 71 more (list capped at 20)"))
    }

    @Test("a pick out of range says how many there were")
    func pick() throws {
        let x = try Self.explain("view:'UIButton' marked:'Delete' index:12", "uiquery")
        #expect(x.parts[0].steps.map(\.kept) == [10, 0])
        #expect(x.empty?.reason == "pick 12 is out of range: there are 10 views")
    }

    @Test("a >> chain names the failing part and fixes it there")
    func chain() throws {
        let x = try Self.explain("tableViewCell >> regex:/^Delet$/", "shelley")
        #expect(x.parts.map(\.engine) == ["shelley", "regex"])
        #expect(x.parts.map(\.count) == [10, 0])
        #expect(x.empty?.part == 1)
        #expect(x.nearMissCount == 20)
        #expect(x.nearMisses.count == 10)
        #expect(x.fix?.selector == "tableViewCell >> regex:/^Delete$/")
        #expect(x.text.contains("No views: part 2 (regex> /^Delet$/), step 1: none of its 44 views (descendants of 10 views) passes its filter"))

        let first = try Self.explain("tableViewCell marked:'Wi-Fi' >> regex:/^Delete$/", "shelley")
        #expect(first.empty?.part == 0)
        #expect(first.parts.map(\.count) == [0, nil])
        #expect(first.parts[1].steps.map(\.kept) == [nil])
    }

    @Test("one view: nothing to explain beyond the steps")
    func one() throws {
        let x = try Self.explain("view:'UIButton' markedExactly:'Log In'", "shelley")
        #expect(x.count == 1)
        #expect(x.empty == nil && x.candidates.isEmpty && x.fix == nil)
        #expect(x.text.hasSuffix("1 view selected."))
    }

    @Test("the JSON form carries the same facts")
    func json() throws {
        let x = try Self.explain("button marked:'Log in'", "shelley")
        guard case .object(let pairs) = x.json else { Issue.record("not an object"); return }
        #expect(pairs.map(\.0) == ["selector", "engine", "count", "parts", "empty", "nearMisses", "nearMissCount",
                                   "elsewhere", "elsewhereCount", "fix", "text"])
        let fix = pairs.first { $0.0 == "fix" }?.1
        #expect(fix == .object([("selector", .string("button marked:'Log In'")), ("node", .int(Int64(x.fix!.node)))]))
    }

    @Test("a selector that does not compile throws as select does")
    func syntax() {
        #expect(throws: SelectorError.self) { try Self.explain("view:'UIButton' marked:'x", "shelley") }
    }

    @Test("an engine the explainer has never seen: explained through its program; its engine steps are opaque")
    func pluginEngine() throws {
        let registry = EngineRegistry.standard()
        try registry.register(LabelEngine())
        let x = try registry.explain("Log in", engine: "label-eq", in: Self.tree)
        #expect(x.nearMisses.map(\.reason) == [#"accessibilityLabel is "Log In", wanted "Log in""#, #"accessibilityLabel is "Log In", wanted "Log in""#])
        // No literal quoted in the text, so the bare word is replaced, and checked.
        #expect(x.fix?.selector == "Log In")

        try registry.register(NothingEngine())
        let opaque = try registry.explain("anything", engine: "nothing", in: Self.tree)
        #expect(opaque.empty?.reason == "the engine step kept none of its 1 view")
        #expect(opaque.nearMisses.isEmpty)
        #expect(opaque.parts[0].steps.map(\.text) == ["axis descendants  document  filter kindOf(UIButton)  unique", "pick 0",
                                                       "engine drop everything"])
        // The scan and its pick run as one (scan-to-pick, stopped at the first button): one count.
        #expect(opaque.parts[0].steps.map(\.kept) == [nil, 1, 0])
        #expect(opaque.parts[0].steps.map(\.together) == [2, nil, nil])
        #expect(opaque.text.contains("counted with step 2"))
    }
    // MARK: Appium's engines (#19), through the compiled program like every other engine

    @Test("xpath: a wrong element name, the whole explanation with its checked fix")
    func xpathWrongClass() throws {
        let x = try Self.explain("//UILabel[@accessibilityLabel='Forgot password?']", "xpath")
        #expect(x.text == """
            xpath> //UILabel[@accessibilityLabel='Forgot password?']
            start .document  → the whole tree
            1  engine xpath /  → 1 view
            2  axis descendants  document  filter memberOf(UILabel) ∧ accessibilityLabel == "Forgot password?"  unique  → 0 views
            No views: step 2: none of its 92 views (descendants of the whole tree) passes its filter
            Nearest misses (1), failing one test:
              UIButton "Forgot password?" (uid 1060): class UIButton is not UILabel
            Suggested fix: //UIButton[@accessibilityLabel='Forgot password?']
            """)
    }

    @Test("xpath: an ambiguous match lists each candidate with an XPath that selects it alone")
    func xpathAmbiguous() throws {
        let x = try Self.explain("//UIButton[@accessibilityLabel='Delete']", "xpath")
        #expect(x.count == 10)
        #expect(x.candidates.count == 10)
        for c in x.candidates {
            let suggestion = try #require(c.suggestion)
            #expect(suggestion.unique && suggestion.engine == "xpath")
            #expect(try Self.registry.select(suggestion.selector, engine: "xpath", in: Self.tree) == [c.node], "\(suggestion.selector)")
        }
        #expect(x.candidates.first?.suggestion?.selector == "//UIButton[@uid='1006']")
    }

    @Test("xpath: a position step is counted, and named when it empties the list")
    func xpathEngineStep() throws {
        let x = try Self.explain("//UIButton[20]", "xpath")
        #expect(x.count == 0)
        #expect(x.parts[0].steps.map(\.kept) == [1, 12, 0])
        #expect(x.empty?.step == 3)
        #expect(x.empty?.reason == "none of its 12 views stands at its place (position 19 among siblings passing memberOf(UIButton))")
        #expect(x.nearMisses.isEmpty && x.fix == nil)
    }

    @Test("uiselector: a childSelector under the wrong parent shows the views its filter finds elsewhere")
    func uiselectorWrongNesting() throws {
        let x = try Self.explain(#"new UiSelector().className("UITableViewCell").childSelector(new UiSelector().text("Log In"))"#,
                                 "uiselector")
        #expect(x.count == 0)
        #expect(x.parts[0].steps.map(\.kept) == [10, 0])
        #expect(x.empty?.reason == "none of its 44 views (descendants of 10 views) passes its filter")
        #expect(x.elsewhereCount == 2)
        #expect(x.elsewhere.map(Self.uid) == ["1059", "1058"])  // document order
    }

    @Test("class_name: ambiguity is reported even where the engine cannot name one view alone")
    func classNameAmbiguous() throws {
        let x = try Self.explain("UIButton", "class_name")
        #expect(x.count == 12)
        #expect(x.candidates.count == 12)
        #expect(x.candidates.first?.suggestion?.unique == false)
        // A class name selects every view of the class; the candidate says how many.
        #expect(x.text.contains(#"UIButton "Log In" (uid 1059) → UIButton (selects 12)"#))
    }
}

/// A host's engine: the selector is a label, compared exactly.
private struct LabelEngine: SelectorEngine {
    let name = "label-eq"
    func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        var b = ProgramBuilder(start: .document)
        b.descendants(.all([.hasProperty("accessibilityLabel"), .string(property: "accessibilityLabel", .equals(selector))]),
                      unique: true)
        return b.build()
    }
}

/// An engine step that keeps nothing, after an ordinary step.
private struct NothingEngine: SelectorEngine {
    struct Drop: EngineStep {
        var description: String { "drop everything" }
        func apply(to input: [NodeID], in context: inout StepContext) throws(SelectorError) -> [NodeID] { [] }
    }
    let name = "nothing"
    func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        var b = ProgramBuilder(start: .document)
        b.descendants(.kindOf("UIButton"), unique: true)
        b.pick(0)
        b.engine(Drop())
        return b.build()
    }
}
