import Testing
@testable import Audit
import HierarchyFormats
import SelectorCore

// missing-heading (ours: Google's ATF publishes no heading check; its checks/ directory has
// fourteen, none about headings). Each row reaches one branch of `RuleRunner.missingHeading`:
// the place (a bar's first text, a text first in a group holding a list), the state the
// recording carries (XCUITest `traits`, UiAutomator2 `heading`) and the views left out.

@Suite struct MissingHeadingTests {
    /// A navigation bar holding `title` (uid 4) and, when given, a second text (uid 5).
    static func navigationBar(_ title: String, subtitle: String? = nil) -> String {
        element("NavigationBar", 0, 62, 402, 54, "name=\"Inbox\" accessible=\"false\" traits=\"\"",
                children: element("StaticText", 160, 66, 80, 22, "label=\"Inbox\" name=\"Inbox\" value=\"Inbox\" accessible=\"true\" " + title)
                    + (subtitle.map { element("StaticText", 160, 90, 80, 16, "label=\"3 unread\" accessible=\"true\" " + $0) } ?? ""))
    }

    /// A group (uid 3) whose children are `children`: a section's title above its list.
    static func group(_ children: String) -> String {
        element("Other", 0, 120, 402, 300, "accessible=\"false\" traits=\"\"", children: children)
    }

    static let text = element("StaticText", 16, 130, 120, 27, "label=\"Trending\" name=\"Trending\" accessible=\"true\" traits=\"StaticText\"")
    static let list = element("CollectionView", 16, 170, 382, 240, "accessible=\"false\" traits=\"\"",
                              children: element("Cell", 16, 170, 362, 52, "accessible=\"false\" traits=\"\""))
    static let showAll = element("Button", 300, 130, 80, 44, "label=\"Show all\" name=\"Show all\" accessible=\"true\" traits=\"Button\"")

    /// (what the row reaches, page body, the finding's uid and message, or nil).
    static let iosRows: [(String, String, (String, String)?)] = [
        ("a navigation bar's title without Header", navigationBar("traits=\"StaticText\""),
         ("4", "\"Inbox\" titles the navigation bar but is not marked a heading (traits StaticText)")),
        ("a title with no traits at all", navigationBar("traits=\"\""),
         ("4", "\"Inbox\" titles the navigation bar but is not marked a heading (no traits)")),
        ("a title with Header passes", navigationBar("traits=\"Header\""), nil),
        ("Header among other traits passes", navigationBar("traits=\"StaticText, Header\""), nil),
        ("no traits recorded (before iOS 17): not run", navigationBar(""), nil),
        ("only the bar's first text is its title", navigationBar("traits=\"Header\"", subtitle: "traits=\"StaticText\""), nil),
        ("a text first in a group holding a list", group(text + showAll + list),
         ("4", "\"Trending\" heads a group holding a list but is not marked a heading (traits StaticText)")),
        ("a text not first in its group", group(showAll + text + list), nil),
        ("a text first in a group without a list", group(text + showAll), nil),
        ("a text VoiceOver does not visit", group(element("StaticText", 16, 130, 120, 27, "label=\"Trending\" accessible=\"false\" traits=\"StaticText\"") + list), nil),
        ("a button first in a group is no heading", group(showAll + list), nil),
    ]

    @Test(arguments: 0..<iosRows.count) func ios(_ k: Int) throws {
        let (name, body, expected) = Self.iosRows[k]
        let tree = try AuditTests.ios(body)
        let found = try findings(tree, [.missingHeading])
        #expect(found.map { uid($0, tree) } == (expected.map { [$0.0] } ?? []), "\(name)")
        #expect(found.map(\.message) == (expected.map { [$0.1] } ?? []), "\(name)")
        #expect(found.allSatisfy { $0.severity == .warning })
    }

