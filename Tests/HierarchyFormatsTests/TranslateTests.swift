import Foundation
import HierarchyFormats
import SelectorCore
import Testing
import ViewSelectors

/// `EngineRegistry.translate` over the real recordings and the sample app (issue 31): source
/// selectors from every engine (each engine's own suggestion for a sample of views), translated
/// into every other engine, and each translation run again here and compared with the source.
@Suite("Translations are proved: every one selects the source's views")
struct TranslateTests {
    static let recordings: [String] = [
        "android_wechat_miniprogram_appcrawler.xml", "calabash_ios_console_dump.json",
        "uiautomation_ios_safari_iphone_iosdriver.json", "uiautomator_android_wecom_window_dump.xml",
        "xcuitest_ios26_icecubes_timeline_mobium.xml", "xcuitest_ios26_kiwix_main_page_mobium.xml",
        "xcuitest_ios26_pocketcasts_discover_mobium.xml", "xcuitest_ios_settings_zh_uiautodev.xml",
    ]
    static let sources = ["xpath", "predicate", "shelley", "uiquery", "fry", "uiselector", "regex", "accessibility_id", "class_name"]

    /// The views a translation must select: the source's list, or its views in document order
    /// where the translation says its order is the document's.
    static func agrees(_ got: [NodeID], _ expected: [NodeID], documentOrder: Bool) -> Bool {
        if got == expected { return true }
        return documentOrder && got == Array(Set(expected)).sorted() && got.count == expected.count
    }

    @Test("selectors from every engine on the real recordings and the sample app")
    func table() throws {
        let registry = EngineRegistry.standard()
        var trees: [(String, ViewTree)] = try Self.recordings.map { ($0, try loadReal($0)) }
        trees.append(("sample app", try SampleApp.tree()))
        var sources = 0, translated = 0, pairs = 0, proved = 0
        var perTarget: [String: Int] = [:]
        // XPath sources that name a view by what it records (not by its uid) and those with a
        // translation into a native strategy of their platform (iOS: predicate; Android:
        // UiSelector, id or accessibility id).
        var xpathSources = 0, xpathNative = 0
        // Each pair without a translation, with its reason: pinned in reasons.tsv.
        var reasons: [String] = []
        for (name, tree) in trees {
            // Four views spread over the tree.
            let views = (1...4).map { NodeID(tree.count * $0 / 5) }
            for engine in Self.sources {
                for v in views {
                    guard let suggestion = registry.suggestion(engine: engine, for: v, in: tree) else { continue }
                    let expected = try registry.select(suggestion.selector, engine: engine, in: tree)
                    guard !expected.isEmpty else { continue }
                    sources += 1
                    let targets = registry.names.filter { $0 != engine }
                    let translations = try registry.translate(suggestion.selector, from: engine, to: targets, on: [tree])
                    #expect(translations.map(\.engine) == targets)
                    var any = false
                    for t in translations {
                        pairs += 1
                        guard let chosen = t.chosen else {
                            #expect(t.reason.map { !$0.isEmpty } == true, "\(name) \(engine) → \(t.engine)")
                            reasons.append([name, engine, suggestion.selector, t.engine, t.reason ?? ""]
                                .map { $0.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ") }
                                .joined(separator: "\t"))
                            continue
                        }
                        #expect(t.reason == nil)
                        let got = try registry.select(chosen.selector, engine: t.engine, in: tree)
                        #expect(Self.agrees(got, expected, documentOrder: chosen.documentOrder),
                                "\(name): \(engine) `\(suggestion.selector)` → \(t.engine) `\(chosen.selector)`")
                        #expect(chosen.matches == [expected.count])
                        any = true
                        proved += 1
                        perTarget[t.engine, default: 0] += 1
                    }
                    if any { translated += 1 }
                    // Sources that name a recorded attribute: suggestions on page sources name no
                    // uid (ViewTree+Names.swift); positions alone (`(//X)[k]`) are issue 41 item 3.
                    if engine == "xpath" && !suggestion.selector.contains("@uid") && suggestion.selector.contains("@") {
                        let android = name.contains("android") || name.contains("uiautomator")
                        let native: Set<String> = android ? ["uiselector", "id", "accessibility_id"] : ["predicate"]
                        xpathSources += 1
                        if translations.contains(where: { native.contains($0.engine) && $0.chosen != nil }) { xpathNative += 1 }
                    }
                }
            }
        }
        print("translate table: \(sources) source selectors, \(translated) translated into another engine, "
              + "\(proved) of \(pairs) pairs proved; by target: \(perTarget.sorted { $0.key < $1.key }); "
              + "XPath into a native strategy of its platform: \(xpathNative) of \(xpathSources)")
        #expect(xpathNative * 10 >= xpathSources * 8, "XPath into native: \(xpathNative) of \(xpathSources)")
        #expect(sources >= 150, "\(sources) source selectors")
        #expect(translated * 10 >= sources * 9, "\(translated) of \(sources) translated into at least one other engine")
        // Every native strategy receives translations.
        for target in ["predicate", "uiselector", "xpath", "class_name", "accessibility_id"] {
            #expect((perTarget[target] ?? 0) > 10, "\(target): \(perTarget[target] ?? 0)")
        }
        #expect(proved > pairs / 3, "\(proved) of \(pairs) pairs")
        try Self.expectPinned(reasons, in: "reasons.tsv")
    }

