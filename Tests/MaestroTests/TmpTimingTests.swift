import MaestroEngine
import SelectorCore
import Testing
import Foundation

@Suite(.serialized) struct TmpTimingTests {
    @Test func timing() {
        let corpus = MaestroRobustnessTests.seeds + MaestroParserTests.errors.map(\.0)
        func time(_ label: String, _ n: Int, _ body: () -> Void) {
            let t0 = Date()
            for _ in 0..<n { body() }
            print("TIMING \(label): \(String(format: "%.2f", Date().timeIntervalSince(t0) * 1e6 / Double(n))) µs/iter")
        }
        time("corpus(\(corpus.count) selectors)", 300) { for s in corpus { _ = try? MaestroSelector.parse(s) } }
        let brackets = String(repeating: "[", count: 100_000)
        time("100k [", 5) { _ = try? MaestroSelector.parse(brackets) }
        let big = "{text: \"" + String(repeating: "a", count: 40_000) + "\"}"
        time("40KB text", 50) { _ = try? MaestroSelector.parse(big) }
        let wide = "{containsDescendants: [" + Array(repeating: "é", count: 10_000).joined(separator: ", ") + "]}"
        time("10k items on one line", 5) { _ = try? MaestroSelector.parse(wide) }
        var rng = SystemRandomNumberGenerator()
        var mutated: [String] = []
        for _ in 0..<3000 {
            var b = Array(MaestroRobustnessTests.seeds[Int.random(in: 0..<5, using: &rng)].utf8)
            let at = Int.random(in: 0...b.count, using: &rng)
            b.insert(contentsOf: Array(MaestroRobustnessTests.splices.randomElement(using: &rng)!.utf8), at: at)
            mutated.append(String(decoding: b, as: UTF8.self))
        }
        time("3000 mutated", 5) { for s in mutated { _ = try? MaestroSelector.parse(s) } }
    }
}

@Suite(.serialized) struct TmpStackTests {
    @Test func deepOnSmallStack() async {
        let env = ProcessInfo.processInfo.environment
        guard let d = env["TMP_DEPTH"].flatMap(Int.init), let kb = env["TMP_KB"].flatMap(Int.init), let which = env["TMP_OPEN"].flatMap(Int.init) else { return }
        for (open, close) in [[("[", "]"), ("{a: ", "}"), ("- ", ""), ("- ", "")][which]] {
            for depth in [d] {
                let s = String(repeating: open, count: depth) + "x" + String(repeating: close, count: depth)
                let done = DispatchSemaphore(value: 0)
                nonisolated(unsafe) var result = ""
                let t = Thread {
                    do throws(SelectorError) { _ = try MaestroSelector.parse(s); result = "parsed" } catch { result = "\(error.kind) \(error.message.prefix(60)) col \(error.column ?? -1)" }
                    done.signal()
                }
                t.stackSize = kb * 1024
                t.start()
                done.wait()
                print("STACK \(open) \(depth): \(result)")
            }
        }
        let blockDeep = (0..<999).map { String(repeating: " ", count: $0) + "a:" }.joined(separator: "\n") + " x"
        do throws(SelectorError) { _ = try MaestroSelector.parse(blockDeep) } catch { print("STACK block: \(error.kind) \(error.message.prefix(60))") }
    }
}
