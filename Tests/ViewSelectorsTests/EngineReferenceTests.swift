import SelectorCore
import SyntheticHierarchy
import Testing
import ViewSelectors
import ViewSelectorsTesting

// Real selectors of every built-in engine (taken from the engines' own test suites), compiled by
// `EngineRegistry.standard()`, then their programs run by the matcher under every forced
// configuration and by `ReferenceInterpreter` on generated apps: the same arrays (issue 30,
// item 4). Engine steps stay opaque: the reference runs each through the matcher as a one-step
// program (see `ReferenceInterpreter`), so programs holding them are compared too, on the core
// steps around them.

/// Selectors by engine, as their test suites write them.
let engineSelectors: [(engine: String, selectors: [String])] = [
    ("shelley", [
        "label", "button", "view:'UILabel'", "tableViewCell label", "tableViewCell button marked:'Delete'",
        "tableViewCell view:'UIButton' markedExactly:'Delete'", "view:'UILabel' markedExactly:'Row 7-3'",
        "label marked:'Row 1'", "tableViewCell label marked:'Row 7-3' parent tableViewCell view:'UIImageView'",
        "button first", "button last", "button index:1", "label parent", "button sibling", "label sibling button",
        "button parent descendant button", "navigationButton label", "tableView tableViewCell",
        "view:'UITableView' view:'UITableViewCell' view:'UIImageView'", "textField placeholder:'Email'",
        "view:'UISwitch'", "tableViewCell label text:'Row 1-2' parent tableViewCell", "view marked:'Save'", "view:'UIImageView'",
    ]),
    ("shelley_compat", [
        "button marked:'Delete'", "label marked:'Row 7-3'", "tableViewCell label", "button first", "view:'UILabel' last",
    ]),
    ("uiquery", [
        "tableView tableViewCell last", "tableView tableViewCell label", "label", "button", "tableViewCell label text:'Row 1'",
        "label text:'Returns' parent tableViewCell", "label text:'Returns' parent", "navigationButton label text:'Save'",
        "view:'UILabel'", "tableViewCell first", "tableViewCell index:2", "button marked:'Delete'",
        "tableView tableViewCell label accessibilityLabel:'Row 7-3'", "imageView", "textField placeholder:'Email'",
        "view:'UICollectionView' view:'UICollectionViewCell' label", "view view view label", "label parent parent",
        "tableViewCell child", "scrollView textField",
    ]),
    ("regex", [
        "/Row/", "/^Row 7-/", "UILabel /^Row/", "UITableView /Row/", "UITableView UITableViewCell /-3$/",
        "UITableViewCell /^Row 7-/ UIImageView", "UIButton /^(save|submit)$/i", "UITextField @placeholder /e-?mail/i",
        "@class /Cell$/", "UIControl /^S/", "UIButton UIImageView", "UIWindow UIView UIImageView", "/^Delete$/",
    ]),
    ("predicate", [
        "accessibilityLabel BEGINSWITH 'Row 7-'", "accessibilityLabel == 'Delete'", "accessibilityLabel CONTAINS[c] 'delete'",
        "accessibilityLabel ENDSWITH '-3'", "accessibilityLabel LIKE 'Row ?-3'", "accessibilityLabel MATCHES 'Row [0-9]+-1'",
        "isHidden == YES", "isHidden == NO AND accessibilityLabel == 'Share'", "accessibilityLabel IN {'Delete', 'Share'}",
        "NOT accessibilityLabel BEGINSWITH 'Row'", "placeholder == 'Email' OR placeholder == 'Name'",
        "accessibilityLabel != nil", "uid < 50",
    ]),
    ("fry", [
        "FRY.lookup(ofKind(UITableViewCell)).lookup(ofKind(UIImageView))",
        "FRY.lookup([ofKind(UILabel), accessibilityLabel(\"Row 7-3\")])", "FRY.lookup(ofKind(UIButton))",
        "FRY.lookup(accessibilityLabel(\"Delete\"))", "FRY.lookup(ofKind(UISwitch))",
        "FRY.lookup(ofKind(UITableViewCell)).lookup(accessibilityLabel(\"Share\"))",
        "FRY.lookup(ofKind(UILabel)).shallow()", "FRY.lookupByAccessibilityLabel(\"Delete\")",
    ]),
    ("xpath", [
        "//UIButton", "//UITableView/UITableViewCell[2]", "//UIButton[@accessibilityLabel='Delete'][ancestor::UITableViewCell]",
        "//UITableViewCell//UIImageView", "//UILabel[starts-with(@accessibilityLabel, 'Row 7-')]",
        "//*[@accessibilityLabel='Delete']", "//UIButton[@accessibilityLabel='OK' and not(false())]", "(//UILabel)[3]",
        "(//UILabel)[last()]", "//UITableViewCell[.//UIButton]", "//UILabel/..", "//UIButton/following-sibling::*",
        "//UITableViewCell[1]//UILabel", "//UILabel[contains(@accessibilityLabel, '7-')]", "/*", "//UIWindow/*",
        "//UITableView//UILabel[@accessibilityLabel='Row 2-3' or @accessibilityLabel='Row 2-4']",
        "//UILabel[matches(@accessibilityLabel, '^Row 1')]", "//UIView[UIButton]",
    ]),
    ("uiselector", [
        "new UiSelector().className(\"UIButton\")", "new UiSelector().text(\"Delete\")",
        "new UiSelector().textStartsWith(\"Row 7-\")", "new UiSelector().className(\"UITableView\").childSelector(new UiSelector().className(\"UITableViewCell\").index(1))",
        "new UiSelector().className(\"UILabel\").instance(2)", "new UiSelector().descriptionContains(\"Row\")",
        "new UiSelector().className(\"UITableViewCell\").childSelector(new UiSelector().className(\"UIButton\"))",
        "new UiSelector().textMatches(\"Row [0-9]-1\")",
    ]),
    ("maestro", [
        "Delete", "Row 1.*", "{text: Delete, below: Row 1-1}", "{text: Delete, index: 3}", "{containsChild: Delete}",
        "{text: .*, rightOf: Delete, index: -1}", "{id: .*, containsDescendants: [Delete]}", "{text: Row.*, childOf: {containsChild: Delete}}",
        "{below: Delete, above: {text: Row 2.*}, leftOf: Row 1-1}", "{traits: square}", "{enabled: false}", "{width: 44, tolerance: 10}",
    ]),
    ("accessibility_id", ["Delete", "Row 7-3", "Share"]),
    ("id", ["Delete", "uid"]),
    ("class_name", ["UIButton", "UITableViewCell", "UILabel"]),
]

