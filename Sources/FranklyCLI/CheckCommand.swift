import ArgumentParser
import Foundation
import HierarchyFormats
import LocatorGate
import SelectorCore
import TreeAlignment
import ViewSelectors

/// `frankly check`: a suite's selectors on the old and the new recordings of its screens, each
/// with a status and, when it broke, a checked fix (Docs/Check.md). Exit 1 when any selector is
/// broken, ambiguous or moved, so it can gate a pipeline.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a suite's selectors against old and new recordings: ok, broken, ambiguous, moved or fragile, with a checked fix.")

    enum Format: String, ExpressibleByArgument { case text, json, junit }

    @Option(help: "A file of selectors, one ENGINE:SELECTOR a line (# starts a comment line).") var selectors: String?
    @Option(name: .customLong("from-sources"), help: "Read the selectors from the test sources under this folder (Appium By calls in Java, Kotlin, Python, JavaScript, TypeScript and Ruby; Frank and Calabash calls).")
    var fromSources: String?
    @Option(help: "An old recording (repeat for several).") var old: [String] = []
    @Option(help: "A new recording (repeat for several; new recording N is aligned with old recording N, or the last).") var new: [String] = []
    @Option(name: .customLong("tree-format"), help: "The format of every recording (default: read from each one's content).")
    var treeFormat: FormatArgument?
    @OptionGroup var pluginOptions: PluginOptions
    @Option(help: "text (a table; colour on a terminal), json, or junit (JUnit XML).") var format: Format = .text
    @Option(help: "Also write an HTML page with the first old and new wireframes and the selectors to this file.") var html: String?
    @OptionGroup var timeout: TimeoutOption

    func validate() throws {
        if (selectors == nil) == (fromSources == nil) { throw ValidationError("give --selectors FILE or --from-sources DIR") }
        if old.isEmpty || new.isEmpty { throw ValidationError("give at least one --old and one --new recording") }
    }

    func run() throws {
        let deadline = timeout.deadline()
        let registry = EngineRegistry.standard()
        try pluginOptions.load(into: registry)
        var locators: [Locator] = []
        if let selectors {
            let text: String
            do { text = String(decoding: try FileIO.read(selectors), as: UTF8.self) } catch {
                printError("frankly: cannot read \(selectors): \(error)")
                throw ExitCode(2)
            }
            let parsed = LocatorList.parse(text, named: selectors, engines: registry.names)
            for e in parsed.errors { printError("frankly: \(selectors):\(e.line): \(e.message)") }
            if !parsed.errors.isEmpty { throw ExitCode(2) }
            locators = parsed.locators
        }
        if let fromSources { locators = try extract(fromSources, engines: Set(registry.names)) }
        let oldTrees = try old.map { try loadOrExit($0, treeFormat) }
        let newTrees = try new.map { try loadOrExit($0, treeFormat) }
        let gate: LocatorGate
        do { gate = try LocatorGate(registry: registry, old: oldTrees, new: newTrees, deadline: QueryDeadline(deadline)) } catch {
            throw timeout.stop("check", error)
        }
        // Progress on a terminal only, on stderr, for a long run.
        let tty = isatty(STDERR_FILENO) == 1 && locators.count >= 50
        let total = locators.count
        let checks = gate.check(locators, deadline: deadline) { done in
            if tty && (done % 10 == 0 || done == total) {
                let width = 30, filled = width * done / max(1, total)
                printError("\r[" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
                           + "] \(done)/\(total)", newline: done == total)
            }
        }
        // Past the deadline the checks left stopped short (as broken): no verdicts rather than wrong ones.
        if TimeoutOption.passed(deadline) { throw timeout.stop("check") }
        switch format {
        case .text: print(gate.table(checks, colour: isatty(STDOUT_FILENO) == 1), terminator: "")
        case .json: print(gate.json(checks).jsonString)
        case .junit: print(gate.junit(checks), terminator: "")
        }
        if let html { try writeOrExit(WireframePage.check(gate, checks, title: "frankly check"), to: html) }
        if checks.contains(where: { $0.status.fails }) { throw ExitCode(1) }
    }

    /// The locators in every test source under `folder`, files in name order.
    func extract(_ folder: String, engines: Set<String>) throws -> [Locator] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else {
            printError("frankly: cannot read the folder \(folder)")
            throw ExitCode(2)
        }
        var files: [String] = []
        while let next = walker.nextObject() as? String {
            if LocatorExtraction.extensions.contains(where: { next.hasSuffix("." + $0) }) { files.append(next) }
        }
        var out: [Locator] = []
        for file in files.sorted() {
            guard let bytes = try? FileIO.read(folder + "/" + file, maxBytes: 16 << 20) else { continue }
            out += LocatorExtraction.locators(in: String(decoding: bytes, as: UTF8.self), file: file).filter { engines.contains($0.engine) }
        }
        return out
    }
}
