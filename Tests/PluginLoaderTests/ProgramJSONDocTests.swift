import Foundation
import PluginLoader
import SelectorCore
import Testing
import ViewSelectors

/// Docs/PluginProgramJSON.md is executable: each JSON block decodes, together they cover the whole
/// schema, and its C plug-in compiles, loads and selects.
@Suite("Plug-in program JSON documentation")
struct ProgramJSONDocTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let docPath = packageRoot.appendingPathComponent("Docs/PluginProgramJSON.md").path

    /// Fenced blocks as (info string, body).
    static func blocks() throws -> [(info: String, body: String)] {
        let text = String(decoding: try FileIO.read(docPath), as: UTF8.self)
        var out: [(String, String)] = []
        var current: (String, [Substring])? = nil
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if let c = current { out.append((c.0, c.1.joined(separator: "\n"))); current = nil }
                else { current = (String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces), []) }
            } else if current != nil {
                current!.1.append(line)
            }
        }
        return out
    }

    /// Stands in for a plug-in's matcher functions: any id is a matcher that passes nothing.
    struct StubMatchers: PluginMatcherSource {
        struct Stub: StringMatcher {
            let description: String
            func makeEvaluator() -> any StringEvaluator { Evaluator() }
        }
        final class Evaluator: StringEvaluator {
            var evaluations: Int { 0 }
            func matches(_ subject: UnsafeBufferPointer<UInt8>) throws(SelectorError) -> Bool { false }
        }
        func matcher(_ id: UInt64, description: String, at path: String) throws(SelectorError) -> any StringMatcher {
            Stub(description: description)
        }
    }

    /// A block as a program: steps and predicates are wrapped in the smallest program holding them.
    static func program(_ info: String, _ json: JSONValue) throws -> SelectorProgram? {
        let stub = StubMatchers()
        switch info {
        case "json program": return try SelectorProgram(pluginJSON: json, matchers: stub)
        case "json step":
            return try SelectorProgram(pluginJSON: .object([("start", "document"), ("steps", .array([json]))]), matchers: stub)
        case "json predicate":
            return try SelectorProgram(pluginJSON: .object([("start", "document"),
                                                            ("steps", .array([.object([("filter", json)])]))]), matchers: stub)
        case "json reply":
            if let program = json["program"] { return try SelectorProgram(pluginJSON: program, matchers: stub) }
            let error = try #require(json["error"], "a reply holds a program or an error")
            #expect(["syntax", "usage", "limit", "evaluation", "unknownEngine", "deadline", "cancelled"].contains(error["kind"]?.stringValue ?? ""))
            #expect(SelectorError(pluginJSON: error).kind == .syntax)
            return nil
        default:
            Issue.record("a JSON block must be tagged program, step, predicate or reply: '\(info)'")
            return nil
        }
    }

    @Test("every JSON block decodes, and the blocks show every start point, step, axis, predicate and string test")
    func examples() throws {
        var starts: Set<String> = [], steps: Set<String> = [], predicates: Set<String> = []
        func note(_ p: SelectorCore.Predicate) {
            switch p {
            case .any: predicates.insert("any")
            case .none: predicates.insert("none")
            case .kindOf: predicates.insert("kindOf")
            case .memberOf: predicates.insert("memberOf")
            case .string(_, let t):
                if case .matcher = t.operation { predicates.insert("string.matcher") } else { predicates.insert("string.\(t.operation)") }
            case .bool: predicates.insert("bool")
            case .number: predicates.insert("number")
            case .hasProperty: predicates.insert("has")
            case .custom: predicates.insert("custom")
            case .and(let ps): predicates.insert("and"); for q in ps { note(q) }
            case .or(let ps): predicates.insert("or"); for q in ps { note(q) }
            case .not(let q): predicates.insert("not"); note(q)
            case .hasAncestor(let q): predicates.insert("ancestor"); note(q)
            case .hasRelative(_, let q): predicates.insert("relative"); note(q)
            case .structural: Issue.record("JSON decoded to an engine's structural test: \(p)")
            case .bitsSet: predicates.insert("bits")
            }
        }
        func noteProgram(_ program: SelectorProgram) {
            starts.insert("\(program.start)")
            for step in program.steps {
                switch step {
                case let .axis(axis, order, filter, _): steps.insert("axis.\(axis.rawValue)"); steps.insert("order.\(order)"); note(filter)
                case .filter(let p): steps.insert("filter"); note(p)
                case .pick: steps.insert("pick")
                case .deduplicate: steps.insert("deduplicate")
                case .sortInDocumentOrder: steps.insert("sort")
                case .union(let ps): steps.insert("union"); for q in ps { noteProgram(q) }
                case .hasDescendant(let step):
                    steps.insert(step.includingSelf ? "hasDescendant.orSelf" : "hasDescendant"); note(step.predicate)
                case .siblingPosition(let step):
                    steps.insert("siblingPosition"); note(step.position.among); note(step.position.exempt)
                case .nthDescendant(let step):
                    steps.insert(step.position == nil ? "nthDescendant" : "nthDescendant.position"); note(step.filter)
                    if let position = step.position { note(position.among); note(position.exempt) }
                case .axisPosition(let step):
                    steps.insert("axisPosition"); note(step.filter)
                case let .relation(relation, program): steps.insert("relation.\(relation.rawValue)"); noteProgram(program)
                case .deepest: steps.insert("deepest")
                case .sort(.frameTopLeft): steps.insert("sortBy.frame")
                case .sort(.trueFirst): steps.insert("sortBy.trueFirst")
                case .engine(let step): Issue.record("JSON decoded to an engine-supplied step: \(step)")
                }
            }
        }
        var decoded = 0
        for block in try Self.blocks() where block.info.hasPrefix("json") {
            let json = try JSONReader.parse(block.body)
            if let program = try Self.program(block.info, json) { noteProgram(program) }
            decoded += 1
        }
        #expect(decoded >= 30)
        #expect(starts == ["document", "roots", "windows", "application"])
        #expect(steps == Set(Axis.allCases.map { "axis." + $0.rawValue }).union([
            "order.document", "order.reverse", "filter", "pick", "deduplicate", "sort", "union",
            "hasDescendant", "hasDescendant.orSelf", "siblingPosition", "nthDescendant", "nthDescendant.position",
            "axisPosition", "relation.below", "relation.parentOf", "deepest", "sortBy.frame", "sortBy.trueFirst"]))
        // A stand-alone filter after an axis step is fused into it, so "filter" above comes from
        // the blocks that filter first.
        #expect(predicates == ["any", "none", "kindOf", "memberOf", "string.equals", "string.contains", "string.hasPrefix",
                               "string.hasSuffix", "string.matcher", "bool", "number", "has", "custom", "and", "or", "not",
                               "ancestor", "relative", "bits"])
    }

    /// A C compiler: `CC`, else the usual names.
    static let compiler: String? = {
        if let cc = ProcessInfo.processInfo.environment["CC"], !cc.isEmpty { return cc }
        return ["/usr/bin/cc", "/usr/bin/clang", "/usr/bin/gcc"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    @Test("the C plug-in compiles, loads and selects", .enabled(if: compiler != nil, "no C compiler (set CC)"))
    func cPlugin() throws {
        let source = try #require(try Self.blocks().first { $0.info == "c" }?.body, "the page has a ```c block")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("c-plugin-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("kind_plugin.c").path, library = dir.appendingPathComponent("libKindPlugin.so").path
        try FileIO.write(Array(source.utf8), to: file)
        let cc = Process()
        cc.executableURL = URL(fileURLWithPath: try #require(Self.compiler))
        cc.arguments = ["-std=c11", "-pedantic", "-shared", "-fPIC", "-Wall", "-Werror", "-I",
                        Self.packageRoot.appendingPathComponent("Sources/CSelectorPlugin/include").path, file, "-o", library]
        try cc.run()
        cc.waitUntilExit()
        try #require(cc.terminationStatus == 0, "the page's C example does not compile")

        let registry = EngineRegistry.standard()
        #expect(try PluginLoader.load(library, into: registry) == ["c_kind"])
        let tree = try SampleApp.tree()
        func uids(_ selector: String) throws -> [String] {
            try registry.selectUIDs(selector, engine: "c_kind", in: tree)
        }
        #expect(try uids("UISwitch") == ["1014", "1030"])
        // Escaped by the plug-in, so a quote is part of the class name rather than broken JSON.
        #expect(try uids("UI\"Switch\\") == [])
        #expect(try uids("regex:UITableView >> c_kind:UISwitch") == ["1014", "1030"])
        // The page's predicate, called by name from another engine, reads the node through the header.
        let labelled = try registry.selectUIDs("view c_labelled", engine: "shelley", in: tree)
        let withLabels = Set(try registry.selectUIDs("accessibilityLabel != nil AND accessibilityLabel != ''",
                                                     engine: "predicate", in: tree))
        let expected = try registry.selectUIDs("view", engine: "shelley", in: tree).filter { withLabels.contains($0) }
        #expect(!labelled.isEmpty)
        #expect(labelled == expected)
        #expect { try registry.select("", engine: "c_kind", in: tree) } throws: { error in
            (error as? SelectorError)?.message == "expected a class name"
        }
    }
}
