import Glibc
import SelectorCore
import SyntheticHierarchy
import Testing
import ViewSelectorsTesting
import XPathEngine

/// A registry with only the xpath engine, serial so results never depend on threads.
let xpathRegistry: EngineRegistry = {
    let r = EngineRegistry(matcher: Matcher(configuration: .serial))
    try! r.register(XPathEngine())
    return r
}()

/// Two levels of buttons and labels: positions per parent differ from positions overall.
let xpathTree = N("UIWindow", "w", [], [
    N("UIView", "root", [], [
        N("UIButton", "b1", label: "OK", [("accessibilityIdentifier", "ok"), ("tag", 1)]),
        N("UIButton", "b2", label: "Cancel", [("tag", 2)]),
        N("UILabel", "l1", label: "Title", [("text", "Hello World")]),
        N("UIView", "group", [], [
            N("UIButton", "b3", label: "OK", [("tag", 3)]),
            N("UILabel", "l2", label: "It's"),
            N("UIButton", "b4", label: "More", [("isEnabled", .bool(false)), ("tag", 5)]),
        ]),
        N("UILabel", "l3", label: "  spaced   text "),
    ]),
]).build()

func xselect(_ selector: String, in tree: ViewTree = xpathTree) throws -> [String] {
    try xpathRegistry.selectUIDs(selector, engine: "xpath", in: tree)
}

