import MaestroEngine
import SelectorCore
import Testing
import ViewSelectors

/// The engine on the embedded sample app (a UIKit `/dump` with frames): Maestro's attributes read
/// from UIKit's names, the relations on real frames, and the engine everywhere the others are
/// (chains, suggestions, the explainer, the plan, translation's printer).
@Suite struct MaestroSampleAppTests {
    let tree = try! SampleApp.tree()

    @Test("selections", arguments: [
        // text reads `text` and `accessibilityLabel`; the deepest match is the button's label.
        ("Log In", ["1058"]),
        ("log in", ["1058"]),
        ("Log.*", ["1058"]),
        // hintText reads UIKit's `placeholder`.
        ("Username", ["1056"]),
        ("{text: Sign in}", ["1055"]),
        ("Settings", ["1067", "1073"]),
        ("{text: \"Row.*\"}", ["1050"]),
        ("{containsChild: Log In}", ["1059"]),
        ("{below: Username, above: Log In}", ["1057"]),
        ("{text: Delete, below: Bluetooth, above: Airplane Mode}", ["1011"]),
        ("{text: Delete, index: 2}", ["1017"]),
        ("{text: Delete, index: -1}", ["1053"]),
        // UIKit's `isEnabled` and `isOn`.
        ("{enabled: false}", ["1060"]),
        ("{text: Forgot password?, enabled: true}", []),
        ("{checked: true}", ["1030"]),
        ("{text: Airplane Mode, checked: false}", ["1013", "1014"]),
        ("{text: Do Not Disturb, checked: true}", ["1030"]),
        ("{id: nothing}", []),
        ("{childOf: {text: Bluetooth}}", ["1007"]),
        ("{text: Delete, childOf: {containsChild: Bluetooth}}", ["1011"]),
    ])
    func selection(selector: String, expected: [String]) throws {
        #expect(try maestro(selector, in: tree) == expected)
    }

