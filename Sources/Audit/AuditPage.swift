import LocatorGate
public import SelectorCore
import TreeAlignment

/// `frankly audit --html`: the first recording's findings over its wireframe, on LocatorGate's
/// wireframe page (`WireframePage.diff`: its styles, boxes, colour schemes, CSP and click-to-light
/// script), with the findings list in place of the edits. With a baseline, the baseline's
/// wireframe stands beside it (findings light their view's counterpart there); without one, only
/// the recording's.
public enum AuditPage {
    /// Where the page's body starts and the wireframes start: what `WireframePage.diff` writes
    /// first and where its pair of figures begins (checked by AuditPageTests).
    static let summaryMark = "<p class=\"summary\" id=\"summary\">"
    static let pairMark = "<div class=\"pair\">"
    static let oldFigureMark = "<figure class=\"wire\" data-side=\"old\">"

    /// The page for `report`'s first recording (`paths[0]`); the others are counted in its summary.
    public static func html(_ report: AuditReport, paths: [String], title: String, baseline: ViewTree? = nil) -> String {
        guard let screen = report.screens.first else { return "" }
        let tree = screen.tree
        let old = baseline ?? tree
        let alignment = align(old, tree)
        var page = WireframePage.diff(alignment, old: old, new: tree, title: title)
        let path = paths.first ?? "recording 1"
        let errors = screen.findings.filter { $0.severity == .error }.count
        var body = summaryMark + esc(path) + ": <span class=\"k-deleted\">\(errors) error\(errors == 1 ? "" : "s")</span>, "
            + "<span class=\"k-changed\">\(screen.findings.count - errors) other finding\(screen.findings.count - errors == 1 ? "" : "s")</span>"
            + (report.hasBaseline ? ", \(screen.newFindings.count) new" : "")
            + "; addressable by id \(screen.addressable)/\(screen.actionable) (\(AuditReport.percent(screen.score))). "
            + (report.screens.count > 1 ? "\(report.screens.count - 1) more recording\(report.screens.count == 2 ? "" : "s") in the text, JSON or SARIF report. " : "")
            + "Click a finding to light its view.</p>\n"
        body += "<div class=\"edits findings\"><section class=\"group\" style=\"max-height:22em;flex:1 1 100%\"><h2>\(screen.findings.count) findings</h2><ul id=\"findings\">"
        for f in screen.findings {
            let views = [f.node] + f.related
            let olds = report.hasBaseline ? views.compactMap { alignment.oldCounterpart(of: $0) } : []
            let kind = f.severity == .error ? "k-deleted" : "k-changed"
            body += "<li class=\"edit finding\" tabindex=\"0\" data-rule=\"\(esc(f.rule.id))\" data-old=\"\(olds.map(String.init).joined(separator: " "))\" "
                + "data-new=\"\(views.map(String.init).joined(separator: " "))\">"
                + "<span class=\"\(kind)\">\(f.severity.rawValue)</span> "
                + (report.hasBaseline ? (f.isNew ? "<b>new</b> " : "known ") : "")
                + "<b>\(esc(f.rule.id))</b> <code>\(esc(f.locator(in: tree)))</code> — \(esc(f.message))</li>"
        }
        body += "</ul></section></div>\n"
        // The findings' views marked on the wireframe (red for errors, amber for the rest), and a
        // legend for it; the page's own script lights a clicked finding's views.
        body += "<style>.box.f-error{outline:2px solid var(--bad)}.box.f-warning,.box.f-note{outline:2px solid var(--warn)}</style>"
        body += "<p class=\"legend\"><span class=\"swatch k-deleted\"></span>an error's view <span class=\"swatch k-changed\"></span>a warning's view "
            + "<span class=\"swatch lit\"></span>the clicked finding's views</p>\n"
        // After parsing: the wireframe's boxes come after this list in the page.
        body += "<script>document.addEventListener('DOMContentLoaded', () => document.querySelectorAll('li.finding').forEach(li => { "
            + "const sev = li.querySelector('span').textContent; "
            + "const b = document.querySelector(`.frame[data-side=\"new\"] .box[data-id=\"${li.dataset.new.split(' ')[0]}\"]`); "
            + "if (b && !b.classList.contains('f-error')) b.classList.add('f-' + sev); }));</script>\n"
        if let start = page.firstRange(of: summaryMark), let end = page[start.upperBound...].firstRange(of: pairMark) {
            page.replaceSubrange(start.lowerBound..<end.lowerBound, with: body)
        }
        if report.hasBaseline && baseline != nil {
            page = page.replacingFirst("<figcaption>old</figcaption>", with: "<figcaption>baseline</figcaption>")
        } else if let start = page.firstRange(of: oldFigureMark), let end = page[start.upperBound...].firstRange(of: "</figure>") {
            // No baseline: the recording alone.
            page.replaceSubrange(start.lowerBound..<end.upperBound, with: "")
        }
        return page.replacingFirst("<figcaption>new</figcaption>", with: "<figcaption>\(esc(path))</figcaption>")
    }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let r = firstRange(of: target) else { return self }
        var s = self
        s.replaceSubrange(r, with: replacement)
        return s
    }
}
