import SelectorCore

// The rules over one recording's facts. The accessibility rules port the logic of Google's
// Accessibility Test Framework for Android (Apache-2.0; each function names its file under
// src/main/java/com/google/android/apps/common/testing/accessibility/framework/), reading a
// recording instead of live AccessibilityNodeInfos; where a recording cannot carry what ATF reads
// (TouchDelegate hit rects, labelledBy, spans), the rule says so in `Rule.blindSpots`.

/// Runs the rules on one recording's facts.
struct RuleRunner {
    let facts: ViewFacts
    let density: Double
    let stop: QueryDeadline
    var out: [Finding] = []

    init(facts: ViewFacts, density: Double, stop: QueryDeadline) {
        self.facts = facts; self.density = density; self.stop = stop
        computeFocus()
    }

    // MARK: ATF's focus model (ViewHierarchyElementUtils.shouldFocusView and its helpers)

    /// isSpeakingView, isAccessibilityFocusable, hasAnyImportantDescendant, hasFocusableAncestor
    /// per view, computed children first (preorder reversed) and ancestors first, so each is one pass.
    private var speaking: [Bool] = [], focusableA11y: [Bool] = [], importantBelow: [Bool] = [], focusableAbove: [Bool] = []
    /// Views outside web content (a WebView's descendants are web content; ATF does not run on a
    /// WebView's leaf, and web pages take no native ids).
    private(set) var inWeb: [Bool] = []
    /// Views holding an actionable descendant (iOS containers VoiceOver does not focus itself).
    private var holdsActionable: [Bool] = []
    /// Whether a view's speakable text (its own, or its visible non-actionable children's,
    /// recursively: `ViewFacts.speakableText`) is non-empty, decided children first without
    /// building the text.
    private(set) var speaks: [Bool] = []

    private mutating func computeFocus() {
        let n = facts.count
        let tree = facts.tree
        speaking = [Bool](repeating: false, count: n); focusableA11y = speaking; importantBelow = speaking
        focusableAbove = speaking; inWeb = speaking; holdsActionable = speaking; speaks = speaking
        for v in stride(from: n - 1, through: 0, by: -1) {
            var speakingNow = facts.hasText(v) || facts.checkable.isTrue(v)
            var below = false, holds = false
            var voiced = facts.isImportant(v) && (facts.hasText(v) || (facts.platform == .android && facts.checkable.isTrue(v)))
            var c = v + 1
            let end = Int(tree.ends[v])
            while c < end {
                if !voiced && !facts.hidden.isTrue(c) && !facts.a11yActionable[c] && speaks[c] { voiced = true }
                if facts.isVisible(c) && !focusableA11y[c] && facts.isImportant(c) && speaking[c] { speakingNow = true }
                if facts.isImportant(c) || importantBelow[c] { below = true }
                if facts.actionable[c] || holdsActionable[c] { holds = true }
                c = Int(tree.ends[c])
            }
            speaking[v] = speakingNow
            self.speaks[v] = voiced
            importantBelow[v] = below
            holdsActionable[v] = holds
            var focusable = false
            if facts.isVisible(v) && facts.isImportant(v) {
                focusable = facts.a11yActionable[v] || (childOfScrollable(v) && speakingNow)
            }
            focusableA11y[v] = focusable
        }
        for v in 0..<n {
            let p = Int(tree.parents[v])
            guard p >= 0 else { continue }
            focusableAbove[v] = focusableAbove[p] || focusableA11y[p]
            inWeb[v] = inWeb[p] || facts.isWebView[p]
        }
    }

    /// ATF's isChildOfScrollableContainer: the parent scrolls, or is an AdapterView/ScrollView
    /// (a Spinner is not).
    private func childOfScrollable(_ v: Int) -> Bool {
        let p = Int(facts.tree.parents[v])
        guard p >= 0 else { return false }
        if facts.scrollable.isTrue(p) { return true }
        if facts.isSpinner[p] { return false }
        return facts.isScrollContainer[p]
    }

