import ArgumentParser
import HierarchyFormats
import SelectorCore

/// `frankly convert`: one recording format into another (`/dump` JSON or XCUITest XML).
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a recorded hierarchy to /dump JSON or XCUITest page-source XML.",
        discussion: "Reads \(HierarchyFormat.names); the input format is read from the content unless --format names it.")

    enum Target: String, ExpressibleByArgument, CaseIterable { case dump, xcuitest }

    @Option(help: "Output format: dump or xcuitest.") var to: Target
    @Option(name: [.customLong("format"), .customLong("from")], help: "Input format (\(HierarchyFormat.names); default: read from the content).")
    var format: FormatArgument?
    @Argument(help: "The recording to read.") var input: String
    @Argument(help: "The file to write.") var output: String

    func run() throws {
        let tree: ViewTree
        do {
            tree = try loadRecording(input, format: format?.format)
        } catch {
            printError("frankly: cannot load \(input): \(error)")
            throw ExitCode(2)
        }
        let bytes = to == .dump ? tree.dumpJSON() : tree.xcuitestXML()
        do {
            try FileIO.write(bytes, to: output)
        } catch {
            printError("frankly: \(error)")
            throw ExitCode(1)
        }
    }
}
