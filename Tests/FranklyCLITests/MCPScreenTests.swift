import FranklyMCP
import Foundation
import HierarchyFormats
import SelectorCore
import SyntheticHierarchy
import Testing
import ViewSelectors

/// `screen` and the tools in process (issue 47's measure): on the real recordings, `screen` at its
/// default budget is at most 15% of the page source and names every actionable view with a
/// selector that selects that view alone; the budget, the pages and the deadline hold.
@Suite struct MCPScreenTests {
    static let fixtures = CLIRunner.packageRoot.appendingPathComponent("Tests/Fixtures")

    /// Tests/Fixtures/real (the 8 real recordings) and the Appium page sources.
    static func recordings(real: Bool) -> [String] {
        let folders = real ? ["real"] : ["appium", "appium/locators"]
        var out: [String] = []
        for folder in folders {
            let dir = fixtures.appendingPathComponent(folder).path
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
            out += names.filter { $0.hasSuffix(".xml") || $0.hasSuffix(".json") }.sorted().map { dir + "/" + $0 }
        }
        return out
    }

    static let toolbox: MCPToolbox = {
        let all = recordings(real: true) + recordings(real: false)
        // A recording that fails to load is missing from the toolbox, which the tests then report (not a crash).
        return MCPToolbox(recordings: all.compactMap { try? MCPRecording.load(path: $0, format: nil, maxBytes: 16 << 20) })
    }()

    static func object(_ text: String) throws -> [(String, JSONValue)] {
        guard case .object(let pairs) = try JSONReader.parse(text) else { throw NotAnObject() }
        return pairs
    }

    struct NotAnObject: Error {}

    static func screen(_ name: String, _ extra: [(String, JSONValue)] = []) throws -> JSONValue {
        let answer = toolbox.call("screen", arguments: .object([("recording", .string(name))] + extra))
        return try JSONReader.parse(try answer.get())
    }

    @Test func thereAreEightRealRecordingsAndEveryRecordingLoads() {
        #expect(Self.recordings(real: true).count == 8)
        #expect(Self.toolbox.recordings.count == Self.recordings(real: true).count + Self.recordings(real: false).count)
    }

    @Test(arguments: recordings(real: true) + recordings(real: false))
    func theScreenNamesEveryActionableViewWithAWorkingSelector(_ path: String) throws {
        let name = String(path.split(separator: "/").last!)
        let recording = try #require(Self.toolbox.recordings.first { $0.path == path }, "\(path) did not load")
        let tree = recording.tree
        let screen = try Self.screen(name)
        let engine = try #require(screen["engine"]?.stringValue)
        guard case .array(let rows)? = screen["rows"] else { Issue.record("no rows"); return }
        var named: Set<NodeID> = []
        for case .array(let row) in rows {
            guard case .int(let node) = row[0], let selector = row[4].stringValue else {
                Issue.record("\(name): a row without a selector: \(JSONValue.array(row).jsonString)"); continue
            }
            let rowEngine = row.count > 5 ? (row[5]["engine"]?.stringValue ?? engine) : engine
            let selected = try Self.toolbox.registry.select(selector, engine: rowEngine, in: tree)
            #expect(selected == [NodeID(node)], "\(name): \(rowEngine) \(selector) selects \(selected), not \(node)")
            // The language runs where the recording was made.
            #expect(Self.toolbox.registry.registeredEngine(rowEngine)?.reads(tree.recordingSource) == true)
            named.insert(NodeID(node))
        }
        let actionable = ScreenViews.actionable(tree)
        #expect(!actionable.isEmpty, "\(name): no actionable view found")
        #expect(screen["actionable"] == .int(Int64(actionable.count)))
        let missing = actionable.filter { !named.contains($0) }
        #expect(missing.isEmpty, "\(name): actionable views without a row: \(missing.map { tree.describe($0) })")
        // The size, against the page source's (the header's fixed ~400 bytes are most of the
        // answer for a recording under 8 KB, so the bound is for the real screens).
        let bytes = JSONValue.object(try Self.object(try Self.toolbox.call("screen", arguments: .object([("recording", .string(name))])).get()))
            .jsonString.utf8.count
        let ratio = Double(bytes) / Double(recording.bytes.count)
        if recording.bytes.count >= 8 * 1024 {
            #expect(ratio <= 0.15, "\(name): screen is \(bytes) bytes, \(Int(ratio * 1000) / 10)% of \(recording.bytes.count)")
        }
        // The estimate is what it says: bytes / 4, within the default budget.
        let tokens = try #require(screen["tokens"]?.numberValue)
        #expect(abs(tokens - Double(bytes) / 4) <= 8, "\(name): tokens \(tokens) for \(bytes) bytes")
        #expect(tokens <= Double(MCPToolbox.defaultScreenTokens))
    }

