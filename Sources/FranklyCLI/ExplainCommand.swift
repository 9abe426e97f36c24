import ArgumentParser
import SelectorCore
import ViewSelectors

/// `frankly explain`: why a selector selects nothing, or several views (Docs/Explain.md).
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain a selector step by step: views kept per step, nearest misses and a fix when it selects nothing, the candidates when it selects several.")

    enum Format: String, ExpressibleByArgument { case text, json }

    @OptionGroup var treeOptions: TreeOptions
    @OptionGroup var pluginOptions: PluginOptions
    @Option(help: "Selector engine (default: uiquery, as Frank's; see `frankly engines`).") var engine: String?
    @Option(help: "text (for people) or json (what /inspector/explain answers).") var format: Format = .text
    @Option(help: "Explain this many times (for --stats).") var `repeat`: Int = 1
    @Flag(help: "Print timings to stderr.") var stats = false
    @Flag(help: "Print to stderr the strategy the matcher chose for each step of the query (Docs/Matcher.md).")
    var plan = false
    @Argument(help: "The selector (put it after `--` when it starts with a dash).") var selector: String

    func validate() throws {
        guard `repeat` >= 1 else { throw ValidationError("--repeat must be at least 1") }
    }

    func run() throws {
        let (tree, loadMs) = try treeOptions.load()
        let registry = EngineRegistry.standard()
        try pluginOptions.load(into: registry)
        var explanation: SelectorExplanation? = nil
        var times: [Double] = []
        for _ in 0..<`repeat` {
            let start = ContinuousClock.now
            do {
                explanation = try registry.explain(selector, engine: engine, in: tree)
            } catch {
                throw fail(error, selector: selector)
            }
            times.append(milliseconds(since: start))
        }
        guard let explanation else { return }
        switch format {
        case .text: print(explanation.text)
        case .json: print(explanation.json.jsonString)
        }
        if plan { printPlan { _ = try registry.select(selector, engine: engine, in: tree, statistics: &$0) } }
        if stats {
            printError("nodes=\(tree.count) load_ms=\(formatMilliseconds(loadMs)) explain_ms_median=\(formatMilliseconds(medianMilliseconds(times))) matches=\(explanation.count)")
        }
    }
}
