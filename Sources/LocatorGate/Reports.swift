public import SelectorCore
public import TreeAlignment

// What `frankly check` prints: JSON for machines, JUnit XML for CI, a table for people, and an
// HTML page with both recordings' wireframes where a person would rather look. What `frankly
// diff` prints of an alignment is `AlignmentReport`, beside the alignment in TreeAlignment.

extension LocatorGate {
    /// One object a selector: `{"engine", "selector", "status", "old": [[uids] per old recording],
    /// "new": [[uids] per new recording], "fix", "reason", "lines": [{"kind", "text"}], "source"}`;
    /// `reason` is the lines as one sentence.
    public func json(_ checks: [LocatorCheck]) -> JSONValue {
        func uids(_ lists: [[NodeID]], _ trees: [ViewTree]) -> JSONValue {
            .array(zip(lists, trees).map { list, tree in .array(list.map { .string(tree.uidString(of: $0) ?? String($0)) }) })
        }
        return .array(checks.map { c in
            .object([
                ("engine", .string(c.locator.engine)), ("selector", .string(c.locator.selector)),
                ("status", .string(c.status.rawValue)),
                ("old", uids(c.old, old)), ("new", uids(c.new, new)),
                ("fix", c.fix.map { .string($0) } ?? .null), ("reason", c.reason.map { .string($0) } ?? .null),
                ("lines", .array(c.lines.map { .object([("kind", .string($0.kind.rawValue)), ("text", .string($0.text))]) })),
                ("source", c.locator.source.map { .string($0) } ?? .null),
            ])
        })
    }

    /// JUnit XML: one test case a selector, failing when the gate fails on it (the fix in the
    /// failure's message, the reason's lines one a line in its body), so CI shows each selector.
    public func junit(_ checks: [LocatorCheck], suite: String = "frankly check") -> String {
        let failures = checks.filter { $0.status.fails }.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites><testsuite name=\"\(xml(suite))\" tests=\"\(checks.count)\" failures=\"\(failures)\">\n"
        for c in checks {
            let name = "\(c.locator.engine):\(c.locator.selector)"
            let classname = c.locator.source.map { String($0.split(separator: ":").first ?? "") } ?? "selectors"
            out += "  <testcase classname=\"\(xml(classname))\" name=\"\(xml(name))\""
            if c.status.fails {
                let message = "\(c.status.rawValue)" + (c.fix.map { "; fix: \($0)" } ?? "")
                out += "><failure type=\"\(c.status.rawValue)\" message=\"\(xml(message))\">\(xml(c.labelledLines))</failure></testcase>\n"
            } else if c.status == .fragile {
                out += "><system-out>\(xml("fragile\n" + c.labelledLines))</system-out></testcase>\n"
            } else {
                out += "/>\n"
            }
        }
        return out + "</testsuite></testsuites>\n"
    }

    /// A table for people: status, counts on the old and new recordings, selector, and the fix or
    /// reason; the status coloured when `colour`.
    public func table(_ checks: [LocatorCheck], colour: Bool) -> String {
        func paint(_ s: LocatorCheck.Status) -> String {
            let text = s.rawValue.padding(9)
            guard colour else { return text }
            let code: String
            switch s {
            case .ok: code = "32"
            case .fragile: code = "33"
            case .broken, .moved, .ambiguous: code = "31"
            }
            return "\u{1B}[\(code)m\(text)\u{1B}[0m"
        }
        var out = ""
        for c in checks {
            let counts = c.old.map { String($0.count) }.joined(separator: ",") + " → " + c.new.map { String($0.count) }.joined(separator: ",")
            out += "\(paint(c.status)) \(counts.padding(9)) \(c.locator.engine):\(c.locator.selector)"
            if let source = c.locator.source { out += "  (\(source))" }
            out += "\n"
            // An ok selector has neither a fix nor reason lines.
            if c.fix != nil || !c.lines.isEmpty {
                for line in c.labelledLines.split(separator: "\n", omittingEmptySubsequences: false) { out += "          \(line)\n" }
            }
        }
        var counts: [LocatorCheck.Status: Int] = [:]
        for c in checks { counts[c.status, default: 0] += 1 }
        out += LocatorCheck.Status.allCases.map { "\(counts[$0] ?? 0) \($0.rawValue)" }.joined(separator: ", ") + "\n"
        return out
    }
}

extension LocatorCheck {
    /// The reason's lines, each as `kind: text` on a line of its own, the fix first.
    var labelledLines: String {
        ((fix.map { ["fix: \($0)"] } ?? []) + lines.map { "\($0.kind.rawValue): \($0.text)" }).joined(separator: "\n")
    }
}

extension String {
    func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}

/// `s` escaped for XML text and attribute values (`XMLEscaping`).
func xml(_ s: String) -> String { XMLEscaping.escaped(s) }
