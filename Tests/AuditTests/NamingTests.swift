import Testing
import Audit
import SelectorCore
import ViewSelectorsTesting

// The audit names views through one `SuggestionProver` a recording (runs remembered across
// views, positions proven last). Its answers must be the registry's rule asked engine by engine,
// as the audit asked before: every view of real recordings of each format and of random trees.

@Suite struct SuggestionProverTests {
    /// Each engine's `EngineRegistry.suggestion(engine:for:in:)` in turn (no shared runs): the
    /// first naming `node` alone by what it records, else the first naming it by position.
    static func engineByEngine(_ node: NodeID, in tree: ViewTree, engines: [String]) -> SelectorSuggestion? {
        var positional: SelectorSuggestion?
        for engine in engines {
            guard let s = auditRegistry.suggestion(engine: engine, for: node, in: tree), s.unique else { continue }
            if !s.fragile { return s }
            if positional == nil { positional = s }
        }
        return positional
    }

    static let recordings = [
        "appium/uiautomator2_theapp_login_appium.xml", "appium/uiautomator2_permission_dialog_mobium.xml",
        "real/xcuitest_ios26_kiwix_main_page_mobium.xml", "real/xcuitest_ios26_pocketcasts_discover_mobium.xml",
        "real/uiautomator_android_wecom_window_dump.xml", "real/calabash_ios_console_dump.json",
        "real/uiautomation_ios_safari_iphone_iosdriver.json", "frank-dump-uicatalog.json",
        "maestro/ios_settings_top_maestro.json",
    ]

    static func trees() throws -> [(String, ViewTree)] {
        try recordings.map { ($0, try fixture($0)) }
            + [("random", RandomTrees.build(nodes: 400, seed: 46, shape: .random, frames: .all)),
               ("wide", RandomTrees.build(nodes: 200, seed: 7, shape: .wide, frames: .some))]
    }

    @Test func namesAreEachEngineInTurn() throws {
        for (path, tree) in try Self.trees() {
            let engines = Audit.defaultEngines(for: tree, registry: auditRegistry)
            var prover = SuggestionProver(registry: auditRegistry, tree: tree)
            var named = 0
            for v in 0..<tree.count {
                let node = NodeID(v)
                let expected = Self.engineByEngine(node, in: tree, engines: engines)
                let got = try prover.name(node, engines: engines)
                #expect(got == expected, "\(path) view \(v)")
                if let got {
                    named += 1
                    #expect(try auditRegistry.select(got.selector, engine: got.engine, in: tree) == [node], "\(path) view \(v)")
                }
            }
            #expect(named > 0, "\(path)")
        }
    }

    /// `SuggestionProver.suggestion(engine:for:)` with runs shared across views answers as the
    /// registry's own call does, for every engine reading the recording, unique or not.
    @Test func suggestionsAreTheRegistrys() throws {
        for (path, tree) in try Self.trees() {
            var prover = SuggestionProver(registry: auditRegistry, tree: tree)
            for engine in auditRegistry.engines(reading: tree.recordingSource) {
                for v in stride(from: 0, to: tree.count, by: max(1, tree.count / 60)) {
                    let node = NodeID(v)
                    #expect(try prover.suggestion(engine: engine, for: node) == auditRegistry.suggestion(engine: engine, for: node, in: tree),
                            "\(path) \(engine) view \(v)")
                }
            }
        }
    }

    /// A deadline already past stops the prover with the deadline's error, as the registry's call does.
    @Test func deadlineStops() throws {
        let tree = try fixture("real/xcuitest_ios26_kiwix_main_page_mobium.xml")
        var prover = SuggestionProver(registry: auditRegistry, tree: tree, deadline: .now - .seconds(1))
        #expect(throws: SelectorError.self) { try prover.name(9, engines: ["xcuitest"]) }
        #expect(throws: SelectorError.self) {
            try auditRegistry.suggestion(engine: "xcuitest", for: 9, in: tree, deadline: .now - .seconds(1))
        }
        // Out of range or an engine that is not registered: nothing, as before.
        var open = SuggestionProver(registry: auditRegistry, tree: tree)
        #expect(try open.name(NodeID(tree.count), engines: ["xcuitest"]) == nil)
        #expect(try open.name(9, engines: ["no-such-engine"]) == nil)
    }
}
