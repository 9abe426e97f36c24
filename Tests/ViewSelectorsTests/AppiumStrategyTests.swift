import AppiumLocators
import Testing
import ViewSelectors

/// Appium's strategy table (`AppiumStrategy`): one home for the W3C names, the clients' names and
/// our engines, read by `translate --appium`, `--from-sources` and the `wdio` engine.
@Suite("Appium's strategies, one table")
struct AppiumStrategyTests {
    @Test("each client's spelling names the strategy and its engine", arguments: [
        ("accessibilityId", "accessibility_id"), ("ACCESSIBILITY_ID", "accessibility_id"), ("accessibility id", "accessibility_id"),
        ("iOSNsPredicateString", "predicate"), ("IOS_PREDICATE", "predicate"), ("-ios predicate string", "predicate"),
        ("iOSClassChain", "class_chain"), ("ios_class_chain", "class_chain"), ("androidUIAutomator", "uiselector"),
        ("uiautomator2", "uiselector"), ("className", "class_name"), ("XPATH", "xpath"), ("id", "id"),
    ])
    func spellings(_ row: (String, String)) {
        #expect(AppiumStrategy.spelled(row.0)?.engine == row.1, "\(row.0)")
    }

    @Test("the W3C name is exact; unknown strategies have none")
    func names() {
        #expect(AppiumStrategy.named("-ios class chain")?.java == "iOSClassChain")
        #expect(AppiumStrategy.named("-IOS CLASS CHAIN") == nil)
        #expect(AppiumStrategy.spelled("css selector") == nil)
        #expect(AppiumStrategy.forEngine("shelley") == nil)
        // Every engine with a strategy prints client code through the same table.
        for s in AppiumStrategy.all {
            #expect(AppiumCode.strategy(forEngine: s.engine) == s.name)
            #expect(AppiumCode.code(engine: s.engine, selector: "x", language: .python)?.contains("AppiumBy.\(s.python),") == true)
        }
    }
}
