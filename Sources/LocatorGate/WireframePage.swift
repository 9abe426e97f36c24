public import SelectorCore
public import TreeAlignment

/// HTML pages a person reads (`frankly check --html`, `frankly diff --html`): what broke first
/// (a summary line, then the selectors failing first with their fixes and reasons, or the edits
/// grouped by kind), then both recordings' wireframes side by side, each box showing its view's
/// text. Clicking a row lights its views in both wireframes; hovering a box lights its
/// counterpart. One self-contained file: no request leaves it (a CSP forbids them), light and
/// dark colour schemes, readable when printed.
///
/// Other pages in the package (`frankly audit --html`) are composed of the same parts: `page`
/// (the shell, styles and scripts), `summary`, `legend`, `wireframe` and `pair`. A row that
/// lights views is any `li.edit` or `tr.check` carrying `data-old` and `data-new` (node ids,
/// space-separated) of the boxes to light in the old and new wireframes.
public enum WireframePage {
    /// The alignment of `old` and `new` as a page: the edits by kind, then the wireframes.
    public static func diff(_ a: ViewTreeAlignment, old: ViewTree, new: ViewTree, title: String) -> String {
        let (kindsOld, kindsNew) = kinds(a)
        let (peerOld, peerNew) = peers(a)
        let summary = summary("\(a.matches.count) matched, "
            + "<span class=\"k-changed\">\(a.changed.count) changed</span>, <span class=\"k-inserted\">\(a.inserted.count) inserted</span>, "
            + "<span class=\"k-deleted\">\(a.deleted.count) deleted</span>, <span class=\"k-moved\">\(a.moved.count) moved</span>."
            + " Click an edit to light its views; hover a box to light its counterpart.")
        func entry(_ oldView: NodeID?, _ newView: NodeID?, _ text: String) -> String {
            "<li class=\"edit\" tabindex=\"0\" data-old=\"\(oldView.map(String.init) ?? "")\" data-new=\"\(newView.map(String.init) ?? "")\">\(xml(text))</li>"
        }
        var groups: [(kind: String, items: [String])] = []
        groups.append(("changed", a.changed.map { c in
            entry(c.old, c.new, "\(old.describe(c.old)) → \(new.describe(c.new))" + (c.properties.isEmpty ? "" : " (\(c.properties.joined(separator: ", ")))"))
        }))
        groups.append(("inserted", a.inserted.map { entry(nil, $0, new.describe($0)) }))
        groups.append(("deleted", a.deleted.map { entry($0, nil, old.describe($0)) }))
        groups.append(("moved", a.moved.map { entry($0.old, $0.new, "\(old.describe($0.old)) → \(new.describe($0.new))") }))
        var edits = "<div class=\"edits\">"
        for (kind, items) in groups where !items.isEmpty {
            edits += "<section class=\"group k-\(kind)\"><h2>\(items.count) \(kind)</h2><ul>"
            edits += items.prefix(maxListed).joined()
            if items.count > maxListed { edits += "<li class=\"more\">and \(items.count - maxListed) more</li>" }
            edits += "</ul></section>"
        }
        edits += "</div>"
        let body = summary + legend(kinds: true) + edits + "\n"
            + pair([wireframe(old, side: "old", kinds: kindsOld, peers: peerOld), wireframe(new, side: "new", kinds: kindsNew, peers: peerNew)])
        return page(title: title, body: body)
    }

