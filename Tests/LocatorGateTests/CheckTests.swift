import HierarchyFormats
import LocatorGate
import SelectorCore
import Testing
import TreeAlignment
import ViewSelectors
import ViewSelectorsTesting

/// A recording from `Tests/Fixtures/real/` (sources and licences in its README), format detected.
func loadReal(_ name: String) throws -> ViewTree {
    let tests = #filePath.split(separator: "/").dropLast(2).joined(separator: "/")
    return try HierarchyFormat.loadDetecting(try FileIO.read("/" + tests + "/Fixtures/real/" + name)).0
}

/// `frankly check`'s verdicts on real recordings edited the way new builds change them (issue
/// 32): each status pinned, each proposed fix run and required to select the counterpart alone.
@Suite("The locator gate on edited real recordings")
struct CheckTests {
    static let kiwix = "xcuitest_ios26_kiwix_main_page_mobium.xml"

    /// The node with this uid (uids are 1-based preorder positions in these recordings).
    static func node(_ uid: Int) -> NodeID { NodeID(uid - 1) }

    /// Checks `locators` with `old` → `old.edited(plan)`, and runs every fix.
    static func run(_ locators: [(String, String)], on name: String = kiwix, _ plan: EditPlan)
    throws -> (checks: [LocatorCheck], edited: EditedTree, gate: LocatorGate) {
        let registry = EngineRegistry.standard()
        let old = try loadReal(name)
        let edited = old.edited(plan)
        let gate = LocatorGate(registry: registry, old: [old], new: [edited.tree])
        let checks = gate.check(locators.map { Locator(engine: $0.0, selector: $0.1) })
        for c in checks {
            guard let fix = c.fix else { continue }
            // A fix selects the counterpart of what the selector selected, and nothing else.
            let want = c.old[0].compactMap { edited.counterpart[$0] }
            #expect(try registry.select(fix, engine: c.locator.engine, in: edited.tree) == want,
                    "\(c.locator.selector) → \(fix)")
            // Issue 41: a fix names only what the page source records, never the loader's uid or UIKit copies.
            #expect(namesNoLoaderColumn(fix, of: edited.tree), "\(fix)")
            // The alignment found the truth for the target.
            #expect(c.old[0].map { gate.alignments[0].newCounterpart(of: $0) } == c.old[0].map { edited.counterpart[$0] })
        }
        return (checks, edited, gate)
    }

    @Test("no edit: every selector is ok and none has a fix")
    func unchanged() throws {
        let (checks, _, _) = try Self.run([("xpath", "//XCUIElementTypeButton[@name='Settings']"), ("predicate", "label == 'Library'"),
                                           ("class_name", "XCUIElementTypeButton"), ("accessibility_id", "Tabs Manager")], EditPlan())
        #expect(checks.map(\.status) == [.ok, .ok, .ok, .ok])
        #expect(checks.allSatisfy { $0.fix == nil })
    }

    @Test("a label renamed: the label's selector is broken, with a fix by the identifier; the identifier's is ok")
    func renamed() throws {
        var plan = EditPlan()
        let old = try loadReal(Self.kiwix)
        plan.rename(Self.node(125), in: old, to: "Bookshelf")   // Library
        let (checks, _, _) = try Self.run([("predicate", "label == 'Library'"), ("id", "Library"),
                                           ("xpath", "//XCUIElementTypeButton[@label='Library']")], plan)
        #expect(checks.map(\.status) == [.broken, .ok, .broken])
        #expect(checks[0].fix != nil && checks[2].fix != nil)
        #expect(checks[0].reason?.contains("selects nothing") == true)
    }

    @Test("a broken selector's reason is labelled lines: what, the emptied step, the target; the table, JUnit and JSON keep them apart")
    func structuredReason() throws {
        var plan = EditPlan()
        let old = try loadReal(Self.kiwix)
        plan.rename(Self.node(125), in: old, to: "Bookshelf")   // Library
        let (checks, _, gate) = try Self.run([("predicate", "label == 'Library'")], plan)
        let c = checks[0]
        let kinds = c.lines.map(\.kind)
        #expect(kinds.first == .what && kinds.dropFirst().first == .emptied && kinds.last == .target, "\(kinds)")
        #expect(c.lines[0].text == "new recording 1: it selects nothing")
        #expect(c.lines.last?.text.contains("Bookshelf") == true, "\(c.lines)")
        #expect(c.reason == c.lines.map(\.text).joined(separator: "; "))
        let table = gate.table(checks, colour: false).split(separator: "\n").map(String.init)
        #expect(table.contains { $0.hasPrefix("          emptied: step ") })
        #expect(table.contains { $0.hasPrefix("          target: the target is now ") })
        let junit = gate.junit(checks)
        #expect(junit.contains("&#10;emptied: step "))
        guard case .array(let rows) = gate.json(checks), case .array(let lines)? = rows[0]["lines"] else {
            Issue.record("no lines in the JSON"); return
        }
        #expect(lines.count == c.lines.count && lines[1]["kind"] == .string("emptied"))
    }

    @Test("an identifier changed: the id's selector is broken, with a fix by the label")
    func identifierChanged() throws {
        var plan = EditPlan()
        plan.set("name", .string("settings-button"), on: Self.node(10))
        let (checks, _, _) = try Self.run([("id", "Settings"), ("xpath", "//XCUIElementTypeButton[@name='Settings']"),
                                           ("predicate", "label == 'Settings'")], plan)
        #expect(checks.map(\.status) == [.broken, .broken, .ok])
        #expect(checks[0].fix == "settings-button" || checks[0].fix != nil)
        #expect(checks[1].fix != nil)
    }

    @Test("a view deleted: broken, and no fix, since its target has no counterpart")
    func deleted() throws {
        var plan = EditPlan()
        plan.deleted = [Self.node(125)]
        let (checks, _, _) = try Self.run([("accessibility_id", "Library"), ("accessibility_id", "Settings")], plan)
        #expect(checks.map(\.status) == [.broken, .ok])
        #expect(checks[0].fix == nil)
        #expect(checks[0].reason?.contains("no counterpart") == true)
    }

    @Test("siblings reordered: a position now names another view (moved), with a fix; a name still finds its view")
    func reordered() throws {
        let old = try loadReal(Self.kiwix)
        // The toolbar's first button slot (Go Back) moves to the end of its siblings.
        let goBack = Self.node(117)
        // Its slot: the ancestor that has siblings (the button sits in a chain of single children).
        var slot = goBack
        while let p = old.parent(of: slot), old.children(of: p).count == 1 { slot = p }
        slot = try #require(old.parent(of: slot))
        var up = goBack
        while let p = old.parent(of: up), p != slot { up = p }
        slot = up
        var plan = EditPlan()
        plan.movedToEnd = [slot]
        let (checks, edited, gate) = try Self.run([("xpath", "(//XCUIElementTypeButton)[3]"), ("accessibility_id", "Go Back")], plan)
        #expect(checks.map(\.status) == [.moved, .ok])
        #expect(checks[0].fix != nil)
        #expect(gate.alignments[0].newCounterpart(of: goBack) == edited.counterpart[goBack])
    }

    @Test("a wrapper inserted: a child step breaks, a descendant search does not")
    func wrapped() throws {
        let old = try loadReal(Self.kiwix)
        let settings = Self.node(10)
        let parent = try #require(old.parent(of: settings))
        let parentClass = old.className(of: parent)
        var plan = EditPlan()
        plan.wrappers = [(children: [settings], className: "XCUIElementTypeOther")]
        let (checks, _, _) = try Self.run([("xpath", "//\(parentClass)/XCUIElementTypeButton[@name='Settings']"),
                                           ("xpath", "//XCUIElementTypeButton[@name='Settings']")], plan)
        #expect(checks.map(\.status) == [.broken, .ok])
        #expect(checks[0].fix != nil)
    }

    @Test("a label copied onto a view before the target: one view before, two now, the first another (ambiguous), with a fix")
    func ambiguous() throws {
        var plan = EditPlan()
        plan.set("label", .string("Settings"), on: Self.node(9))   // Search in page, just before Settings
        plan.set("accessibilityLabel", .string("Settings"), on: Self.node(9))
        let (checks, _, _) = try Self.run([("predicate", "label == 'Settings'"), ("accessibility_id", "Settings")], plan)
        #expect(checks.map(\.status) == [.ambiguous, .ok])
        #expect(checks[0].fix != nil)
    }

    @Test("the label copied onto a view after the target: the first match is still the target (fragile), with a fix")
    func fragile() throws {
        var plan = EditPlan()
        plan.set("label", .string("Settings"), on: Self.node(131))   // List, in the toolbar below
        plan.set("accessibilityLabel", .string("Settings"), on: Self.node(131))
        let (checks, _, _) = try Self.run([("predicate", "label == 'Settings'")], plan)
        #expect(checks.map(\.status) == [.fragile])
        #expect(checks[0].status.fails == false)
        #expect(checks[0].fix != nil)
    }

    @Test("a locale swapped: selectors by label break with fixes by identifier, selectors by identifier survive")
    func locale() throws {
        var plan = EditPlan()
        plan.relabel = { "«" + $0 + "»" }
        let (checks, _, _) = try Self.run([("predicate", "label == 'Tabs Manager'"), ("class_name", "XCUIElementTypeButton"),
                                           ("xpath", "//XCUIElementTypeButton[@name='list.bullet']")], plan)
        #expect(checks[0].status == .broken)
        #expect(checks[0].fix != nil)
        #expect(checks[1].status == .ok)
        #expect(checks[2].status == .ok)
    }

    @Test("two real recordings of iOS Settings, English and Chinese: the identifier survives, the localised names break, fixes proved")
    func settingsInTwoLocales() throws {
        let registry = EngineRegistry.standard()
        let tests = #filePath.split(separator: "/").dropLast(2).joined(separator: "/")
        let english = try HierarchyFormat.loadDetecting(
            try FileIO.read("/" + tests + "/Fixtures/appium/locators/ios_settings_top_shirates.xml")).0
        let chinese = try loadReal("xcuitest_ios_settings_zh_uiautodev.xml")
        let gate = LocatorGate(registry: registry, old: [english], new: [chinese])
        // The Accessibility cell (uid 25) is 辅助功能 (uid 104); its title ACCESSIBILITY (27) is 106.
        let cell = try #require(english.node(withUID: "25")), title = try #require(english.node(withUID: "27"))
        #expect(gate.alignments[0].newCounterpart(of: cell).flatMap { chinese.uidString(of: $0) } == "104")
        #expect(gate.alignments[0].newCounterpart(of: title).flatMap { chinese.uidString(of: $0) } == "106")
        let checks = gate.check([Locator(engine: "xpath", selector: "//*[@name='ACCESSIBILITY']"),
                                 Locator(engine: "predicate", selector: "name == 'Accessibility'"),
                                 Locator(engine: "accessibility_id", selector: "Settings")])
        #expect(checks.map(\.status) == [.ok, .broken, .broken])
        for c in checks where c.fix != nil {
            let want = c.old[0].compactMap { gate.alignments[0].newCounterpart(of: $0) }
            #expect(try registry.select(c.fix!, engine: c.locator.engine, in: chinese) == want, "\(c.fix!)")
            #expect(namesNoLoaderColumn(c.fix!, of: chinese), "\(c.fix!)")
        }
        #expect(checks[1].fix == "name == '辅助功能'")
    }

    @Test("JSON and JUnit XML: one object and one test case a selector, uids as frankly select prints them")
    func reports() throws {
        var plan = EditPlan()
        plan.deleted = [Self.node(125)]
        let (checks, _, gate) = try Self.run([("accessibility_id", "Library"), ("accessibility_id", "Settings")], plan)
        let json = gate.json(checks).jsonString
        #expect(json.contains(#""status":"broken""#) && json.contains(#""old":[["125"]]"#) && json.contains(#""new":[[]]"#))
        #expect(json.contains(#""fix":null"#))
        let xml = gate.junit(checks)
        #expect(xml.contains(#"<testsuite name="frankly check" tests="2" failures="1">"#))
        #expect(xml.contains(#"<failure type="broken""#))
        #expect(xml.contains(#"name="accessibility_id:Settings"/>"#))
    }
}

/// Whether `selector`, outside its quoted literals, names none of the columns the loader made on
/// `tree` (`ViewTree.loaderColumns`: `uid`, `accessibilityIdentifier`, `accessibilityLabel`, frames,
/// flags), which Appium's page source does not have. A class chain's backquoted predicate is read
/// as names: its keys are attributes too.
func namesNoLoaderColumn(_ selector: String, of tree: ViewTree) -> Bool {
    precondition(!tree.loaderColumns.isEmpty, "a page source whose loader made columns")
    return wordsOutsideQuotes(selector).allSatisfy { $0 == "class" || !tree.loaderColumns.contains($0) }
}
