import ArgumentParser
import SelectorCore
import ViewSelectors

/// The `frankly` command: selector engines, trees and the Frankly server from the shell.
@main
struct Frankly: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frankly",
        abstract: "Find views in UI hierarchies with pluggable selector engines.",
        subcommands: [
            EnginesCommand.self, GenerateCommand.self, SelectCommand.self, ExplainCommand.self, ExpectCommand.self, ServeCommand.self,
            ConvertCommand.self, TranslateCommand.self, DiffCommand.self, CheckCommand.self, SuggestCommand.self,
            AuditCommand.self, MCPCommand.self,
        ]
    )
}
