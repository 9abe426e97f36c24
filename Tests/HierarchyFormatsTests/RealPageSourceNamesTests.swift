import ClassChainEngine
import HierarchyFormats
import SelectorCore
import Testing
import ViewSelectors
import ViewSelectorsTesting

// Issue 41's naming rule (`ViewTree+Names.swift`) for the engines that RealPageSourceSuggestionTests
// (LocatorGateTests) does not run through Appium: class_chain, uiselector, predicate and maestro
// suggestions on the same 14 real page sources name no column the loader made (`uid`, the UIKit
// copies `accessibilityIdentifier` and `accessibilityLabel`, frames, flags), and each one the
// registry marks unique selects exactly its view in our engine. Here, not beside the Appium proof,
// because this target links the class chain plug-in.

private let namesFixtures = "/" + #filePath.split(separator: "/").dropLast(2).joined(separator: "/") + "/Fixtures/"

/// The 14 page sources of RealPageSourceSuggestionTests (`RealPageSource.all`).
private let namesSources = [
    "real/xcuitest_ios26_icecubes_timeline_mobium.xml",
    "real/xcuitest_ios26_kiwix_main_page_mobium.xml",
    "real/xcuitest_ios26_pocketcasts_discover_mobium.xml",
    "real/xcuitest_ios_settings_zh_uiautodev.xml",
    "appium/locators/ios_settings_accessibility_shirates.xml",
    "appium/locators/ios_settings_top_shirates.xml",
    "real/uiautomator_android_wecom_window_dump.xml",
    "real/android_wechat_miniprogram_appcrawler.xml",
    "appium/uiautomator2_permission_dialog_mobium.xml",
    "appium/uiautomator2_theapp_login_appium.xml",
    "appium/locators/android_app_signup_android1_shirates.xml",
    "appium/locators/android_settings_network_internet_shirates.xml",
    "appium/locators/android_settings_security_shirates.xml",
    "appium/locators/android_settings_top_shirates.xml",
]

/// The names a selector says outside its quoted literals: identifier-like words of the text with
/// every `"…"` and `'…'` (backslash escapes inside) removed, and for Maestro the keys before `:`.
func namedWords(_ selector: String, engine: String) -> Set<String> {
    if engine == "maestro" {
        // Plain YAML scalars are values, not names: only the keys of a `{key: value, …}` map.
        guard selector.hasPrefix("{") else { return [] }
        let keys = textOutsideQuotes(selector).dropFirst().split(separator: ",").compactMap { $0.split(separator: ":").first }
        return Set(keys.map { String($0.filter { $0 != " " }) })
    }
    return Set(wordsOutsideQuotes(selector))
}

@Suite("Real page sources: class_chain, uiselector, predicate and maestro suggestions name recorded attributes only")
struct RealPageSourceNamesTests {
    static let engines = ["class_chain", "uiselector", "predicate", "maestro"]

    static func registry() throws -> EngineRegistry {
        let registry = EngineRegistry.standard(matcher: Matcher(configuration: .serial))
        try registry.register(ClassChainEngine())
        return registry
    }

    @Test(arguments: namesSources)
    func suggestionsNameOnlyRecordedAttributes(_ path: String) throws {
        let tree = try HierarchyFormat.loadDetecting(try FileIO.read(namesFixtures + path)).0
        let forbidden = tree.loaderColumns.subtracting(["class"])
        #expect(forbidden.contains(PropertyName.uid), "\(path): the loader made a uid column")
        let registry = try Self.registry()
        var chosen: [String: Int] = [:]
        var byName = 0
        for i in 0..<tree.count {
            let node = NodeID(i)
            for name in Self.engines {
                let engine = try #require(registry.registeredEngine(name))
                var selectors = engine.suggestions(for: node, in: tree)
                let pick = registry.suggestion(engine: name, for: node, in: tree)
                if let pick { selectors.append(pick.selector) }
                for s in selectors {
                    let named = namedWords(s, engine: name).intersection(forbidden)
                    #expect(named.isEmpty, "\(name) \(s) on \(path) view \(i) names the loader's \(named.sorted())")
                }
                guard let pick, pick.unique else { continue }
                chosen[name, default: 0] += 1
                if name == "class_chain" && pick.selector.contains("[`name == ") { byName += 1 }
                let ours = try registry.select(pick.selector, engine: name, in: tree)
                #expect(ours == [node], "\(name) \(pick.selector) on \(path): marked unique for view \(i), selects \(ours)")
            }
        }
        // Each engine proved something on each source (class_chain on the iOS ones).
        #expect(chosen["uiselector", default: 0] > 0 && chosen["maestro", default: 0] > 0, "\(path): \(chosen)")
        if path.contains("ios") {
            #expect(chosen["class_chain", default: 0] > 0, "\(path): \(chosen)")
            // By the recorded `name` where the view has one, not only by position.
            #expect(byName > 0, "\(path): no class chain by name")
        }
    }

    @Test func wordsOutsideLiterals() {
        #expect(namedWords("**/XCUIElementTypeButton[`name == \"uid x\"`]", engine: "class_chain")
                == ["XCUIElementTypeButton", "name"])
        #expect(namedWords("type == 'a\\'uid' AND label == 'b'", engine: "predicate") == ["type", "AND", "label"])
        #expect(namedWords("{id: uid, below: \"x\"}", engine: "maestro") == ["id", "below"])
        #expect(namedWords("uid", engine: "maestro").isEmpty)
    }
}
