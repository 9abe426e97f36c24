import ArgumentParser
import LocatorGate
import SelectorCore
import ViewSelectors

/// `frankly suggest`: selectors for one view, ranked by how they survive across several
/// recordings of its screen (Docs/Check.md).
struct SuggestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suggest",
        abstract: "Suggest selectors for a view, ranked by how many recordings each selects the view's counterpart on.")

    enum Format: String, ExpressibleByArgument { case text, json }

    @Option(help: "A recording (repeat; the view is named in the first).") var tree: [String] = []
    @Option(name: .customLong("tree-format"), help: "The format of every recording (default: read from each one's content).")
    var treeFormat: FormatArgument?
    @Option(help: "The view's uid in the first recording.") var uid: String
    @Option(help: "Engines, comma-separated (default: all).") var engine: String?
    @Flag(help: "Every surviving candidate, not only each engine's best.") var all = false
    @Option(help: "text (ENGINE<TAB>RATE<TAB>SELECTOR) or json.") var format: Format = .text
    @OptionGroup var pluginOptions: PluginOptions
    @OptionGroup var timeout: TimeoutOption

    func validate() throws {
        if tree.isEmpty { throw ValidationError("give at least one --tree") }
    }

    func run() throws {
        let deadline = timeout.deadline()
        let registry = EngineRegistry.standard()
        try pluginOptions.load(into: registry)
        let trees = try tree.map { try loadOrExit($0, treeFormat) }
        guard let node = trees[0].node(withUID: uid) else {
            printError("frankly: no view with uid \(uid) in \(tree[0])")
            throw ExitCode(2)
        }
        var ranked: [RankedSuggestion]
        do {
            ranked = try registry.robustSuggestions(for: node, in: trees, engines: engine.map { $0.split(separator: ",").map(String.init) },
                                                    deadline: deadline)
        } catch {
            throw timeout.stop("suggest", error)
        }
        if !all {
            var seen: Set<String> = []
            ranked = ranked.filter { seen.insert($0.engine).inserted }
        }
        switch format {
        case .text:
            for r in ranked {
                print("\(r.engine)\t\(r.survives.filter { $0 }.count)/\(r.survives.count)\t\(r.selector)" + (r.fragile ? "\tfragile" : ""))
            }
        case .json:
            print(JSONValue.array(ranked.map(\.json)).jsonString)
        }
        if ranked.isEmpty { throw ExitCode(1) }
    }
}
