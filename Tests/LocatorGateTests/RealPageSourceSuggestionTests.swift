import Glibc
import HierarchyFormats
import LocatorGate
import SelectorCore
import Testing
import ViewSelectors
import ViewSelectorsTesting

// Issue 41, items 1 and 4: every selector suggested on a real XCUITest or UiAutomator page source
// works in the tool the user pastes it into. XPath suggestions are run by libxml2 (lxml, the
// oracle of Tests/XPathTests) on the page source as Appium serves it; `id` and `accessibility_id`
// values are checked against the recorded attribute the platform matches.

/// The Python interpreter with lxml (VIEWSELECTORS_XPATH_ORACLE, as for Tests/XPathTests).
private let proofOracle: String? = getenv("VIEWSELECTORS_XPATH_ORACLE").map { String(cString: $0) }
private let proofTests = "/" + #filePath.split(separator: "/").dropLast(2).joined(separator: "/")

/// A real page source: its path under Tests/Fixtures and whether it is iOS (XCUITest) or Android.
struct RealPageSource: Sendable, CustomStringConvertible {
    var path: String
    var iOS: Bool
    var description: String { path }

    static let all: [RealPageSource] = [
        .init(path: "real/xcuitest_ios26_icecubes_timeline_mobium.xml", iOS: true),
        .init(path: "real/xcuitest_ios26_kiwix_main_page_mobium.xml", iOS: true),
        .init(path: "real/xcuitest_ios26_pocketcasts_discover_mobium.xml", iOS: true),
        .init(path: "real/xcuitest_ios_settings_zh_uiautodev.xml", iOS: true),
        .init(path: "appium/locators/ios_settings_accessibility_shirates.xml", iOS: true),
        .init(path: "appium/locators/ios_settings_top_shirates.xml", iOS: true),
        .init(path: "real/uiautomator_android_wecom_window_dump.xml", iOS: false),
        .init(path: "real/android_wechat_miniprogram_appcrawler.xml", iOS: false),
        .init(path: "appium/uiautomator2_permission_dialog_mobium.xml", iOS: false),
        .init(path: "appium/uiautomator2_theapp_login_appium.xml", iOS: false),
        .init(path: "appium/locators/android_app_signup_android1_shirates.xml", iOS: false),
        .init(path: "appium/locators/android_settings_network_internet_shirates.xml", iOS: false),
        .init(path: "appium/locators/android_settings_security_shirates.xml", iOS: false),
        .init(path: "appium/locators/android_settings_top_shirates.xml", iOS: false),
    ]
}

/// Runs libxml2 (through lxml) on `file` for `expressions`: per expression the preorder indexes it
/// selects, nil when libxml2 refuses it or answers something other than elements.
private func libxml2(file: String, expressions: [String]) throws -> (count: Int, answers: [[Int]?]) {
    let (count, answers) = try runXPathOracle(python: try #require(proofOracle), script: proofTests + "/XPathTests/Oracle/xpath_oracle.py",
                                              file: file, expressions: expressions, renameByClass: true, unwrapAppiumAUT: true)
    return (count, answers.map { if case .nodes(let list) = $0 { list } else { nil } })
}

/// One suggestion handed to a user for one view, and whether it works in Appium.
struct ProvenSuggestion {
    var node: NodeID
    var engine: String
    var selector: String
    /// What our engine selects.
    var ours: [NodeID]
}

/// Every suggestion the three Appium strategies hand out on `source`: `frankly suggest --all`'s
/// candidates (`robustSuggestions` on the one recording) and the registry's choice
/// (`suggestion(engine:for:in:)`, used by the inspector, explain and the gate).
private func suggestions(on tree: ViewTree, registry: EngineRegistry) throws -> [ProvenSuggestion] {
    var out: [ProvenSuggestion] = []
    for i in 0..<tree.count {
        let node = NodeID(i)
        var seen: Set<String> = []
        func add(_ engine: String, _ selector: String) {
            guard seen.insert(engine + "\t" + selector).inserted else { return }
            let ours = (try? registry.select(selector, engine: engine, in: tree)) ?? []
            out.append(ProvenSuggestion(node: node, engine: engine, selector: selector, ours: ours))
        }
        let ranked = try registry.robustSuggestions(for: node, in: [tree], engines: ["xpath", "id", "accessibility_id"],
                                                    deadline: nil)
        for r in ranked { add(r.engine, r.selector) }
        for engine in ["xpath", "id", "accessibility_id"] {
            if let s = registry.suggestion(engine: engine, for: node, in: tree) { add(engine, s.selector) }
        }
    }
    return out
}

