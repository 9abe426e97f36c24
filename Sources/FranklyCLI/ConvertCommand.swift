import ArgumentParser
import HierarchyFormats
import SelectorCore
import XPathEngine

/// `frankly convert`: one recording format into another (`/dump` JSON or XCUITest XML), or into the
/// XML document the `xpath` engine's expressions read.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a recorded hierarchy to /dump JSON, XCUITest page-source XML, or the xpath engine's document.",
        discussion: """
            Reads \(HierarchyFormat.names) (maestro, espresso, detox, xcuisnapshot, compose, wda and idb are read, not written; \
            a failure log that holds an Espresso, Detox, XCTest or Compose dump is read from the dump); \
            the input format is read from the content unless --tree-format (or --format, --from) names it. \
            --to xpath writes the document the xpath engine evaluates against (element = class, one \
            attribute per recorded property), so an expression can be tried in another XPath tool on \
            the same document.
            """)

    enum Target: String, ExpressibleByArgument, CaseIterable { case dump, xcuitest, xpath }

    @Option(help: "Output format: dump, xcuitest or xpath.") var to: Target
    // `--tree-format` too, the name every other command takes and the load error asks for.
    @Option(name: [.customLong("tree-format"), .customLong("format"), .customLong("from")], help: "Input format (\(HierarchyFormat.names); default: read from the content).")
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
        let bytes: [UInt8]
        switch to {
        case .dump: bytes = tree.dumpJSON()
        case .xcuitest: bytes = tree.xcuitestXML()
        case .xpath: bytes = Array(XPathEngine.pageSource(of: tree).utf8)
        }
        do {
            try FileIO.write(bytes, to: output)
        } catch {
            printError("frankly: \(error)")
            throw ExitCode(1)
        }
    }
}