    @Test func aSmallBudgetPagesAndThePagesTogetherListEveryView() throws {
        let name = "xcuitest_ios26_pocketcasts_discover_mobium.xml"
        var cursor: Int64? = 0
        var seen: [Int64] = []
        var pages = 0
        while let c = cursor, pages < 100 {
            let page = try Self.screen(name, [("budget", 300), ("full", true), ("cursor", .int(c))])
            let tokens = try #require(page["tokens"]?.numberValue)
            guard case .array(let rows)? = page["rows"] else { Issue.record("no rows"); return }
            // One row more than the budget only when a single row is larger than it.
            #expect(tokens <= 300 || rows.count == 1, "page \(pages): \(tokens) tokens")
            for case .array(let row) in rows { if case .int(let n) = row[0] { seen.append(n) } }
            if case .int(let next)? = page["next"] { cursor = next } else { cursor = nil }
            pages += 1
        }
        let tree = try #require(Self.toolbox.recordings.first { $0.name == name }).tree
        #expect(pages > 3)
        #expect(seen == (0..<Int64(tree.count)).map { $0 }, "every view once, in preorder")
    }

    @Test func aRequestedEngineIsTheOnlyOneUsed() throws {
        let screen = try Self.screen("xcuitest_ios26_pocketcasts_discover_mobium.xml", [("engine", "xpath")])
        #expect(screen["engine"] == "xpath")
        guard case .array(let rows)? = screen["rows"] else { Issue.record("no rows"); return }
        for case .array(let row) in rows { #expect(row.count == 5 || row[5]["engine"] == nil, "\(JSONValue.array(row).jsonString)") }
    }

    @Test func theDefaultLanguageIsThePlatformToolsMostRobust() {
        let t = Self.toolbox
        #expect(t.preferredEngines(for: .xcuitest).first == "predicate")
        #expect(t.preferredEngines(for: .uiautomator).first == "uiselector")
        #expect(t.preferredEngines(for: .maestro) == ["maestro"])
        #expect(t.preferredEngines(for: .xcuitest).last == "xpath")
    }

    @Test func aCallPastItsDeadlineAnswersAnErrorNamingTheBudget() throws {
        var limits = MCPLimits()
        limits.callSeconds = 0.0005
        let tree = SyntheticApp.generate(nodes: 50_000, seed: 3)
        let recording = MCPRecording(name: "big", path: nil, format: .dump, tree: tree, bytes: [])
        let toolbox = MCPToolbox(recordings: [recording], limits: limits)
        let answer = toolbox.call("explain", arguments: .object([("selector", "view view view label")]))
        guard case .failure(let fault) = answer else { Issue.record("answered \(answer)"); return }
        #expect(fault.kind == .tool)
        #expect(fault.message.hasPrefix("stopped at the call's time budget of 0.0005 s (frankly mcp --timeout)"), "\(fault.message)")
        // `screen` stops between rows and says where to go on.
        let screen = toolbox.call("screen", arguments: nil)
        if case .success(let text) = screen {
            let json = try JSONReader.parse(text)
            #expect(json["stopped"]?.stringValue?.contains("time budget") == true, "\(text.prefix(500))")
            #expect(json["next"] != nil)
        } else if case .failure(let fault) = screen {
            #expect(fault.message.contains("time budget"), "\(fault.message)")
        }
    }

    @Test func aResultOverTheByteLimitIsAnErrorSayingHowToNarrowIt() throws {
        var limits = MCPLimits()
        limits.maxResultBytes = 200
        let recording = try #require(Self.toolbox.recordings.first { $0.name == "xcuitest_ios26_pocketcasts_discover_mobium.xml" })
        let toolbox = MCPToolbox(recordings: [recording], limits: limits)
        let answer = toolbox.call("select", arguments: .object([("selector", "type == 'XCUIElementTypeOther'")]))
        guard case .failure(let fault) = answer else { Issue.record("answered \(answer)"); return }
        #expect(fault.kind == .tool)
        #expect(fault.message.contains("over the limit of 200 bytes (frankly mcp --max-result-bytes); narrow the call"), "\(fault.message)")
    }

    @Test func pathsAreRefusedWhenTurnedOff() throws {
        let toolbox = MCPToolbox(recordings: [], allowPaths: false)
        let path = Self.recordings(real: true)[0]
        guard case .failure(let fault) = toolbox.call("screen", arguments: .object([("recording", .string(path))])) else {
            Issue.record("a path was read"); return
        }
        #expect(fault.kind == .arguments)
        #expect(fault.message.contains("no recording named"), "\(fault.message)")
    }

    @Test func anInlineSourceIsReadAsTheRecording() throws {
        let bytes = try FileIO.read(Self.recordings(real: false).first { $0.hasSuffix("uiautomator2_theapp_login_appium.xml") }!)
        let toolbox = MCPToolbox(recordings: [])
        let answer = try toolbox.call("validate", arguments: .object([
            ("source", .string(String(decoding: bytes, as: UTF8.self))), ("selector", "new UiSelector().text(\"alice\")"),
        ])).get()
        let json = try JSONReader.parse(answer)
        #expect(json["engine"] == "uiselector")
        #expect(json["verdict"] == "unique", "\(answer)")
    }
}