    /// `rightOf` compares left edges: every Delete label lies right of Wi-Fi's left edge.
    @Test func rightOfComparesLeftEdges() throws {
        #expect(try maestro("{text: Delete, rightOf: Wi-Fi}", in: tree)
                == ["1005", "1011", "1017", "1022", "1027", "1033", "1038", "1043", "1048", "1053"])
        #expect(try maestro("{text: Delete, leftOf: Wi-Fi}", in: tree) == [])
    }

    /// In a `>>` chain a Maestro part searches below the previous part's views, each included.
    @Test func chains() throws {
        #expect(try registry.selectUIDs("shelley:tableViewCell >> maestro:Delete", in: tree)
                == ["1005", "1011", "1017", "1022", "1027", "1033", "1038", "1043", "1048", "1053"])
        #expect(try registry.selectUIDs("maestro:{containsChild: Bluetooth} >> maestro:Delete", in: tree) == ["1011"])
        // A relation's anchors are looked for below the part's roots too.
        #expect(try registry.selectUIDs("maestro:{containsChild: Bluetooth} >> maestro:{below: Wi-Fi}", in: tree) == [])
        #expect(try registry.selectUIDs(#"maestro:"Log In" >> uiquery:label"#, in: tree) == [])
    }

    /// Every view of the sample app gets a suggestion that selects exactly it.
    @Test func everyViewHasAUniqueSuggestion() throws {
        for v in 0..<tree.count {
            let s = registry.suggestion(engine: "maestro", for: NodeID(v), in: tree)
            #expect(s?.unique == true, "\(tree.uidString(of: NodeID(v)) ?? "") \(s?.selector ?? "none")")
        }
    }

    @Test("suggestions: text, then id, then a relation to a uniquely named neighbour, then index", arguments: [
        ("1058", "Log In"),
        ("1056", "Username"),
        ("1059", "{containsChild: Log In}"),
        ("1022", "{text: Delete, below: Notifications, above: Sounds}"),
        ("1011", "{text: Delete, index: 1}"),
        ("1013", "{text: Airplane Mode, leftOf: On}"),
        ("1077", "{containsChild: Back}"),
    ])
    func suggestion(uid: String, expected: String) throws {
        let view = try #require(node(uid, in: tree))
        #expect(registry.suggestion(engine: "maestro", for: view, in: tree)?.selector == expected)
    }

    @Test func suggestionsForIDs() throws {
        let android = try loadFixture("real/uiautomator_android_wecom_window_dump.xml")
        var checked = 0
        for v in 0..<android.count {
            guard let id = android.string("resource-id", of: NodeID(v)), !id.isEmpty else { continue }
            guard let s = registry.suggestion(engine: "maestro", for: NodeID(v), in: android) else { continue }
            #expect(try registry.select(s.selector, engine: "maestro", in: android).contains(NodeID(v)), "\(s.selector)")
            checked += 1
        }
        #expect(checked > 5)
    }

    @Test func explainNamesTheRelation() throws {
        let e = try registry.explain("{text: Delete, below: Nothing Here}", engine: "maestro", in: tree)
        #expect(e.count == 0)
        #expect(e.empty?.reason == "its reference selector (relation below) selected no view")
        let far = try registry.explain("{text: Sign in, below: Version 1.0}", engine: "maestro", in: tree)
        #expect(far.empty?.reason.hasPrefix("none of its 1 view is below any of the 1 view its reference selector selected") == true)
    }

    @Test func planNamesTheNewStrategies() throws {
        var stats = MatchStatistics.recordingPlan()
        _ = try registry.select("{text: Delete, below: Bluetooth, index: 0}", engine: "maestro", in: tree, statistics: &stats)
        let strategies = stats.plan?.strategies ?? []
        for s in [MatchStrategy.relation, .deepest, .stableSort, .pick] { #expect(strategies.contains(s), "\(s)") }
    }

    /// The program as the header of SelectorProgram.swift prints it.
    @Test func program() throws {
        let program = try registry.compile("{text: Delete, below: Wi-Fi, index: 1}", engine: "maestro").program
        #expect(program.description == """
            start .roots
            1  axis descendantsOrSelf  document  filter maestroOnScreen ∧ (text ~ maestroText("Delete") ∨ value ~ maestroText("Delete") ∨ hintText ~ maestroText("Delete") ∨ hint ~ maestroText("Delete") ∨ placeholderValue ~ maestroText("Delete") ∨ placeholder ~ maestroText("Delete") ∨ accessibilityText ~ maestroText("Delete") ∨ content-desc ~ maestroText("Delete") ∨ label ~ maestroText("Delete") ∨ accessibilityLabel ~ maestroText("Delete"))  unique
            2  deepest
            3  relation below
               { start .roots
                 1  axis descendantsOrSelf  document  filter maestroOnScreen ∧ (text ~ maestroText("Wi-Fi") ∨ value ~ maestroText("Wi-Fi") ∨ hintText ~ maestroText("Wi-Fi") ∨ hint ~ maestroText("Wi-Fi") ∨ placeholderValue ~ maestroText("Wi-Fi") ∨ placeholder ~ maestroText("Wi-Fi") ∨ accessibilityText ~ maestroText("Wi-Fi") ∨ content-desc ~ maestroText("Wi-Fi") ∨ label ~ maestroText("Wi-Fi") ∨ accessibilityLabel ~ maestroText("Wi-Fi"))  unique
                 2  deepest
                 3  sort by clickable (true first)
               }
            4  sort by frame (y, x)
            5  pick 1
            """)
    }

    @Test func render() {
        let engine = MaestroEngine()
        func path(_ filters: [Predicate], pick: Int? = nil) -> SearchPath {
            SearchPath(steps: filters.map { SearchPath.Step(link: .descendant, filter: $0) }, pick: pick)
        }
        #expect(engine.render(path([.string(property: "accessibilityLabel", .equals("Log In"))])) == .selector("{text: Log In}"))
        #expect(engine.render(path([.all([.string(property: "accessibilityIdentifier", .equals("submit.button")),
                                          .bool(property: "isEnabled", false)])])) == .selector(#"{id: submit\.button, enabled: false}"#))
        #expect(engine.render(path([.string(property: "text", .contains("Row"))])) == .selector("{text: .*Row.*}"))
        #expect(engine.render(path([.string(property: "content-desc", .hasPrefix("(a)"))])) == .selector(#"{text: \(a\).*}"#))
        #expect(engine.render(path([.string(property: "accessibilityLabel", .equals("Wi-Fi")), .string(property: "text", .equals("Delete"))]))
                == .selector("{text: Delete, childOf: {text: Wi-Fi}}"))
        #expect(engine.render(path([.kindOf("UIButton")])) == .cannotSay("a class test (UIButton): Maestro selects by text, id and state"))
        #expect(engine.render(path([.string(property: "text", .equals("a"))], pick: 1))
                == .cannotSay("a pick by position in the result: Maestro's index counts by position on screen"))
        // Each rendering reads back as a selector the engine compiles.
        for text in ["{text: Log In}", #"{id: submit\.button, enabled: false}"#, "{text: Delete, childOf: {text: Wi-Fi}}"] {
            #expect(throws: Never.self) { _ = try MaestroEngine().compile(text) }
        }
    }

    @Test func listedAmongTheEngines() {
        #expect(registry.names.contains("maestro"))
        #expect(registry.registeredEngine("maestro")?.summary.contains("Maestro") == true)
    }
}
