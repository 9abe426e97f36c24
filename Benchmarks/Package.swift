// swift-tools-version: 6.1
import PackageDescription

// Benchmarks live in their own package so `make test` never builds package-benchmark.
// Run: `cd Benchmarks && swift package benchmark` (see Docs/Performance.md).
let package = Package(
    name: "ViewSelectorsBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "ViewSelectors", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "CoreBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "SelectorCore", package: "ViewSelectors"),
                .product(name: "HierarchyFormats", package: "ViewSelectors"),
                .product(name: "SyntheticHierarchy", package: "ViewSelectors"),
                .product(name: "ViewSelectors", package: "ViewSelectors"),
                .product(name: "TreeAlignment", package: "ViewSelectors"),
                .product(name: "LocatorGate", package: "ViewSelectors"),
                .product(name: "Audit", package: "ViewSelectors"),
            ],
            path: "Benchmarks/CoreBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
