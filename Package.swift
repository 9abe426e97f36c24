// swift-tools-version: 6.1
import PackageDescription

/// Settings every target of ours shares: Swift 6 mode plus the upcoming features
/// that keep module boundaries explicit.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "ViewSelectors",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "SelectorCore", targets: ["SelectorCore"]),
        .library(name: "ViewSelectors", targets: ["ViewSelectors"]),
        .library(name: "UIQueryEngine", targets: ["UIQueryEngine"]),
        .library(name: "RegexLabelEngine", targets: ["RegexLabelEngine"]),
        .library(name: "ShelleyEngine", targets: ["ShelleyEngine"]),
        .library(name: "ShelleyCompatEngine", targets: ["ShelleyCompatEngine"]),
        .library(name: "PredicateFormat", targets: ["PredicateFormat"]),
        .library(name: "PredicateEngine", targets: ["PredicateEngine"]),
        .library(name: "FRYEngine", targets: ["FRYEngine"]),
        .library(name: "UiSelectorEngine", targets: ["UiSelectorEngine"]),
        .library(name: "AppiumLocators", targets: ["AppiumLocators"]),
        .library(name: "WebdriverIOEngine", targets: ["WebdriverIOEngine"]),
        .library(name: "DetoxEngine", targets: ["DetoxEngine"]),
        .library(name: "XCUITestEngine", targets: ["XCUITestEngine"]),
        .library(name: "EspressoEngine", targets: ["EspressoEngine"]),
        .library(name: "ComposeEngine", targets: ["ComposeEngine"]),
        .library(name: "XPathEngine", targets: ["XPathEngine"]),
        .library(name: "MaestroEngine", targets: ["MaestroEngine"]),
        .library(name: "HierarchyFormats", targets: ["HierarchyFormats"]),
        .library(name: "TreeAlignment", targets: ["TreeAlignment"]),
        .library(name: "LocatorGate", targets: ["LocatorGate"]),
        .library(name: "Audit", targets: ["Audit"]),
        .library(name: "SyntheticHierarchy", targets: ["SyntheticHierarchy"]),
        .library(name: "FranklyProtocol", targets: ["FranklyProtocol"]),
        .library(name: "FranklyServer", targets: ["FranklyServer"]),
        .executable(name: "frankly", targets: ["FranklyCLI"]),
        .library(name: "PluginLoader", targets: ["PluginLoader"]),
        // Our tests' kit, for engine authors' tests too: the tree DSL, the reference interpreter, random
        // trees and programs, comparisons (depends on SelectorCore only).
        .library(name: "ViewSelectorsTesting", targets: ["ViewSelectorsTesting"]),
        // The example third-party engine: a shared library only, loaded with `--plugin`.
        .library(name: "ClassChainEngine", type: .dynamic, targets: ["ClassChainEngine"]),
    ],
    // `Server` (on by default) is the Frankly server, its HTTP stack and the CLI. A consumer that
    // needs only the core or the engines writes `traits: []` on its dependency line and resolves
    // none of those packages (Docs/Library.md, "Footprint").
    traits: [.default(enabledTraits: ["Server"]), .trait(name: "Server")],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
    ],
    targets: [
        // The shared core: view tree, compiled form, matcher, cache, registry. Depends on no engine.
        .target(
            name: "SelectorCore",
            dependencies: ["CSelectorPlugin"],
            swiftSettings: strictSettings
        ),
        // The C contract between a host and a dynamically loaded engine (header only).
        .target(name: "CSelectorPlugin"),
        // Host side of dynamic loading: dlopen a plug-in and register what it offers.
        .target(
            name: "PluginLoader",
            dependencies: ["SelectorCore", "CSelectorPlugin"],
            swiftSettings: strictSettings
        ),
        // `class_chain`, the example plug-in: depends on SelectorCore only, as an outside package would.
        .target(
            name: "ClassChainEngine",
            dependencies: ["SelectorCore", "PredicateFormat"],
            path: "Plugins/ClassChain",
            swiftSettings: strictSettings
        ),
        // Frank's Shelley language: the strict `shelley` engine and the shared parser.
        .target(
            name: "ShelleyEngine",
            dependencies: ["SelectorCore"],
            path: "Plugins/Shelley",
            swiftSettings: strictSettings
        ),
        // `shelley_compat`: Shelley bug for bug, on ShelleyEngine's parser.
        .target(
            name: "ShelleyCompatEngine",
            dependencies: ["SelectorCore", "ShelleyEngine"],
            path: "Plugins/ShelleyCompat",
            swiftSettings: strictSettings
        ),
        // The umbrella that registers every built-in engine and ships the embedded sample app.
        .target(
            name: "ViewSelectors",
            dependencies: ["SelectorCore", "ShelleyEngine", "ShelleyCompatEngine", "UIQueryEngine", "RegexLabelEngine",
                           "PredicateEngine", "FRYEngine", "XPathEngine", "UiSelectorEngine", "AppiumLocators", "MaestroEngine",
                           "WebdriverIOEngine", "DetoxEngine", "XCUITestEngine", "EspressoEngine", "ComposeEngine"],
            resources: [.copy("Resources/sample-app.json")],
            swiftSettings: strictSettings
        ),
        // PCRE2 (8-bit) from the system: `apt-get install libpcre2-dev`. No vendored source.
        .systemLibrary(
            name: "CPCRE2",
            path: "Sources/CPCRE2",
            pkgConfig: "libpcre2-8",
            providers: [.apt(["libpcre2-dev"]), .brew(["pcre2"])]
        ),
        // libxml2 from the system: `apt-get install libxml2-dev`. The XML loaders call its SAX2 parser.
        .systemLibrary(
            name: "CLibXML2",
            path: "Sources/CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        // What `regex` and the predicate engine's MATCHES share: a PCRE2 pattern compiled with match
        // limits, the per-thread evaluator and its `.limit` errors. Core and CPCRE2 only, so plug-ins may use it.
        .target(
            name: "PCRE2Matching",
            dependencies: ["SelectorCore", "CPCRE2"],
            path: "Plugins/PCRE2Matching",
            swiftSettings: strictSettings
        ),
        // Engine `regex`: PCRE2 patterns over labels and other string properties.
        .target(
            name: "RegexLabelEngine",
            dependencies: ["SelectorCore", "PCRE2Matching"],
            path: "Plugins/RegexLabel",
            swiftSettings: strictSettings
        ),
        // NSPredicate format strings compiled to the core's predicates: the parser engines share.
        .target(
            name: "PredicateFormat",
            dependencies: ["SelectorCore", "PCRE2Matching"],
            path: "Plugins/PredicateFormat",
            swiftSettings: strictSettings
        ),
        // Engine `predicate`: an NSPredicate format string over every view.
        .target(
            name: "PredicateEngine",
            dependencies: ["SelectorCore", "PredicateFormat"],
            path: "Plugins/Predicate",
            swiftSettings: strictSettings
        ),
        // Engine `fry`: Rightpoint FRY's lookup DSL, its string arguments read by PredicateFormat.
        .target(
            name: "FRYEngine",
            dependencies: ["SelectorCore", "PredicateFormat"],
            path: "Plugins/FRY",
            swiftSettings: strictSettings
        ),
        // Engine `uiselector`: Android UiSelector chains as Appium's `-android uiautomator` sends them.
        .target(
            name: "UiSelectorEngine",
            dependencies: ["SelectorCore", "PCRE2Matching"],
            path: "Plugins/UiSelector",
            swiftSettings: strictSettings
        ),
        // Engines `accessibility_id`, `id` and `class_name`: Appium's simple locator strategies.
        .target(
            name: "AppiumLocators",
            dependencies: ["SelectorCore"],
            path: "Plugins/AppiumLocators",
            swiftSettings: strictSettings
        ),
        // Engine `detox`: Detox matchers as a JavaScript test writes them.
        .target(
            name: "DetoxEngine",
            dependencies: ["SelectorCore", "PCRE2Matching"],
            path: "Plugins/Detox",
            swiftSettings: strictSettings
        ),
        // Engine `xcuitest`: XCUITest's element queries as a Swift test writes them.
        .target(
            name: "XCUITestEngine",
            dependencies: ["SelectorCore", "PredicateFormat"],
            path: "Plugins/XCUITest",
            swiftSettings: strictSettings
        ),
        // Engine `espresso`: Espresso's ViewMatchers (and Hamcrest's) as a Kotlin or Java test writes them.
        .target(
            name: "EspressoEngine",
            dependencies: ["SelectorCore", "PCRE2Matching"],
            path: "Plugins/Espresso",
            swiftSettings: strictSettings
        ),
        // Engine `compose`: Jetpack Compose's semantics finders as a Kotlin test writes them.
        .target(
            name: "ComposeEngine",
            dependencies: ["SelectorCore", "PCRE2Matching"],
            path: "Plugins/Compose",
            swiftSettings: strictSettings
        ),
        // Engine `wdio`: WebdriverIO's selector strings, each compiled by the engine for its strategy.
        .target(
            name: "WebdriverIOEngine",
            dependencies: ["SelectorCore", "AppiumLocators"],
            path: "Plugins/WebdriverIO",
            swiftSettings: strictSettings
        ),
        // Engine `xpath`: XPath 1.0 over the page source (Appium's element and attribute names).
        .target(
            name: "XPathEngine",
            dependencies: ["SelectorCore", "PCRE2Matching"],
            path: "Plugins/XPath",
            swiftSettings: strictSettings
        ),
        // Frank's HTTP/JSON wire protocol over the registry, embeddable in a host app.
        // Frank's request and error vocabulary and its operations (getters, FEX_ helpers, gestures,
        // setters, the events they record), apart from any HTTP server (so the `/map` decoder can be
        // fuzzed and reused without Hummingbird).
        .target(
            name: "FranklyProtocol",
            dependencies: ["SelectorCore"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "FranklyServer",
            dependencies: [
                "SelectorCore",
                "FranklyProtocol",
                // `/inspector/diff` and `/inspector/survival`: a posted recording read, aligned with
                // the served tree, and the selected view's suggestions ranked across both.
                "HierarchyFormats",
                "TreeAlignment",
                "LocatorGate",
                // `/inspector/audit`: the served tree's findings.
                "Audit",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Server"])),
                .product(name: "HummingbirdCore", package: "hummingbird", condition: .when(traits: ["Server"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Server"])),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: .when(traits: ["Server"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Server"])),
            ],
            resources: [.copy("Inspector/Assets")],
            swiftSettings: strictSettings
        ),
        // Deterministic synthetic app hierarchies for benchmarks, tests and `frankly generate`.
        .target(
            name: "SyntheticHierarchy",
            dependencies: ["SelectorCore"],
            swiftSettings: strictSettings
        ),
        // Loaders for XCUITest, UIAutomator, Calabash and UIAutomation recordings; the XCUITest writer.
        .target(
            name: "HierarchyFormats",
            dependencies: ["SelectorCore", "CLibXML2"],
            swiftSettings: strictSettings
        ),
        // Maestro's selectors (`maestro`): text, id, states, spatial and structural relations, index.
        .target(
            name: "MaestroEngine",
            dependencies: ["SelectorCore", "PCRE2Matching", .product(name: "Yams", package: "Yams")],
            path: "Plugins/Maestro",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "MaestroTests",
            dependencies: ["SelectorCore", "MaestroEngine", "HierarchyFormats", "ViewSelectors", "ViewSelectorsTesting"],
            swiftSettings: strictSettings
        ),
        // Aligning two recordings of one screen (GumTree's matching) and the edit script between them.
        .target(
            name: "TreeAlignment",
            dependencies: ["SelectorCore"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "TreeAlignmentTests",
            dependencies: ["SelectorCore", "TreeAlignment", "HierarchyFormats", "SyntheticHierarchy", "ViewSelectorsTesting"],
            swiftSettings: strictSettings
        ),
        // The locator gate: selectors of a suite checked against old and new recordings, with fixes.
        .target(
            name: "LocatorGate",
            dependencies: ["SelectorCore", "TreeAlignment", "AppiumLocators"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "LocatorGateTests",
            dependencies: ["SelectorCore", "TreeAlignment", "LocatorGate", "HierarchyFormats", "ViewSelectors", "ViewSelectorsTesting",
                           "ClassChainEngine"],
            swiftSettings: strictSettings
        ),
        // Accessibility and testability rules over recordings (`frankly audit`), with baselines.
        .target(
            name: "Audit",
            dependencies: ["SelectorCore", "TreeAlignment", "LocatorGate"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "AuditTests",
            dependencies: ["SelectorCore", "Audit", "TreeAlignment", "LocatorGate", "HierarchyFormats", "ViewSelectors",
                           "ViewSelectorsTesting"],
            swiftSettings: strictSettings
        ),
        // The hierarchy and selector tools for coding agents over the Model Context Protocol (`frankly mcp`).
        .target(
            name: "FranklyMCP",
            dependencies: [
                "SelectorCore", "HierarchyFormats", "ViewSelectors", "TreeAlignment", "LocatorGate", "Audit",
                .product(name: "MCP", package: "swift-sdk", condition: .when(traits: ["Server"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Server"])),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "FranklyCLI",
            dependencies: [
                "SelectorCore",
                "HierarchyFormats",
                "SyntheticHierarchy",
                "ViewSelectors",
                "UIQueryEngine",
                "FRYEngine",
                "XPathEngine",
                "FranklyServer",
                "PluginLoader",
                "TreeAlignment",
                "LocatorGate",
                "Audit",
                "FranklyMCP",
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Server"])),
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Server"])),
            ],
            swiftSettings: strictSettings
        ),
        // UISpec's UIQuery paths (`uiquery`), with `should` expectations.
        .target(
            name: "UIQueryEngine",
            dependencies: ["SelectorCore"],
            path: "Plugins/UIQuery",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "UIQueryTests",
            dependencies: ["SelectorCore", "SyntheticHierarchy", "ShelleyEngine", "ShelleyCompatEngine", "UIQueryEngine", "RegexLabelEngine", "ViewSelectorsTesting"],
            swiftSettings: strictSettings
        ),
        // Test helpers shared by our test targets and offered to engine authors (the tree DSL, the
        // reference interpreter, random trees and programs, comparisons).
        .target(
            name: "ViewSelectorsTesting",
            dependencies: ["SelectorCore"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SelectorCoreTests",
            dependencies: ["SelectorCore", "SyntheticHierarchy", "ViewSelectorsTesting"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "RegexLabelTests",
            dependencies: ["SelectorCore", "RegexLabelEngine", "PCRE2Matching", "ViewSelectorsTesting"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PredicateTests",
            dependencies: ["SelectorCore", "PredicateFormat", "PredicateEngine", "ViewSelectorsTesting", "ViewSelectors",
                           "HierarchyFormats"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "XPathTests",
            dependencies: ["SelectorCore", "XPathEngine", "ViewSelectorsTesting", "HierarchyFormats", "SyntheticHierarchy"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FRYTests",
            dependencies: ["SelectorCore", "PredicateFormat", "FRYEngine", "ViewSelectorsTesting", "ViewSelectors",
                           "HierarchyFormats", "SyntheticHierarchy"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "DetoxTests",
            dependencies: ["SelectorCore", "DetoxEngine", "ViewSelectors", "HierarchyFormats", "ViewSelectorsTesting"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "XCUITestTests",
            dependencies: ["SelectorCore", "XCUITestEngine", "ViewSelectors", "HierarchyFormats", "ViewSelectorsTesting"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "EspressoTests",
            dependencies: ["SelectorCore", "EspressoEngine", "ViewSelectors", "HierarchyFormats", "ViewSelectorsTesting"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ComposeTests",
            dependencies: ["SelectorCore", "ComposeEngine", "ViewSelectors", "HierarchyFormats", "ViewSelectorsTesting"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "WebdriverIOTests",
            dependencies: ["SelectorCore", "WebdriverIOEngine", "ViewSelectors", "ClassChainEngine", "HierarchyFormats",
                           "ViewSelectorsTesting"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "UiSelectorTests",
            dependencies: ["SelectorCore", "UiSelectorEngine", "AppiumLocators", "PCRE2Matching", "ViewSelectorsTesting",
                           "HierarchyFormats"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ShelleyTests",
            dependencies: ["SelectorCore", "SyntheticHierarchy", "ShelleyEngine", "ShelleyCompatEngine", "ViewSelectorsTesting"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "HierarchyFormatsTests",
            dependencies: ["SelectorCore", "HierarchyFormats", "SyntheticHierarchy", "ViewSelectors", "ClassChainEngine",
                           "ViewSelectorsTesting"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FranklyCLITests",
            dependencies: ["SelectorCore", "SyntheticHierarchy", "ViewSelectors", "FranklyCLI", "Audit"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FranklyServerTests",
            dependencies: [
                "SelectorCore",
                "SyntheticHierarchy",
                "ViewSelectors",
                "FranklyServer",
                "HierarchyFormats",
                "TreeAlignment",
                "LocatorGate",
                "Audit",
                "ViewSelectorsTesting",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Server"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Server"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Server"])),
                .product(name: "NIOPosix", package: "swift-nio", condition: .when(traits: ["Server"])),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(traits: ["Server"])),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PluginLoaderTests",
            dependencies: [
                "SelectorCore",
                "ViewSelectors",
                "PluginLoader",
                "FranklyServer",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Server"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Server"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Server"])),
                .product(name: "NIOPosix", package: "swift-nio", condition: .when(traits: ["Server"])),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(traits: ["Server"])),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ClassChainTests",
            dependencies: ["SelectorCore", "ClassChainEngine", "PredicateFormat"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ViewSelectorsTests",
            dependencies: ["SelectorCore", "ViewSelectors", "SyntheticHierarchy", "ViewSelectorsTesting", "AppiumLocators"],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