/// Expressions → the exact uids they select on `xpathTree`, in document order (worked out by hand
/// from XPath 1.0; the oracle tests check the same forms against libxml2 on real recordings).
@Suite struct XPathSelectionTests {
    static let table: [(String, [String])] = [
        ("//UIButton", ["b1", "b2", "b3", "b4"]),
        ("//UIButton[1]", ["b1", "b3"]),
        ("(//UIButton)[1]", ["b1"]),
        ("//UIButton[last()]", ["b2", "b4"]),
        ("(//UIButton)[last()]", ["b4"]),
        ("//UIButton[@accessibilityLabel='OK']", ["b1", "b3"]),
        ("//UIView/UIButton", ["b1", "b2", "b3", "b4"]),
        ("/UIWindow/UIView/UIButton", ["b1", "b2"]),
        ("//UIButton[2]", ["b2", "b4"]),
        ("//UIView[UIButton[@accessibilityLabel='More']]", ["group"]),
        ("//*[@tag > 1]", ["b2", "b3", "b4"]),
        ("//UIButton[@tag = 1 or @tag = 3]", ["b1", "b3"]),
        ("//UILabel[contains(@text, 'World')]", ["l1"]),
        ("//UILabel[starts-with(@accessibilityLabel, 'It')]", ["l2"]),
        ("//UILabel[normalize-space(@accessibilityLabel) = 'spaced text']", ["l3"]),
        ("//UIButton/following-sibling::*[1]", ["b2", "l1", "l2"]),
        ("//UIButton/preceding-sibling::*[1]", ["b1", "l2"]),
        ("//UILabel[@accessibilityLabel=\"It's\"]", ["l2"]),
        ("//UIButton[@accessibilityLabel='OK'][2]", []),
        ("(//UIButton[@accessibilityLabel='OK'])[2]", ["b3"]),
        ("//UIButton/..", ["root", "group"]),
        ("//UIButton/ancestor::*[1]", ["root", "group"]),
        ("//UIButton/ancestor::*[last()]", ["w"]),
        ("//*[count(*) = 3]", ["group"]),
        ("//*[not(*)]", ["b1", "b2", "l1", "b3", "l2", "b4", "l3"]),
        ("//UIButton | //UILabel", ["b1", "b2", "l1", "b3", "l2", "b4", "l3"]),
        ("//UIButton[position() > 1]", ["b2", "b4"]),
        ("//UIView//UIButton", ["b1", "b2", "b3", "b4"]),
        ("//UIButton[@isEnabled='false']", ["b4"]),
        ("//UIButton[@isEnabled = false()]", ["b1", "b2", "b3"]),
        ("//*[@accessibilityIdentifier]", ["b1"]),
        ("//UILabel[string-length(@accessibilityLabel) = 4]", ["l2"]),
        ("//UIButton[translate(@accessibilityLabel, 'OK', 'ok') = 'ok']", ["b1", "b3"]),
        ("//*[name() = 'UILabel'][2]", ["l3"]),
        ("//UIButton[substring(@accessibilityLabel, 2, 2) = 'an']", ["b2"]),
        ("//UIButton[substring-before(@accessibilityLabel, 'e') = 'Mor']", ["b4"]),
        ("//UILabel[substring-after(@text, ' ') = 'World']", ["l1"]),
        ("//UIButton[concat(@accessibilityLabel, '-', @tag) = 'OK-3']", ["b3"]),
        ("//UIButton[sum(../UIButton/@tag) = 3]", ["b1", "b2"]),
        ("//UIButton[floor(@tag div 2) = 1]", ["b2", "b3"]),
        ("//UIButton[round(@tag * 0.5) = 2]", ["b3"]),
        ("//UIButton[ceiling(@tag div 2) = 1]", ["b1", "b2"]),
        ("//UIButton[@tag mod 2 = 1]", ["b1", "b3", "b4"]),
        ("//UIButton[-@tag < -2]", ["b3", "b4"]),
        ("//UIButton[boolean(@accessibilityIdentifier)]", ["b1"]),
        ("//UILabel[number(@accessibilityLabel) != number(@accessibilityLabel)]", ["l1", "l2", "l3"]),
        ("//*[self::UIButton or self::UILabel][1]", ["b1", "b3"]),
        ("//UIButton[matches(@accessibilityLabel, '^(OK|More)$')]", ["b1", "b3", "b4"]),
        ("//UIButton[matches(@accessibilityLabel, 'o')]", ["b4"]),
        ("//UIButton/following::UILabel", ["l1", "l2", "l3"]),
        ("//UIButton[@accessibilityLabel='More']/preceding::UIButton", ["b1", "b2", "b3"]),
        ("//UIButton[@accessibilityLabel='More']/preceding::*[1]", ["l2"]),
        ("//UILabel/ancestor-or-self::UIView", ["root", "group"]),
        ("/descendant::UIButton[3]", ["b3"]),
        ("//self::UILabel", ["l1", "l2", "l3"]),
        ("/*", ["w"]),
        ("/", []),
        ("//UIButton[.//UILabel]", []),
        ("//UIView[.//UILabel[@accessibilityLabel=\"It's\"]]", ["root", "group"]),
        ("//UIButton[@accessibilityLabel != 'OK']", ["b2", "b4"]),
        ("//UIButton[not(@accessibilityLabel = 'OK')]", ["b2", "b4"]),
        ("//UILabel[text()]", []),
        ("//node()[@uid='l1']", ["l1"]),
        ("//UIButton[last() - 1]", ["b1", "b3"]),
        ("(//UIButton | //UILabel)[position() mod 2 = 0]", ["b2", "b3", "b4"]),
        ("//UIButton[lang('en')]", []),
        ("id('b1')", []),
        ("//UIButton[@*='Cancel']", ["b2"]),
        ("//UIButton[@class='UIButton'][1]", ["b1", "b3"]),
        ("//*[local-name()='UIView']", ["root", "group"]),
        ("//UIButton[@tag >= 2][@tag <= 3]", ["b2", "b3"]),
        ("//UIButton[@tag = '3' and @accessibilityLabel = 'OK']", ["b3"]),
        ("//UIView[count(.//UIButton) = 4]", ["root"]),
        ("//UIView/*[3]", ["l1", "b4"]),
        ("//UIView/*[position() = last()]", ["b4", "l3"]),
        ("//UIButton[2]/following-sibling::*", ["l1", "group", "l3"]),
        ("//UIView[@uid='group']/preceding-sibling::*[2]", ["b2"]),
        ("//UIButton[string(@tag) = '5']", ["b4"]),
        ("//UIButton[@tag = '5.0']", []),
        ("//UIButton[@tag = 5.0]", ["b4"]),
        ("//*[@uid = 'b1' or @uid = 'l3']/parent::*", ["root"]),
        ("//UIButton[1][@tag = 3]", ["b3"]),
        ("//UIButton[@tag = 3][1]", ["b3"]),
        ("(//UIButton)[position() < 3]", ["b1", "b2"]),
        ("(//*)[1]/UIView", ["root"]),
        ("//UIView[1]/UIButton[1]", ["b1", "b3"]),
        ("//UIView[2]", []),
        ("//UIView/UIView[1]/UIButton", ["b3", "b4"]),
        ("/UIWindow//UIButton[@accessibilityLabel='OK']/ancestor::UIView", ["root", "group"]),
        ("//UIButton[true()]", ["b1", "b2", "b3", "b4"]),
        ("//UIButton[false()]", []),
        ("//UIButton[\"\"]", []),
        ("//UIButton['x']", ["b1", "b2", "b3", "b4"]),
        ("//UIButton[0]", []),
        ("//UIButton[1.5]", []),
        ("//UIButton[contains(@accessibilityLabel, '')]", ["b1", "b2", "b3", "b4"]),
        ("//*[.//UIButton[@tag = 3]]", ["w", "root", "group"]),
        ("//*[UIButton]", ["root", "group"]),
        ("//*[*]", ["w", "root", "group"]),
        ("//*[descendant::UILabel[@accessibilityLabel=\"It's\"]][UILabel]", ["root", "group"]),
        ("//*[./UIView/UIButton]", ["w", "root"]),
        ("//UIView[UIButton][2]", []),
        ("//UIView[UIButton][1]", ["root", "group"]),
        ("//*[@tag='1' or @tag='5']", ["b1", "b4"]),
        ("//*[@tag!='1']", ["b2", "b3", "b4"]),
        // A number's exact text compiles to a core test (string or number column); other
        // spellings of the number, and 0 and 1, stay with the evaluator.
        ("//*[@tag='2']", ["b2"]),
        ("//*[@tag!='3']", ["b1", "b2", "b4"]),
        ("//*[@tag='2.0' or @tag='+2' or @tag='02']", []),
        ("//*[@tag='3' or @uid='b1']", ["b1", "b3"]),
        ("//*[@uid='b2' or @uid='b4']", ["b2", "b4"]),
        ("//*[@isEnabled='true']", []),
    ]

