import Foundation
import SelectorCore
import Testing
import ViewSelectors

/// The worked examples in the header of SelectorProgram.swift, compiled by the engine each names
/// and printed: the header is read from the source tree, so it cannot drift from the engines.
@Suite("Program printer golden examples")
struct ProgramPrinterGoldenTests {
    /// One indented block of the header: `engine> selector`, then the expected program lines.
    struct Example: CustomTestStringConvertible, Sendable {
        let engine: String
        let selector: String
        let expected: String
        var testDescription: String { "\(engine)> \(selector)" }
    }

    static let headerPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/SelectorCore/Selector/SelectorProgram.swift").path

    /// Every indented block of the file's leading comment. A block whose first line is not
    /// `engine> selector` comes back with an empty engine, so that the test fails on it rather
    /// than skipping it.
    static func examples() throws -> [Example] {
        let text = try String(contentsOfFile: headerPath, encoding: .utf8)
        let comment = text.split(separator: "\n", omittingEmptySubsequences: false).prefix { $0.hasPrefix("//") }
        var blocks: [[String]] = []
        var current: [String] = []
        for line in comment {
            if line.hasPrefix("//     ") {
                current.append(String(line.dropFirst("//     ".count)))
            } else if !current.isEmpty {
                blocks.append(current); current = []
            }
        }
        if !current.isEmpty { blocks.append(current) }
        return blocks.map { block in
            guard let marker = block[0].range(of: "> ") else {
                return Example(engine: "", selector: block[0], expected: "")
            }
            return Example(engine: String(block[0][..<marker.lowerBound]),
                           selector: String(block[0][marker.upperBound...]),
                           expected: block.dropFirst().joined(separator: "\n"))
        }
    }

    @Test func theHeaderHasTheExamplesItPromises() throws {
        let engines = try Self.examples().map(\.engine)
        #expect(engines == ["shelley", "uiquery", "maestro"])
    }

    @Test("each header example prints exactly as written", arguments: try! examples())
    func headerExample(_ example: Example) throws {
        let engine = try #require(BuiltinEngines.all.first { $0.name == example.engine },
                                  "no built-in engine named '\(example.engine)'")
        let program = try engine.compile(example.selector)
        #expect(program.description == example.expected)
    }
}
