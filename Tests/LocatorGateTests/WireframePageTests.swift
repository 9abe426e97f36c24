import LocatorGate
import SelectorCore
import Testing
import TreeAlignment

/// The parts `WireframePage` lends other pages of the package (`frankly audit --html` composes
/// them): each part's markup, and the diff page built of the same parts.
@Suite struct WireframePageTests {
    static let kiwix = "xcuitest_ios26_kiwix_main_page_mobium.xml"

    @Test func partsCompose() throws {
        let tree = try loadReal(Self.kiwix)
        let figure = WireframePage.wireframe(tree, side: "new", caption: "a <b> & c")
        #expect(figure.hasPrefix("<figure class=\"wire\" data-side=\"new\"><figcaption>a &lt;b&gt; &amp; c</figcaption>"))
        // Settings (node 9) as a box, no edit kind, no counterpart.
        #expect(figure.contains("<div class=\"box\" data-id=\"9\" data-text=\"Settings\""))
        #expect(!figure.contains("data-peer"))
        #expect(WireframePage.wireframe(tree, side: "old").contains("<figcaption>old</figcaption>"))
        let pair = WireframePage.pair([figure])
        #expect(pair.hasPrefix("<div class=\"pair\">\n") && pair.hasSuffix("\n</div>"))
        #expect(WireframePage.summary("3 <b>new</b>") == "<p class=\"summary\" id=\"summary\">3 <b>new</b></p>")
        #expect(WireframePage.legend([("k-deleted", "an error"), ("lit", "lit")])
                == "<p class=\"legend\"><span class=\"swatch k-deleted\"></span>an error <span class=\"swatch lit\"></span>lit</p>")
        let page = WireframePage.page(title: "t & u", body: pair, style: ".box.mine { outline: 1px solid red; }")
        #expect(page.contains("<title>t &amp; u</title>"))
        #expect(page.contains("Content-Security-Policy"))
        // The page's own style comes after the shared styles, in the head.
        let mine = try #require(page.firstRange(of: ".box.mine")), head = try #require(page.firstRange(of: "</head>"))
        #expect(mine.lowerBound > (try #require(page.firstRange(of: ".box.hot"))).lowerBound && mine.upperBound < head.lowerBound)
        // The lighting script reads every `li.edit` and `tr.check` row.
        #expect(page.contains("document.querySelectorAll(\"tr.check, li.edit\")"))
    }

    @Test func peersAndKindsAreTheAlignments() throws {
        let tree = try loadReal(Self.kiwix)
        let a = align(tree, tree)
        let (old, new) = WireframePage.peers(a)
        #expect(old.count == a.matches.count && new.count == a.matches.count)
        #expect(old[9] == 9 && new[9] == 9)
        #expect(WireframePage.kinds(a).old.isEmpty && WireframePage.kinds(a).new.isEmpty)
        // Settings relabelled: changed on both sides, and outlined so in its wireframe.
        let relabelled = tree.setting("accessibilityLabel", to: .string("Preferences"), on: [9])
        let kinds = WireframePage.kinds(align(tree, relabelled))
        #expect(kinds.old[9] == "changed" && kinds.new[9] == "changed")
        #expect(WireframePage.wireframe(relabelled, side: "new", kinds: kinds.new).contains("<div class=\"box k-changed\" data-id=\"9\""))
    }

    /// The diff page is the parts in order: summary, legend, the edits, then the pair.
    @Test func diffPageIsThePartsInOrder() throws {
        let tree = try loadReal(Self.kiwix)
        let page = WireframePage.diff(align(tree, tree), old: tree, new: tree, title: "same")
        let marks = ["<p class=\"summary\" id=\"summary\">", "<p class=\"legend\">", "<div class=\"edits\">", "<div class=\"pair\">",
                     "<figure class=\"wire\" data-side=\"old\"><figcaption>old</figcaption>",
                     "<figure class=\"wire\" data-side=\"new\"><figcaption>new</figcaption>"]
        let at = try marks.map { try #require(page.firstRange(of: $0), "\($0)").lowerBound }
        #expect(at == at.sorted())
        #expect(page.contains("data-peer=\"9\""))
    }
}