    /// ATF's shouldFocusView.
    func shouldFocus(_ v: Int) -> Bool {
        guard facts.isVisible(v) else { return false }
        if focusableA11y[v] { return !importantBelow[v] || speaking[v] }
        return facts.hasText(v) && facts.isImportant(v) && !focusableAbove[v]
    }

    /// The views a screen reader stops on, by platform: ATF's model on Android; on iOS (no
    /// focusable or important flags in a page source) the actionable views that hold no
    /// actionable view themselves, as VoiceOver focuses the innermost control.
    func isScreenReaderStop(_ v: Int) -> Bool {
        switch facts.platform {
        case .android: return shouldFocus(v)
        case .ios: return facts.actionable[v] && facts.isVisible(v) && !holdsActionable[v]
        }
    }

    private func checkStop(_ v: Int) throws(SelectorError) { if v & 4095 == 0 { try stop.check() } }

    // MARK: Rules

    /// SpeakableTextPresentCheck.java: every view a screen reader focuses (visible, important,
    /// not a WebView leaf, shouldFocusView) must have speakable text.
    mutating func speakableText() throws(SelectorError) {
        for v in 0..<facts.count {
            try checkStop(v)
            guard facts.isVisible(v), facts.isImportant(v), !inWeb[v] else { continue }
            if facts.isWebView[v] && facts.tree.ends[v] == Int32(v + 1) { continue }
            guard isScreenReaderStop(v) else { continue }
            if !speaks[v] {
                out.append(Finding(rule: .speakableText, node: NodeID(v),
                                   message: "\(facts.tree.className(of: NodeID(v))) has nothing a screen reader can speak"))
            }
        }
    }

    /// The frame in dp (Android) or pt (iOS), rounded as ATF rounds (`Math.round(px / density)`).
    private func size(_ r: Rect) -> (w: Int, h: Int) {
        (safeInt((r.width / density).rounded(.toNearestOrAwayFromZero)), safeInt((r.height / density).rounded(.toNearestOrAwayFromZero)))
    }

    /// TouchTargetSizeCheck.java `getMinimumAllowableSizeForView`: 48 dp (44 pt on iOS), 32 dp
    /// (scaled: 29 pt) on a side against the screen's edge.
    func requiredSize(_ r: Rect) -> (w: Int, h: Int) {
        let base = facts.platform == .android ? 48.0 : 44.0
        let edge = Int((32.0 * base / 48.0).rounded(.toNearestOrAwayFromZero))
        let full = Int(base)
        guard let s = facts.screen else { return (edge, edge) }  // ATF: unknown screen → the lenient size
        let side = r.x == s.x || r.x + r.width == s.x + s.width
        let topOrBottom = r.y == s.y || r.y + r.height == s.y + s.height
        return (side ? edge : full, topOrBottom ? edge : full)
    }

    private func meets(_ r: Rect) -> Bool {
        let (w, h) = size(r), (rw, rh) = requiredSize(r)
        return w >= rw && h >= rh
    }

    private func isTouchTarget(_ v: Int) -> Bool {
        switch facts.platform {
        case .android: return facts.clickable.isTrue(v) || facts.longClickable.isTrue(v)
        // Inline links in web text are exempt (WCAG 2.5.8's inline exception), as is a cell (a row).
        case .ios: return facts.actionable[v] && !facts.isCell[v] && !(inWeb[v] && (facts.isLink[v] || facts.linkTrait[v]))
        }
    }

