import ArgumentParser
import HierarchyFormats
import LocatorGate
import SelectorCore
import TreeAlignment

/// `frankly diff OLD NEW`: which views of one recording are which of the other, and the edits
/// between them (Docs/Check.md).
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Align two recordings of a screen and print the edits: inserted, deleted, moved and changed views.")

    enum Format: String, ExpressibleByArgument { case text, json }

    @Argument(help: "The old recording.") var old: String
    @Argument(help: "The new recording.") var new: String
    @Option(name: .customLong("tree-format"), help: "The format of both recordings (default: read from each one's content).")
    var treeFormat: FormatArgument?
    @Option(help: "text (one line an edit) or json.") var format: Format = .text
    @Option(help: "Also write an HTML page with both wireframes side by side to this file.") var html: String?
    @OptionGroup var timeout: TimeoutOption

    func run() throws {
        let deadline = timeout.deadline()
        let oldTree = try loadOrExit(old, treeFormat), newTree = try loadOrExit(new, treeFormat)
        let alignment: ViewTreeAlignment
        do { alignment = try align(oldTree, newTree, deadline: QueryDeadline(deadline)) } catch {
            throw timeout.stop("diff", error)
        }
        switch format {
        case .text: print(AlignmentReport.text(alignment, old: oldTree, new: newTree), terminator: "")
        case .json: print(AlignmentReport.json(alignment, old: oldTree, new: newTree).jsonString)
        }
        if let html {
            try writeOrExit(WireframePage.diff(alignment, old: oldTree, new: newTree, title: "\(old) → \(new)"), to: html)
        }
    }
}

/// A recording, or exit 2 with the reason.
func loadOrExit(_ path: String, _ format: FormatArgument?) throws -> ViewTree {
    do { return try loadRecording(path, format: format?.format) } catch {
        printError("frankly: cannot load \(path): \(error)")
        throw ExitCode(2)
    }
}

/// Writes `text` to `path`, or exits 2 with the reason.
func writeOrExit(_ text: String, to path: String) throws {
    do { try FileIO.write(Array(text.utf8), to: path) } catch {
        printError("frankly: cannot write \(path): \(error)")
        throw ExitCode(2)
    }
}
