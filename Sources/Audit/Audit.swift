import Dispatch
public import SelectorCore
public import TreeAlignment

/// What an audit runs and how.
public struct AuditOptions: Sendable {
    /// The rules to run (default: every rule).
    public var rules: [Rule] = Rule.all
    /// Android's px per dp; nil: inferred from each recording's screen width.
    public var density: Double?
    /// Engines to name views in, tried in order; nil: the platform's own languages (`Audit.defaultEngines`).
    public var engines: [String]?
    /// Whether to name each finding's view with a selector (off only where a caller names them itself).
    public var nameViews = true
    /// The most views named per recording, in preorder (each name is proven by running selectors
    /// over the whole tree, so naming is the audit's cost); a finding past it carries no selector
    /// and says so. Real screens have far fewer views with findings.
    public var maxNamedViews = 500
    /// When the whole audit must stop (nil: never); it throws the deadline's error then.
    public var deadline: ContinuousClock.Instant?

    public init(rules: [Rule] = Rule.all, density: Double? = nil, engines: [String]? = nil, deadline: ContinuousClock.Instant? = nil) {
        self.rules = rules; self.density = density; self.engines = engines; self.deadline = deadline
    }
}

/// Accessibility and testability rules run over a recorded view tree (`frankly audit`,
/// Docs/Audit.md): the findings of each recording, each view named by a selector proven unique
/// there, and with baseline recordings only the findings they did not have.
public enum Audit {
    /// The standard Android densities (px per dp) a screen width is rounded to.
    static let densities: [Double] = [0.75, 1, 1.5, 2, 2.625, 3, 3.5, 4]

    /// Android's density when the recording does not say (none of the formats does): the screen's
    /// width over 411 dp (a common phone width), rounded to the nearest standard density, so a
    /// 720 px screen is 2 and a 1080 px one 2.625. iOS recordings are in points: 1.
    public static func density(of tree: ViewTree, given: Double?) -> (Double, origin: String) {
        let facts = ViewFacts(tree)
        return density(facts, given: given)
    }

    static func density(_ facts: ViewFacts, given: Double?) -> (Double, origin: String) {
        guard facts.platform == .android else { return (1, "points") }
        if let given, given.isFinite, given > 0 { return (given, "given") }
        guard let s = facts.screen, s.width > 0 else { return (1, "inferred") }
        let raw = min(s.width, s.height > 0 ? s.height : s.width) / 411
        let best = densities.min { abs($0 - raw) < abs($1 - raw) } ?? 1
        return (best, "inferred")
    }

    /// The languages a finding's view is named in, most natural first: what most tests on that
    /// platform are written in (XCUITest queries on iOS, Espresso on Android, Frank's own
    /// languages on a Frank dump, Maestro's on a Maestro hierarchy), then Appium's; only the
    /// engines whose tool reads the recording (`engines(reading:)`, the "works there" rule).
    public static func defaultEngines(for tree: ViewTree, registry: EngineRegistry) -> [String] {
        let preferred: [String]
        switch tree.recordingSource {
        case .xcuitest: preferred = ["xcuitest", "predicate", "class_chain", "accessibility_id", "xpath"]
        case .uiautomator: preferred = ["espresso", "uiselector", "id", "accessibility_id", "xpath"]
        case .frank: preferred = ["shelley", "uiquery", "xcuitest", "predicate"]
        case .maestro: preferred = ["maestro"]
        case .other: preferred = ["xpath", "uiquery", "shelley"]
        }
        let readable = Set(registry.engines(reading: tree.recordingSource))
        let chosen = preferred.filter { readable.contains($0) }
        return chosen.isEmpty ? registry.engines(reading: tree.recordingSource) : chosen
    }

