// swift-tools-version: 6.1
import PackageDescription

// libFuzzer targets live in their own package so `swift build` and `make test` never build them
// (they need `-sanitize=fuzzer`, which only makes sense for these executables).
// Build and run: `make fuzz` (FUZZ_SECONDS per target) or, by hand,
//   swift build -c release --package-path Fuzz -Xswiftc -sanitize=fuzzer,address --product FuzzShelley
//   Fuzz/.build/release/FuzzShelley -dict=Fuzz/Dictionaries/shelley.dict Fuzz/.corpus/shelley Fuzz/Corpus/shelley
// See Docs/Reliability.md.
let selectorTargets: [(name: String, engine: String)] = [
    ("FuzzShelley", "shelley"), ("FuzzShelleyCompat", "shelley_compat"), ("FuzzUIQuery", "uiquery"), ("FuzzRegex", "regex"),
    ("FuzzPredicate", "predicate"), ("FuzzFRY", "fry"), ("FuzzXPath", "xpath"), ("FuzzMaestro", "maestro"),
]

let package = Package(
    name: "ViewSelectorsFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "ViewSelectors", path: ".."),
    ],
    targets: [
        .target(name: "CFuzzer"),
        // What every target shares: the sample tree, a registry, bytes → String, the driver.
        .target(
            name: "FuzzSupport",
            dependencies: [
                "CFuzzer",
                .product(name: "SelectorCore", package: "ViewSelectors"),
                .product(name: "ViewSelectors", package: "ViewSelectors"),
            ]
        ),
        .executableTarget(
            name: "FuzzDump",
            dependencies: ["FuzzSupport", .product(name: "SelectorCore", package: "ViewSelectors")]
        ),
        .executableTarget(
            name: "FuzzFormats",
            dependencies: [
                "FuzzSupport",
                .product(name: "SelectorCore", package: "ViewSelectors"),
                .product(name: "HierarchyFormats", package: "ViewSelectors"),
            ]
        ),
        // Issue 45's loaders (Espresso, Detox, XCTest snapshot, Compose, WDA and idb) and the dump
        // found in a failure log.
        .executableTarget(
            name: "FuzzRecordings",
            dependencies: [
                "FuzzSupport",
                .product(name: "SelectorCore", package: "ViewSelectors"),
                .product(name: "HierarchyFormats", package: "ViewSelectors"),
            ]
        ),
        .executableTarget(name: "FuzzDetox", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzXCUITest", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzEspresso", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzCompose", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzWDIO", dependencies: ["FuzzSupport"]),
        .executableTarget(
            name: "FuzzChain",
            dependencies: ["FuzzSupport", .product(name: "SelectorCore", package: "ViewSelectors")]
        ),
        // The shared registry, run on an Android tree of its own as well as the sample app.
        .executableTarget(
            name: "FuzzUiSelector",
            dependencies: [
                "FuzzSupport",
                .product(name: "SelectorCore", package: "ViewSelectors"),
                .product(name: "HierarchyFormats", package: "ViewSelectors"),
            ]
        ),
        // The matcher under every forced strategy against ReferenceInterpreter, on random trees
        // and programs drawn from the input (no selector text: no dictionary).
        .executableTarget(
            name: "FuzzReference",
            dependencies: [
                "FuzzSupport",
                .product(name: "SelectorCore", package: "ViewSelectors"),
                .product(name: "ViewSelectorsTesting", package: "ViewSelectors"),
            ]
        ),
        .executableTarget(
            name: "FuzzMapRequest",
            dependencies: [
                "FuzzSupport",
                .product(name: "SelectorCore", package: "ViewSelectors"),
                .product(name: "FranklyProtocol", package: "ViewSelectors"),
            ]
        ),
    ] + selectorTargets.map { t in
        .executableTarget(
            name: t.name,
            dependencies: ["FuzzSupport"]
        )
    },
    swiftLanguageModes: [.v6]
)
