import Benchmark
import SelectorCore
import ViewSelectors

/// Issue 17's rows for the registry's request path, over a 30-view tree so that the registry's own
/// work (name checks, the chain scan, cache lookups) is not lost in the matcher's.
func registryBenchmarks() {
    let small = Trees.shared.tree(30)
    let perSample = Benchmark.Configuration(metrics: [.wallClock], timeUnits: .nanoseconds, scalingFactor: .kilo,
                                            maxIterations: 1_000)

    // A fresh registry per sample, made before the clock starts, so every compile in the sample
    // misses (the selectors differ by a number) and none is evicted (the cache holds them all).
    Benchmark("cache miss through the registry: compile a distinct shelley selector",
              configuration: perSample) { benchmark in
        let registry = EngineRegistry.standard(cache: SelectorCache(capacity: 1 << 16),
                                               matcher: Matcher(configuration: .serial))
        let selectors = benchmark.scaledIterations.map { "tableViewCell button marked:'Row \($0)'" }
        benchmark.startMeasurement()
        for s in selectors { blackHole(try registry.compile(s, engine: "shelley")) }
        benchmark.stopMeasurement()
    }

    // `view:` reads like an engine prefix, so every request checks whether `view` is an engine.
    Benchmark("select with a prefix that is no engine: shelley view:'UILabel' n=30",
              configuration: perSample) { benchmark in
        _ = try serialRegistry.select("view:'UILabel'", engine: "shelley", in: small)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try serialRegistry.select("view:'UILabel'", engine: "shelley", in: small))
        }
        benchmark.stopMeasurement()
    }

    Benchmark("chain select: shelley:view >> regex:/Row/ n=30", configuration: perSample) { benchmark in
        _ = try serialRegistry.select("shelley:view >> regex:/Row/", in: small)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try serialRegistry.select("shelley:view >> regex:/Row/", in: small))
        }
        benchmark.stopMeasurement()
    }
}