    /// The findings of `options.rules` on `tree`, each view named in `registry`'s engines.
    public static func run(_ tree: ViewTree, registry: EngineRegistry, options: AuditOptions = AuditOptions()) throws(SelectorError) -> ScreenAudit {
        let stop = QueryDeadline(options.deadline)
        let facts = ViewFacts(tree)
        let (density, origin) = density(facts, given: options.density)
        var runner = RuleRunner(facts: facts, density: density, stop: stop)
        for rule in options.rules where rule.platforms.contains(facts.platform) {
            try stop.check()
            try runner.run(rule)
        }
        // Views in preorder, then the rules' order: a stable order for reports and baselines.
        // Sorted as plain integer keys (node, rule rank, arrival): comparing findings themselves
        // looked each rule's rank up and copied its strings at every comparison.
        let rank = Dictionary(uniqueKeysWithValues: Rule.all.enumerated().map { ($0.element.id, $0.offset) })
        let keys = runner.out.enumerated().map { k, f in
            (UInt64(UInt32(bitPattern: f.node)) << 16 | UInt64(rank[f.rule.id] ?? 0), k)
        }.sorted { $0 < $1 }
        var findings = keys.map { runner.out[$0.1] }
        let engines = options.engines ?? defaultEngines(for: tree, registry: registry)
        if options.nameViews {
            // One prover for the recording: the candidates its views share (a class, a repeated
            // label) run once, and positions are proven only for views nothing else names.
            var prover = SuggestionProver(registry: registry, tree: tree, deadline: options.deadline)
            var names: [NodeID: ViewName?] = [:]
            for k in findings.indices {
                let node = findings[k].node
                if let known = names[node] { findings[k].name = known; continue }
                guard names.count < options.maxNamedViews else { findings[k].unnamed = true; continue }
                let name = try prover.name(node, engines: engines).map(ViewName.init)
                names[node] = name
                findings[k].name = name
            }
        }
        let score = runner.score()
        return ScreenAudit(tree: tree, platform: facts.platform, density: density, densityOrigin: origin, findings: findings,
                           actionable: score.actionable, addressable: score.addressable, engines: engines)
    }

    /// A selector that selects exactly `node` on `tree`: the first engine whose suggestion names it
    /// by what it records, else the first that names it by position (`fragile`); nil when none is
    /// unique. The registry proves each one by running it (`EngineRegistry.suggestion`).
    public static func name(_ node: NodeID, in tree: ViewTree, engines: [String], registry: EngineRegistry,
                            deadline: ContinuousClock.Instant?) throws(SelectorError) -> ViewName? {
        try registry.name(node, in: tree, engines: engines, deadline: deadline).map(ViewName.init)
    }

    /// The audit of each of `trees`; with `baseline` recordings (new recording N against old
    /// recording N, or the last old one, as `frankly check` pairs them), each new recording is
    /// aligned with its old one (TreeAlignment) and a finding is new only when the view's
    /// counterpart did not break the same rule (same rule, same key) there.
    public static func run(_ trees: [ViewTree], baseline: [ViewTree] = [], registry: EngineRegistry,
                           options: AuditOptions = AuditOptions()) throws(SelectorError) -> AuditReport {
        // Recordings are independent: one per core at a time, taken in turn from a shared counter.
        let results = Locked([Result<ScreenAudit, SelectorError>?](repeating: nil, count: trees.count))
        let next = Locked(0)
        DispatchQueue.concurrentPerform(iterations: max(1, min(Parallel.processorCount, trees.count))) { _ in
            while true {
                let k = next.withLock { n -> Int in defer { n += 1 }; return n }
                guard k < trees.count else { return }
                let result: Result<ScreenAudit, SelectorError>
                do throws(SelectorError) { result = .success(try run(trees[k], registry: registry, options: options)) } catch {
                    result = .failure(error)
                }
                results.withLock { $0[k] = result }
            }
        }
        var screens: [ScreenAudit] = []
        for result in results.withLock({ $0 }) {
            switch result {
            case .success(let screen)?: screens.append(screen)
            case .failure(let error)?: throw error
            case nil: break
            }
        }
        if !baseline.isEmpty {
            var oldOptions = options
            oldOptions.nameViews = false
            var oldAudits: [Int: ScreenAudit] = [:]
            for k in screens.indices {
                let o = min(k, baseline.count - 1)
                if oldAudits[o] == nil { oldAudits[o] = try run(baseline[o], registry: registry, options: oldOptions) }
                let alignment = try align(baseline[o], screens[k].tree, deadline: QueryDeadline(options.deadline))
                markNew(&screens[k], against: oldAudits[o]!, alignment: alignment)
            }
        }
        return AuditReport(screens: screens, rules: options.rules, hasBaseline: !baseline.isEmpty)
    }

    /// Marks each finding of `screen` new or known against `old`'s findings through `alignment`.
    public static func markNew(_ screen: inout ScreenAudit, against old: ScreenAudit, alignment: ViewTreeAlignment) {
        struct Key: Hashable { var rule: String; var node: NodeID; var key: String }
        let known = Set(old.findings.map { Key(rule: $0.rule.id, node: $0.node, key: $0.key) })
        for k in screen.findings.indices {
            let f = screen.findings[k]
            if let counterpart = alignment.oldCounterpart(of: f.node) {
                screen.findings[k].isNew = !known.contains(Key(rule: f.rule.id, node: counterpart, key: f.key))
            } else {
                screen.findings[k].isNew = true
            }
        }
    }
}