    /// TouchTargetSizeCheck.java: a clickable or long-clickable visible view smaller than the
    /// required size is an error; a warning when a clickable ancestor of sufficient size may
    /// handle its touches (hasQualifyingClickableAncestor, AbsListViews excepted); not run against
    /// the scrolling edge of a scrollable container (the view may be scrolled partly off).
    mutating func touchTarget() throws(SelectorError) {
        guard facts.hasFrames else { return }
        let tree = facts.tree
        for v in 0..<facts.count {
            try checkStop(v)
            guard isTouchTarget(v), facts.isVisible(v) else { continue }
            let r = facts.frames[v]
            guard !r.x.isNaN, !meets(r) else { continue }
            var severity = Severity.error
            var note = ""
            var scrollEdge = false
            var p = Int(tree.parents[v])
            var sawScroller = false
            while p >= 0 {
                let qualifies: Bool
                switch facts.platform {
                case .android:
                    qualifies = (facts.clickable.isTrue(p) && facts.clickable.isTrue(v))
                        || (facts.longClickable.isTrue(p) && facts.longClickable.isTrue(v))
                case .ios:
                    qualifies = facts.actionable[p]
                }
                let a = facts.frames[p]
                if severity == .error, qualifies, !facts.isAbsList[p], !a.x.isNaN {
                    let (w, h) = size(a), (rw, rh) = requiredSize(a)
                    if w >= rw && h >= rh { severity = .warning; note = "; a clickable ancestor may handle its touches" }
                }
                if !sawScroller && (facts.scrollable.isTrue(p) || facts.isScrollContainer[p]) && !a.x.isNaN {
                    sawScroller = true
                    // The scrolling edge: top or bottom (left or right for a horizontal scroller).
                    if tree.className(of: NodeID(p)).contains("Horizontal") {
                        scrollEdge = r.x <= a.x || r.x + r.width >= a.x + a.width
                    } else {
                        scrollEdge = r.y <= a.y || r.y + r.height >= a.y + a.height
                    }
                }
                p = Int(tree.parents[p])
            }
            if scrollEdge { continue }
            let (w, h) = size(r), (rw, rh) = requiredSize(r)
            let unit = facts.platform == .android ? "dp" : "pt"
            let what = w < rw && h < rh ? "\(w)×\(h) \(unit)" : h < rh ? "\(h) \(unit) high" : "\(w) \(unit) wide"
            out.append(Finding(rule: .touchTarget, severity: severity, node: NodeID(v),
                               message: "\(what); needs at least \(rw)×\(rh) \(unit)\(note)"))
        }
    }

    /// DuplicateSpeakableTextCheck.java: views a screen reader focuses, grouped by their speakable
    /// text (trimmed); a group of two or more with a clickable view is one warning on its first
    /// clickable view (the group's other views related). Groups of non-clickable views only (ATF's
    /// INFO) are left out: the rule is about actionables.
    mutating func duplicateSpeakableText() throws(SelectorError) {
        var groups: [String: [Int]] = [:]
        var order: [String] = []
        for v in 0..<facts.count {
            try checkStop(v)
            guard !inWeb[v], isScreenReaderStop(v) else { continue }
            let text = facts.speakableText(v)
            guard !text.isEmpty else { continue }
            if groups[text] == nil { order.append(text) }
            groups[text, default: []].append(v)
        }
        for text in order {
            guard let views = groups[text], views.count >= 2 else { continue }
            let clickable = views.filter { facts.platform == .ios ? facts.actionable[$0] : facts.clickable.isTrue($0) }
            guard let first = clickable.first else { continue }
            out.append(Finding(rule: .duplicateSpeakableText, node: NodeID(first),
                               message: "speaks \"\(text.prefix(80))\" like \(views.count - 1) other view\(views.count == 2 ? "" : "s")",
                               related: views.filter { $0 != first }.map { NodeID($0) }))
        }
    }

