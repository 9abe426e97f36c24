import LocatorGate
public import SelectorCore
import TreeAlignment

/// `frankly audit --html`: the first recording's findings over its wireframe, composed of
/// LocatorGate's wireframe page parts (`WireframePage`: its shell, styles, boxes, colour schemes,
/// CSP and click-to-light script), with the findings listed where the diff page lists edits.
/// With a baseline, the baseline's wireframe stands beside it (findings light their view's
/// counterpart there); without one, only the recording's.
public enum AuditPage {
    /// The page for `report`'s first recording (`paths[0]`); the others are counted in its summary.
    public static func html(_ report: AuditReport, paths: [String], title: String, baseline: ViewTree? = nil) -> String {
        guard let screen = report.screens.first else { return "" }
        let tree = screen.tree
        let path = paths.first ?? "recording 1"
        // Only a baseline needs an alignment: it maps findings and hovered boxes to counterparts.
        let alignment = report.hasBaseline ? baseline.map { align($0, tree) } : nil
        let errors = screen.findings.filter { $0.severity == .error }.count
        var body = WireframePage.summary(esc(path) + ": <span class=\"k-deleted\">\(errors) error\(errors == 1 ? "" : "s")</span>, "
            + "<span class=\"k-changed\">\(screen.findings.count - errors) other finding\(screen.findings.count - errors == 1 ? "" : "s")</span>"
            + (report.hasBaseline ? ", \(screen.newFindings.count) new" : "")
            + "; addressable by id \(screen.addressable)/\(screen.actionable) (\(AuditReport.percent(screen.score))). "
            + (report.screens.count > 1 ? "\(report.screens.count - 1) more recording\(report.screens.count == 2 ? "" : "s") in the text, JSON or SARIF report. " : "")
            + "Click a finding to light its view.") + "\n"
        body += "<div class=\"edits findings\"><section class=\"group\" style=\"max-height:22em;flex:1 1 100%\"><h2>\(screen.findings.count) findings</h2><ul id=\"findings\">"
        for f in screen.findings {
            let views = [f.node] + f.related
            let olds = alignment.map { a in views.compactMap { a.oldCounterpart(of: $0) } } ?? []
            let kind = f.severity == .error ? "k-deleted" : "k-changed"
            body += "<li class=\"edit finding\" tabindex=\"0\" data-rule=\"\(esc(f.rule.id))\" data-old=\"\(olds.map(String.init).joined(separator: " "))\" "
                + "data-new=\"\(views.map(String.init).joined(separator: " "))\">"
                + "<span class=\"\(kind)\">\(f.severity.rawValue)</span> "
                + (report.hasBaseline ? (f.isNew ? "<b>new</b> " : "known ") : "")
                + "<b>\(esc(f.rule.id))</b> <code>\(esc(f.locator(in: tree)))</code> — \(esc(f.message))</li>"
        }
        body += "</ul></section></div>\n"
        body += WireframePage.legend([("k-deleted", "an error's view"), ("k-changed", "a warning's view"), ("lit", "the clicked finding's views")]) + "\n"
        // The findings' views outlined (red for errors, amber for the rest) once the page has
        // parsed: the wireframe's boxes come after this list.
        body += "<script>document.addEventListener('DOMContentLoaded', () => document.querySelectorAll('li.finding').forEach(li => { "
            + "const sev = li.querySelector('span').textContent; "
            + "const b = document.querySelector(`.frame[data-side=\"new\"] .box[data-id=\"${li.dataset.new.split(' ')[0]}\"]`); "
            + "if (b && !b.classList.contains('f-error')) b.classList.add('f-' + sev); }));</script>\n"
        var figures: [String] = []
        if let baseline, let alignment {
            // As on the diff page: what changed since the baseline outlined by kind, counterparts lit on hover.
            let (kindsOld, kindsNew) = WireframePage.kinds(alignment), (peerOld, peerNew) = WireframePage.peers(alignment)
            figures.append(WireframePage.wireframe(baseline, side: "old", caption: "baseline", kinds: kindsOld, peers: peerOld))
            figures.append(WireframePage.wireframe(tree, side: "new", caption: path, kinds: kindsNew, peers: peerNew))
        } else {
            figures.append(WireframePage.wireframe(tree, side: "new", caption: path))
        }
        body += WireframePage.pair(figures)
        return WireframePage.page(title: title, body: body,
                                  style: ".box.f-error { outline: 2px solid var(--bad); } .box.f-warning, .box.f-note { outline: 2px solid var(--warn); }")
    }
}
