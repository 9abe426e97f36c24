public import SelectorCore

/// A selector that selects exactly one view on the recording it was made for, in one engine.
public struct ViewName: Sendable, Equatable {
    public var engine: String
    public var selector: String
    /// It names the view by position (nothing it records tells it apart).
    public var fragile: Bool

    public init(engine: String, selector: String, fragile: Bool) { self.engine = engine; self.selector = selector; self.fragile = fragile }

    /// A unique suggestion's selector (`SuggestionProver.name(_:engines:)` returns only those).
    init(_ s: SelectorSuggestion) { self.init(engine: s.engine, selector: s.selector, fragile: s.fragile) }
}

/// One rule broken by one view.
public struct Finding: Sendable {
    public var rule: Rule
    /// The rule's level, or lower where the rule's source demotes it (ATF's clickable ancestor).
    public var severity: Severity
    public var node: NodeID
    /// What is wrong with this view, with the numbers (sizes, the text, the id).
    public var message: String
    /// The other views involved (the duplicates, the ancestor it inherits from).
    public var related: [NodeID] = []
    /// Distinguishes two findings of one rule on one view (the redundant word), for baselines.
    public var key: String = ""
    /// The selector proven unique on this recording (nil when no engine offers one that is).
    public var name: ViewName?
    /// Its view was not named: the recording had more views with findings than `AuditOptions.maxNamedViews`.
    public var unnamed = false
    /// Not in the baseline (true when there is none).
    public var isNew: Bool = true

    public init(rule: Rule, severity: Severity? = nil, node: NodeID, message: String, related: [NodeID] = [], key: String = "") {
        self.rule = rule; self.severity = severity ?? rule.severity; self.node = node; self.message = message
        self.related = related; self.key = key
    }
}

/// The audit of one recording.
public struct ScreenAudit: Sendable {
    public var tree: ViewTree
    public var platform: AuditPlatform
    /// px per dp on Android (1 on iOS, whose recordings are in points).
    public var density: Double
    /// Where `density` came from: `given` (--density), `inferred` (from the screen width), `points` (iOS).
    public var densityOrigin: String
    /// In preorder of their views, then rule order.
    public var findings: [Finding]
    /// Visible actionable views outside web content, and how many of them carry an id no other view has.
    public var actionable: Int
    public var addressable: Int
    /// The engines tried, in order, for naming views.
    public var engines: [String]

    /// `addressable / actionable` (1 when there is nothing to address).
    public var score: Double { actionable == 0 ? 1 : Double(addressable) / Double(actionable) }
    /// The findings no baseline knew.
    public var newFindings: [Finding] { findings.filter(\.isNew) }
}

/// The audit of several recordings (a suite), with or without a baseline.
public struct AuditReport: Sendable {
    public var screens: [ScreenAudit]
    public var rules: [Rule]
    /// Whether findings were compared with baseline recordings.
    public var hasBaseline: Bool

    /// Every screen's actionable and addressable views together.
    public var score: (actionable: Int, addressable: Int, ratio: Double) {
        let a = screens.reduce(0) { $0 + $1.actionable }, b = screens.reduce(0) { $0 + $1.addressable }
        return (a, b, a == 0 ? 1 : Double(b) / Double(a))
    }
    /// Whether a gate should fail: any new error or warning.
    public var fails: Bool { screens.contains { $0.findings.contains { $0.isNew && $0.severity != .note } } }
}
