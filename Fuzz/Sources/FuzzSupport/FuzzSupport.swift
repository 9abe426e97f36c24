import CFuzzer
#if canImport(Glibc)
import Glibc
#endif
public import SelectorCore
import ViewSelectors

/// What the fuzz targets share.
///
/// Each target's `LLVMFuzzerTestOneInput` hands its bytes here. Errors are the expected outcome
/// for almost every input and are ignored; a crash, a sanitizer report, a hang (libFuzzer's
/// `-timeout`) or runaway memory (`-rss_limit_mb`) is a finding.
public enum Fuzz {
    /// The embedded sample app: selectors that compile are run on it, so the fuzzer reaches the
    /// matcher and the predicates an engine builds, not just the parser.
    public static let tree: ViewTree = try! SampleApp.tree()

    /// The built-in engines behind the core's limits; a one-entry cache so every input is parsed
    /// (a cache hit would skip the parser), and a single-threaded matcher.
    public static let registry: EngineRegistry = {
        let registry = EngineRegistry(cache: SelectorCache(capacity: 1, shards: 1),
                                      matcher: Matcher(configuration: MatcherConfiguration(maxThreads: 1)))
        try! BuiltinEngines.register(in: registry)
        return registry
    }()

    /// libFuzzer's input as bytes.
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// Compiles the input as a selector of `engine` and, when it compiles, runs it on the sample app.
    /// Input that is not UTF-8 is repaired (as the server's JSON decoding would have refused it).
    public static func selector(_ engine: String, _ data: UnsafePointer<UInt8>?, _ size: Int) {
        selector(engine, String(decoding: bytes(data, size), as: UTF8.self))
    }

    /// Compiles `text` as a selector of `engine` and, when it compiles, runs it on the sample app.
    public static func selector(_ engine: String, _ text: String) {
        _ = try? registry.select(text, engine: engine, in: tree)
    }

    /// Hands control to libFuzzer with `testOneInput` (each target's `LLVMFuzzerTestOneInput`),
    /// passing the command line through (`-max_total_time=`, corpus folders, ...).
    public static func run(_ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        let status = LLVMFuzzerRunDriver(&argc, &argv, testOneInput)
        exit(status)
    }
}
