import ArgumentParser
import HierarchyFormats
import SelectorCore
import ViewSelectors

/// `frankly translate`: a selector in other engines' languages, each translation proved on the
/// given trees (Docs/Translate.md).
struct TranslateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "translate",
        abstract: "Translate a selector into other engines' languages, each translation proved to select the same views on every --tree.")

    enum Format: String, ExpressibleByArgument { case text, json }

    @Option(name: .long, help: "A recorded hierarchy to prove on (repeat for several; default: the embedded sample app).")
    var tree: [String] = []
    @Option(name: .customLong("tree-format"), help: "The format of every --tree (default: read from each one's content).")
    var treeFormat: FormatArgument?
    @OptionGroup var pluginOptions: PluginOptions
    @Option(help: "The selector's engine (default: uiquery, as Frank's).") var engine: String?
    @Option(help: "Target engines, comma-separated, or all (default: all but the source's).") var to: String = "all"
    @Option(help: "text (ENGINE<TAB>SELECTOR, or ENGINE<TAB>-<TAB>REASON) or json.") var format: Format = .text
    @Flag(help: "List every proved candidate with its timing, not only the chosen one.") var allCandidates = false
    @Argument(help: "The selector.") var selector: String

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
        let source = engine ?? registry.defaultEngine ?? "uiquery"
        let targets = to == "all"
            ? registry.names.filter { $0 != source }
            : to.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
        let translations: [Translation]
        do {
            translations = try registry.translate(selector, from: source, to: targets, on: trees)
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
                } else if let chosen = t.chosen {
                    out += "\(t.engine)\t\(chosen.selector)\n"
                } else {
                    out += "\(t.engine)\t-\t\(t.reason ?? "no translation")\n"
                }
            }
            print(out, terminator: "")
        case .json:
            func candidate(_ c: Translation.Candidate) -> JSONValue {
                .object([("selector", .string(c.selector)), ("from", .string(c.origin.rawValue)),
                         ("matches", .array(c.matches.map { .int(Int64($0)) })),
                         ("ms", .array(c.milliseconds.map { .double($0) })),
                         ("documentOrder", .bool(c.documentOrder))])
            }
            let items: [JSONValue] = translations.map { t in
                var fields: [(String, JSONValue)] = [
                    ("engine", .string(t.engine)),
                    ("selector", t.chosen.map { .string($0.selector) } ?? .null),
                    ("reason", t.reason.map { .string($0) } ?? .null),
                    ("from", t.chosen.map { .string($0.origin.rawValue) } ?? .null),
                    ("matches", .array((t.chosen?.matches ?? []).map { .int(Int64($0)) })),
                    ("ms", .array((t.chosen?.milliseconds ?? []).map { .double($0) })),
                ]
                if allCandidates { fields.append(("candidates", .array(t.candidates.map(candidate)))) }
                return .object(fields)
            }
            print(JSONValue.array(items).jsonString)
        }
        if !translations.contains(where: { $0.chosen != nil }) { throw ExitCode(1) }
    }
}
