public import SelectorCore

// What `frankly audit` prints: a table for people, JSON for machines, SARIF 2.1.0 for
// code-scanning UIs, JUnit XML for CI. Each takes the recordings' paths (their names in reports).

extension Finding {
    /// `engine:selector`, or the view's class and uid where no engine names it alone.
    public func locator(in tree: ViewTree) -> String {
        if let name { return "\(name.engine):\(name.selector)" }
        let why = unnamed ? "not named: past --max-named views with findings" : "no unique selector"
        return "\(tree.className(of: node)) (uid \(tree.uidString(of: node) ?? String(node)); \(why))"
    }
}

extension AuditReport {
    static func percent(_ r: Double) -> String { "\(Int((r * 100).rounded()))%" }

    /// A table: per recording a header line, then one line a finding (`new`/`known` first with a
    /// baseline), then a summary line; nothing is coloured.
    public func text(paths: [String]) -> String {
        var out = ""
        for (k, s) in screens.enumerated() {
            let path = k < paths.count ? paths[k] : "recording \(k + 1)"
            let newCount = s.newFindings.count
            out += "\(path): \(s.tree.recordingSource.description), \(s.tree.count) views"
            if s.platform == .android { out += ", density \(AuditReport.number(s.density)) (\(s.densityOrigin))" }
            out += ", \(s.findings.count) finding\(s.findings.count == 1 ? "" : "s")"
            if hasBaseline { out += " (\(newCount) new)" }
            out += "; addressable by id \(s.addressable)/\(s.actionable) (\(AuditReport.percent(s.score)))\n"
            for f in s.findings {
                out += "  " + (hasBaseline ? (f.isNew ? "new    " : "known  ") : "")
                out += f.severity.rawValue.padded(8) + f.rule.id.padded(27) + f.locator(in: s.tree)
                if f.name?.fragile == true { out += " (by position)" }
                out += "\n" + String(repeating: " ", count: hasBaseline ? 9 : 2) + String(repeating: " ", count: 35) + f.message + "\n"
            }
        }
        let all = screens.flatMap(\.findings)
        let errors = all.filter { $0.severity == .error }.count, warnings = all.filter { $0.severity == .warning }.count
        let s = score
        out += "\(all.count) finding\(all.count == 1 ? "" : "s") (\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s"))"
        if hasBaseline { out += ", \(all.filter(\.isNew).count) new" }
        out += " on \(screens.count) recording\(screens.count == 1 ? "" : "s"); addressable by id \(s.addressable)/\(s.actionable) (\(AuditReport.percent(s.ratio)))\n"
        return out
    }

    static func number(_ d: Double) -> String { d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d) }

    /// One finding as JSON: rule, level, message, the view (uid, class, selector), related uids, new.
    static func json(_ f: Finding, _ tree: ViewTree) -> JSONValue {
        .object([
            ("rule", .string(f.rule.id)), ("level", .string(f.severity.rawValue)), ("message", .string(f.message)),
            ("uid", .string(tree.uidString(of: f.node) ?? String(f.node))), ("class", .string(tree.className(of: f.node))),
            ("engine", f.name.map { .string($0.engine) } ?? .null), ("selector", f.name.map { .string($0.selector) } ?? .null),
            ("fragile", .bool(f.name?.fragile ?? false)),
            ("related", .array(f.related.map { .string(tree.uidString(of: $0) ?? String($0)) })),
            ("new", .bool(f.isNew)),
        ])
    }

    /// A rule as JSON, with its source and blind spots.
    static func json(_ r: Rule) -> JSONValue {
        .object([("id", .string(r.id)), ("title", .string(r.title)), ("category", .string(r.category.rawValue)),
                 ("level", .string(r.severity.rawValue)), ("why", .string(r.why)), ("fix", .string(r.fix)),
                 ("platforms", .array(r.platforms.map(\.rawValue).sorted().map { .string($0) })),
                 ("source", .string(r.source)), ("cannotSee", .string(r.blindSpots))])
    }

    /// `{"recordings": [{"path", "platform", "source", "views", "density", "score": {"actionable",
    /// "addressable", "ratio"}, "findings": [...]}], "rules": [...], "baseline", "score", "fails"}`.
    public func json(paths: [String]) -> JSONValue {
        let s = score
        return .object([
            ("recordings", .array(screens.enumerated().map { k, screen in
                .object([
                    ("path", .string(k < paths.count ? paths[k] : "recording \(k + 1)")),
                    ("platform", .string(screen.platform.rawValue)), ("source", .string(screen.tree.recordingSource.rawValue)),
                    ("views", .int(Int64(screen.tree.count))),
                    ("density", .number(screen.density)), ("densityOrigin", .string(screen.densityOrigin)),
                    ("engines", .array(screen.engines.map { .string($0) })),
                    ("score", .object([("actionable", .int(Int64(screen.actionable))), ("addressable", .int(Int64(screen.addressable))),
                                       ("ratio", .number(screen.score))])),
                    ("findings", .array(screen.findings.map { AuditReport.json($0, screen.tree) })),
                ])
            })),
            ("rules", .array(rules.map(AuditReport.json))),
            ("baseline", .bool(hasBaseline)),
            ("score", .object([("actionable", .int(Int64(s.actionable))), ("addressable", .int(Int64(s.addressable))),
                               ("ratio", .number(s.ratio))])),
            ("fails", .bool(fails)),
        ])
    }

    /// `path` as a URI reference (RFC 3986): unreserved characters and `/` kept, the rest percent-encoded.
    static func uri(_ path: String) -> String {
        var out = ""
        for b in path.utf8 {
            let c = Character(Unicode.Scalar(b))
            if c.isASCII && (c.isLetter || c.isNumber || "-._~/".contains(c)) { out.append(c) } else {
                let hex = String(b, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }

    /// SARIF 2.1.0 (OASIS): one run, the rules as the driver's `rules` with their level, why and
    /// fix; one result a finding, located in its recording (`physicalLocation`) and at its view
    /// (`logicalLocations`: the selector, kind `element`); with a baseline each result's
    /// `baselineState` is `new` or `unchanged`.
    public func sarif(paths: [String]) -> JSONValue {
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($0.element.id, $0.offset) })
        let driverRules: [JSONValue] = rules.map { r in
            .object([
                ("id", .string(r.id)), ("name", .string(r.title.split(separator: " ").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined())),
                ("shortDescription", .object([("text", .string(r.title))])),
                ("fullDescription", .object([("text", .string(r.why))])),
                ("help", .object([("text", .string(r.fix))])),
                ("defaultConfiguration", .object([("level", .string(r.severity.rawValue))])),
                ("properties", .object([("category", .string(r.category.rawValue)),
                                        ("platforms", .array(r.platforms.map(\.rawValue).sorted().map { .string($0) })),
                                        ("source", .string(r.source)), ("cannotSee", .string(r.blindSpots))])),
            ])
        }
        var results: [JSONValue] = []
        for (k, screen) in screens.enumerated() {
            let path = k < paths.count ? paths[k] : "recording-\(k + 1)"
            for f in screen.findings {
                var logical: [(String, JSONValue)] = [("kind", .string("element"))]
                if let name = f.name {
                    logical.append(("name", .string(name.selector)))
                    logical.append(("fullyQualifiedName", .string("\(name.engine):\(name.selector)")))
                } else {
                    logical.append(("name", .string(f.locator(in: screen.tree))))
                }
                var result: [(String, JSONValue)] = [
                    ("ruleId", .string(f.rule.id)), ("level", .string(f.severity.rawValue)),
                    ("message", .object([("text", .string("\(f.rule.title): \(f.message). \(f.rule.fix)"))])),
                    ("locations", .array([.object([
                        ("physicalLocation", .object([("artifactLocation", .object([("uri", .string(AuditReport.uri(path))),
                                                                                   ("index", .int(Int64(k)))]))])),
                        ("logicalLocations", .array([.object(logical)])),
                    ])])),
                    ("partialFingerprints", .object([("franklyView/v1", .string("\(f.rule.id)|\(f.key)|\(f.locator(in: screen.tree))"))])),
                    ("properties", .object([
                        ("uid", .string(screen.tree.uidString(of: f.node) ?? String(f.node))),
                        ("class", .string(screen.tree.className(of: f.node))),
                        ("fragile", .bool(f.name?.fragile ?? false)),
                        ("related", .array(f.related.map { .string(screen.tree.uidString(of: $0) ?? String($0)) })),
                    ])),
                ]
                if let i = ruleIndex[f.rule.id] { result.insert(("ruleIndex", .int(Int64(i))), at: 1) }
                if hasBaseline { result.append(("baselineState", .string(f.isNew ? "new" : "unchanged"))) }
                results.append(.object(result))
            }
        }
        let s = score
        let run: JSONValue = .object([
            ("tool", .object([("driver", .object([("name", .string("frankly audit")), ("rules", .array(driverRules))]))])),
            ("artifacts", .array(screens.indices.map { k in
                .object([("location", .object([("uri", .string(AuditReport.uri(k < paths.count ? paths[k] : "recording-\(k + 1)")))]))])
            })),
            ("results", .array(results)),
            ("properties", .object([("addressableById", .object([("actionable", .int(Int64(s.actionable))),
                                                                 ("addressable", .int(Int64(s.addressable))),
                                                                 ("ratio", .number(s.ratio))]))])),
        ])
        return .object([("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")), ("version", .string("2.1.0")),
                        ("runs", .array([run]))])
    }

    /// JUnit XML: a test suite a recording, a test case a rule that ran there, failing when it has
    /// new errors or warnings (each finding a line of the failure's body; known ones in system-out).
    public func junit(paths: [String]) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"frankly audit\">\n"
        for (k, screen) in screens.enumerated() {
            let path = k < paths.count ? paths[k] : "recording \(k + 1)"
            let ran = rules.filter { $0.platforms.contains(screen.platform) }
            var cases = "", failures = 0
            for rule in ran {
                let mine = screen.findings.filter { $0.rule.id == rule.id }
                let failing = mine.filter { $0.isNew && $0.severity != .note }
                let line = { (f: Finding) in "\(f.severity.rawValue) \(f.locator(in: screen.tree)): \(f.message)" }
                cases += "  <testcase classname=\"\(esc(path))\" name=\"\(esc(rule.id))\""
                if !failing.isEmpty {
                    failures += 1
                    let message = "\(failing.count) new finding\(failing.count == 1 ? "" : "s"): \(rule.title)"
                    cases += "><failure type=\"\(esc(rule.id))\" message=\"\(esc(message))\">"
                        + esc((failing.map(line) + ["fix: \(rule.fix)"]).joined(separator: "\n")) + "</failure>"
                    let known = mine.filter { !$0.isNew }
                    if !known.isEmpty { cases += "<system-out>" + esc("known:\n" + known.map(line).joined(separator: "\n")) + "</system-out>" }
                    cases += "</testcase>\n"
                } else if !mine.isEmpty {
                    cases += "><system-out>" + esc(mine.map(line).joined(separator: "\n")) + "</system-out></testcase>\n"
                } else {
                    cases += "/>\n"
                }
            }
            out += " <testsuite name=\"\(esc(path))\" tests=\"\(ran.count)\" failures=\"\(failures)\">\n" + cases + " </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }
}

/// `s` escaped for XML text and attributes, characters XML 1.0 cannot carry replaced by U+FFFD.
func esc(_ s: String) -> String { XMLEscaping.escaped(s) }

extension String {
    func padded(_ width: Int) -> String { count >= width ? self + " " : self + String(repeating: " ", count: width - count) }
}