    /// DuplicateClickableBoundsCheck.java: visible, important, clickable or long-clickable views
    /// (iOS: actionable) with equal bounds and a shared action; one error per group, on its first view.
    mutating func duplicateClickableBounds() throws(SelectorError) {
        guard facts.hasFrames else { return }
        var groups: [Rect: [Int]] = [:]
        var order: [Rect] = []
        for v in 0..<facts.count {
            try checkStop(v)
            guard facts.isVisible(v), facts.isImportant(v), !inWeb[v] else { continue }
            let acts = facts.platform == .ios ? facts.actionable[v] : (facts.clickable.isTrue(v) || facts.longClickable.isTrue(v))
            guard acts else { continue }
            let r = facts.frames[v]
            guard !r.x.isNaN else { continue }
            if groups[r] == nil { order.append(r) }
            groups[r, default: []].append(v)
        }
        for r in order {
            guard let views = groups[r], views.count >= 2 else { continue }
            // ATF: two views conflict when they share an action (both clickable, or both long-clickable).
            let members: [Int]
            switch facts.platform {
            case .ios: members = views
            case .android:
                let c = views.filter { facts.clickable.isTrue($0) }, l = views.filter { facts.longClickable.isTrue($0) }
                members = c.count >= 2 ? c : l.count >= 2 ? l : []
            }
            guard let first = members.first else { continue }
            let bounds = "[\(safeInt(r.x)),\(safeInt(r.y))][\(safeInt(r.x + r.width)),\(safeInt(r.y + r.height))]"
            out.append(Finding(rule: .duplicateClickableBounds, node: NodeID(first),
                               message: "has the same bounds \(bounds) as \(members.count - 1) other actionable view\(members.count == 2 ? "" : "s")",
                               related: members.dropFirst().map { NodeID($0) }))
        }
    }

    /// EditableContentDescCheck.java: an important editable text view (EditText) with a content description.
    mutating func editableContentDescription() throws(SelectorError) {
        guard facts.platform == .android else { return }
        for v in 0..<facts.count {
            try checkStop(v)
            guard facts.isImportant(v), facts.isEditable[v], let d = facts.contentDesc.nonBlank(v) else { continue }
            out.append(Finding(rule: .editableContentDescription, node: NodeID(v),
                               message: "editable field with the content description \"\(d.prefix(80))\""))
        }
    }

    /// ATF's English words (strings.xml: button_item_type, checkbox_item_type,
    /// checkbox_item_type_separate_words; checked_state, unchecked_state, selected_state,
    /// unselected_state; click_action, swipe_action, tap_action).
    static let redundantWords: [(kind: String, word: String)] = [
        ("item type", "button"), ("item type", "checkbox"), ("item type", "check box"),
        ("state", "checked"), ("state", "unchecked"), ("state", "selected"), ("state", "unselected"),
        ("action", "click"), ("action", "swipe"), ("action", "tap"),
    ]

    /// ATF's containsWordIgnoreCase: `(?s).*\b(?i)word\b.*` (Java's `\b`: between a word
    /// character, letter, digit or underscore, and anything else).
    static func containsWord(_ text: String, _ word: String) -> Bool {
        containsWord(Array(text.lowercased().unicodeScalars), Array(word.lowercased().unicodeScalars))
    }

    /// `containsWord` over scalars already lowercased, so a label is lowercased once for every word.
    static func containsWord(_ hay: [Unicode.Scalar], _ needle: [Unicode.Scalar]) -> Bool {
        guard needle.count <= hay.count, !needle.isEmpty else { return false }
        func isWord(_ s: Unicode.Scalar) -> Bool { s == "_" || s.properties.isAlphabetic || s.properties.numericType != nil }
        var i = 0
        while i + needle.count <= hay.count {
            if hay[i] == needle[0] && hay[i..<i + needle.count].elementsEqual(needle) {
                let beforeOK = i == 0 || !isWord(hay[i - 1])
                let afterOK = i + needle.count == hay.count || !isWord(hay[i + needle.count])
                if beforeOK && afterOK { return true }
            }
            i += 1
        }
        return false
    }

