import Testing
import Audit
import SelectorCore

/// `frankly audit --html` built of `WireframePage`'s parts: the findings where the diff page
/// lists edits, the recording's wireframe (with a baseline, the baseline's beside it).
@Suite struct AuditPageTests {
    static let kiwix = "real/xcuitest_ios26_kiwix_main_page_mobium.xml"

    @Test func withoutBaselineOneWireframe() throws {
        let tree = try fixture(Self.kiwix)
        let report = try Audit.run([tree], registry: auditRegistry)
        let page = AuditPage.html(report, paths: ["kiwix & co.xml"], title: "frankly audit")
        #expect(page.components(separatedBy: "<li class=\"edit finding\"").count - 1 == report.screens[0].findings.count)
        #expect(page.components(separatedBy: "<figure class=\"wire\"").count - 1 == 1)
        #expect(page.contains("<figure class=\"wire\" data-side=\"new\"><figcaption>kiwix &amp; co.xml</figcaption>"))
        #expect(!page.contains("data-side=\"old\">"))
        // The summary first, then the findings, the legend, and the wireframe last.
        let marks = ["id=\"summary\">kiwix &amp; co.xml: <span class=\"k-deleted\">9 errors</span>", "<ul id=\"findings\">",
                     "<p class=\"legend\">", "<div class=\"pair\">"]
        let at = try marks.map { try #require(page.firstRange(of: $0), "\($0)").lowerBound }
        #expect(at == at.sorted())
        // Settings (node 9): its finding lights its box; no baseline, so nothing on an old side.
        #expect(page.contains("data-old=\"\" data-new=\"9\""))
        #expect(page.contains("class=\"box\" data-id=\"9\""))
        #expect(page.contains(".box.f-error { outline: 2px solid var(--bad); }"))
    }

    @Test func withBaselineBothWireframes() throws {
        let tree = try fixture(Self.kiwix)
        let report = try Audit.run([tree], baseline: [tree], registry: auditRegistry)
        let page = AuditPage.html(report, paths: ["kiwix.xml"], title: "frankly audit", baseline: tree)
        #expect(page.contains("<figure class=\"wire\" data-side=\"old\"><figcaption>baseline</figcaption>"))
        #expect(page.contains("<figure class=\"wire\" data-side=\"new\"><figcaption>kiwix.xml</figcaption>"))
        // Each finding lights its view's counterpart in the baseline too, and hovering a box its peer.
        #expect(page.contains("data-old=\"9\" data-new=\"9\""))
        #expect(page.contains("data-peer=\"9\""))
        #expect(page.contains("known "))
        // A baseline that differs: its edits outlined by kind, as on the diff page.
        let relabelled = tree.setting("accessibilityLabel", to: .string("Preferences"), on: [9])
        let edited = try Audit.run([relabelled], baseline: [tree], registry: auditRegistry)
        let page2 = AuditPage.html(edited, paths: ["kiwix.xml"], title: "frankly audit", baseline: tree)
        #expect(page2.components(separatedBy: "<div class=\"box k-changed\" data-id=\"9\"").count - 1 == 2)
    }
}