    @Test(arguments: table)
    func selects(_ selector: String, _ expected: [String]) throws {
        #expect(try xselect(selector) == expected, "\(selector)")
    }

    /// Name and attribute tests run as core steps: after the step to the root node (`/`), two merged
    /// descendant scans.
    @Test func coreStepsWherePossible() throws {
        let program = try XPathEngine().compile("//UIView//UIButton[@accessibilityLabel='OK']")
        #expect(program.start == .document)
        #expect(program.steps.count == 3)
        #expect(program.steps.first.map { "\($0)" } == "engine(xpath /)")
        #expect(Array(program.steps.dropFirst()) == [
            .axis(.descendants, order: .document, filter: .memberOf("UIView"), unique: true),
            .axis(.descendants, order: .document, filter: .and([.memberOf("UIButton"),
                  .string(property: "accessibilityLabel", .equals("OK"))]), unique: true),
        ])
        // A position among siblings is the core's position step after the scan.
        let positional = try XPathEngine().compile("//UIView//UIButton[2]")
        #expect(positional.steps.count == 4)
        if case .siblingPosition(let step) = positional.steps[3] {
            #expect(step == SiblingPositionStep(SiblingPosition(1, among: .memberOf("UIButton"))))
        } else { Issue.record("expected the core's position step") }
        // A position per context node on another axis is the core's per-input position step.
        let sibling = try XPathEngine().compile("//UILabel/following-sibling::UIButton[1]")
        if case .axisPosition(let step) = sibling.steps[2] {
            #expect(step == AxisPositionStep(.followingSiblings, filter: .memberOf("UIButton"), index: 0))
        } else { Issue.record("expected the core's axis position step: \(sibling)") }
        // A position after a predicate that reads XPath values stays with the interpreter.
        let valued = try XPathEngine().compile("//UIButton[@tag > 2][2]")
        #expect(valued.description.contains("engine xpath //child::UIButton[(attribute::tag > 2)][2]"), "\(valued)")
    }

    /// The block in Docs/Engines/XPath.md, "Which parts run where".
    @Test func printedProgram() throws {
        let program = try XPathEngine().compile("//UIView//UIButton[@accessibilityLabel='OK']")
        #expect(program.description == """
            start .document
            1  engine xpath /
            2  axis descendants  document  filter memberOf(UIView)  unique
            3  axis descendants  document  filter memberOf(UIButton) ∧ accessibilityLabel == "OK"  unique
            """)
    }

    /// A quadratic expression on a large tree stops at the query's work limit.
    @Test func budget() {
        let tree = SyntheticApp.generate(nodes: 20_000, seed: 3)
        #expect(throws: SelectorError.self) { try xpathRegistry.select("//*[count(preceding::*) > 0]", engine: "xpath", in: tree) }
        do { _ = try xpathRegistry.select("//*[count(preceding::*) > 0]", engine: "xpath", in: tree) }
        catch { #expect(error.kind == .limit) }
    }

    /// A chained selector's roots are the context nodes of a relative path.
    @Test func relativeToChainRoots() throws {
        #expect(try xselect("//UIView[@uid='group'] >> UIButton") == ["b3", "b4"])
        #expect(try xselect("//UIView[@uid='group'] >> //UILabel[1]") == ["l1", "l2"])
    }

    /// A long chain of one operator is stored flat: no deep recursion in the parser or the evaluator.
    @Test func longOperatorChains() throws {
        let sum = "//UIButton[" + Array(repeating: "1", count: 10_000).joined(separator: " + ") + " = 10000]"
        #expect(try xselect(sum) == ["b1", "b2", "b3", "b4"])
        let union = Array(repeating: "//UILabel", count: 5_000).joined(separator: " | ")
        #expect(try xselect(union) == ["l1", "l2", "l3"])
    }

    /// Expressions just under the nesting limit parse and run on a thread with a 4 MiB stack in a
    /// debug build (whose frames are several times a release build's): the cap bounds the recursion.
    @Test func deepestExpressionsFitSmallStacks() throws {
        let nots = "//UIButton[" + String(repeating: "not(", count: 30) + "@tag = 1" + String(repeating: ")", count: 30) + "]"
        let minus = "//UIButton[" + String(repeating: "-", count: 30) + "1 = 1]"
        let calls = "//UIButton[" + String(repeating: "string(", count: 30) + "@tag" + String(repeating: ")", count: 30) + " = '2']"
        let paths = "//*[" + String(repeating: "*[", count: 30) + "1" + String(repeating: "]", count: 30) + "]"
        let parens = "//UIButton[" + String(repeating: "(", count: 30) + "@tag = 3" + String(repeating: ")", count: 30) + "]"
        let cases: [(String, [String])] = [(nots, ["b1"]), (minus, ["b1", "b2", "b3", "b4"]), (calls, ["b2"]), (paths, []),
                                            (parens, ["b3"])]
        let results = Locked<[[String]?]>(Array(repeating: nil, count: cases.count))
        // A pthread of its own with a 4 MiB stack (Foundation's Thread would bring ICU headers into
        // this module, which clash with libxml2's through HierarchyFormats).
        final class Work { let run: () -> Void; init(_ run: @escaping () -> Void) { self.run = run } }
        let work = Work {
            for (i, c) in cases.enumerated() {
                let uids = try? xselect(c.0)
                results.withLock { $0[i] = uids }
            }
        }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setstacksize(&attributes, 4 * 1024 * 1024)
        var thread = pthread_t()
        let box = Unmanaged.passRetained(work).toOpaque()
        let created = pthread_create(&thread, &attributes, { raw in
            let work = Unmanaged<Work>.fromOpaque(raw!).takeRetainedValue()
            work.run()
            return nil
        }, box)
        pthread_attr_destroy(&attributes)
        try #require(created == 0)
        pthread_join(thread, nil)
        let got = results.withLock { $0 }
        for (i, c) in cases.enumerated() { #expect(got[i] == c.1, "\(c.0.prefix(30))…") }
    }

    @Test func suggestions() throws {
        func suggestion(_ uid: String) -> String? {
            guard let node = xpathTree.node(withUID: uid) else { return nil }
            return xpathRegistry.suggestion(engine: "xpath", for: node, in: xpathTree)?.selector
        }
        #expect(suggestion("b1") == "//UIButton[@accessibilityIdentifier='ok']")
        #expect(suggestion("b2") == "//UIButton[@accessibilityLabel='Cancel']")
        #expect(suggestion("l2") == "//UILabel[@accessibilityLabel=\"It's\"]")
        #expect(suggestion("b3") == "//UIButton[@uid='b3']")
        #expect(suggestion("group") == "//UIView[@uid='group']")
        #expect(XPathEngine().narrowed("//UIButton", toResult: 2) == "(//UIButton)[3]")
        let both = N("UIWindow", "w", [], [N("UILabel", "q", label: "a'b\"c")]).build()
        let literal = xpathRegistry.suggestion(engine: "xpath", for: 1, in: both)?.selector
        #expect(literal == "//UILabel[@accessibilityLabel=concat('a', \"'\", 'b\"c')]")
    }

    /// The page source: what the oracle tests hand to libxml2.
    @Test func pageSource() {
        let tree = N("UIWindow", "w", [], [N("UILabel", "x", label: "a<\"&'\nb", [("tag", 2), ("on", .bool(true))])]).build()
        #expect(XPathEngine.pageSource(of: tree) == """
            <?xml version="1.0" encoding="UTF-8"?>
            <UIWindow uid="w"><UILabel uid="x" accessibilityLabel="a&lt;&quot;&amp;'&#10;b" tag="2" on="true"/></UIWindow>

            """)
    }
}
