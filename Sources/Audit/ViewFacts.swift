import SelectorCore

/// A string property read once per tree: each distinct value decoded once, so rules read plain
/// arrays instead of building a `JSONValue` per view and property (the 10^6-view budget).
struct StringFacts {
    private var ids: ContiguousArray<Int32> = []
    private var values: [String] = []
    private var sparse: [Int32: String] = [:]
    private var dense = false
    /// Per distinct value: whether it has a character other than white space (decided once).
    private var hasInk: [Bool] = []

    /// The first of `names` the tree records (a column holding strings).
    init(_ tree: ViewTree, _ names: [String]) {
        for name in names {
            guard let column = tree.columns[name] else { continue }
            switch column {
            case .strings(let ids, let pool):
                self.ids = ids
                values = (0..<pool.count).map { pool[Int32($0)] }
                hasInk = values.map { $0.contains(where: { !$0.isWhitespace }) }
                dense = true
            default:
                for n in 0..<tree.count {
                    if case .string(let s)? = column.value(at: n) { sparse[Int32(n)] = s }
                }
            }
            return
        }
    }

    /// The node's value; nil when absent.
    subscript(_ n: Int) -> String? {
        if dense { let id = ids[n]; return id < 0 ? nil : values[Int(id)] }
        return sparse.isEmpty ? nil : sparse[Int32(n)]
    }

    /// The node's value when it has characters other than white space.
    func nonBlank(_ n: Int) -> String? {
        if dense { let id = ids[n]; return id >= 0 && hasInk[Int(id)] ? values[Int(id)] : nil }
        guard let s = self[n], s.contains(where: { !$0.isWhitespace }) else { return nil }
        return s
    }

    /// A value id comparable within this tree (-1: absent or blank), for grouping without strings.
    func valueID(_ n: Int) -> Int32 {
        if dense { let id = ids[n]; return id >= 0 && hasInk[Int(id)] ? id : -1 }
        return -1
    }
}

/// A flag read once per tree: recorded true, recorded false, or not recorded.
struct FlagFacts {
    private var flags: ContiguousArray<Int8> = []
    /// Whether the tree records the flag at all (for "cannot see" notes).
    private(set) var recorded = false

    init(_ tree: ViewTree, _ names: [String]) {
        flags = ContiguousArray(repeating: -1, count: tree.count)
        for name in names {
            guard let column = tree.columns[name] else { continue }
            recorded = true
            switch column {
            case .bools(let v):
                for n in 0..<tree.count where flags[n] < 0 && v[n] >= 0 { flags[n] = v[n] & 1 }
            default:
                for n in 0..<tree.count where flags[n] < 0 {
                    switch column.value(at: n) {
                    case .bool(let b)?: flags[n] = b ? 1 : 0
                    case .string(let s)?: if s == "true" { flags[n] = 1 } else if s == "false" { flags[n] = 0 }
                    case .double(let d)?: flags[n] = d != 0 ? 1 : 0
                    case .int(let i)?: flags[n] = i != 0 ? 1 : 0
                    default: break
                    }
                }
            }
        }
    }

    /// True only when recorded true.
    func isTrue(_ n: Int) -> Bool { flags[n] == 1 }
    /// True only when recorded false.
    func isFalse(_ n: Int) -> Bool { flags[n] == 0 }
}

/// What the rules read of one recording, in the loaders' shared vocabulary (Docs/Formats.md):
/// each property decoded once into arrays, the platform's meaning of "actionable", "visible",
/// "stable id" and "speakable text" decided once per view.
struct ViewFacts {
    let tree: ViewTree
    let platform: AuditPlatform
    let count: Int
    /// Absolute frames (`accessibilityFrame`); NaN `x` where absent.
    let frames: ContiguousArray<Rect>
    let hasFrames: Bool
    let label: StringFacts, contentDesc: StringFacts, text: StringFacts, hint: StringFacts, value: StringFacts
    let rawID: StringFacts
    let traits: StringFacts
    let clickable: FlagFacts, longClickable: FlagFacts, focusable: FlagFacts, checkable: FlagFacts, checked: FlagFacts
    let scrollable: FlagFacts, hidden: FlagFacts, important: FlagFacts, accessible: FlagFacts, password: FlagFacts
    /// Android's `heading` (UiAutomator2's newer page sources record it on every view; Compose's
    /// semantics print lists `Heading` on headings only).
    let heading: FlagFacts
    /// A Compose semantics print holding some `Heading`: there, a view without one is no heading.
    let headingsListed: Bool
    /// Per view: a screen reader or a tap acts on it.
    var actionable: [Bool]
    /// Per view: ATF's `isActionableForAccessibility` (clickable, focusable or long-clickable); iOS: `actionable`.
    var a11yActionable: [Bool]
    /// Per view: the identifier a test can rely on (nil: none).
    var stableID: [String?]
    /// Per view: an iOS Link trait (web links are exempt from the touch-target size).
    let linkTrait: [Bool]
    let isSpinner: [Bool]
    let isEditable: [Bool], isWebView: [Bool], isAbsList: [Bool], isScrollContainer: [Bool], isLink: [Bool], isCell: [Bool]
    /// Per view: a static text (UILabel, XCUITest's StaticText, Android's TextView and its kinds).
    let isText: [Bool]
    /// Per view: a bar whose first text is the screen's title (a navigation bar, an Android
    /// toolbar by class, or by AppCompat's `action_bar` / the usual `toolbar` id where it is a ViewGroup).
    let isTitleBar: [Bool]
    /// The screen's rectangle (the largest root frame), for ATF's edge exception.
    let screen: Rect?