    /// A toolbar `bar` (uid 3: its class and attributes) holding a navigation button (uid 4) and
    /// a title (uid 5) with `state` written as is, then a subtitle (uid 6, heading false).
    static func toolbar(_ bar: (String, String), _ state: String) -> String {
        view(bar.0, 0, 72, 1080, 240, bar.1,
             children: view("android.widget.ImageButton", 0, 72, 168, 240, "clickable=\"true\" content-desc=\"Navigate up\" heading=\"false\"")
                + view("android.widget.TextView", 200, 100, 700, 170, "text=\"Settings\" clickable=\"false\" " + state)
                + view("android.widget.TextView", 200, 170, 700, 220, "text=\"Account\" clickable=\"false\" heading=\"false\""))
    }

    static let recycler = view("androidx.recyclerview.widget.RecyclerView", 0, 400, 1080, 1800, "scrollable=\"true\" heading=\"false\"",
                               children: view("android.widget.LinearLayout", 0, 400, 1080, 560, "clickable=\"true\" heading=\"false\""))

    static func section(_ first: String, _ rest: String = recycler) -> String {
        view("android.widget.LinearLayout", 0, 300, 1080, 1800, "heading=\"false\"", children: first + rest)
    }

    static let androidRows: [(String, String, (String, String)?)] = [
        ("a Toolbar's title, heading false", toolbar(("android.widget.Toolbar", ""), "heading=\"false\""),
         ("5", "\"Settings\" titles the toolbar but is not marked a heading (heading=false)")),
        ("an AppCompat Toolbar", toolbar(("androidx.appcompat.widget.Toolbar", ""), "heading=\"false\""),
         ("5", "\"Settings\" titles the toolbar but is not marked a heading (heading=false)")),
        ("a ViewGroup with AppCompat's action_bar id", toolbar(("android.view.ViewGroup", "resource-id=\"com.example:id/action_bar\""), "heading=\"false\""),
         ("5", "\"Settings\" titles the toolbar but is not marked a heading (heading=false)")),
        ("a ViewGroup with a toolbar id", toolbar(("android.view.ViewGroup", "resource-id=\"com.example:id/toolbar\""), "heading=\"false\""),
         ("5", "\"Settings\" titles the toolbar but is not marked a heading (heading=false)")),
        ("a ViewGroup with another id is no bar", toolbar(("android.view.ViewGroup", "resource-id=\"com.example:id/header\""), "heading=\"false\""), nil),
        ("a title marked a heading passes", toolbar(("android.widget.Toolbar", ""), "heading=\"true\""), nil),
        ("heading not recorded (uiautomator dump, older UiAutomator2): not run", toolbar(("android.widget.Toolbar", ""), ""), nil),
        ("a text first in a group holding a list", section(view("android.widget.TextView", 40, 300, 600, 380, "text=\"Recent\" heading=\"false\"")),
         ("4", "\"Recent\" heads a group holding a list but is not marked a heading (heading=false)")),
        ("a text first in a group of texts", section(view("android.widget.TextView", 40, 300, 600, 380, "text=\"Recent\" heading=\"false\""),
                                                     view("android.widget.TextView", 40, 400, 600, 480, "text=\"Nothing yet\" heading=\"false\"")), nil),
        ("a clickable text is a control", section(view("android.widget.TextView", 40, 300, 600, 380, "text=\"Recent\" clickable=\"true\" heading=\"false\"")), nil),
        ("a Button is a TextView that acts", section(view("android.widget.Button", 40, 300, 600, 380, "text=\"Recent\" clickable=\"true\" heading=\"false\"")), nil),
        ("an EditText is a TextView that edits", section(view("android.widget.EditText", 40, 300, 600, 380, "text=\"Recent\" heading=\"false\"")), nil),
        ("not important for accessibility", section(view("android.widget.TextView", 40, 300, 600, 380, "text=\"Recent\" a11y-important=\"false\" heading=\"false\"")), nil),
    ]

