import Testing
@testable import Audit
import SelectorCore

// Cases for the rules ported from Google's Accessibility Test Framework for Android (Apache-2.0,
// google/Accessibility-Test-Framework-for-Android, src/main/java/com/google/android/apps/common/
// testing/accessibility/framework/checks/*.java). The public repository ships no src/test tree
// (searched: none is published), so each table below is built from the check's own branches:
// every `results.add` and every `continue` of the Java gets a row that reaches it, on a page
// source loaded by the real UiAutomator loader. Android trees here use density 1 (px = dp)
// unless the row is about density.

@Suite struct TouchTargetSizeCheckTests {
    /// TouchTargetSizeCheck.java: (attributes, bounds, expected severity or nil). The screen is
    /// 1080×1920, so a view at x = 0 or y = 0 is against its edge (32 dp suffices there).
    static let rows: [(String, String, (Int, Int, Int, Int), Severity?)] = [
        ("48×48 clickable passes", "clickable=\"true\"", (100, 100, 148, 148), nil),
        ("47 wide fails", "clickable=\"true\"", (100, 100, 147, 148), .error),
        ("47 high fails", "clickable=\"true\"", (100, 100, 148, 147), .error),
        ("long-clickable counts as a target", "long-clickable=\"true\"", (100, 100, 130, 130), .error),
        ("not clickable: NOT_RUN", "clickable=\"false\"", (100, 100, 110, 110), nil),
        ("not visible: NOT_RUN", "clickable=\"true\" visible-to-user=\"false\"", (100, 100, 110, 110), nil),
        ("against the left edge 32 wide passes", "clickable=\"true\"", (0, 100, 32, 148), nil),
        ("against the left edge 31 wide fails", "clickable=\"true\"", (0, 100, 31, 148), .error),
        ("against the top edge 32 high passes", "clickable=\"true\"", (100, 0, 148, 32), nil),
        ("against the right edge 32 wide passes", "clickable=\"true\"", (1048, 100, 1080, 148), nil),
        ("against the bottom edge 31 high fails", "clickable=\"true\"", (100, 1889, 148, 1920), .error),
    ]

    @Test(arguments: 0..<rows.count) func row(_ k: Int) throws {
        let (name, attributes, (x1, y1, x2, y2), expected) = Self.rows[k]
        let tree = try android(view("android.widget.Button", x1, y1, x2, y2, attributes + " text=\"Go\""))
        let found = try findings(tree, [.touchTarget], density: 1)
        #expect(found.map(\.severity) == (expected.map { [$0] } ?? []), "\(name)")
        if let f = found.first { #expect(uid(f, tree) == "3") }
    }

    /// hasQualifyingClickableAncestor: a clickable ancestor at least the required size demotes
    /// ERROR to WARNING; an AbsListView ancestor does not; a long-clickable ancestor only for a
    /// long-clickable view.
    @Test func clickableAncestorDemotes() throws {
        let small = view("android.widget.Switch", 200, 200, 230, 230, "clickable=\"true\" text=\"Wi-Fi\"")
        let inRow = try android(view("android.widget.LinearLayout", 100, 180, 900, 260, "clickable=\"true\"", children: small))
        #expect(try findings(inRow, [.touchTarget], density: 1).map(\.severity) == [.warning])
        let inList = try android(view("android.widget.ListView", 100, 180, 900, 260, "clickable=\"true\"", children: small))
        #expect(try findings(inList, [.touchTarget], density: 1).map(\.severity) == [.error])
        let longParent = try android(view("android.widget.LinearLayout", 100, 180, 900, 260, "long-clickable=\"true\"", children: small))
        #expect(try findings(longParent, [.touchTarget], density: 1).map(\.severity) == [.error])
        // A clickable ancestor too small itself does not qualify.
        let tinyParent = try android(view("android.widget.LinearLayout", 195, 195, 235, 235, "clickable=\"true\"", children: small))
        #expect(try findings(tinyParent, [.touchTarget], density: 1).map { "\($0.severity)@\(uid($0, tinyParent))" }
                == ["error@3", "error@4"])
    }

    /// `Math.round(px / density)` against 48: at density 2, 95 px rounds to 48 dp (passes) and
    /// 94 px to 47 (fails); at 3, 143 px is 48.
    @Test func densityRounding() throws {
        for (px, density, fails) in [(95, 2.0, false), (94, 2.0, true), (143, 3.0, false), (142, 3.0, true), (126, 2.625, false)] {
            let tree = try android(view("android.widget.Button", 300, 300, 300 + px, 300 + px, "clickable=\"true\" text=\"Go\""))
            #expect(try findings(tree, [.touchTarget], density: density).isEmpty == !fails, "\(px) px at \(density)")
        }
    }