    /// `lines` must be the file's lines (`Tests/Fixtures/translate/NAME`); with
    /// VIEWSELECTORS_UPDATE_PINNED=1 in the environment the file is rewritten instead, for a
    /// change whose new reasons have been read.
    static func expectPinned(_ lines: [String], in name: String) throws {
        let tests = #filePath.split(separator: "/").dropLast(2).joined(separator: "/")
        let path = "/" + tests + "/Fixtures/translate/" + name
        let header = "recording\tengine\tselector\ttarget\treason"
        if ProcessInfo.processInfo.environment["VIEWSELECTORS_UPDATE_PINNED"] == "1" {
            try FileIO.write(Array((([header] + lines).joined(separator: "\n") + "\n").utf8), to: path)
            return
        }
        let pinned = String(decoding: try FileIO.read(path), as: UTF8.self).split(separator: "\n").dropFirst().map(String.init)
        #expect(lines.count == pinned.count, "\(lines.count) pairs without a translation; \(pinned.count) pinned")
        for (k, (got, want)) in zip(lines, pinned).enumerated() where got != want {
            Issue.record("reasons.tsv line \(k + 2):\n  pinned: \(want)\n  now:    \(got)")
            break
        }
    }

    @Test("several trees: a translation must hold on each; the source's own engine is skipped")
    func severalTrees() throws {
        let registry = EngineRegistry.standard()
        let a = try SampleApp.tree()
        let b = try loadReal("calabash_ios_console_dump.json")
        let result = try registry.translate("//UISwitch", from: "xpath", to: ["predicate", "xpath"], on: [a, b])
        let predicate = try #require(result.first)
        let chosen = try #require(predicate.chosen)
        #expect(chosen.selector == "type == 'UISwitch'")
        #expect(chosen.matches == [try registry.select("//UISwitch", engine: "xpath", in: a).count,
                                   try registry.select("//UISwitch", engine: "xpath", in: b).count])
        #expect(result[1].chosen?.selector != "//UISwitch")
    }

    @Test("a selector that selects nothing has no translation, and says why")
    func empty() throws {
        let result = try EngineRegistry.standard().translate("//NoSuchClass", from: "xpath", to: ["predicate"],
                                                             on: [try SampleApp.tree()])
        #expect(result[0].chosen == nil)
        #expect(result[0].reason?.contains("selects nothing") == true)
    }
}