    /// The checks of a gate as a page: the summary, the selectors failing first (status, counts,
    /// fix with a copy button, the reason a line each), then the first old and new recordings'
    /// wireframes; clicking a row lights what it selects on both (on the new one, where it selects
    /// nothing, the old views' counterparts).
    public static func check(_ gate: LocatorGate, _ checks: [LocatorCheck], title: String) -> String {
        let a = gate.alignments[0]
        let (peerOld, peerNew) = peers(a)
        var counts: [LocatorCheck.Status: Int] = [:]
        for c in checks { counts[c.status, default: 0] += 1 }
        // Failing first, then fragile, then ok; the selectors' own order within each.
        let ordered = checks.enumerated().sorted { ($0.element.status.severity, $0.offset) < ($1.element.status.severity, $1.offset) }
        let verdicts = LocatorCheck.Status.allCases.sorted { $0.severity < $1.severity }
            .map { "<span class=\"s-\($0.rawValue)\">\(counts[$0] ?? 0) \($0.rawValue)</span>" }.joined(separator: " · ")
        let recordings = "\(gate.old.count) old and \(gate.new.count) new recording\(gate.new.count == 1 && gate.old.count == 1 ? "" : "s")"
        let summary = summary("\(verdicts) — \(checks.count) selector\(checks.count == 1 ? "" : "s") "
            + "checked on \(recordings). Click a row to light its views.")
        var rows = ""
        for (k, c) in ordered {
            let olds = (c.old.first ?? []).map(String.init).joined(separator: " ")
            // Where it selects nothing now, the old views' counterparts: where the target went.
            let now = c.new.first ?? []
            let shown = now.isEmpty ? (c.old.first ?? []).compactMap { a.newCounterpart(of: $0) } : now
            let news = shown.map(String.init).joined(separator: " ")
            rows += "<tr class=\"check \(c.status.rawValue)\" id=\"check-\(k)\" tabindex=\"0\" data-old=\"\(olds)\" data-new=\"\(news)\">"
            rows += "<td class=\"status\">\(c.status.rawValue)</td>"
            rows += "<td><code>\(xml(c.locator.engine)):\(xml(c.locator.selector))</code>"
                + (c.locator.source.map { "<div class=\"source\">\(xml($0))</div>" } ?? "") + "</td>"
            rows += "<td class=\"counts\">\(c.old.map { String($0.count) }.joined(separator: ", ")) → \(c.new.map { String($0.count) }.joined(separator: ", "))</td>"
            rows += "<td class=\"fix\">" + (c.fix.map { "<code>\(xml($0))</code> <button class=\"copy\" type=\"button\" data-copy=\"\(xml($0))\">copy</button>" } ?? "") + "</td>"
            rows += "<td><ul class=\"why\">" + c.lines.map { "<li><span class=\"label\">\($0.kind.rawValue)</span> \(xml($0.text))</li>" }.joined() + "</ul></td></tr>\n"
        }
        let body = summary + """
            <table class="checks" id="checks"><thead><tr><th>status</th><th>selector</th><th>old → new</th><th>fix</th><th>why</th></tr></thead>
            <tbody>
            \(rows)</tbody></table>
            """ + legend(kinds: false) + "\n"
            + pair([wireframe(gate.old[0], side: "old", peers: peerOld), wireframe(gate.new[0], side: "new", peers: peerNew)])
        return page(title: title, body: body)
    }

    /// Most edits listed a kind; the wireframes show them all.
    static let maxListed = 200
    /// Most boxes a wireframe draws (the first in preorder): past this the page is too heavy.
    static let maxBoxes = 20_000

    /// What the colours mean on the diff page (`kinds`) and the check page.
    static func legend(kinds: Bool) -> String {
        kinds
            ? legend([("k-changed", "changed"), ("k-inserted", "inserted"), ("k-deleted", "deleted"), ("k-moved", "moved"),
                      ("lit", "the clicked edit's views"), ("hot", "the hovered view and its counterpart")])
            : legend([("lit", "what the clicked selector selects (where it selects nothing now, where its target went)"),
                      ("hot", "the hovered view and its counterpart")])
    }

    /// A line of colour swatches, each a CSS class (`k-deleted`, `lit`, …) and what it means (HTML).
    package static func legend(_ items: [(swatch: String, meaning: String)]) -> String {
        "<p class=\"legend\">" + items.map { "<span class=\"swatch \($0.swatch)\"></span>\($0.meaning)" }.joined(separator: " ") + "</p>"
    }

    /// The page's first line (`#summary`, which the browser test finds in the first screen); `html` is markup.
    package static func summary(_ html: String) -> String {
        "<p class=\"summary\" id=\"summary\">\(html)</p>"
    }

    /// Each edited view's kind through `a` (`deleted`, `inserted`, `changed`, `moved`), old views
    /// and new (`wireframe`'s `kinds`).
    package static func kinds(_ a: ViewTreeAlignment) -> (old: [NodeID: String], new: [NodeID: String]) {
        var old: [NodeID: String] = [:], new: [NodeID: String] = [:]
        for v in a.deleted { old[v] = "deleted" }
        for v in a.inserted { new[v] = "inserted" }
        for c in a.changed { old[c.old] = "changed"; new[c.new] = "changed" }
        for p in a.moved { old[p.old] = "moved"; new[p.new] = "moved" }
        return (old, new)
    }

    /// Each view's counterpart through `a`: old view to new, and new view to old (`wireframe`'s `peers`).
    package static func peers(_ a: ViewTreeAlignment) -> (old: [NodeID: NodeID], new: [NodeID: NodeID]) {
        var old: [NodeID: NodeID] = [:], new: [NodeID: NodeID] = [:]
        for p in a.matches { old[p.old] = p.new; new[p.new] = p.old }
        return (old, new)
    }

    /// Wireframes side by side (`wireframe`'s figures, one or two); a clicked row scrolls here.
    package static func pair(_ figures: [String]) -> String {
        "<div class=\"pair\">\n" + figures.joined(separator: "\n") + "\n</div>"
    }

