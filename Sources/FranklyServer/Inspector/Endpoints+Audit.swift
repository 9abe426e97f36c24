import Audit
import Hummingbird
import SelectorCore

extension Endpoints {
    /// Most findings one answer lists (`count` is the whole number, `truncated` says when some were
    /// left out), so a hostile tree answers kilobytes.
    static let maxAuditFindings = 2_000
    /// Most views named with a selector per answer: naming proves each selector by running it, so
    /// it bounds the work within the query budget; the rest carry their node id alone.
    static let maxAuditNamedViews = 300

    /// `GET /inspector/audit?rules=a,b&density=D`: `frankly audit` on the served tree (Docs/Audit.md):
    /// `{"findings": [{"id", "uid", "rule", "level", "message", "engine", "selector", "fragile",
    /// "related": [ids]}], "count", "truncated", "platform", "density", "densityOrigin", "score":
    /// {"actionable", "addressable", "ratio"}, "rules": [{"id", "title", "level", "why", "fix"}]}`,
    /// ids being node ids as `/inspector/tree` numbers them (the page selects a finding's view by
    /// it). An unknown rule or a bad density is `{"error", "details"}`.
    ///
    /// Like `/inspector/explain`: through the Origin guard, in the read lane, within
    /// `queryTimeBudget` (the audit checks the deadline as it goes and naming runs every selector
    /// under it); past it, the lane's timeout error.
    func inspectorAudit(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let parameters = request.uri.queryParameters
        var rules = Rule.all
        if let list = parameters["rules"].map(String.init), !list.isEmpty {
            var chosen: [Rule] = []
            for name in list.split(separator: ",").map(String.init) {
                guard let rule = Rule.named(name) else {
                    return FranklyResponse.json(.object([("error", .string("unknown rule '\(name)'")),
                                                         ("details", .string("the rules are: " + Rule.all.map(\.id).joined(separator: ", ")))]))
                }
                chosen.append(rule)
            }
            rules = chosen
        }
        var density: Double?
        if let text = parameters["density"].map(String.init) {
            guard let d = Double(text), d.isFinite, d > 0, d <= 16 else {
                return FranklyResponse.json(.object([("error", .string("bad density '\(text.prefix(40))'")),
                                                     ("details", .string("a number of px per dp, above 0 and at most 16"))]))
            }
            density = d
        }
        let tree = host.tree
        let registry = self.registry
        let deadline = queryDeadline
        let (chosen, pxPerDp) = (rules, density)
        let outcome = try await reads.run(deadline: deadline) { () -> Result<ScreenAudit, SelectorError> in
            var options = AuditOptions(rules: chosen, density: pxPerDp, deadline: deadline)
            options.maxNamedViews = Self.maxAuditNamedViews
            do throws(SelectorError) {
                return .success(try Audit.run(tree, registry: registry, options: options))
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .failure(let error):
            return FranklyResponse.json(.object([("error", .string(error.message)), ("details", .string(error.description))]))
        case .success(let screen):
            let listed = screen.findings.prefix(Self.maxAuditFindings)
            let findings: [JSONValue] = listed.map { f in
                .object([
                    ("id", .int(Int64(f.node))), ("uid", .string(tree.uidString(of: f.node) ?? String(f.node))),
                    ("rule", .string(f.rule.id)), ("level", .string(f.severity.rawValue)), ("message", .string(f.message)),
                    ("engine", f.name.map { .string($0.engine) } ?? .null), ("selector", f.name.map { .string($0.selector) } ?? .null),
                    ("fragile", .bool(f.name?.fragile ?? false)),
                    ("related", .array(f.related.prefix(32).map { .int(Int64($0)) })),
                ])
            }
            return FranklyResponse.json(.object([
                ("findings", .array(findings)), ("count", .int(Int64(screen.findings.count))),
                ("truncated", .bool(screen.findings.count > listed.count)),
                ("platform", .string(screen.platform.rawValue)), ("density", .number(screen.density)),
                ("densityOrigin", .string(screen.densityOrigin)),
                ("score", .object([("actionable", .int(Int64(screen.actionable))), ("addressable", .int(Int64(screen.addressable))),
                                   ("ratio", .number(screen.score))])),
                ("rules", .array(rules.map { r in
                    .object([("id", .string(r.id)), ("title", .string(r.title)), ("level", .string(r.severity.rawValue)),
                             ("why", .string(r.why)), ("fix", .string(r.fix))])
                })),
            ]))
        }
    }
}
