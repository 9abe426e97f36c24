import ArgumentParser
import Audit
import Foundation
import HierarchyFormats
import SelectorCore
import ViewSelectors

/// `frankly audit`: accessibility and testability findings on recordings, each view named by a
/// selector proven unique there (Docs/Audit.md). With `--baseline`, only findings the old
/// recordings did not have fail the run (exit 1), so a gate can adopt it on a screen with findings.
struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Audit recordings for accessibility and testability findings (exit 1 on new findings).")

    enum Format: String, ExpressibleByArgument { case text, json, sarif, junit }

    @Option(help: "A recording to audit (repeat for several: a suite).") var tree: [String] = []
    @Option(help: "An old recording to compare with (repeat; recording N is compared with baseline N, or the last): only new findings fail.")
    var baseline: [String] = []
    @Option(help: "Rules to run, comma-separated or repeated (default: all; `frankly audit --list-rules` lists them).")
    var rules: [String] = []
    // Strings, checked in run(): a bad value is a usage error with exit status 2, as a bad recording is.
    @Option(help: "Android px per dp (default: inferred from each recording's screen width).") var density: String?
    @Option(help: "Engines to name views in, comma-separated, tried in order (default: the platform's own languages).")
    var engine: [String] = []
    @Option(name: .customLong("tree-format"), help: "The format of every recording (default: read from each one's content).")
    var treeFormat: FormatArgument?
    @Option(help: "text, json, sarif (SARIF 2.1.0) or junit (JUnit XML).") var format: String = "text"
    @Option(help: "Also write an HTML page with each recording's wireframe and its findings to this file.") var html: String?
    @Option(name: .customLong("max-named"), help: "Name at most this many views with findings per recording (each name is proven by running selectors; default 500).")
    var maxNamed: Int = 500
    @Flag(name: .customLong("list-rules"), help: "List the rules (id, level, platforms, title) and exit.") var listRules = false
    @OptionGroup var pluginOptions: PluginOptions
    @OptionGroup var timeout: TimeoutOption

    /// The rules named by `--rules` (every rule when none), or a usage error naming the unknown one.
    func chosenRules() throws -> [Rule] {
        let names = rules.flatMap { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }.filter { !$0.isEmpty }
        guard !names.isEmpty else { return Rule.all }
        var out: [Rule] = []
        for name in names {
            guard let rule = Rule.named(name) else {
                throw AuditUsage("unknown rule '\(name)'; the rules are: \(Rule.all.map(\.id).joined(separator: ", "))")
            }
            if !out.contains(rule) { out.append(rule) }
        }
        return out
    }

    /// Reports a usage error and exits 2.
    func usage(_ message: String) -> ExitCode {
        printError("frankly audit: \(message)")
        return ExitCode(2)
    }

    func run() throws {
        if listRules {
            for r in Rule.all {
                print(r.id.padding(toLength: 28, withPad: " ", startingAt: 0) + r.severity.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
                      + r.platforms.map(\.rawValue).sorted().joined(separator: ",").padding(toLength: 13, withPad: " ", startingAt: 0) + r.title)
            }
            return
        }
        guard !tree.isEmpty else { throw usage("give at least one --tree recording") }
        guard let format = Format(rawValue: format) else { throw usage("--format must be text, json, sarif or junit") }
        var pxPerDp: Double?
        if let density {
            guard let d = Double(density), d.isFinite, d > 0, d <= 16 else { throw usage("--density must be a number of px per dp, above 0 and at most 16") }
            pxPerDp = d
        }
        let chosen: [Rule]
        do { chosen = try chosenRules() } catch { throw usage("\(error)") }
        let deadline = timeout.deadline()
        let registry = EngineRegistry.standard()
        try pluginOptions.load(into: registry)
        let engines = engine.flatMap { $0.split(separator: ",").map(String.init) }.filter { !$0.isEmpty }
        for name in engines where !registry.contains(engine: name) {
            printError("frankly: unknown engine '\(name)'; the engines are: \(registry.names.joined(separator: ", "))")
            throw ExitCode(2)
        }
        let trees = try tree.map { try loadOrExit($0, treeFormat) }
        let olds = try baseline.map { try loadOrExit($0, treeFormat) }
        if TimeoutOption.passed(deadline) { throw timeout.stop("audit") }
        var options = AuditOptions(rules: chosen, density: pxPerDp, engines: engines.isEmpty ? nil : engines, deadline: deadline)
        options.maxNamedViews = max(0, maxNamed)
        let report: AuditReport
        do { report = try Audit.run(trees, baseline: olds, registry: registry, options: options) } catch {
            throw timeout.stop("audit", error)
        }
        switch format {
        case .text: print(report.text(paths: tree), terminator: "")
        case .json: print(report.json(paths: tree).jsonString)
        case .sarif: print(report.sarif(paths: tree).jsonString)
        case .junit: print(report.junit(paths: tree), terminator: "")
        }
        if let html {
            try writeOrExit(AuditPage.html(report, paths: tree, title: "frankly audit", baseline: olds.first), to: html)
        }
        if report.fails { throw ExitCode(1) }
    }
}

/// A bad `--rules` value.
struct AuditUsage: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
