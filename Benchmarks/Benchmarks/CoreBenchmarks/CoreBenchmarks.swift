import Benchmark
import SelectorCore

let benchmarks: @Sendable () -> Void = {
    Benchmark("noop") { _ in blackHole(1) }
}
