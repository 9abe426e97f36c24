import HierarchyFormats
import SelectorCore
import Testing
import ViewSelectors

/// Issue 41, item 2: the languages offered on a recording are the ones its own tool reads. An
/// Android page source gets Android's strategies, an iOS one iOS's, a Frank dump Frank's; the
/// others are not offered, and `translate` to every engine says so instead of printing them.
@Suite("Languages per recording source")
struct RecordingSourceTests {
    static let registry = EngineRegistry.standard()

    @Test("each loader marks its recording's source", arguments: [
        ("real/uiautomator_android_wecom_window_dump.xml", RecordingSource.uiautomator),
        ("real/android_wechat_miniprogram_appcrawler.xml", .uiautomator),
        ("real/xcuitest_ios_settings_zh_uiautodev.xml", .xcuitest),
        ("real/calabash_ios_console_dump.json", .other),
        ("real/uiautomation_ios_safari_iphone_iosdriver.json", .other),
        ("frank-dump-uicatalog.json", .frank),
        ("maestro/android_theapp_login_maestro.txt", .maestro),
    ])
    func loadersMarkTheSource(_ path: String, _ source: RecordingSource) throws {
        let tests = #filePath.split(separator: "/").dropLast(2).joined(separator: "/")
        let tree = try HierarchyFormat.loadDetecting(try FileIO.read("/" + tests + "/Fixtures/" + path)).0
        #expect(tree.recordingSource == source)
        // An edit (the server's setText:) keeps it.
        #expect(tree.setting("note", to: .string("x"), on: [0]).recordingSource == source)
    }

    @Test("the engines offered per source: Android's, iOS's, Frank's, Maestro's")
    func offeredPerSource() {
        #expect(Self.registry.engines(reading: .uiautomator)
            == ["accessibility_id", "class_name", "compose", "detox", "espresso", "id", "maestro", "uiselector", "wdio", "xpath"])
        #expect(Self.registry.engines(reading: .xcuitest)
            == ["accessibility_id", "class_name", "detox", "id", "maestro", "predicate", "wdio", "xcuitest", "xpath"])
        #expect(Self.registry.engines(reading: .frank)
            == ["detox", "fry", "predicate", "regex", "shelley", "shelley_compat", "uiquery", "xcuitest"])
        #expect(Self.registry.engines(reading: .maestro) == ["maestro"])
        #expect(Self.registry.engines(reading: .other) == Self.registry.names)
    }

    @Test("an engine that does not say where it runs is offered everywhere (a plug-in's)")
    func undeclaredEngineIsOfferedEverywhere() throws {
        struct Anywhere: SelectorEngine {
            var name: String { "anywhere" }
            func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
                try EngineRegistry.standard().registeredEngine("xpath")!.compile(selector)
            }
        }
        let registry = EngineRegistry.standard()
        try registry.register(Anywhere())
        for source in RecordingSource.allCases { #expect(registry.engines(reading: source).contains("anywhere")) }
    }

    @Test("suggestions on real page sources come only in the platform's languages", arguments: [
        "real/uiautomator_android_wecom_window_dump.xml", "real/xcuitest_ios_settings_zh_uiautodev.xml",
    ])
    func suggestionsOnlyInThePlatformsLanguages(_ path: String) throws {
        let tree = try loadReal(String(path.dropFirst("real/".count)))
        let allowed = Set(Self.registry.engines(reading: tree.recordingSource))
        var engines: Set<String> = []
        for node in stride(from: 0, to: tree.count, by: max(1, tree.count / 40)) {
            for s in Self.registry.suggestions(for: NodeID(node), in: tree) { engines.insert(s.engine) }
        }
        #expect(engines.isSubset(of: allowed), "\(engines.subtracting(allowed))")
        #expect(engines.contains("xpath"))
        if tree.recordingSource == .uiautomator {
            #expect(!engines.contains("predicate") && !engines.contains("shelley"))
        } else {
            #expect(!engines.contains("uiselector") && !engines.contains("uiquery"))
        }
    }

    @Test("translate to every engine: Android's languages proved, the others named as not read there")
    func translateToEveryEngineShowsWhichRunsWhere() throws {
        let tree = try loadReal("uiautomator_android_wecom_window_dump.xml")
        let translations = try Self.registry.translateToEveryEngine("//android.widget.TextView[@text='消息']", from: "xpath", on: [tree])
        #expect(translations.map(\.engine) == Self.registry.names.filter { $0 != "xpath" })
        let read = Set(Self.registry.engines(reading: .uiautomator))
        for t in translations where !read.contains(t.engine) {
            #expect(t.chosen == nil && t.reason?.hasPrefix("not read on Android") == true, "\(t.engine): \(t.reason ?? "-")")
        }
        #expect(translations.contains { $0.engine == "uiselector" && $0.chosen != nil })
        #expect(translations.first { $0.engine == "predicate" }?.chosen == nil)
        // Named explicitly, a language is still translated: the user asked for it.
        let named = try Self.registry.translate("//android.widget.TextView[@text='消息']", from: "xpath", to: ["predicate"], on: [tree])
        #expect(named.first?.reason?.hasPrefix("not read") != true)
    }
}
