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
        .executable(name: "frankly", targets: ["FranklyCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
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
            dependencies: ["SelectorCore"],
            resources: [.copy("Resources/sample-app.json")],
            swiftSettings: strictSettings
        ),
        // Frank's HTTP/JSON wire protocol over the registry, embeddable in a host app.
        .target(
            name: "FranklyServer",
            dependencies: [
                "SelectorCore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "FranklyCLI",
            dependencies: [
                "SelectorCore",
                "ViewSelectors",
                "FranklyServer",
                .product(name: "Logging", package: "swift-log"),
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
            name: "FranklyCLITests",
            dependencies: ["SelectorCore", "ViewSelectors", "FranklyCLI"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FranklyServerTests",
            dependencies: [
                "SelectorCore",
                "ViewSelectors",
                "FranklyServer",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
