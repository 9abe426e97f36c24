import Testing
import Audit
import SelectorCore
import TreeAlignment
import ViewSelectorsTesting

// The audit on real recordings (Tests/Fixtures; sources and licences in the READMEs there), each
// expected finding read off the file by hand, and the baseline mode on real recordings edited the
// way a new build changes them (`EditPlan`): exactly the findings the edit introduced are new.

@Suite struct AuditRealRecordingTests {
    /// Appium's TheApp login (UiAutomator2 page source, 1080×1920 px, so 2.625 px/dp inferred).
    /// Read off the file:
    /// - uid 13 `ImageButton` [0,72][168,240], clickable, no text, no content-desc: speakable-text
    ///   (64×64 dp is large enough) and missing-id (no resource-id).
    /// - uid 17 `EditText` "alice", content-desc "username", [150,504][930,616]: 112 px high =
    ///   42.7 → 43 dp < 48: touch-target; a content description on an editable field:
    ///   editable-content-desc; no resource-id: missing-id.
    /// - uid 19 `EditText` "•••••••••", content-desc "password", [150,624][930,736]: the same three.
    /// - The `loginBtn` ViewGroup (uid 21) is focusable but not clickable, so it is no touch
    ///   target (ATF runs on clickable views) and not actionable for missing-id; it speaks.
    @Test func theAppLogin() throws {
        let tree = try fixture("appium/uiautomator2_theapp_login_appium.xml")
        let screen = try Audit.run(tree, registry: auditRegistry)
        #expect(screen.density == 2.625 && screen.densityOrigin == "inferred")
        #expect(pairs(screen.findings, tree) == ["speakable-text@13", "missing-id@13",
                                                 "touch-target@17", "editable-content-desc@17", "missing-id@17",
                                                 "touch-target@19", "editable-content-desc@19", "missing-id@19"])
        #expect(screen.findings.first { $0.rule == .touchTarget }?.message == "43 dp high; needs at least 48×48 dp")
        #expect((screen.actionable, screen.addressable) == (3, 0))
        // Each view named in Espresso, Android's own test language, proven unique by the registry.
        for f in screen.findings {
            let name = try #require(f.name)
            #expect(name.engine == "espresso" || name.engine == "uiselector" || name.engine == "xpath")
            #expect(try auditRegistry.select(name.selector, engine: name.engine, in: tree) == [f.node])
        }
        #expect(screen.findings.first { uid($0, tree) == "17" }?.name?.selector == "onView(withContentDescription(\"username\"))")
    }

    /// The same page at a density given: 3 px/dp makes the EditTexts 37 dp high, still failing,
    /// and at 1 px/dp (a wrong guess) nothing is too small.
    @Test func densityGiven() throws {
        let tree = try fixture("appium/uiautomator2_theapp_login_appium.xml")
        #expect(try findings(tree, [.touchTarget], density: 3).map(\.message) == ["37 dp high; needs at least 48×48 dp",
                                                                                  "37 dp high; needs at least 48×48 dp"])
        #expect(try findings(tree, [.touchTarget], density: 1).isEmpty)
    }

    /// Android's location permission dialog (mobium, UiAutomator2): every clickable view has a
    /// resource id of its own, text, and is at least 48 dp (the smallest, the three buttons, are
    /// 147 px = 56 dp high), so it has no findings and scores 7/7.
    @Test func permissionDialogIsClean() throws {
        let tree = try fixture("appium/uiautomator2_permission_dialog_mobium.xml")
        let screen = try Audit.run(tree, registry: auditRegistry)
        #expect(screen.findings.isEmpty)
        #expect((screen.actionable, screen.addressable) == (7, 7))
    }

    /// Kiwix's main page (XCUITest, iOS 26). Read off the file:
    /// - uids 9 "Search in page" (39×36), 10 "Settings" (42×36), 117 "Go Back" (38×38), 121 "Tabs
    ///   Manager" (41×38), 125 "Library" (47×38), 131 "list.bullet" (44×36), 137 "More" and its
    ///   inner button 138 (41×36): buttons under 44 pt: touch-target. None is against the screen's
    ///   edge (x 286…382, y 66…840 on 402×874) nor inside a larger actionable view.
    /// - Each has `name` equal to its `label` (WebDriverAgent's fallback), so no identifier:
    ///   missing-id; 138 has neither.
    /// - 131 is a Button named "list.bullet" inside an Other named "list.bullet" (uid 129, not
    ///   actionable): SwiftUI's cascade, inherited-id (and so it has an id: no missing-id).
    /// - 137 and 138 share [293,804][334,840]: duplicate-clickable-bounds on 137.
    /// - The web view's links are web content: no touch-target or id findings for them.
    @Test func kiwixMainPage() throws {
        let tree = try fixture("real/xcuitest_ios26_kiwix_main_page_mobium.xml")
        let screen = try Audit.run(tree, registry: auditRegistry)
        #expect(pairs(screen.findings, tree) == [
            "touch-target@9", "missing-id@9", "touch-target@10", "missing-id@10", "touch-target@117", "missing-id@117",
            "touch-target@121", "missing-id@121", "touch-target@125", "missing-id@125", "touch-target@131", "inherited-id@131",
            "touch-target@137", "duplicate-clickable-bounds@137", "missing-id@137", "touch-target@138", "missing-id@138"])
        #expect(screen.findings.first?.message == "39×36 pt; needs at least 44×44 pt")
        #expect(screen.findings.first?.name == ViewName(engine: "xcuitest", selector: "app.buttons[\"Search in page\"]", fragile: false))
        for f in screen.findings {
            let name = try #require(f.name)
            #expect(try auditRegistry.select(name.selector, engine: name.engine, in: tree) == [f.node])
        }
    }

    /// WeCom's chat list (uiautomator dump, 720 px wide: 2 px/dp). Read off the file: the tab
    /// bar's "消息" tab label (uid 40, TextView, clickable, [4,1508][72,1554]) is 34×23 dp, and
    /// another clickable view speaks "消息" too, so it is both a touch-target and a
    /// duplicate-speakable-text finding; the chat rows repeat their ids row by row (uid 59's
    /// `czo` and so on) and are not duplicate-id findings for it.
    @Test func weComRowsRepeatIDsByDesign() throws {
        let tree = try fixture("real/uiautomator_android_wecom_window_dump.xml")
        let found = try findings(tree)
        let tab = found.filter { $0.message.contains("34×23 dp") || $0.message.contains("\"消息\"") }
        #expect(tab.map(\.rule.id).sorted() == ["duplicate-speakable-text", "touch-target"])
        #expect(Set(tab.map(\.node)).count == 1)
        // No row view is reported for an id its sibling rows share.
        let list = (0..<tree.count).first { tree.className(of: NodeID($0)).hasSuffix("ListView") || tree.className(of: NodeID($0)).hasSuffix("RecyclerView") }
        if let list {
            let rows = Int(tree.ends[list])
            #expect(!found.contains { $0.rule == .duplicateID && Int($0.node) > list && Int($0.node) < rows
                                       && $0.related.allSatisfy { Int($0) > list && Int($0) < rows } })
        }
    }
}

