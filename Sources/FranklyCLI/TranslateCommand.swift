import ArgumentParser
import FranklyMCP
import HierarchyFormats
import LocatorGate
import SelectorCore
import ViewSelectors

/// `frankly translate`: a selector in other engines' languages, each translation proved on the
/// given trees (Docs/Translate.md).
struct TranslateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "translate",
        abstract: "Translate a selector into other engines' languages, each translation proved to select the same views on every --tree.")

    enum Format: String, ExpressibleByArgument { case text, json, csv }

    @Option(name: .long, help: "A recorded hierarchy to prove on (repeat for several; default: the embedded sample app).")
    var tree: [String] = []
    @Option(name: .customLong("tree-format"), help: "The format of every --tree (default: read from each one's content).")
    var treeFormat: FormatArgument?
    @OptionGroup var pluginOptions: PluginOptions
    @Option(help: "The selector's engine (default: uiquery, as Frank's).") var engine: String?
    @Option(help: "Target engines, comma-separated, or all (default: all but the source's).") var to: String = "all"
    @Option(help: "text (ENGINE<TAB>SELECTOR, or ENGINE<TAB>-<TAB>REASON), json, or csv (with --selectors).")
    var format: Format = .text
    @Flag(help: "List every proved candidate with its timing, not only the chosen one.") var allCandidates = false
    @Option(help: "Print each translation as Appium client code in this language (java, python); the targets default to Appium's strategies.")
    var appium: AppiumLanguage?
    @Option(help: "A file of selectors, one ENGINE:SELECTOR a line (# starts a comment line), translated as a table.")
    var selectors: String?
    @Argument(help: "The selector (without --selectors).") var selector: String?

    func validate() throws {
        if (selector == nil) == (selectors == nil) { throw ValidationError("give a selector or --selectors FILE, not both") }
        if format == .csv && selectors == nil { throw ValidationError("--format csv goes with --selectors") }
        if appium != nil && (selectors != nil || format != .text) { throw ValidationError("--appium prints text for one selector") }
    }

    func run() throws {
        var trees: [ViewTree] = []
        if tree.isEmpty {
            do { trees = [try SampleApp.tree()] } catch {
                printError("frankly: cannot load the sample app: \(error)")
                throw ExitCode(2)
            }
        }
        for path in tree {
            do { trees.append(try loadRecording(path, format: treeFormat?.format, maxBytes: DumpLimits().maxInputBytes)) } catch {
                printError("frankly: cannot load \(path): \(error)")
                throw ExitCode(2)
            }
        }
        let registry = EngineRegistry.standard()
        try pluginOptions.load(into: registry)
        if let selectors {
            try runSuite(selectors, registry: registry, trees: trees)
            return
        }
        let selector = self.selector ?? ""
        let translations: [Translation]
        let source: String
        do {
            source = try registry.resolvedName(engine)
            translations = try self.translations(selector, from: source, registry: registry, trees: trees)
        } catch {
            throw fail(error, selector: selector)
        }
        switch format {
        case .text:
            var out = ""
            for t in translations {
                if allCandidates && !t.candidates.isEmpty {
                    for c in t.candidates {
                        out += "\(t.engine)\t\(c.selector)\t\(c.milliseconds.map { formatMilliseconds($0) }.joined(separator: ",")) ms\n"
                    }
                } else if let chosen = t.chosen, let appium {
                    out += "\(t.engine)\t\(AppiumCode.code(engine: t.engine, selector: chosen.selector, language: appium.language) ?? "-\tnot an Appium strategy")\n"
                } else if let chosen = t.chosen {
                    out += "\(t.engine)\t\(chosen.selector)\n"
                } else {
                    out += "\(t.engine)\t-\t\(t.reason ?? "no translation")\n"
                }
            }
            print(out, terminator: "")
        case .json, .csv:
            print(CLIJSON.translations(translations, candidates: allCandidates).jsonString)
        }
        if !translations.contains(where: { $0.chosen != nil }) { throw ExitCode(1) }
    }

    /// `selector`'s translations into `--to`'s engines; with `--to all`, every engine but the
    /// source's, those whose tool does not read the recordings answered so
    /// (`EngineRegistry.translateToEveryEngine`), and with `--appium`, Appium's strategies.
    func translations(_ selector: String, from source: String, registry: EngineRegistry, trees: [ViewTree]) throws(SelectorError) -> [Translation] {
        if to != "all" {
            let named = to.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
            return try registry.translate(selector, from: source, to: named, on: trees)
        }
        if appium != nil {
            let strategies = registry.names.filter { $0 != source && AppiumCode.strategy(forEngine: $0) != nil }
            return try registry.translate(selector, from: source, to: strategies, on: trees)
        }
        return try registry.translateToEveryEngine(selector, from: source, on: trees)
    }

    /// `--selectors FILE`: every line's translations as one table. A line that does not compile
    /// gets its error as the reason and the table goes on; exit 1 when some line has no
    /// translation at all.
    func runSuite(_ path: String, registry: EngineRegistry, trees: [ViewTree]) throws {
        let text: String
        do { text = String(decoding: try FileIO.read(path), as: UTF8.self) } catch {
            printError("frankly: cannot read \(path): \(error)")
            throw ExitCode(2)
        }
        struct Row { var line: Int; var engine: String; var selector: String; var translations: [Translation]; var error: String? }
        let parsed = LocatorList.parse(text, named: path, engines: registry.names)
        var rows: [Row] = parsed.errors.map { Row(line: $0.line, engine: "", selector: $0.text, translations: [], error: $0.message) }
        for locator in parsed.locators {
            let (engine, selector, line) = (locator.engine, locator.selector, locator.line ?? 0)
            do {
                let translations = try self.translations(selector, from: engine, registry: registry, trees: trees)
                rows.append(Row(line: line, engine: engine, selector: selector, translations: translations, error: nil))
            } catch {
                rows.append(Row(line: line, engine: engine, selector: selector, translations: [], error: "invalid selector: \(error)"))
            }
        }
        rows.sort { $0.line < $1.line }
        switch format {
        case .text:
            var out = ""
            for row in rows {
                if let error = row.error { out += "\(row.line)\t\(row.engine)\t-\t-\t\(error)\n"; continue }
                for t in row.translations {
                    out += "\(row.line)\t\(row.engine)\t\(t.engine)\t\(t.chosen?.selector ?? "-")\(t.chosen == nil ? "\t" + (t.reason ?? "") : "")\n"
                }
            }
            print(out, terminator: "")
        case .csv:
            func field(_ s: String) -> String {
                s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
                    ? "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : s
            }
            var out = "line,engine,selector,target,translation,reason\n"
            for row in rows {
                if let error = row.error {
                    out += [String(row.line), row.engine, row.selector, "", "", error].map(field).joined(separator: ",") + "\n"
                    continue
                }
                for t in row.translations {
                    out += [String(row.line), row.engine, row.selector, t.engine, t.chosen?.selector ?? "", t.reason ?? ""]
                        .map(field).joined(separator: ",") + "\n"
                }
            }
            print(out, terminator: "")
        case .json:
            let items: [JSONValue] = rows.map { row in
                .object([("line", .int(Int64(row.line))), ("engine", .string(row.engine)), ("selector", .string(row.selector)),
                         ("error", row.error.map { .string($0) } ?? .null),
                         ("translations", .array(row.translations.map { t in
                             .object([("engine", .string(t.engine)), ("selector", t.chosen.map { .string($0.selector) } ?? .null),
                                      ("reason", t.reason.map { .string($0) } ?? .null),
                                      ("matches", .array((t.chosen?.matches ?? []).map { .int(Int64($0)) }))])
                         }))])
            }
            print(JSONValue.array(items).jsonString)
        }
        if rows.contains(where: { row in !row.translations.contains { $0.chosen != nil } }) { throw ExitCode(1) }
    }
}

/// `--appium`'s languages, as the command line takes them.
enum AppiumLanguage: String, ExpressibleByArgument {
    case java, python
    var language: AppiumCode.Language { self == .java ? .java : .python }
}
