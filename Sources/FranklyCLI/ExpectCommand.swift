import ArgumentParser
import FRYEngine
import SelectorCore
import UIQueryEngine
import ViewSelectors

/// `frankly expect`: checks a UISpec expectation (`... should [not] exist|be X|have p:v`) or a FRY
/// check (`FRY.lookup(...).count(2)`, `.present()`, `.absent()`).
struct ExpectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "expect",
        abstract: "Check a UIQuery expectation or a FRY check; prints PASS or FAIL: <message> (exit 0 / 1; 2 for a malformed selector).")

    @OptionGroup var treeOptions: TreeOptions
    @Option(name: .long, help: "The language: uiquery (the default) or fry.") var engine: String = UIQueryEngine.engineName
    @Argument(help: "A UIQuery path ending in an expectation, e.g. \"tableView should exist\", or with --engine fry a FRY query ending in a check, e.g. \"FRY.lookup(ofKind(UISwitch)).count(2)\".")
    var path: String

    func run() throws {
        let (tree, _) = try treeOptions.load()
        let registry = EngineRegistry.standard()
        do {
            let passed: Bool
            let description: String
            switch engine {
            case UIQueryEngine.engineName:
                let result = try runExpectation(path, in: tree, registry: registry)
                (passed, description) = (result.passed, result.description)
            case FRYEngine.engineName:
                let query = try FRYQuery(parsing: path)
                guard query.check != nil else {
                    throw SelectorError(.usage, "a FRY expectation ends in a check: .count(n), .present() or .absent()",
                                        selector: path, offset: path.utf8.count)
                }
                let result = try query.evaluate(in: tree, matcher: registry.matcher, predicates: registry.predicates)
                (passed, description) = (result.passed, result.description)
            default:
                throw SelectorError(.usage, "expect takes the uiquery or fry engine, not '\(engine)'")
            }
            print(description)
            if !passed { throw ExitCode(1) }
        } catch let e as SelectorError {
            throw fail(e, selector: path)
        }
    }
}