    /// The text a box shows: the view's label, else its identifier, else its text or value.
    static func text(of v: NodeID, in tree: ViewTree) -> String? {
        for name in [PropertyName.accessibilityLabel, "accessibilityIdentifier", "text", "value", "name"] {
            if let s = tree.string(name, of: v), !s.isEmpty { return s }
        }
        return nil
    }

    /// One recording as boxes at their recorded frames (percentages of the frames' hull, so the
    /// picture scales with its column), each showing its text, the class on hover. `side` (`old`
    /// or `new`) is which of a row's `data-old`/`data-new` lights it; `caption` (default: the
    /// side) is its heading, as text; `kinds` outlines views by edit kind (`k-<kind>`); `peers`
    /// gives each view's counterpart in the other wireframe, lit on hover.
    package static func wireframe(_ tree: ViewTree, side: String, caption: String? = nil, kinds: [NodeID: String] = [:],
                                  peers: [NodeID: NodeID] = [:]) -> String {
        let head = "<figure class=\"wire\" data-side=\"\(side)\"><figcaption>\(xml(caption ?? side))</figcaption>"
        let none = head + "<p>This recording has no frames to draw.</p></figure>"
        guard case .frames(let frames)? = tree.columns["accessibilityFrame"] else { return none }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for r in frames where !r.x.isNaN && r.width.isFinite && r.height.isFinite {
            minX = min(minX, r.x); minY = min(minY, r.y); maxX = max(maxX, r.x + r.width); maxY = max(maxY, r.y + r.height)
        }
        guard minX.isFinite, maxX > minX, maxY > minY else { return none }
        let w = maxX - minX, h = maxY - minY
        func pct(_ d: Double) -> String { num((d * 10_000).rounded() / 100) }
        var out = head
        out += "<div class=\"frame\" data-side=\"\(side)\" style=\"aspect-ratio: \(num(w)) / \(num(h))\">\n"
        for v in 0..<min(tree.count, maxBoxes) {
            let r = frames[v]
            guard !r.x.isNaN, r.width > 0, r.height > 0 else { continue }
            let id = NodeID(v)
            let kind = kinds[id].map { " k-" + $0 } ?? ""
            let peer = peers[id].map { " data-peer=\"\($0)\"" } ?? ""
            let label = text(of: id, in: tree)
            out += "<div class=\"box\(kind)\" data-id=\"\(v)\"\(peer)"
                + (label.map { " data-text=\"\(xml($0))\"" } ?? "")
                + " title=\"\(xml(tree.describe(id)))\""
                + " style=\"left:\(pct((r.x - minX) / w))%;top:\(pct((r.y - minY) / h))%;width:\(pct(r.width / w))%;height:\(pct(r.height / h))%\">"
                + (label.map { "<span>\(xml($0))</span>" } ?? "") + "</div>\n"
        }
        return out + "</div></figure>"
    }