    /// ATF's words `text` holds, in `redundantWords` order.
    static func redundantWords(in text: String) -> [(kind: String, word: String)] {
        let hay = Array(text.lowercased().unicodeScalars)
        return redundantWords.filter { containsWord(hay, Array($0.word.unicodeScalars)) }
    }

    /// RedundantDescriptionCheck.java: a visible, important view's content description (iOS: an
    /// actionable view's label) containing a role, state or action word; one warning per word.
    mutating func redundantDescription() throws(SelectorError) {
        // Labels repeat (every row's "Delete"): each distinct one is searched once.
        var words: [Int32: [(kind: String, word: String)]] = [:]
        for v in 0..<facts.count {
            try checkStop(v)
            guard facts.isVisible(v), facts.isImportant(v), !inWeb[v] else { continue }
            let source: StringFacts
            switch facts.platform {
            case .android: source = facts.contentDesc
            case .ios:
                guard facts.actionable[v] else { continue }
                source = facts.label
            }
            guard let d = source.nonBlank(v) else { continue }
            let id = source.valueID(v)
            let found: [(kind: String, word: String)]
            if id >= 0, let known = words[id] { found = known } else {
                found = Self.redundantWords(in: d)
                if id >= 0 { words[id] = found }
            }
            for (kind, word) in found {
                out.append(Finding(rule: .redundantDescription, node: NodeID(v),
                                   message: "label \"\(d.prefix(80))\" contains the \(kind) \"\(word)\"", key: word))
            }
        }
    }

    /// Most earlier views one view is compared with (a grid cell's neighbours): bounds the rule
    /// on a tree where thousands of controls stack at one place.
    static let maxOverlapCandidates = 64