    /// The density a recording implies: its screen width over 411 dp, to the nearest standard density.
    @Test func inferredDensity() throws {
        #expect(Audit.density(of: try android("", width: 720, height: 1608), given: nil) == (2, "inferred"))
        #expect(Audit.density(of: try android("", width: 1080, height: 2400), given: nil) == (2.625, "inferred"))
        #expect(Audit.density(of: try android("", width: 1440, height: 3120), given: nil) == (3.5, "inferred"))
        #expect(Audit.density(of: try android(""), given: 3) == (3, "given"))
        #expect(Audit.density(of: try ios(""), given: 3) == (1, "points"))
    }

    /// The scrollable-edge NOT_RUN: a small view cut by its scrolling container's top or bottom.
    @Test func scrollableEdgeIsNotRun() throws {
        let cut = view("android.widget.Button", 100, 400, 140, 420, "clickable=\"true\" text=\"Go\"")
        let tree = try android(view("android.widget.ScrollView", 0, 400, 1080, 1200, "scrollable=\"true\"", children: cut))
        #expect(try findings(tree, [.touchTarget], density: 1).isEmpty)
        let inside = view("android.widget.Button", 100, 500, 140, 520, "clickable=\"true\" text=\"Go\"")
        let tree2 = try android(view("android.widget.ScrollView", 0, 400, 1080, 1200, "scrollable=\"true\"", children: inside))
        #expect(try findings(tree2, [.touchTarget], density: 1).count == 1)
    }

    /// iOS: 44 pt, the edge 29 pt (32 × 44 / 48, rounded), a control type is the target.
    @Test func iosPoints() throws {
        let tree = try ios(element("Button", 100, 100, 44, 44, "name=\"ok\" label=\"OK\"")
                           + element("Button", 200, 100, 43, 44, "name=\"no\" label=\"No\"")
                           + element("Button", 0, 300, 29, 44, "name=\"edge\" label=\"Edge\"")
                           + element("StaticText", 100, 400, 10, 10, "label=\"tiny text\""))
        #expect(pairs(try findings(tree, [.touchTarget]), tree) == ["touch-target@4"])
    }
}

@Suite struct SpeakableTextPresentCheckTests {
    /// SpeakableTextPresentCheck.java with ViewHierarchyElementUtils.shouldFocusView and
    /// getSpeakableTextForElement: (name, body, uids with an error).
    static let rows: [(String, String, [String])] = [
        ("clickable without text fails", view("android.widget.ImageButton", 10, 10, 200, 200, "clickable=\"true\""), ["3"]),
        ("a content description speaks", view("android.widget.ImageButton", 10, 10, 200, 200, "clickable=\"true\" content-desc=\"Menu\""), []),
        ("text speaks", view("android.widget.Button", 10, 10, 200, 200, "clickable=\"true\" text=\"OK\""), []),
        ("a hint speaks", view("android.widget.EditText", 10, 10, 200, 200, "clickable=\"true\" hint=\"Name\""), []),
        ("white space does not speak", view("android.widget.Button", 10, 10, 200, 200, "clickable=\"true\" text=\"   \""), ["3"]),
        ("a checkable view speaks its state", view("android.widget.CheckBox", 10, 10, 200, 200, "clickable=\"true\" checkable=\"true\""), []),
        ("a non-actionable child's text is spoken",
         view("android.widget.LinearLayout", 10, 10, 500, 200, "clickable=\"true\"",
              children: view("android.widget.TextView", 20, 20, 300, 100, "text=\"Wi-Fi\"")), []),
        // An actionable child's text is not the parent's, but the parent is not focused either:
        // it has important descendants and speaks nothing of its own (shouldFocusView's middle branch).
        ("a clickable container of a labelled button is not focused",
         view("android.widget.LinearLayout", 10, 10, 500, 200, "clickable=\"true\"",
              children: view("android.widget.Button", 20, 20, 300, 100, "clickable=\"true\" text=\"Wi-Fi\"")), []),
        ("a clickable container of a silent button: the button fails",
         view("android.widget.LinearLayout", 10, 10, 500, 200, "clickable=\"true\"",
              children: view("android.widget.ImageButton", 20, 20, 300, 100, "clickable=\"true\"")), ["4"]),
        ("not visible: NOT_RUN", view("android.widget.ImageButton", 10, 10, 200, 200, "clickable=\"true\" visible-to-user=\"false\""), []),
        ("not important: NOT_RUN", view("android.widget.ImageButton", 10, 10, 200, 200, "clickable=\"true\" important-for-accessibility=\"false\""), []),
        ("a WebView leaf: NOT_RUN", view("android.webkit.WebView", 10, 10, 200, 200, "focusable=\"true\""), []),
        ("a focusable leaf without text fails", view("android.view.View", 10, 10, 200, 200, "focusable=\"true\""), ["3"]),
        ("a plain empty view is not focused", view("android.view.View", 10, 10, 200, 200), []),
        ("a silent child of a scrolling list is not focused",
         view("android.widget.ListView", 0, 0, 1080, 1000, "scrollable=\"true\"", children: view("android.view.View", 0, 0, 1080, 100)), []),
    ]

