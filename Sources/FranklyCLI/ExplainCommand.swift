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
    @Argument(help: "The selector (put it after `--` when it starts with a dash).") var selector: String

    func run() throws {
        let (tree, _) = try treeOptions.load()
        let registry = EngineRegistry.standard()
        try pluginOptions.load(into: registry)
        let explanation: SelectorExplanation
        do {
            explanation = try registry.explain(selector, engine: engine, in: tree)
        } catch {
            throw fail(error, selector: selector)
        }
        switch format {
        case .text: print(explanation.text)
        case .json: print(explanation.json.jsonString)
        }
    }
}
