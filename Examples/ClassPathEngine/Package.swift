// swift-tools-version: 6.1
import PackageDescription

// An engine author's package: it depends on the core only (`SelectorCore`), so its cold build
// fetches and compiles no HTTP stack. `make test-examples` builds it alone in ClassPathEngine/.build
// and fails if a Hummingbird or NIO module or checkout shows up there (Docs/Library.md, "Footprint").
let package = Package(
    name: "ClassPathEngine",
    platforms: [.macOS(.v15)],
    products: [.library(name: "ClassPathEngine", targets: ["ClassPathEngine"])],
    dependencies: [
        // `name:` binds the identity `ViewSelectors` whatever the checkout's folder is called;
        // `traits: []` turns off the default `Server` trait, so not even the HTTP stack's packages
        // are resolved.
        .package(name: "ViewSelectors", path: "../..", traits: []),
    ],
    targets: [
        .target(
            name: "ClassPathEngine",
            dependencies: [.product(name: "SelectorCore", package: "ViewSelectors")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