    @Test(arguments: 0..<rows.count) func row(_ k: Int) throws {
        let (name, body, expected) = Self.rows[k]
        let tree = try android(body)
        #expect(try findings(tree, [.speakableText], density: 1).map { uid($0, tree) } == expected, "\(name)")
    }

    /// iOS: an actionable view VoiceOver focuses (no actionable inside it) with no label, text or value.
    @Test func iosControls() throws {
        let tree = try ios(element("Button", 10, 100, 60, 60, "name=\"close\"")      // uid 3: an id, no label
                           + element("Button", 100, 100, 60, 60, "label=\"Share\"")   // uid 4: labelled
                           + element("Cell", 0, 200, 402, 60, children:               // uid 5: holds a button
                                        element("Button", 300, 210, 60, 40, "label=\"Delete\"")))
        #expect(pairs(try findings(tree, [.speakableText]), tree) == ["speakable-text@3"])
    }
}

@Suite struct DuplicateSpeakableTextCheckTests {
    @Test func clickableDuplicatesWarnOnceOnTheFirst() throws {
        let tree = try android(view("android.widget.Button", 10, 10, 300, 200, "clickable=\"true\" text=\"Delete\"")
                               + view("android.widget.Button", 10, 300, 300, 500, "clickable=\"true\" text=\"Delete\"")
                               + view("android.widget.TextView", 10, 600, 300, 700, "text=\"Delete\""))
        let found = try findings(tree, [.duplicateSpeakableText], density: 1)
        #expect(pairs(found, tree) == ["duplicate-speakable-text@3"])
        // KEY_CONFLICTING_VIEW_COUNT: every other view with the text, clickable or not.
        #expect(found.first?.related.count == 2)
        #expect(found.first?.message.contains("like 2 other views") == true)
    }

    @Test func nonClickableOnlyIsLeftOut() throws {
        let tree = try android(view("android.widget.TextView", 10, 10, 300, 200, "text=\"Title\"")
                               + view("android.widget.TextView", 10, 300, 300, 500, "text=\"Title\""))
        #expect(try findings(tree, [.duplicateSpeakableText], density: 1).isEmpty)
    }

    @Test func distinctTextsPass() throws {
        let tree = try android(view("android.widget.Button", 10, 10, 300, 200, "clickable=\"true\" text=\"Delete Ann\"")
                               + view("android.widget.Button", 10, 300, 300, 500, "clickable=\"true\" text=\"Delete Bob\""))
        #expect(try findings(tree, [.duplicateSpeakableText], density: 1).isEmpty)
    }
}

@Suite struct DuplicateClickableBoundsCheckTests {
    @Test func sharedActionAndBounds() throws {
        let a = view("android.widget.FrameLayout", 10, 10, 300, 200, "clickable=\"true\"",
                     children: view("android.widget.Button", 10, 10, 300, 200, "clickable=\"true\" text=\"Buy\""))
        let tree = try android(a)
        let found = try findings(tree, [.duplicateClickableBounds], density: 1)
        #expect(pairs(found, tree) == ["duplicate-clickable-bounds@3"])
        #expect(found.first?.related.map { tree.uidString(of: $0) } == ["4"])
        #expect(found.first?.severity == .error)
    }

    @Test func noSharedActionNoResult() throws {
        let tree = try android(view("android.view.View", 10, 10, 300, 200, "clickable=\"true\" text=\"A\"")
                               + view("android.view.View", 10, 10, 300, 200, "long-clickable=\"true\" text=\"B\""))
        #expect(try findings(tree, [.duplicateClickableBounds], density: 1).isEmpty)
    }

