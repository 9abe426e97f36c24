public import SelectorCore

/// How much a finding matters, in SARIF's words (`error`, `warning`, `note`).
public enum Severity: String, Sendable, CaseIterable, Comparable {
    case error, warning, note

    /// Errors first.
    var rank: Int { self == .error ? 0 : self == .warning ? 1 : 2 }
    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// The platform a recording shows, which decides units (pt or px), thresholds and which rules run.
public enum AuditPlatform: String, Sendable, CaseIterable {
    case ios, android

    /// The platform of `tree`: its recording source when that says, else its class names (an
    /// Android class is dotted `android.…`; Calabash and UIAutomation trees are iOS).
    public static func of(_ tree: ViewTree) -> AuditPlatform {
        switch tree.recordingSource {
        case .uiautomator: return .android
        case .xcuitest, .frank: return .ios
        case .maestro, .other:
            for name in tree.classes.names where name.hasPrefix("android.") || name.hasPrefix("androidx.") { return .android }
            return .ios
        }
    }
}

/// What a rule is about: people using assistive technology, or tests finding views.
public enum RuleCategory: String, Sendable { case accessibility, testability }

/// One check `frankly audit` runs (Docs/Audit.md lists them with their sources).
public struct Rule: Sendable, Hashable {
    /// Stable id, used by `--rules`, SARIF's `ruleId` and baselines.
    public var id: String
    /// A few words for tables.
    public var title: String
    public var category: RuleCategory
    /// The level its findings get unless a finding says otherwise (ATF demotes some to warnings).
    public var severity: Severity
    /// Why it matters, one line.
    public var why: String
    /// What to change, one line.
    public var fix: String
    public var platforms: Set<AuditPlatform>
    /// Where the logic comes from (a file of Google's ATF, Apple's guidelines, or ours).
    public var source: String
    /// What it cannot see in which recording format.
    public var blindSpots: String
}

extension Rule {
    static let both: Set<AuditPlatform> = [.ios, .android]
    static let atf = "google/Accessibility-Test-Framework-for-Android (Apache-2.0), "
        + "src/main/java/com/google/android/apps/common/testing/accessibility/framework/"

    public static let speakableText = Rule(
        id: "speakable-text", title: "actionable view without a spoken label", category: .accessibility, severity: .error,
        why: "A screen reader announces nothing useful for it: the user cannot tell what it does.",
        fix: "Give it a label (contentDescription / accessibilityLabel) or visible text.",
        platforms: both, source: atf + "checks/SpeakableTextPresentCheck.java, ViewHierarchyElementUtils.java (speakable text, shouldFocusView)",
        blindSpots: "labelledBy relations (no format records them); iOS: a label read from a custom accessibilityValue only when the recording keeps `value`; generic XML: no labels at all")

    public static let touchTarget = Rule(
        id: "touch-target", title: "touch target too small", category: .accessibility, severity: .error,
        why: "Small targets are hard to hit for people with motor impairments (48 dp Android, 44 pt iOS).",
        fix: "Make the view (or its touch area) at least 48×48 dp on Android, 44×44 pt on iOS.",
        platforms: both, source: atf + "checks/TouchTargetSizeCheck.java; Apple HIG, Accessibility (44×44 pt)",
        blindSpots: "TouchDelegate hit rects, contentEdgeInsets and SwiftUI contentShape (no format records them), "
            + "unclipped sizes and input-method windows; Android densities are not recorded (--density, else inferred from the screen width)")

    public static let duplicateSpeakableText = Rule(
        id: "duplicate-speakable-text", title: "actionables announced alike", category: .accessibility, severity: .warning,
        why: "Several controls speak the same text, so a screen-reader user cannot tell them apart.",
        fix: "Make each label say what that control does (\"Delete message from Ann\", not \"Delete\").",
        platforms: both, source: atf + "checks/DuplicateSpeakableTextCheck.java",
        blindSpots: "the state and role words a screen reader adds; labelledBy relations")

    public static let duplicateClickableBounds = Rule(
        id: "duplicate-clickable-bounds", title: "clickables at the same place", category: .accessibility, severity: .error,
        why: "Two actionable views share exactly one rectangle: a screen reader focuses both, a tap reaches one.",
        fix: "Make only one of them clickable (usually the container), or remove the redundant handler.",
        platforms: both, source: atf + "checks/DuplicateClickableBoundsCheck.java",
        blindSpots: "iOS recordings carry no clickable flag: actionable there means a control type or trait")