@Suite("Engine programs against the reference")
struct EngineReferenceTests {
    @Test("every engine's selectors, matcher against reference, thresholds forced")
    func engineSelectorsMatchTheReference() throws {
        let registry = EngineRegistry.standard()
        let configurations: [(String, Matcher)] = [
            ("default", Matcher()),
            ("serial", Matcher(configuration: .serial)),
            ("parallel thresholds 0", Matcher(configuration: MatcherConfiguration(maxThreads: 4, parallelThreshold: 0,
                                                                                  parallelValueThreshold: 0))),
            ("thresholds Int.max", Matcher(configuration: MatcherConfiguration(maxThreads: 8, parallelThreshold: .max,
                                                                               parallelValueThreshold: .max))),
        ]
        var compiled: [(String, String, SelectorProgram)] = []
        var refused: [String] = []
        for (engine, selectors) in engineSelectors {
            for text in selectors {
                do { compiled.append((engine, text, try registry.compile(text, engine: engine).program)) }
                catch { refused.append("\(engine)> \(text): \(error)") }
            }
        }
        var compared = 0, withEngineSteps = 0, skipped = 0, nonEmpty = 0
        for (nodes, seed) in [(1_500, UInt64(21)), (12_000, 22)] {
            let tree = SyntheticApp.generate(nodes: nodes, seed: seed)
            let reference = ReferenceInterpreter(tree: tree, predicates: registry.predicates, maxWork: 400_000)
            for (engine, text, program) in compiled {
                let expected: Result<[NodeID], any Error>
                let delegatedBefore = reference.engineStepsDelegated
                do { expected = .success(try reference.select(program)) }
                catch let failure as ReferenceInterpreter.Failure {
                    skipped += 1
                    print("skipped \(engine)> \(text) on app \(nodes): \(failure)")
                    continue
                }
                catch { expected = .failure(error) }
                compared += 1
                if reference.engineStepsDelegated > delegatedBefore { withEngineSteps += 1 }
                if case .success(let e) = expected, !e.isEmpty { nonEmpty += 1 }
                for (name, matcher) in configurations {
                    let actual: Result<[NodeID], any Error>
                    do { actual = .success(try matcher.select(program, in: tree, predicates: registry.predicates,
                                                              budget: .unlimited)) }
                    catch { actual = .failure(error) }
                    switch (expected, actual) {
                    case let (.success(e), .success(a)) where e == a: continue
                    case (.failure, .failure): continue
                    default:
                        Issue.record("""
                            \(engine)> \(text) on app \(nodes) seed \(seed), matcher '\(name)': reference \
                            \((try? expected.get())?.count ?? -1) nodes, matcher \((try? actual.get())?.count ?? -1)
                            \(program)
                            """)
                    }
                }
            }
        }
        print("engine reference: \(compiled.count) selectors compiled, \(refused.count) refused, \(compared) runs compared "
              + "(\(withEngineSteps) through engine steps), \(skipped) skipped, \(nonEmpty) non-empty")
        for r in refused { print("refused: \(r)") }
        #expect(refused.isEmpty, "\(refused)")
        #expect(compared >= 2 * (compiled.count - 5))
        #expect(nonEmpty > compared / 2)
    }
}