    @Test func invisibleAndUnimportantAreSkipped() throws {
        let tree = try android(view("android.view.View", 10, 10, 300, 200, "clickable=\"true\" text=\"A\"")
                               + view("android.view.View", 10, 10, 300, 200, "clickable=\"true\" visible-to-user=\"false\"")
                               + view("android.view.View", 10, 10, 300, 200, "clickable=\"true\" important-for-accessibility=\"false\""))
        #expect(try findings(tree, [.duplicateClickableBounds], density: 1).isEmpty)
    }
}

@Suite struct EditableContentDescCheckTests {
    static let rows: [(String, String, Bool)] = [
        ("EditText with a content description", view("android.widget.EditText", 10, 10, 600, 200, "content-desc=\"Name\" text=\"Ann\""), true),
        ("EditText without one", view("android.widget.EditText", 10, 10, 600, 200, "text=\"Ann\" hint=\"Name\""), false),
        ("TextView with one (not editable)", view("android.widget.TextView", 10, 10, 600, 200, "content-desc=\"Name\""), false),
        ("an EditText subclass", view("android.widget.AutoCompleteTextView", 10, 10, 600, 200, "content-desc=\"City\""), true),
        ("not important", view("android.widget.EditText", 10, 10, 600, 200, "content-desc=\"Name\" important-for-accessibility=\"false\""), false),
    ]

    @Test(arguments: 0..<rows.count) func row(_ k: Int) throws {
        let (name, body, fails) = Self.rows[k]
        let tree = try android(body)
        #expect(try findings(tree, [.editableContentDescription], density: 1).count == (fails ? 1 : 0), "\(name)")
    }
}

@Suite struct RedundantDescriptionCheckTests {
    /// containsWordIgnoreCase with ATF's English words: whole words, any case.
    static let rows: [(String, [String])] = [
        ("Save button", ["button"]), ("BUTTON", ["button"]), ("Buttons", []), ("button_bar", []),
        ("Accept checkbox", ["checkbox"]), ("Accept check box", ["check box"]), ("Checked item", ["checked"]),
        ("Item unchecked", ["unchecked"]), ("Rush delivery selected", ["selected"]), ("unselected", ["unselected"]),
        ("Tap to send", ["tap"]), ("Tapping", []), ("Swipe to unlock", ["swipe"]), ("Click here", ["click"]),
        ("Tap button", ["button", "tap"]), ("Send", []), ("Отправить", []),
    ]

    @Test(arguments: 0..<rows.count) func row(_ k: Int) throws {
        let (description, words) = Self.rows[k]
        let tree = try android(view("android.widget.ImageButton", 10, 10, 300, 300, "clickable=\"true\" content-desc=\"\(description)\""))
        let found = try findings(tree, [.redundantDescription], density: 1)
        #expect(Set(found.map(\.key)) == Set(words), "\(description)")
    }

    /// Only a content description is read (text is what the view shows, not a description), and
    /// not on an invisible view.
    @Test func onlyVisibleContentDescriptions() throws {
        let tree = try android(view("android.widget.Button", 10, 10, 300, 300, "clickable=\"true\" text=\"Tap here\"")
                               + view("android.widget.ImageButton", 10, 400, 300, 700, "clickable=\"true\" content-desc=\"Play button\" visible-to-user=\"false\""))
        #expect(try findings(tree, [.redundantDescription], density: 1).isEmpty)
    }

    @Test func iosLabelsOfControls() throws {
        let tree = try ios(element("Button", 10, 100, 60, 60, "label=\"Play button\"")
                           + element("StaticText", 10, 200, 200, 60, "label=\"Tap a song to play it\""))
        #expect(pairs(try findings(tree, [.redundantDescription]), tree) == ["redundant-description@3"])
    }
}

@Suite struct OverlapAndTestabilityTests {
    @Test func overlappingControls() throws {
        let tree = try android(view("android.widget.Button", 100, 100, 400, 300, "clickable=\"true\" text=\"A\"")
                               + view("android.widget.Button", 300, 100, 600, 300, "clickable=\"true\" text=\"B\"")    // a third of each
                               + view("android.widget.Button", 590, 100, 900, 300, "clickable=\"true\" text=\"C\"")    // 10 px of B: under a quarter
                               + view("android.widget.LinearLayout", 100, 400, 900, 600, "clickable=\"true\"",
                                      children: view("android.widget.Button", 150, 450, 400, 550, "clickable=\"true\" text=\"D\"")))
        let found = try findings(tree, [.overlappingControls], density: 1)
        #expect(pairs(found, tree) == ["overlapping-controls@4"])
        #expect(found.first?.related.map { tree.uidString(of: $0) } == ["3"])
    }