    @Test(arguments: 0..<androidRows.count) func android(_ k: Int) throws {
        let (name, body, expected) = Self.androidRows[k]
        let tree = try AuditTests.android(body)
        let found = try findings(tree, [.missingHeading], density: 1)
        #expect(found.map { uid($0, tree) } == (expected.map { [$0.0] } ?? []), "\(name)")
        #expect(found.map(\.message) == (expected.map { [$0.1] } ?? []), "\(name)")
    }

    /// A Compose semantics print lists `Heading` on headings only: where it marks one view, a
    /// section title without it is reported; a print marking none cannot say, and is not run.
    @Test func composeListsHeadings() throws {
        func print(_ welcome: String) -> String {
            """
            Node #1 at (l=0.0, t=0.0, r=1080.0, b=2220.0)px
             |-Node #2 at (l=0.0, t=100.0, r=1080.0, b=200.0)px
            \(welcome) | Text = '[Welcome]'
             |-Node #3 at (l=0.0, t=300.0, r=1080.0, b=2000.0)px
                |-Node #4 at (l=40.0, t=300.0, r=600.0, b=380.0)px
                | Text = '[Recent]'
                |-Node #5 at (l=0.0, t=400.0, r=1080.0, b=2000.0)px
                  Actions = [ScrollBy]

            """
        }
        let marked = try HierarchyFormat.compose.load(Array(print(" | Heading = 'true'\n").utf8))
        let found = try findings(marked, [.missingHeading], density: 1)
        #expect(found.map(\.message) == ["\"Recent\" heads a group holding a list but is not marked a heading (no Heading)"])
        let none = try HierarchyFormat.compose.load(Array(print("").utf8))
        #expect(try findings(none, [.missingHeading], density: 1).isEmpty)
    }

    /// Pocket Casts' Discover page (XCUITest, iOS 26, traits recorded). Read off the file: the
    /// navigation bar's title "Discover" (uid 10) carries `traits="Header"`; the "Trending"
    /// StaticText (uid 63, line 87, [16,454] 91×27, `traits="StaticText"`, accessible) is the
    /// first child of an Other that also holds a "SHOW ALL" button and the CollectionView of
    /// trending podcasts: a section title without the Header trait, the page's one finding of
    /// this rule. "FEATURED" (uid 55) stands after an image among a card's texts, with no list beside it.
    @Test func pocketCastsTrending() throws {
        let tree = try fixture("real/xcuitest_ios26_pocketcasts_discover_mobium.xml")
        var options = AuditOptions(rules: [.missingHeading])
        options.nameViews = true
        let screen = try Audit.run(tree, registry: auditRegistry, options: options)
        #expect(pairs(screen.findings, tree) == ["missing-heading@63"])
        let f = try #require(screen.findings.first)
        #expect(f.message == "\"Trending\" heads a group holding a list but is not marked a heading (traits StaticText)")
        #expect(f.name == ViewName(engine: "xcuitest", selector: "app.staticTexts[\"Trending\"]", fragile: false))
        #expect(try auditRegistry.select(f.name!.selector, engine: "xcuitest", in: tree) == [f.node])
    }

    /// Recordings that carry heading state and mark their titles: Android's permission dialog
    /// (UiAutomator2, `heading` on every view; its title text is `heading="true"` and stands
    /// beside an icon, not a list) and Kiwix and Ice Cubes (iOS 26: their navigation titles, where
    /// there is one, carry Header). Recordings without the state (WeCom's dump, the iOS Settings
    /// source without traits) get nothing.
    @Test func recordingsThatMarkOrCannotSay() throws {
        for path in ["appium/uiautomator2_permission_dialog_mobium.xml", "real/xcuitest_ios26_kiwix_main_page_mobium.xml",
                     "real/xcuitest_ios26_icecubes_timeline_mobium.xml", "real/uiautomator_android_wecom_window_dump.xml",
                     "real/xcuitest_ios_settings_zh_uiautodev.xml"] {
            #expect(try findings(try fixture(path), [.missingHeading]).isEmpty, "\(path)")
        }
    }
}