    /// Ours: two visible actionable views, neither inside the other, whose frames overlap by at
    /// least a quarter of the smaller one (equal frames are duplicate-clickable-bounds). One
    /// warning on the later view in preorder (drawn above), the first such earlier view related.
    /// Views are bucketed in a 64-unit grid, so only neighbours are compared (at most
    /// `maxOverlapCandidates` a view).
    mutating func overlappingControls() throws(SelectorError) {
        guard facts.hasFrames else { return }
        let tree = facts.tree
        let frames = facts.frames
        let cell = 64.0
        // The views compared, in preorder, with the 64-unit cells their frames cover.
        var boxes: [(v: Int, x0: Int, x1: Int, y0: Int, y1: Int, big: Bool)] = []
        for v in 0..<facts.count where facts.actionable[v] && facts.isVisible(v) && !inWeb[v] {
            try checkStop(v)
            let rv = frames[v]
            // Frames past a billion units (a hostile recording) are left out rather than bucketed.
            guard !rv.x.isNaN, rv.width > 0, rv.height > 0, abs(rv.x) < 1e9, abs(rv.y) < 1e9, rv.width < 1e9, rv.height < 1e9 else { continue }
            let x0 = Int((rv.x / cell).rounded(.down)), x1 = Int(((rv.x + rv.width) / cell).rounded(.down))
            let y0 = Int((rv.y / cell).rounded(.down)), y1 = Int(((rv.y + rv.height) / cell).rounded(.down))
            // Views spanning more than 64 cells are compared with every later view instead of bucketed.
            boxes.append((v, x0, x1, y0, y1, (x1 - x0 + 1) * (y1 - y0 + 1) > 64))
        }
        // Each cell's views as a list threaded through flat arrays (first, last, next), in the
        // order they came: no array per cell. Cells are numbered in a flat grid over the views'
        // extent where that is small, else through a dictionary.
        var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
        for b in boxes where !b.big {
            minX = min(minX, b.x0); maxX = max(maxX, b.x1); minY = min(minY, b.y0); maxY = max(maxY, b.y1)
        }
        let cols = minX <= maxX ? maxX - minX + 1 : 0, rows = minY <= maxY ? maxY - minY + 1 : 0
        let flat = cols > 0 && rows > 0 && cols <= (1 << 20) && rows <= (1 << 20) && cols * rows <= max(1 << 16, boxes.count * 64)
        var numbered: [Int64: Int32] = [:]
        var first = [Int32](repeating: -1, count: flat ? cols * rows : 0), last = first
        var next: [Int32] = [], entry: [Int32] = []
        func number(_ cx: Int, _ cy: Int, adding: Bool) -> Int {
            if flat { return (cx - minX) * rows + (cy - minY) }
            let key = Int64(cx) << 32 ^ (Int64(cy) & 0xffff_ffff)
            if let n = numbered[key] { return Int(n) }
            guard adding else { return -1 }
            numbered[key] = Int32(first.count)
            first.append(-1); last.append(-1)
            return first.count - 1
        }
        var big: [Int] = []
        // The view that last compared each view: a stamp instead of a set per view.
        var stamp = [Int](repeating: -1, count: facts.count)
        for b in boxes {
            let v = b.v, rv = frames[v]
            var compared = 0
            var hit: (u: Int, percent: Int)?
            var done = false
            func consider(_ u: Int) {
                guard stamp[u] != v else { return }
                stamp[u] = v
                compared += 1
                if compared > Self.maxOverlapCandidates { done = true; return }
                // Nested: an ancestor holds the other (a cell and its button).
                if v < Int(tree.ends[u]) { return }
                let ru = frames[u]
                guard ru != rv, ru.intersects(rv) else { return }
                let w = min(ru.x + ru.width, rv.x + rv.width) - max(ru.x, rv.x)
                let h = min(ru.y + ru.height, rv.y + rv.height) - max(ru.y, rv.y)
                let smaller = min(ru.width * ru.height, rv.width * rv.height)
                if w * h >= smaller / 4 {
                    hit = (u, safeInt((w * h / smaller * 100).rounded()))
                    done = true
                }
            }
            for u in big where !done { consider(u) }
            if !b.big {
                search: for cx in b.x0...b.x1 {
                    for cy in b.y0...b.y1 {
                        let n = number(cx, cy, adding: false)
                        var e = n < 0 ? -1 : Int(first[n])
                        while e >= 0 && !done { consider(Int(entry[e])); e = Int(next[e]) }
                        if done { break search }
                    }
                }
            }
            if let hit {
                out.append(Finding(rule: .overlappingControls, node: NodeID(v),
                                   message: "overlaps \(tree.className(of: NodeID(hit.u))) by \(hit.percent)% of the smaller",
                                   related: [NodeID(hit.u)]))
            }
            if b.big { big.append(v); continue }
            for cx in b.x0...b.x1 {
                for cy in b.y0...b.y1 {
                    let n = number(cx, cy, adding: true)
                    let e = Int32(entry.count)
                    entry.append(Int32(v)); next.append(-1)
                    if last[n] >= 0 { next[Int(last[n])] = e } else { first[n] = e }
                    last[n] = e
                }
            }
        }
    }

