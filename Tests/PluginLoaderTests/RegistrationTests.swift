import PluginLoader
import SelectorCore
import Testing
import ViewSelectors

/// Engines and predicates registered through the C contract, in-process and from the real `.so`.
@Suite("Plug-in registration")
struct RegistrationTests {
    static let tree = try! SampleApp.tree()

    static func uids(_ registry: EngineRegistry, _ selector: String, engine: String? = nil) throws -> [String] {
        try registry.selectUIDs(selector, engine: engine, in: tree)
    }

    @Test("static registration: a SelectorEngine registered in code")
    func staticRegistration() throws {
        let registry = EngineRegistry.standard()
        try registry.register(ProbeEngine())
        #expect(registry.names.contains("probe") && !registry.isBuiltIn("probe"))
        #expect(try Self.uids(registry, "UISwitch", engine: "probe") == ["1014", "1030"])
    }

    @Test("an engine and a predicate through the C contract: programs as JSON, nodes through accessors")
    func contract() throws {
        let registry = EngineRegistry.standard()
        #expect(try PluginLoader.register(entryPoint: Entries.probe, path: "libProbe.so", into: registry) == ["probe"])
        #expect(registry.predicates.names == ["startsWithRow"])
        #expect(try Self.uids(registry, "UISwitch", engine: "probe") == ["1014", "1030"])
        #expect(try Self.uids(registry, "?", engine: "probe") == ["1050"])
        #expect(try Self.uids(registry, "regex:UITableView >> probe:UISwitch") == ["1014", "1030"])
    }

    @Test("a plug-in's parse error keeps its column, also inside a chain")
    func errors() {
        let registry = EngineRegistry.standard()
        _ = try? PluginLoader.register(entryPoint: Entries.probe, path: "libProbe.so", into: registry)
        #expect { try registry.select("UIV!ew", engine: "probe", in: Self.tree) } throws: { error in
            let e = error as! SelectorError
            return e.message == "unexpected '!'" && e.column == 4 && e.engine == "probe" && e.selector == "UIV!ew"
        }
        #expect { try registry.select("uiquery:view >> probe:UIV!ew", in: Self.tree) } throws: { error in
            let e = error as! SelectorError
            return e.message == "unexpected '!'" && e.column == 26 && e.engine == "probe"
        }
    }

    @Test("the example plug-in loads from its .so and selects",
          .enabled(if: PluginFixture.classChainPath != nil || PluginFixture.isRequired,
                   "libClassChainEngine.so not built: run `make test` or `swift build --product ClassChainEngine`"))
    func dynamic() throws {
        let path = try #require(PluginFixture.classChainPath, "\(PluginFixture.environmentVariable) names a missing file")
        let registry = EngineRegistry.standard()
        #expect(try PluginLoader.load(path, into: registry) == ["class_chain"])
        #expect(!registry.isBuiltIn("class_chain"))
        #expect(try Self.uids(registry, "**/UITableViewCell/**/UILabel[`label BEGINSWITH \"Row 7\"`]", engine: "class_chain")
                == ["1050"])
        #expect(try Self.uids(registry, "**/UIStackView/UIButton[-1]", engine: "class_chain") == ["1060"])
        #expect(try Self.uids(registry, "class_chain:**/UITableViewCell[-1] >> regex:/^Delete$/") == ["1054", "1053"])
        #expect { try registry.select("**/UIButton[0]", engine: "class_chain", in: Self.tree) } throws: { error in
            let e = error as! SelectorError
            return e.message == "class-chain indexes start at 1 (use -1 for the last)" && e.column == 13
        }
        // The backticks are the shared NSPredicate parser's; what it compiles to an engine matcher
        // (LIKE, MATCHES, [d], string < >) stays in the plug-in and the host calls back to run it.
        #expect(try Self.uids(registry, "**/UILabel[`label BEGINSWITH[c] 'row 7-' AND rect.x >= 0`]", engine: "class_chain")
                == ["1050"])
        #expect(try Self.uids(registry, "**/UILabel[`label LIKE 'Row 7-?'`]", engine: "class_chain") == ["1050"])
        let e = LoadErrorTests.failure { () throws(PluginLoadError) in try PluginLoader.load(path, into: registry) }
        #expect(e?.message == "an engine named 'class_chain' is already registered")
    }
}