    public static let editableContentDescription = Rule(
        id: "editable-content-desc", title: "editable field with a content description", category: .accessibility, severity: .error,
        why: "TalkBack reads the contentDescription instead of what the user typed.",
        fix: "Remove the contentDescription; label the field with a hint or a labelFor TextView.",
        platforms: [.android], source: atf + "checks/EditableContentDescCheck.java",
        blindSpots: "Android only (iOS has no such attribute); Maestro hierarchies merge content-desc into accessibilityText for every view")

    public static let redundantDescription = Rule(
        id: "redundant-description", title: "role, state or action words in a label", category: .accessibility, severity: .warning,
        why: "Screen readers announce role, state and actions themselves: \"Save button\" is read \"Save button, button\".",
        fix: "Drop the word from the label (\"Save\"); let the role or trait say it.",
        platforms: both, source: atf + "checks/RedundantDescriptionCheck.java (English word list of ATF's strings.xml)",
        blindSpots: "English words only (ATF localises the list from the device locale, which no recording carries)")

    public static let overlappingControls = Rule(
        id: "overlapping-controls", title: "actionables overlap", category: .accessibility, severity: .warning,
        why: "Where two controls overlap, a tap may reach the wrong one and focus order is unclear.",
        fix: "Lay the controls out apart, or make the covered one not actionable.",
        platforms: both, source: "ours (ATF's TraversalOrderCheck in part: it too compares bounds)",
        blindSpots: "z-order and drawing order (only UiAutomator2's drawing-order), transparency, and which view takes the touch")

    public static let missingHeading = Rule(
        id: "missing-heading", title: "title not marked a heading", category: .accessibility, severity: .warning,
        why: "Screen-reader users jump between headings to skim a screen; a title not marked one is skipped.",
        fix: "Mark it a heading: .accessibilityAddTraits(.isHeader) / the header trait (iOS), "
            + "android:accessibilityHeading=\"true\", ViewCompat.setAccessibilityHeading or semantics { heading() } (Android).",
        platforms: both, source: "ours (ATF has no heading check; Apple HIG and WCAG 1.3.1 on headings)",
        blindSpots: "only recordings that carry heading state: XCUITest page sources with traits (iOS 17+), UiAutomator2 "
            + "sources with `heading`, Compose prints that mark some view `Heading`; other formats record none, and the rule "
            + "is off there. A heading is recognised by its "
            + "place only (a navigation bar's or toolbar's title, a text first in a group that holds a list): fonts, "
            + "table section headers drawn beside the cells, and web content are not seen")

    public static let missingID = Rule(
        id: "missing-id", title: "actionable view without a stable id", category: .testability, severity: .warning,
        why: "Tests must find it by text or position, which break with every translation or layout change.",
        fix: "Set an identifier: accessibilityIdentifier (iOS), android:id / testTag with testTagsAsResourceId (Android).",
        platforms: both, source: "ours (shared/design/field.md: identifier hygiene threads)",
        blindSpots: "XCUITest page sources write the label as `name` when there is no identifier, so a name equal to the label counts as none; "
            + "Compose test tags are seen only when exposed as resource ids")

    public static let duplicateID = Rule(
        id: "duplicate-id", title: "id shared by several views", category: .testability, severity: .warning,
        why: "A locator by that id is ambiguous: tests get the first match, which moves with the layout.",
        fix: "Give each view its own id (a row's id plus its index or item key).",
        platforms: both, source: "ours",
        blindSpots: "views off screen (recordings hold what was rendered); the same rules on iOS name-as-label as missing-id")

    public static let inheritedID = Rule(
        id: "inherited-id", title: "id inherited from an ancestor", category: .testability, severity: .warning,
        why: "SwiftUI applies a container's accessibilityIdentifier to its children, so the id no longer names one view.",
        fix: "Move .accessibilityIdentifier to the control itself, or use .accessibilityElement(children: .contain) on the container.",
        platforms: both, source: "ours (the SwiftUI cascade: getsentry/sentry-cocoa#6138, wei18/apple-dev-skills#41)",
        blindSpots: "an id set on both on purpose looks the same")

    /// Every rule, in the order reports list them.
    public static let all: [Rule] = [speakableText, touchTarget, duplicateSpeakableText, duplicateClickableBounds,
                                     editableContentDescription, redundantDescription, overlappingControls, missingHeading,
                                     missingID, duplicateID, inheritedID]

    /// The rule with `id`, if any.
    public static func named(_ id: String) -> Rule? { all.first { $0.id == id } }
}
