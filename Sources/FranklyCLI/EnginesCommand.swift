import ArgumentParser
import SelectorCore
import ViewSelectors

/// `frankly engines`: registered engine names, one per line.
struct EnginesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "engines",
        abstract: "List the registered selector engines.",
        discussion: "With --plugin, the plug-ins' engines are loaded and listed too: a quick check that a plug-in loads.")

    @OptionGroup var pluginOptions: PluginOptions

    func run() throws {
        let registry = EngineRegistry.standard()
        try pluginOptions.load(into: registry)
        for name in registry.names { print(name) }
    }
}
