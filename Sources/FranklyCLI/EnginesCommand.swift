import ArgumentParser
import SelectorCore
import ViewSelectors

/// `frankly engines`: registered engine names, one per line.
struct EnginesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "engines", abstract: "List the registered selector engines.")

    func run() throws {
        for name in EngineRegistry.standard().names { print(name) }
    }
}
