import ArgumentParser
import SelectorCore
import SyntheticHierarchy

/// `frankly generate`: a deterministic synthetic hierarchy as `/dump` JSON.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "generate", abstract: "Write a synthetic app hierarchy as /dump JSON.")

    @Option(help: "Number of views.") var nodes: Int
    @Option(help: "Random seed (same seed, same tree).") var seed: UInt64 = 1
    @Option(help: "Output file.") var out: String
    @Flag(help: "Leave out frame and accessibilityFrame.") var noFrames = false

    func validate() throws {
        guard nodes >= 1 else { throw ValidationError("--nodes must be at least 1") }
    }

    func run() throws {
        let tree = SyntheticApp.generate(nodes: nodes, seed: seed, options: .init(frames: !noFrames))
        do {
            try FileIO.write(tree.dumpJSON(), to: out)
        } catch {
            printError("frankly: \(error)")
            throw ExitCode(1)
        }
    }
}