@Suite struct AuditBaselineTests {
    /// A report of `new` against `old`, both through the public entry point.
    func newFindings(old: ViewTree, new: ViewTree) throws -> [String] {
        let report = try Audit.run([new], baseline: [old], registry: auditRegistry)
        return pairs(report.screens[0].findings.filter(\.isNew), new)
    }

    func node(_ tree: ViewTree, _ property: String, endingWith suffix: String) throws -> NodeID {
        try #require((0..<tree.count).map { NodeID($0) }.first { tree.string(property, of: $0)?.hasSuffix(suffix) == true })
    }

    @Test func sameRecordingHasNothingNew() throws {
        for path in ["real/xcuitest_ios26_kiwix_main_page_mobium.xml", "real/uiautomator_android_wecom_window_dump.xml"] {
            let tree = try fixture(path)
            let report = try Audit.run([tree], baseline: [tree], registry: auditRegistry)
            #expect(!report.screens[0].findings.isEmpty)
            #expect(report.screens[0].newFindings.isEmpty, "\(path)")
            #expect(!report.fails)
        }
    }

    /// Kiwix's Settings button (uid 10) loses its label (and the name WebDriverAgent made of it):
    /// exactly one new finding, speakable-text on that button; its touch-target and missing-id
    /// findings were there before.
    @Test func labelRemoved() throws {
        let old = try fixture("real/xcuitest_ios26_kiwix_main_page_mobium.xml")
        let settings = try #require(old.node(withUID: "10"))
        #expect(old.label(of: settings) == "Settings")
        var plan = EditPlan()
        for name in ["accessibilityLabel", "label", "name", "accessibilityIdentifier"] { plan.set(name, nil, on: settings) }
        let edited = old.edited(plan)
        let now = try #require(edited.counterpart[settings])
        #expect(try newFindings(old: old, new: edited.tree) == ["speakable-text@\(edited.tree.uidString(of: now)!)"])
        let report = try Audit.run([edited.tree], baseline: [old], registry: auditRegistry)
        #expect(report.fails)
    }

