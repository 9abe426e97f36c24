import Benchmark
import ClassPathEngine
import SelectorCore
import SyntheticHierarchy
import ViewSelectors

// A library user's benchmark with package-benchmark, as the project's own (Benchmarks/): the
// example engine against the built-in ones on the same generated tree, one thread and all threads.
// Run: `swift package --package-path Examples benchmark` (make test only builds it).

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 2,
        maxDuration: .seconds(2),
        maxIterations: 200
    )
    let tree = SyntheticApp.generate(nodes: 100_000, seed: 1)
    let queries: [(String, String)] = [
        ("class_path", "UITableViewCell UILabel'Row 7-3'"),
        ("uiquery", "tableViewCell label marked:'Row 7-3'"),
        ("shelley", "tableViewCell label marked:'Row 7-3'"),
    ]
    for (mode, matcher) in [("1 thread", Matcher(configuration: .serial)), ("all threads", Matcher())] {
        let registry = EngineRegistry.standard(matcher: matcher)
        try! registry.register(ClassPathEngine())
        for (engine, selector) in queries {
            Benchmark("\(engine) \(selector) n=100000 \(mode)") { benchmark in
                _ = try registry.select(selector, engine: engine, in: tree)  // compile outside the measurement
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    blackHole(try registry.select(selector, engine: engine, in: tree))
                }
                benchmark.stopMeasurement()
            }
        }
    }
}