    static func num(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d)
    }

    /// The whole page: `title` (text) as its title and heading, `body` (markup) below it, the
    /// shared styles with `style` (CSS) after them, and the scripts that light a clicked row's
    /// views and a hovered box's counterpart.
    package static func page(title: String, body: String, style: String = "") -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>\(xml(title))</title>
        <meta name="color-scheme" content="light dark">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
        <style>
        :root { --fg: #1f2328; --bg: #fff; --muted: #656d76; --line: #d0d7de; --box: #8c959f; --panel: #f6f8fa;
          --ok: #1a7f37; --bad: #cf222e; --warn: #9a6700; --blue: #0969da; --lit: rgba(255, 196, 0, 0.45); }
        @media (prefers-color-scheme: dark) {
          :root { --fg: #e6edf3; --bg: #0d1117; --muted: #8d96a0; --line: #30363d; --box: #6e7681; --panel: #161b22;
            --ok: #3fb950; --bad: #f85149; --warn: #d29922; --blue: #58a6ff; --lit: rgba(210, 153, 34, 0.45); } }
        body { font: 14px system-ui, sans-serif; margin: 1em; color: var(--fg); background: var(--bg); }
        h1 { font-size: 1.3em; margin: 0 0 .3em; } h2 { font-size: 1em; margin: .5em 0 .2em; }
        .summary { font-size: 1.1em; margin: .3em 0 .6em; }
        .s-broken, .s-ambiguous, .s-moved { color: var(--bad); font-weight: 600; } .s-fragile { color: var(--warn); } .s-ok { color: var(--ok); }
        table.checks { border-collapse: collapse; width: 100%; }
        table.checks td, table.checks th { border: 1px solid var(--line); padding: 3px 6px; vertical-align: top; text-align: left; }
        tr.check { cursor: pointer; } tr.check:hover, tr.check.selected { background: var(--panel); }
        tr.broken .status, tr.moved .status, tr.ambiguous .status { color: var(--bad); font-weight: bold; }
        tr.fragile .status { color: var(--warn); } tr.ok .status { color: var(--ok); }
        .source { color: var(--muted); font-size: .85em; } .counts { white-space: nowrap; }
        ul.why { margin: 0; padding: 0; list-style: none; } ul.why li { margin: 0 0 2px; }
        .label { display: inline-block; min-width: 7em; color: var(--muted); font-size: .85em; }
        button.copy { font-size: .8em; cursor: pointer; }
        .legend { color: var(--muted); margin: .6em 0; }
        .swatch { display: inline-block; width: 12px; height: 12px; border: 2px solid var(--box); margin: 0 4px 0 10px; vertical-align: middle; }
        .swatch.lit { background: var(--lit); border-color: var(--fg); } .swatch.hot { border: 2px dashed var(--fg); }
        .edits { display: flex; flex-wrap: wrap; gap: 1em; } .group { flex: 1; min-width: 16em; max-height: 14em; overflow: auto; }
        .group ul { margin: 0; padding-left: 1.2em; } li.edit { cursor: pointer; } li.edit:hover, li.edit.selected { background: var(--panel); }
        .k-changed { color: var(--warn); } .k-inserted { color: var(--ok); } .k-deleted { color: var(--bad); } .k-moved { color: var(--blue); }
        .swatch.k-changed { border-color: var(--warn); } .swatch.k-inserted { border-color: var(--ok); }
        .swatch.k-deleted { border-color: var(--bad); } .swatch.k-moved { border-color: var(--blue); }
        .pair { display: flex; gap: 1.5em; align-items: flex-start; margin-top: .5em; }
        figure.wire { flex: 1; margin: 0; min-width: 0; } figcaption { font-weight: 600; }
        .frame { position: relative; height: 80vh; max-width: 100%; border: 1px solid var(--line); background: var(--panel); }
        .box { position: absolute; box-sizing: border-box; border: 1px solid var(--box); overflow: hidden; }
        .box span { display: block; font-size: 10px; line-height: 12px; padding: 0 2px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
        .box.k-changed { border: 2px solid var(--warn); } .box.k-inserted { border: 2px solid var(--ok); }
        .box.k-deleted { border: 2px solid var(--bad); } .box.k-moved { border: 2px solid var(--blue); }
        .box.lit { background: var(--lit); border: 2px solid var(--fg); z-index: 1; }
        .box.hot { outline: 2px dashed var(--fg); z-index: 2; }
        @media print { button.copy { display: none; } .frame { height: 60vh; } .group { max-height: none; } .pair { break-inside: avoid; } }
        \(style)</style></head><body>
        <h1>\(xml(title))</h1>
        \(body)
        <script>
        const frame = s => document.querySelector(`.frame[data-side="${s}"]`);
        // Two marks: `lit` for what the clicked row names (kept while the pointer moves), `hot`
        // for the hovered box and its counterpart.
        function clear(mark) { document.querySelectorAll(`.box.${mark}`).forEach(b => b.classList.remove(mark)); }
        function light(s, id, mark = "lit") { const b = frame(s)?.querySelector(`.box[data-id="${id}"]`); if (b) b.classList.add(mark); return b; }
        document.querySelectorAll(".box").forEach(b => {
          b.addEventListener("mouseenter", () => {
            clear("hot");
            b.classList.add("hot");
            const other = b.closest(".frame").dataset.side === "old" ? "new" : "old";
            if (b.dataset.peer !== undefined) light(other, b.dataset.peer, "hot");
          });
        });
        function pick(row) {
          clear("lit");
          document.querySelectorAll(".selected").forEach(r => r.classList.remove("selected"));
          row.classList.add("selected");
          const lit = [];
          for (const id of row.dataset.old.split(" ").filter(x => x)) lit.push(light("old", id));
          for (const id of row.dataset.new.split(" ").filter(x => x)) lit.push(light("new", id));
          const first = lit.find(b => b);
          if (first) first.closest(".pair").scrollIntoView({ block: "start", behavior: "instant" });
        }
        document.querySelectorAll("tr.check, li.edit").forEach(row => {
          row.addEventListener("click", e => { if (!e.target.closest("button")) pick(row); });
          row.addEventListener("keydown", e => { if (e.key === "Enter") pick(row); });
        });
        document.querySelectorAll("button.copy").forEach(button => {
          button.addEventListener("click", () => {
            const text = button.dataset.copy;
            const done = () => { button.textContent = "copied"; setTimeout(() => button.textContent = "copy", 1500); };
            if (navigator.clipboard && window.isSecureContext) { navigator.clipboard.writeText(text).then(done, () => {}); return; }
            const area = document.createElement("textarea");
            area.value = text; document.body.appendChild(area); area.select();
            try { document.execCommand("copy"); done(); } finally { area.remove(); }
          });
        });
        </script>
        </body></html>

        """
    }
}