    init(_ tree: ViewTree) {
        self.tree = tree
        platform = AuditPlatform.of(tree)
        count = tree.count
        if case .frames(let f)? = tree.columns[PropertyName.accessibilityFrame] {
            frames = f; hasFrames = true
        } else {
            frames = ContiguousArray(repeating: Rect(x: .nan, y: 0, width: 0, height: 0), count: tree.count); hasFrames = false
        }
        label = StringFacts(tree, [PropertyName.accessibilityLabel])
        // Android's content description; Maestro calls it accessibilityText.
        contentDesc = StringFacts(tree, ["content-desc", "accessibilityText", "contentDescription"])
        text = StringFacts(tree, ["text"])
        hint = StringFacts(tree, ["hint", "hintText", "placeholderValue", "placeholder"])
        value = StringFacts(tree, ["value"])
        traits = StringFacts(tree, ["traits"])
        clickable = FlagFacts(tree, ["clickable"])
        longClickable = FlagFacts(tree, ["long-clickable", "longClickable"])
        focusable = FlagFacts(tree, ["focusable"])
        checkable = FlagFacts(tree, ["checkable"])
        checked = FlagFacts(tree, ["checked"])
        scrollable = FlagFacts(tree, ["scrollable"])
        hidden = FlagFacts(tree, [PropertyName.isHidden])
        important = FlagFacts(tree, ["important-for-accessibility", "a11y-important", "importantForAccessibility"])
        accessible = FlagFacts(tree, ["accessible", "isAccessibilityElement"])
        password = FlagFacts(tree, ["password"])
        heading = FlagFacts(tree, ["heading", "Heading"])
        headingsListed = tree.columns["heading"] == nil && tree.columns["Heading"] != nil
        let classes = tree.classes
        func mask(_ names: [String]) -> [Bool] {
            var m = [Bool](repeating: false, count: classes.count)
            for name in names where classes.id(of: name) != nil {
                for (k, v) in classes.kindMask(of: name).enumerated() where v { m[k] = true }
            }
            return (0..<tree.count).map { m[Int(tree.classIDs[$0])] }
        }
        isEditable = mask(["android.widget.EditText", "UITextField", "UITextView", "XCUIElementTypeTextField",
                           "XCUIElementTypeSecureTextField", "XCUIElementTypeSearchField", "XCUIElementTypeTextView"])
        isWebView = mask(["android.webkit.WebView", "XCUIElementTypeWebView", "UIWebView", "WKWebView"])
        isAbsList = mask(["android.widget.AbsListView"])
        isSpinner = mask(["android.widget.Spinner", "androidx.appcompat.widget.AppCompatSpinner"])
        isScrollContainer = mask(["android.widget.AdapterView", "android.widget.ScrollView", "android.widget.HorizontalScrollView",
                                  "androidx.recyclerview.widget.RecyclerView", "UIScrollView"])
        isLink = mask(["XCUIElementTypeLink", "UIALink"])
        isCell = mask(["UITableViewCell", "UICollectionViewCell"])
        isText = mask(["UILabel", "android.widget.TextView"])
        let bars = mask(["UINavigationBar", "android.widget.Toolbar", "androidx.appcompat.widget.Toolbar",
                         "com.google.android.material.appbar.MaterialToolbar"])
        let controls = mask(["UIControl", "UIButton", "UISwitch", "UISlider", "UITextField", "UITextView", "UISegmentedControl",
                             "UIStepper", "UIDatePicker", "UIPageControl", "UISearchTextField",
                             "XCUIElementTypeLink", "XCUIElementTypeKey", "XCUIElementTypeMenuItem", "XCUIElementTypeTab",
                             "XCUIElementTypeCheckBox", "XCUIElementTypeRadioButton", "XCUIElementTypeIncrementArrow",
                             "XCUIElementTypePickerWheel", "UIALink"])
        var actionable = [Bool](repeating: false, count: tree.count)
        var a11y = [Bool](repeating: false, count: tree.count)
        var ids = [String?](repeating: nil, count: tree.count)
        var linkTrait = [Bool](repeating: false, count: tree.count)
        let identifier = StringFacts(tree, ["resource-id", "accessibilityIdentifier", "name", "id"])
        rawID = identifier
        for n in 0..<tree.count {
            switch platform {
            case .android:
                // ATF: clickable or long-clickable (TouchTargetSizeCheck); focusable too for speech grouping.
                actionable[n] = clickable.isTrue(n) || longClickable.isTrue(n)
                a11y[n] = actionable[n] || focusable.isTrue(n)
                ids[n] = identifier.nonBlank(n)
            case .ios:
                // No clickable flag on iOS: a control type, a cell, or a Button/Link/Adjustable trait.
                var act = controls[n] || isCell[n]
                if let t = traits[n], !t.isEmpty {
                    let words = t.split(separator: ",").map { trimmed(String($0)) }
                    if words.contains("Link") { linkTrait[n] = true }
                    // A trait alone makes an actionable view only where it is an accessibility
                    // element: UIKit's scroll indicators are Adjustable with accessible="false".
                    if !act && !accessible.isFalse(n) {
                        act = words.contains { $0 == "Button" || $0 == "Link" || $0 == "Adjustable" || $0 == "Keyboard Key" }
                    }
                }
                actionable[n] = act
                a11y[n] = act
                // WebDriverAgent writes the label as `name` when a view has no identifier, so a
                // name equal to the label is no identifier a test can rely on.
                if let id = identifier.nonBlank(n), id != label[n] { ids[n] = id }
            }
        }
        self.actionable = actionable
        self.linkTrait = linkTrait
        let android = platform == .android
        isTitleBar = (0..<tree.count).map { n in
            guard !bars[n] else { return true }
            guard android, let id = identifier.nonBlank(n) else { return false }
            let entry = id.split(separator: "/").last ?? ""
            return entry == "toolbar" || entry == "action_bar"
        }
        a11yActionable = a11y
        stableID = ids
        var best: Rect?
        for r in tree.roots {
            let f = frames[Int(r)]
            guard !f.x.isNaN, f.width > 0, f.height > 0 else { continue }
            if best == nil || f.width * f.height > best!.width * best!.height { best = f }
        }
        // Android's <hierarchy> has no bounds: its first child (the window) gives the screen.
        if best == nil {
            for n in 0..<min(tree.count, 64) where !frames[n].x.isNaN && frames[n].width > 0 && frames[n].height > 0 {
                best = frames[n]; break
            }
        }
        screen = best
    }

