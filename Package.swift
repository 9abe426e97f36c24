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
        .executable(name: "frankly", targets: ["FranklyCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The shared core: view tree, compiled form, matcher, cache, registry. Depends on no engine.
        .target(
            name: "SelectorCore",
            swiftSettings: strictSettings
        ),
        // The umbrella that registers every built-in engine and ships the embedded sample app.
        .target(
            name: "ViewSelectors",
            dependencies: ["SelectorCore", "UIQueryEngine"],
            resources: [.copy("Resources/sample-app.json")],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "FranklyCLI",
            dependencies: [
                "SelectorCore",
                "ViewSelectors",
                "UIQueryEngine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
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
            dependencies: ["SelectorCore", "UIQueryEngine"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SelectorCoreTests",
            dependencies: ["SelectorCore"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FranklyCLITests",
            dependencies: ["SelectorCore", "ViewSelectors", "FranklyCLI"],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