    /// Ours (ATF has no heading check): a static text in a heading's place that the recording
    /// says is not a heading. Only where the recording carries heading state (iOS: the view's
    /// `traits`, XCUITest sources from iOS 17; Android: `heading`, newer UiAutomator2 sources, or
    /// a Compose semantics print that marks some view `Heading`);
    /// a heading's place is the first text of a navigation bar or toolbar (the screen's title),
    /// or a text standing first in a group that holds a list (a section's title: "Trending"
    /// above its carousel). Texts that act (buttons are TextViews on Android), edit or check,
    /// and texts VoiceOver does not visit (`accessible="false"`: a button's own caption), are
    /// left out.
    mutating func missingHeading() throws(SelectorError) {
        let tree = facts.tree
        for v in 0..<facts.count {
            try checkStop(v)
            guard facts.isText[v], !facts.a11yActionable[v], !facts.isEditable[v], !facts.checkable.isTrue(v),
                  facts.isVisible(v), facts.isImportant(v), !inWeb[v] else { continue }
            let state: String
            switch facts.platform {
            case .ios:
                guard let traits = facts.traits[v], !facts.accessible.isFalse(v) else { continue }
                if traits.split(separator: ",").contains(where: { trimmed(String($0)) == "Header" }) { continue }
                state = traits.isEmpty ? "no traits" : "traits \(traits)"
            case .android:
                guard facts.heading.isFalse(v) || (facts.headingsListed && !facts.heading.isTrue(v)) else { continue }
                state = facts.headingsListed ? "no Heading" : "heading=false"
            }
            let p = Int(tree.parents[v])
            guard p >= 0, let text = facts.ownText(v).0 else { continue }
            let place: String
            if facts.isTitleBar[p] && firstText(in: p) == v {
                place = "titles the \(facts.platform == .ios ? "navigation bar" : "toolbar")"
            } else if p + 1 == v && holdsList(after: v, in: p) {
                place = "heads a group holding a list"
            } else {
                continue
            }
            out.append(Finding(rule: .missingHeading, node: NodeID(v),
                               message: "\"\(text.prefix(80))\" \(place) but is not marked a heading (\(state))"))
        }
    }

    /// The first static text among `p`'s children (-1: none).
    private func firstText(in p: Int) -> Int {
        var c = p + 1
        while c < Int(facts.tree.ends[p]) {
            if facts.isText[c] { return c }
            c = Int(facts.tree.ends[c])
        }
        return -1
    }

    /// Whether a child of `p` after `v` is a list (a scroll container, or recorded scrollable).
    private func holdsList(after v: Int, in p: Int) -> Bool {
        var c = Int(facts.tree.ends[v])
        while c < Int(facts.tree.ends[p]) {
            if facts.isScrollContainer[c] || facts.scrollable.isTrue(c) { return true }
            c = Int(facts.tree.ends[c])
        }
        return false
    }

    /// Whether a view counts for the testability rules and the score: visible, actionable, native.
    func isAddressable(_ v: Int) -> Bool { facts.actionable[v] && facts.isVisible(v) && !inWeb[v] }

    /// Ours: a visible actionable view (outside web content) without a stable id.
    mutating func missingID() throws(SelectorError) {
        for v in 0..<facts.count {
            try checkStop(v)
            guard isAddressable(v), facts.stableID[v] == nil else { continue }
            let why = facts.platform == .ios && facts.rawID.nonBlank(v) != nil ? " (its name is its label)" : ""
            out.append(Finding(rule: .missingID, node: NodeID(v), message: "actionable \(facts.tree.className(of: NodeID(v))) has no identifier\(why)"))
        }
    }

    /// The nearest ancestor with a stable id, per view (-1: none).
    private func idAncestors() -> [Int] {
        var nearest = [Int](repeating: -1, count: facts.count)
        for v in 0..<facts.count {
            let p = Int(facts.tree.parents[v])
            guard p >= 0 else { continue }
            nearest[v] = facts.stableID[p] != nil ? p : nearest[p]
        }
        return nearest
    }

    /// The nearest list (a scroll container: RecyclerView, AdapterView, UITableView, …) above each
    /// view and the list's child holding it (its row); -1 where no list holds the view.
    private func rows() -> (list: [Int], row: [Int]) {
        var list = [Int](repeating: -1, count: facts.count), row = list
        for v in 0..<facts.count {
            let p = Int(facts.tree.parents[v])
            guard p >= 0 else { continue }
            if facts.isScrollContainer[p] || facts.scrollable.isTrue(p) { list[v] = p; row[v] = v } else { list[v] = list[p]; row[v] = row[p] }
        }
        return (list, row)
    }

