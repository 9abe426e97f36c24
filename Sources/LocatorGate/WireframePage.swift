public import SelectorCore
public import TreeAlignment

/// HTML pages with both recordings' wireframes side by side (`frankly diff --html`, `frankly
/// check --html`): each view a rectangle at its recorded absolute frame; hovering one highlights
/// it and its counterpart in the other recording; inserted, deleted, moved and changed views are
/// coloured. One self-contained file, no network: the data is in the page, the script inline.
public enum WireframePage {
    /// The alignment of `old` and `new` as a page.
    public static func diff(_ a: ViewTreeAlignment, old: ViewTree, new: ViewTree, title: String) -> String {
        var kindsOld: [NodeID: String] = [:], kindsNew: [NodeID: String] = [:]
        for v in a.deleted { kindsOld[v] = "deleted" }
        for v in a.inserted { kindsNew[v] = "inserted" }
        for c in a.changed { kindsOld[c.old] = "changed"; kindsNew[c.new] = "changed" }
        for p in a.moved { kindsOld[p.old] = "moved"; kindsNew[p.new] = "moved" }
        var peerOld: [NodeID: NodeID] = [:], peerNew: [NodeID: NodeID] = [:]
        for p in a.matches { peerOld[p.old] = p.new; peerNew[p.new] = p.old }
        let body = """
            <p class="summary">\(a.matches.count) matched, <span class="inserted">\(a.inserted.count) inserted</span>, \
            <span class="deleted">\(a.deleted.count) deleted</span>, <span class="moved">\(a.moved.count) moved</span>, \
            <span class="changed">\(a.changed.count) changed</span>. Hover a view to see its counterpart.</p>
            <div class="pair">
            \(svg(old, side: "old", kinds: kindsOld, peers: peerOld))
            \(svg(new, side: "new", kinds: kindsNew, peers: peerNew))
            </div>
            """
        return page(title: title, body: body)
    }

    /// The checks of a gate as a page: the first old and new recordings' wireframes, and a table
    /// of selectors; hovering a row highlights what it selects on both.
    public static func check(_ gate: LocatorGate, _ checks: [LocatorCheck], title: String) -> String {
        let a = gate.alignments[0]
        var peerOld: [NodeID: NodeID] = [:], peerNew: [NodeID: NodeID] = [:]
        for p in a.matches { peerOld[p.old] = p.new; peerNew[p.new] = p.old }
        var rows = ""
        for (k, c) in checks.enumerated() {
            let olds = (c.old.first ?? []).map(String.init).joined(separator: " ")
            let news = (c.new.first ?? []).map(String.init).joined(separator: " ")
            rows += "<tr class=\"check \(c.status.rawValue)\" id=\"check-\(k)\" data-old=\"\(olds)\" data-new=\"\(news)\">"
            rows += "<td class=\"status\">\(c.status.rawValue)</td><td><code>\(xml(c.locator.engine)):\(xml(c.locator.selector))</code></td>"
            rows += "<td>\(c.old.map { String($0.count) }.joined(separator: ", ")) → \(c.new.map { String($0.count) }.joined(separator: ", "))</td>"
            rows += "<td>\(c.fix.map { "<code>\(xml($0))</code>" } ?? "")</td><td>\(xml(c.reason ?? ""))</td></tr>\n"
        }
        let body = """
            <div class="pair">
            \(svg(gate.old[0], side: "old", kinds: [:], peers: peerOld))
            \(svg(gate.new[0], side: "new", kinds: [:], peers: peerNew))
            </div>
            <table class="checks"><thead><tr><th>status</th><th>selector</th><th>old → new</th><th>fix</th><th>reason</th></tr></thead>
            <tbody>
            \(rows)</tbody></table>
            """
        return page(title: title, body: body)
    }