    /// The permission dialog's "Only this time" button shrunk to 60×60 px (23 dp at the inferred
    /// 2.625): one new touch-target finding, a warning (its clickable dialog may take the touch).
    @Test func buttonShrunk() throws {
        let old = try fixture("appium/uiautomator2_permission_dialog_mobium.xml")
        let button = try node(old, "resource-id", endingWith: "permission_allow_one_time_button")
        var plan = EditPlan()
        plan.set("accessibilityFrame", Rect(x: 133, y: 1559, width: 60, height: 60).json, on: button)
        let edited = old.edited(plan)
        let now = try #require(edited.counterpart[button])
        #expect(try newFindings(old: old, new: edited.tree) == ["touch-target@\(edited.tree.uidString(of: now)!)"])
        let f = try Audit.run([edited.tree], baseline: [old], registry: auditRegistry).screens[0].newFindings
        #expect(f.map(\.message) == ["23×23 dp; needs at least 48×48 dp; a clickable ancestor may handle its touches"])
    }

    /// The dialog's "Don't allow" button takes "Only this time"'s resource id: both now hold a
    /// duplicated id, so exactly two new findings, duplicate-id on each.
    @Test func idDuplicated() throws {
        let old = try fixture("appium/uiautomator2_permission_dialog_mobium.xml")
        let once = try node(old, "resource-id", endingWith: "permission_allow_one_time_button")
        let deny = try node(old, "resource-id", endingWith: "permission_deny_button")
        var plan = EditPlan()
        plan.set("resource-id", .string(old.string("resource-id", of: once)!), on: deny)
        let edited = old.edited(plan)
        let uids = [once, deny].map { edited.tree.uidString(of: edited.counterpart[$0]!)! }
        #expect(try newFindings(old: old, new: edited.tree) == uids.map { "duplicate-id@\($0)" })
        let screen = try Audit.run(edited.tree, registry: auditRegistry)
        #expect((screen.actionable, screen.addressable) == (7, 5))
    }

    /// Known findings stay known when the views move: two buttons of Kiwix's toolbar swapped.
    @Test func movedViewsKeepTheirFindings() throws {
        let old = try fixture("real/xcuitest_ios26_kiwix_main_page_mobium.xml")
        let search = try #require(old.node(withUID: "9"))
        var plan = EditPlan()
        plan.movedToEnd = [search]
        let edited = old.edited(plan)
        #expect(try newFindings(old: old, new: edited.tree).isEmpty)
    }
}
