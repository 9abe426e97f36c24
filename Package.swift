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
        .library(name: "ShelleyEngine", targets: ["ShelleyEngine"]),
        .library(name: "ShelleyCompatEngine", targets: ["ShelleyCompatEngine"]),
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
            dependencies: ["SelectorCore"],
            resources: [.copy("Resources/sample-app.json")],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "FranklyCLI",
            dependencies: [
                "SelectorCore",
                "ViewSelectors",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SelectorCoreTests",
            dependencies: ["SelectorCore"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ShelleyTests",
            dependencies: ["SelectorCore", "ShelleyEngine", "ShelleyCompatEngine"],
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