    @Test func missingDuplicateAndInheritedIDs() throws {
        // uid 3: no id; 4, 5: the same id, not in a list; 6 (a list) holds rows 7, 9 whose
        // buttons 8, 10 repeat an id, as rows do; 11 holds 12 with its own id (SwiftUI's cascade).
        let tree = try android(
            view("android.widget.Button", 10, 10, 300, 200, "clickable=\"true\" text=\"A\"")
            + view("android.widget.Button", 10, 300, 300, 500, "clickable=\"true\" text=\"B\" resource-id=\"app:id/b\"")
            + view("android.widget.Button", 400, 300, 700, 500, "clickable=\"true\" text=\"C\" resource-id=\"app:id/b\"")
            + view("androidx.recyclerview.widget.RecyclerView", 0, 600, 1080, 1200, "scrollable=\"true\" resource-id=\"app:id/list\"",
                   children: view("android.widget.LinearLayout", 0, 600, 1080, 800,
                                  children: view("android.widget.Button", 10, 610, 300, 790, "clickable=\"true\" text=\"Row 1\" resource-id=\"app:id/row\""))
                   + view("android.widget.LinearLayout", 0, 800, 1080, 1000,
                          children: view("android.widget.Button", 10, 810, 300, 990, "clickable=\"true\" text=\"Row 2\" resource-id=\"app:id/row\"")))
            + view("android.widget.LinearLayout", 0, 1300, 1080, 1500, "resource-id=\"app:id/bar\"",
                   children: view("android.widget.Button", 10, 1310, 300, 1490, "clickable=\"true\" text=\"Save\" resource-id=\"app:id/bar\"")))
        #expect(pairs(try findings(tree, [.missingID, .duplicateID, .inheritedID], density: 1), tree)
                == ["missing-id@3", "duplicate-id@4", "duplicate-id@5", "inherited-id@12"])
        let screen = try Audit.run(tree, registry: auditRegistry, options: AuditOptions(rules: []))
        // Actionable: 3, 4, 5, 8, 10, 12; with an id no other view holds: none (b, row and bar repeat).
        #expect((screen.actionable, screen.addressable) == (6, 0))
    }

    /// iOS: WebDriverAgent's name is the label when there is no identifier; the SwiftUI cascade.
    @Test func iosIdentifiers() throws {
        let tree = try ios(element("Button", 10, 100, 60, 60, "name=\"Share\" label=\"Share\"")              // 3: name is the label
                           + element("Button", 100, 100, 60, 60, "name=\"shareButton\" label=\"Share\"")     // 4: a real id
                           + element("Other", 0, 200, 402, 60, "name=\"toolbar\"", children:                  // 5
                                        element("Button", 10, 210, 60, 40, "name=\"toolbar\" label=\"Save\""))) // 6: inherited
        #expect(pairs(try findings(tree, [.missingID, .duplicateID, .inheritedID]), tree) == ["missing-id@3", "inherited-id@6"])
    }
}

@Suite struct AuditHostileInputTests {
    /// Frames no screen has (1e308, negative, a billion px) and empty trees: every rule runs,
    /// nothing traps, the findings still come.
    @Test func absurdFramesDoNotTrap() throws {
        let tree = try ios(element("Button", 0, 0, 10, 10, "label=\"a\"")
                           + "<XCUIElementTypeButton type=\"XCUIElementTypeButton\" label=\"b\" x=\"1e308\" y=\"-1e308\" width=\"1e308\" height=\"1e308\"/>"
                           + "<XCUIElementTypeButton type=\"XCUIElementTypeButton\" label=\"c\" x=\"-5\" y=\"3\" width=\"-20\" height=\"1e12\"/>")
        let found = try findings(tree, Rule.all, name: true)
        #expect(found.contains { $0.rule == .touchTarget && uid($0, tree) == "3" })
        let android = try AuditTests.android(view("android.widget.Button", 0, 0, 2_000_000_000, 2_000_000_000, "clickable=\"true\"")
                                             + view("android.widget.Button", 5, 5, 6, 6, "clickable=\"true\""))
        _ = try findings(android, Rule.all, density: 0.001, name: true)
        for empty in [try ios(""), try AuditTests.android("")] { #expect(try findings(empty).isEmpty) }
    }
}