/// The views Appium's `id` or `accessibility_id` finds for `value`, by the recorded attributes:
/// XCUITest matches `name` for both; UiAutomator2 matches `resource-id` for `id` (the value as
/// written; suggestions are fully qualified) and `content-desc` for `accessibility_id`.
private func attributeMatches(_ engine: String, _ value: String, in tree: ViewTree, iOS: Bool) -> [NodeID] {
    let attribute = iOS ? "name" : (engine == "id" ? "resource-id" : "content-desc")
    return (0..<tree.count).map(NodeID.init).filter { tree.string(attribute, of: $0) == value }
}

@Suite(.enabled(if: proofOracle != nil, "VIEWSELECTORS_XPATH_ORACLE names no Python with lxml"), .serialized)
struct RealPageSourceSuggestionTests {
    static let registry = EngineRegistry.standard(matcher: Matcher(configuration: .serial))

    /// Checks every suggestion on `source`; returns (working, total) per engine. `unruled`: with the
    /// tree's `loaderColumns` cleared, so that the suggestion code answers as it did before the rule
    /// (the "before" figure).
    static func prove(_ source: RealPageSource, record: Bool, unruled: Bool = false) throws -> [String: (Int, Int)] {
        let file = proofTests + "/Fixtures/" + source.path
        let loaded = try HierarchyFormat.loadDetecting(try FileIO.read(file)).0
        if record { #expect(!loaded.loaderColumns.isEmpty, "\(source): the loader says which names it made") }
        var tree = loaded
        if unruled { tree.loaderColumns = [] }
        let all = try suggestions(on: tree, registry: registry)
        let xpaths = all.filter { $0.engine == "xpath" }
        let (count, answers) = try libxml2(file: file, expressions: xpaths.map(\.selector))
        if record { #expect(count == tree.count, "element i of \(source) is view i of the tree") }
        var tally: [String: (Int, Int)] = [:]
        func tallyOne(_ s: ProvenSuggestion, _ works: Bool) {
            tally[s.engine, default: (0, 0)].0 += works ? 1 : 0
            tally[s.engine, default: (0, 0)].1 += 1
        }
        for (s, answer) in zip(xpaths, answers) {
            let works = answer == s.ours.map(Int.init) && s.ours.contains(s.node)
            tallyOne(s, works)
            guard record else { continue }
            #expect(answer == s.ours.map(Int.init), "\(s.selector) on \(source): libxml2 \(String(describing: answer)), engine \(s.ours)")
            for name in loaded.loaderColumns {
                #expect(!s.selector.contains("@" + name + "="), "\(s.selector) on \(source) names the loader's \(name)")
            }
        }
        for s in all where s.engine != "xpath" {
            let found = attributeMatches(s.engine, s.selector, in: tree, iOS: source.iOS)
            tallyOne(s, found == s.ours && found.contains(s.node))
            guard record else { continue }
            let recorded = source.iOS ? tree.string("name", of: s.node)
                : tree.string(s.engine == "id" ? "resource-id" : "content-desc", of: s.node)
            #expect(s.selector == recorded, "\(s.engine) \(s.selector) on \(source): the view records \(String(describing: recorded))")
            #expect(found == s.ours, "\(s.engine) \(s.selector) on \(source): Appium finds \(found), engine \(s.ours)")
        }
        return tally
    }

    @Test(arguments: RealPageSource.all)
    func everySuggestionWorksInAppium(_ source: RealPageSource) throws {
        _ = try Self.prove(source, record: true)
    }

    /// The figure Docs/Inspector.md quotes: suggestions that work in Appium, of all handed out.
    /// Without the rule (`loaderColumns` cleared) for comparison. It proves every source twice
    /// more than `everySuggestionWorksInAppium` does, so it runs only when asked:
    /// `VIEWSELECTORS_SUGGESTION_TALLY=1 swift test --filter tally`.
    @Test(.enabled(if: getenv("VIEWSELECTORS_SUGGESTION_TALLY") != nil))
    func tally() throws {
        for unruled in [true, false] {
            var total: [String: (Int, Int)] = [:]
            for source in RealPageSource.all {
                for (engine, (w, n)) in try Self.prove(source, record: false, unruled: unruled) {
                    total[engine, default: (0, 0)].0 += w
                    total[engine, default: (0, 0)].1 += n
                }
            }
            let works = total.values.map(\.0).reduce(0, +), all = total.values.map(\.1).reduce(0, +)
            print("suggestion proof (\(unruled ? "without" : "with") the rule): \(works) of \(all) work in Appium; "
                  + total.keys.sorted().map { "\($0) \(total[$0]!.0)/\(total[$0]!.1)" }.joined(separator: ", "))
            if !unruled { #expect(works == all) }
        }
    }
}