    /// Whether the view can be seen: not hidden, and where it has a frame, a frame with area.
    func isVisible(_ n: Int) -> Bool {
        if hidden.isTrue(n) { return false }
        if hasFrames { let f = frames[n]; if !f.x.isNaN && (f.width <= 0 || f.height <= 0) { return false } }
        return true
    }

    /// ATF's `isImportantForAccessibility`: recorded, else true (Android); iOS: not recorded false
    /// on an actionable view (containers are `accessible="false"` in XCUITest, which says nothing
    /// about their children).
    func isImportant(_ n: Int) -> Bool { !important.isFalse(n) }

    /// The view's own spoken text (ATF's getSpeakableTextFromElementSubtree, first part): a content
    /// description overrides everything, else its text, else its hint. iOS: its label, else value.
    func ownText(_ n: Int) -> (String?, overrides: Bool) {
        switch platform {
        case .android:
            if let d = contentDesc.nonBlank(n) { return (d, true) }
            // A loader's derived label is content-desc else text: read text itself so a hint shows.
            if let t = text.nonBlank(n) { return (t, false) }
            if let h = hint.nonBlank(n), h != "true", h != "false" { return (h, false) }
            return (nil, false)
        case .ios:
            if let l = label.nonBlank(n) { return (l, false) }
            if let t = text.nonBlank(n) { return (t, false) }
            if let v = value.nonBlank(n) { return (v, false) }
            if let h = hint.nonBlank(n) { return (h, false) }
            return (nil, false)
        }
    }

    /// ATF's `hasText`: a content description, text or hint.
    func hasText(_ n: Int) -> Bool { ownText(n).0 != nil }

    /// What a screen reader speaks for `n`: its own text, then its visible, non-actionable
    /// children's, recursively (ATF's getSpeakableTextFromElementSubtree), at most `limit` bytes.
    func speakableText(_ n: Int, limit: Int = 512) -> String {
        var parts: [String] = []
        var bytes = 0
        func walk(_ v: Int, _ top: Bool) {
            guard bytes < limit else { return }
            if isImportant(v) {
                let (own, overrides) = ownText(v)
                if let own { parts.append(own); bytes += own.utf8.count; if overrides { return } }
                if platform == .android && checkable.isTrue(v) {
                    parts.append(checked.isTrue(v) ? "Checked" : "Not checked")
                }
            }
            // Children by the subtree ends: no array per view.
            var c = v + 1
            let end = Int(tree.ends[v])
            while c < end {
                if !hidden.isTrue(c) && !a11yActionable[c] { walk(c, false) }
                c = Int(tree.ends[c])
            }
        }
        walk(n, true)
        return trimmed(parts.joined(separator: " "))
    }

    /// Whether `n`'s spoken text would be empty, without building it.
    func isSilent(_ n: Int) -> Bool { speakableText(n, limit: 1).isEmpty }
}

/// `s` without leading and trailing white space (no Foundation in this module).
func trimmed(_ s: String) -> String {
    guard let first = s.firstIndex(where: { !$0.isWhitespace }), let last = s.lastIndex(where: { !$0.isWhitespace }) else { return "" }
    return String(s[first...last])
}
