import ArgumentParser
import SelectorCore
import UIQueryEngine
import ViewSelectors

/// `frankly expect`: checks a UISpec expectation (`... should [not] exist|be X|have p:v`).
struct ExpectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "expect",
        abstract: "Check a UIQuery expectation; prints PASS or FAIL: <message> (exit 0 / 1; 2 for a malformed path).")

    @OptionGroup var treeOptions: TreeOptions
    @Argument(help: "A UIQuery path ending in an expectation, e.g. \"tableView should exist\".") var path: String

    func run() throws {
        let (tree, _) = try treeOptions.load()
        let result: ExpectationResult
        do {
            result = try runExpectation(path, in: tree, registry: EngineRegistry.standard())
        } catch {
            var e = error
            if e.selector == nil && e.kind == .syntax { e.selector = path }
            throw fail(e)
        }
        print(result.description)
        if !result.passed { throw ExitCode(1) }
    }
}
