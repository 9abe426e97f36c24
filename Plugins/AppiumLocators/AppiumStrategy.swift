/// One of Appium's locator strategies: its W3C name, the engine that reads its selectors, and its
/// names in the clients, so translation, the clients' code and reading test sources share one table.
public struct AppiumStrategy: Sendable, Equatable {
    /// The strategy as WebDriver sends it (`using`): `accessibility id`, `-ios predicate string`.
    public let name: String
    /// Our engine for its selectors.
    public let engine: String
    /// The Java client's `AppiumBy` method (`iOSNsPredicateString`).
    public let java: String
    /// The Python client's `AppiumBy` constant (`IOS_PREDICATE`).
    public let python: String
    /// Other spellings test sources use for it (Ruby's symbols, old clients' names), lowercased.
    public let spellings: [String]

    /// Every strategy that has an engine here.
    public static let all: [AppiumStrategy] = [
        .init(name: "accessibility id", engine: "accessibility_id", java: "accessibilityId", python: "ACCESSIBILITY_ID",
              spellings: ["accessibility"]),
        .init(name: "id", engine: "id", java: "id", python: "ID", spellings: []),
        .init(name: "class name", engine: "class_name", java: "className", python: "CLASS_NAME", spellings: []),
        .init(name: "xpath", engine: "xpath", java: "xpath", python: "XPATH", spellings: []),
        .init(name: "-ios predicate string", engine: "predicate", java: "iOSNsPredicateString", python: "IOS_PREDICATE",
              spellings: ["predicate"]),
        .init(name: "-ios class chain", engine: "class_chain", java: "iOSClassChain", python: "IOS_CLASS_CHAIN",
              spellings: ["class_chain"]),
        .init(name: "-android uiautomator", engine: "uiselector", java: "androidUIAutomator", python: "ANDROID_UIAUTOMATOR",
              spellings: ["uiautomator", "uiautomator2"]),
    ]

    /// The strategy for `engine`'s selectors, nil for an engine Appium has none for.
    public static func forEngine(_ engine: String) -> AppiumStrategy? { all.first { $0.engine == engine } }

    /// The strategy WebDriver calls `name` exactly (`using`).
    public static func named(_ name: String) -> AppiumStrategy? { all.first { $0.name == name } }

    /// The strategy a test source spells `spelling`, in any case: its W3C name, the Java method,
    /// the Python constant or another spelling.
    public static func spelled(_ spelling: String) -> AppiumStrategy? { bySpelling[spelling.lowercased()] }

    private static let bySpelling: [String: AppiumStrategy] = {
        var table: [String: AppiumStrategy] = [:]
        for s in all {
            for key in [s.name, s.java, s.python] + s.spellings { table[key.lowercased()] = s }
        }
        return table
    }()
}