    /// Ours: a visible view whose id another view holds too, neither inheriting it from the
    /// other (inherited-id covers that) nor standing in another row of the same list (rows of a
    /// RecyclerView or a table repeat their ids by design; a test picks the row first). One
    /// warning per such view, the others it clashes with related.
    mutating func duplicateID() throws(SelectorError) {
        let nearest = idAncestors()
        let (list, row) = rows()
        var groups: [String: [Int]] = [:]
        var order: [String] = []
        for v in 0..<facts.count {
            try checkStop(v)
            guard let id = facts.stableID[v], facts.isVisible(v), !inWeb[v] else { continue }
            if nearest[v] >= 0 && facts.stableID[nearest[v]] == id { continue }
            if groups[id] == nil { order.append(id) }
            groups[id, default: []].append(v)
        }
        for id in order {
            guard let views = groups[id], views.count >= 2 else { continue }
            // Two holders clash unless they sit in different rows of one list.
            var byList: [Int: Int] = [:], byRow: [Int: Int] = [:]
            for v in views { byList[list[v], default: 0] += 1; byRow[row[v], default: 0] += 1 }
            for v in views {
                let count = list[v] < 0 ? views.count - 1 : views.count - byList[list[v]]! + byRow[row[v]]! - 1
                guard count > 0 else { continue }
                let clashing = views.lazy.filter { $0 != v && (list[v] < 0 || list[$0] != list[v] || row[$0] == row[v]) }.prefix(32)
                out.append(Finding(rule: .duplicateID, node: NodeID(v),
                                   message: "id \"\(id.prefix(80))\" is held by \(count) other view\(count == 1 ? "" : "s")",
                                   related: clashing.map { NodeID($0) }))
            }
        }
    }

    /// Ours: a visible view whose id is its nearest identified ancestor's (SwiftUI's cascade).
    mutating func inheritedID() throws(SelectorError) {
        let nearest = idAncestors()
        for v in 0..<facts.count {
            try checkStop(v)
            guard let id = facts.stableID[v], facts.isVisible(v), nearest[v] >= 0, facts.stableID[nearest[v]] == id else { continue }
            out.append(Finding(rule: .inheritedID, node: NodeID(v),
                               message: "id \"\(id.prefix(80))\" is its ancestor \(facts.tree.className(of: NodeID(nearest[v])))'s",
                               related: [NodeID(nearest[v])]))
        }
    }

    /// The per-screen score: visible actionable native views, and those with an id no other view holds.
    func score() -> (actionable: Int, addressable: Int) {
        var counts: [String: Int] = [:]
        for v in 0..<facts.count { if let id = facts.stableID[v] { counts[id, default: 0] += 1 } }
        var a = 0, b = 0
        for v in 0..<facts.count where isAddressable(v) {
            a += 1
            if let id = facts.stableID[v], counts[id] == 1 { b += 1 }
        }
        return (a, b)
    }

    mutating func run(_ rule: Rule) throws(SelectorError) {
        switch rule.id {
        case Rule.speakableText.id: try speakableText()
        case Rule.touchTarget.id: try touchTarget()
        case Rule.duplicateSpeakableText.id: try duplicateSpeakableText()
        case Rule.duplicateClickableBounds.id: try duplicateClickableBounds()
        case Rule.editableContentDescription.id: try editableContentDescription()
        case Rule.redundantDescription.id: try redundantDescription()
        case Rule.overlappingControls.id: try overlappingControls()
        case Rule.missingHeading.id: try missingHeading()
        case Rule.missingID.id: try missingID()
        case Rule.duplicateID.id: try duplicateID()
        case Rule.inheritedID.id: try inheritedID()
        default: break
        }
    }
}

/// `d` as an Int, clamped (a hostile recording's 1e300 or NaN must not trap the conversion).
func safeInt(_ d: Double) -> Int {
    guard d.isFinite else { return d.isNaN ? 0 : (d > 0 ? Int(Int32.max) : Int(Int32.min)) }
    return Int(max(Double(Int32.min), min(Double(Int32.max), d)))
}
