#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import HierarchyFormats
import PluginLoader
import SelectorCore
import ViewSelectors

/// Writes a line to standard error.
func printError(_ text: String, newline: Bool = true) {
    let line = text + (newline ? "\n" : "")
    // fd 2 directly: glibc's `stderr` global is not concurrency-safe in Swift 6.
    _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
}

/// Milliseconds since `start`.
func milliseconds(since start: ContinuousClock.Instant) -> Double {
    let d = ContinuousClock.now - start
    return Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) / 1e15
}

/// Formats milliseconds with three decimals.
func formatMilliseconds(_ ms: Double) -> String {
    let scaled = (ms * 1000).rounded() / 1000
    return String(scaled)
}

/// A `HierarchyFormat` named on the command line.
struct FormatArgument: ExpressibleByArgument {
    var format: HierarchyFormat
    init?(argument: String) {
        guard let format = HierarchyFormat(rawValue: argument) else { return nil }
        self.format = format
    }
    static var allValueStrings: [String] { HierarchyFormat.allCases.map(\.rawValue) }
}

/// Loads a recording in `format`, or in the format its content shows. Only a regular file of at
/// most `maxBytes` bytes is read (`FileIO.read(_:maxBytes:)`): `--tree /dev/zero` or a 2 GB file
/// is refused up front instead of being read until memory runs out.
func loadRecording(_ path: String, format: HierarchyFormat?, maxBytes: Int = DumpLimits().maxInputBytes) throws -> ViewTree {
    let bytes: [UInt8]
    do { bytes = try FileIO.read(path, maxBytes: maxBytes) } catch {
        var failure = error
        if failure.exceedsLimit { failure.description += " (--max-tree-bytes)" }
        throw failure
    }
    var limits = FormatLimits()
    limits.maxInputBytes = maxBytes
    if let format { return try format.load(bytes, limits: limits) }
    let loaded = try HierarchyFormat.loadFindingDump(bytes, limits: limits)
    // A failure log holding a dump: say which part of the file was read.
    if let found = loaded.extraction {
        printError("note: read \(found.lineDescription) of \(path): the \(found.format.rawValue) hierarchy in it")
    }
    return loaded.tree
}

/// Options every command that reads a tree shares.
struct TreeOptions: ParsableArguments {
    @Option(name: .long, help: "A recorded hierarchy: /dump JSON, XCUITest or UIAutomator XML (Appium's Android page source too), Calabash or UIAutomation JSON, `maestro hierarchy` output, Espresso's or Compose's text dump, Detox XML, XCTest snapshot text, WebDriverAgent or idb JSON, or a failure log that holds one of the text dumps; any XML with --tree-format xml (default: the embedded sample app).")
    var tree: String?

    // Not `--format`: `select` already takes that for its output (uids or json).
    @Option(name: .customLong("tree-format"), help: "The format of --tree (\(HierarchyFormat.names); default: read from its content).")
    var format: FormatArgument?

    @Option(name: .customLong("max-tree-bytes"), help: ArgumentHelp(
        "Refuse a --tree file larger than this many bytes (default 1 GiB, DumpLimits.maxInputBytes).", valueName: "bytes"))
    var maxTreeBytes: Int = DumpLimits().maxInputBytes

    func validate() throws {
        guard maxTreeBytes >= 0 else { throw ValidationError("--max-tree-bytes must be 0 or more") }
    }

    /// The tree and how long loading took.
    func load() throws -> (ViewTree, Double) {
        let start = ContinuousClock.now
        do {
            let loaded: ViewTree
            if let path = tree {
                loaded = try loadRecording(path, format: format?.format, maxBytes: maxTreeBytes)
            } else {
                loaded = try SampleApp.tree()
            }
            return (loaded, milliseconds(since: start))
        } catch {
            printError("frankly: cannot load \(tree ?? "the sample app"): \(error)")
            throw ExitCode(2)
        }
    }
}

/// Reports a selector error the way the CLI contract says: message and column on stderr, exit 2.
/// A syntax error that does not carry its selector gets `selector`, so the caret diagram can show it.
func fail(_ error: SelectorError, selector: String? = nil) -> ExitCode {
    var error = error
    if error.selector == nil && error.kind == .syntax, let selector { error.selector = selector }
    printError("frankly: invalid selector: \(error)")
    if let diagram = error.caretDiagram {
        for line in diagram.split(separator: "\n", omittingEmptySubsequences: false) { printError("  " + line) }
    }
    return ExitCode(2)
}

/// `--plugin PATH`, repeatable: engine plug-ins (shared libraries) to load at start-up.
struct PluginOptions: ParsableArguments {
    @Option(name: .customLong("plugin"), help: ArgumentHelp(
        "Load a selector-engine plug-in (a shared library); repeatable.", valueName: "path"))
    var plugins: [String] = []

    /// Loads every plug-in into `registry`; the first failure is reported and exits with 2.
    func load(into registry: EngineRegistry) throws {
        for path in plugins {
            do {
                try PluginLoader.load(path, into: registry)
            } catch {
                printError("frankly: \(error)")
                throw ExitCode(2)
            }
        }
    }
}

/// The median of `--repeat` timings (the upper one of an even count), for `--stats`.
func medianMilliseconds(_ times: [Double]) -> Double {
    let sorted = times.sorted()
    return sorted[sorted.count / 2]
}

/// `--plan`: runs the query once more, recording the matcher's plan, and prints it on stderr (after
/// the timed runs, which so pay nothing for the recording).
func printPlan(_ query: (inout MatchStatistics) throws -> Void) {
    var recorded = MatchStatistics.recordingPlan()
    try? query(&recorded)
    printError(recorded.plan?.description ?? "")
}
