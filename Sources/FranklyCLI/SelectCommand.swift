import ArgumentParser
import FranklyMCP
import SelectorCore
import SyntheticHierarchy
import ViewSelectors

/// `frankly select`: the uids a selector names, in result order.
struct SelectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "select",
        abstract: "Print the uids of the views a selector names, one per line, in result order.")

    enum Format: String, ExpressibleByArgument { case uids, json }

    @OptionGroup var treeOptions: TreeOptions
    @OptionGroup var pluginOptions: PluginOptions
    @Option(help: "Selector engine (default: uiquery, as Frank's; see `frankly engines`).") var engine: String?
    @Argument(help: "The selector.") var selector: String
    @Option(help: "uids (one per line) or json (Frankly's response).") var format: Format = .uids
    @Option(help: "Run the query this many times (for --stats).") var `repeat`: Int = 1
    @Flag(help: "Print timings to stderr.") var stats = false
    @Flag(help: "Print to stderr the strategy the matcher chose for each step, with list sizes and views scanned (Docs/Matcher.md).")
    var plan = false
    @Option(help: "Most threads the matcher uses (default: all cores).") var threads: Int?
    @Option(help: "Scans over fewer nodes than this stay serial (default: the matcher's, 262144).")
    var parallelThreshold: Int?
    @Option(help: "Query a generated tree of this many nodes instead of --tree (for scaling runs).")
    var generate: Int?
    @Option(help: "Seed for --generate.") var seed: UInt64 = 1
    @Flag(help: "With --generate: leave out frames (the largest trees fit in less memory).") var noFrames = false
    @Flag(help: "Fail (exit 1, the explanation on stderr) unless the selector selects exactly one view.")
    var strict = false

    func validate() throws {
        guard `repeat` >= 1 else { throw ValidationError("--repeat must be at least 1") }
        if let threads, threads < 1 { throw ValidationError("--threads must be at least 1") }
        if let parallelThreshold, parallelThreshold < 0 { throw ValidationError("--parallel-threshold must not be negative") }
        if generate != nil && treeOptions.tree != nil { throw ValidationError("use --tree or --generate, not both") }
        if let generate, generate < 1 { throw ValidationError("--generate must be at least 1") }
    }

    func run() throws {
        let (tree, loadMs): (ViewTree, Double)
        if let generate {
            let start = ContinuousClock.now
            tree = SyntheticApp.generate(nodes: generate, seed: seed, options: .init(frames: !noFrames))
            loadMs = milliseconds(since: start)
        } else {
            (tree, loadMs) = try treeOptions.load()
        }
        var configuration = MatcherConfiguration()
        if let threads { configuration.maxThreads = threads }
        if let parallelThreshold { configuration.parallelThreshold = parallelThreshold }
        let registry = EngineRegistry.standard(matcher: Matcher(configuration: configuration))
        try pluginOptions.load(into: registry)
        // nil means the registry's default: one owner for it, shared with `frankly serve`.
        let engineName = engine
        // Compile once, before the timed runs; the registry's cache is empty, so compile_ms
        // measures the parser(s), not a lookup. `a >> regex:/b/` compiles every part.
        let compileStart = ContinuousClock.now
        let query: CompiledQuery
        do {
            query = try registry.compileQuery(selector, engine: engineName)
        } catch {
            throw fail(error, selector: selector)
        }
        let compileMs = milliseconds(since: compileStart)
        var result: [NodeID] = []
        var times: [Double] = []
        for _ in 0..<`repeat` {
            let start = ContinuousClock.now
            do {
                result = try registry.select(query, in: tree)
            } catch {
                throw fail(error)
            }
            times.append(milliseconds(since: start))
        }
        if strict && result.count != 1 {
            // Explained only on failure, so a strict run that passes costs what a plain one does.
            if let explanation = try? registry.explain(selector, engine: engineName, in: tree) {
                printError(explanation.text)
            }
            printError("frankly: strict: the selector selected \(result.count == 0 ? "no view" : "\(result.count) views"), not exactly one")
            throw ExitCode(1)
        }
        switch format {
        case .uids:
            var out = ""
            for n in result { out += (tree.uidString(of: n) ?? "") + "\n" }
            print(out, terminator: "")
        case .json:
            print(CLIJSON.select(result, in: tree).jsonString)
        }
        if plan { printPlan { _ = try registry.select(query, in: tree, statistics: &$0) } }
        if stats {
            let median = medianMilliseconds(times)
            printError("nodes=\(tree.count) load_ms=\(formatMilliseconds(loadMs)) compile_ms=\(formatMilliseconds(compileMs)) query_ms_median=\(formatMilliseconds(median)) matches=\(result.count)")
        }
    }
}