    /// One recording as an SVG: a rectangle a view with a frame, deepest drawn last.
    static func svg(_ tree: ViewTree, side: String, kinds: [NodeID: String], peers: [NodeID: NodeID]) -> String {
        guard case .frames(let frames)? = tree.columns["accessibilityFrame"] else {
            return "<div class=\"tree \(side)\"><h2>\(side)</h2><p>This recording has no frames to draw.</p></div>"
        }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for r in frames where !r.x.isNaN && r.width.isFinite && r.height.isFinite {
            minX = min(minX, r.x); minY = min(minY, r.y); maxX = max(maxX, r.x + r.width); maxY = max(maxY, r.y + r.height)
        }
        guard minX.isFinite, maxX > minX, maxY > minY else {
            return "<div class=\"tree \(side)\"><h2>\(side)</h2><p>This recording has no frames to draw.</p></div>"
        }
        var out = "<div class=\"tree \(side)\"><h2>\(side)</h2>"
        out += "<svg viewBox=\"\(num(minX)) \(num(minY)) \(num(maxX - minX)) \(num(maxY - minY))\" data-side=\"\(side)\">\n"
        // Past this many views the page would be too heavy to use: the first ones, in preorder.
        for v in 0..<min(tree.count, 20_000) {
            let r = frames[v]
            guard !r.x.isNaN, r.width > 0, r.height > 0 else { continue }
            let id = NodeID(v)
            let kind = kinds[id].map { " " + $0 } ?? ""
            let peer = peers[id].map { " data-peer=\"\($0)\"" } ?? ""
            let label = tree.label(of: id).map { " \"\($0)\"" } ?? ""
            out += "<rect class=\"view\(kind)\" data-id=\"\(v)\"\(peer) x=\"\(num(r.x))\" y=\"\(num(r.y))\" "
                + "width=\"\(num(r.width))\" height=\"\(num(r.height))\"><title>\(xml(tree.className(of: id) + label)) "
                + "(uid \(xml(tree.uidString(of: id) ?? "-")))</title></rect>\n"
        }
        return out + "</svg></div>"
    }

    static func num(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d)
    }

    static func page(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>\(xml(title))</title>
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
        <style>
        body { font: 14px system-ui, sans-serif; margin: 1em; }
        .pair { display: flex; gap: 2em; align-items: flex-start; }
        .tree { flex: 1; max-width: 480px; }
        svg { width: 100%; height: auto; border: 1px solid #ccc; background: #fafafa; }
        rect.view { fill: transparent; stroke: #999; stroke-width: 1; vector-effect: non-scaling-stroke; }
        rect.inserted, span.inserted { stroke: #1a7f37; color: #1a7f37; }
        rect.deleted, span.deleted { stroke: #cf222e; color: #cf222e; }
        rect.moved, span.moved { stroke: #0969da; color: #0969da; }
        rect.changed, span.changed { stroke: #bf8700; color: #bf8700; }
        rect.hot { fill: rgba(255, 200, 0, 0.35); stroke: #000; stroke-width: 2; }
        table.checks { border-collapse: collapse; margin-top: 1em; }
        table.checks td, table.checks th { border: 1px solid #ddd; padding: 2px 6px; vertical-align: top; }
        tr.broken .status, tr.moved .status, tr.ambiguous .status { color: #cf222e; font-weight: bold; }
        tr.fragile .status { color: #bf8700; } tr.ok .status { color: #1a7f37; }
        tr.check:hover { background: #fff8c5; }
        </style></head><body>
        <h1>\(xml(title))</h1>
        \(body)
        <script>
        const side = s => document.querySelector(`svg[data-side="${s}"]`);
        function clear() { document.querySelectorAll("rect.hot").forEach(r => r.classList.remove("hot")); }
        function light(s, id) { const r = side(s)?.querySelector(`rect[data-id="${id}"]`); if (r) r.classList.add("hot"); }
        document.querySelectorAll("rect.view").forEach(r => {
          r.addEventListener("mouseenter", () => {
            clear();
            r.classList.add("hot");
            const other = r.closest("svg").dataset.side === "old" ? "new" : "old";
            if (r.dataset.peer !== undefined) light(other, r.dataset.peer);
          });
        });
        document.querySelectorAll("tr.check").forEach(row => {
          row.addEventListener("mouseenter", () => {
            clear();
            for (const id of row.dataset.old.split(" ").filter(x => x)) light("old", id);
            for (const id of row.dataset.new.split(" ").filter(x => x)) light("new", id);
          });
        });
        </script>
        </body></html>

        """
    }
}
