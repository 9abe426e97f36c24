// swift-tools-version: 6.1
import PackageDescription

// A library user's package, as Docs/Library.md describes it: it depends on ViewSelectors by path
// (the doc gives the URL form too) and on the engine author's package beside it. `make test`
// builds it, runs the quick start and its tests (`make test-examples`), so a doc that drifts from
// the API breaks the build.
let package = Package(
    name: "ViewSelectorsExamples",
    platforms: [.macOS(.v15)],
    dependencies: [
        // `name:` binds the identity `ViewSelectors` whatever the checkout's folder is called;
        // `traits: []`: nothing here embeds the server, so its HTTP stack is not even resolved.
        .package(name: "ViewSelectors", path: "..", traits: []),
        .package(path: "ClassPathEngine"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // Docs/Library.md's quick start, top to bottom.
        .executableTarget(
            name: "QuickStart",
            dependencies: [
                "ClassPathEngine",
                .product(name: "SelectorCore", package: "ViewSelectors"),
                .product(name: "ViewSelectors", package: "ViewSelectors"),
                .product(name: "HierarchyFormats", package: "ViewSelectors"),
                .product(name: "PluginLoader", package: "ViewSelectors"),
                .product(name: "SyntheticHierarchy", package: "ViewSelectors"),
            ]
        ),
        // Tests an engine author writes: the DSL from ViewSelectorsTesting, exact uids.
        .testTarget(
            name: "ExamplesTests",
            dependencies: [
                "ClassPathEngine",
                .product(name: "SelectorCore", package: "ViewSelectors"),
                .product(name: "ViewSelectors", package: "ViewSelectors"),
                .product(name: "ViewSelectorsTesting", package: "ViewSelectors"),
            ]
        ),
        // package-benchmark suites; `make test` builds them (so they keep compiling) but runs none.
        .executableTarget(
            name: "ClassPathBenchmarks",
            dependencies: [
                "ClassPathEngine",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "SelectorCore", package: "ViewSelectors"),
                .product(name: "SyntheticHierarchy", package: "ViewSelectors"),
                .product(name: "ViewSelectors", package: "ViewSelectors"),
            ],
            path: "Benchmarks/ClassPathBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
