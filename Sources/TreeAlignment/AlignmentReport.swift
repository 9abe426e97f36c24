public import SelectorCore

// What `frankly diff` prints of an alignment, and what `/inspector/diff` answers: it lives beside
// the alignment, so a reader of alignments (the server) needs no locator gate to print one.

/// An alignment as `frankly diff` prints it.
public enum AlignmentReport {
    /// `{"matches": [[old, new]], "inserted": [new], "deleted": [old], "moved": [[old, new]],
    /// "changed": [{"old", "new", "properties"}]}`, uids as `frankly select` prints them.
    public static func json(_ a: ViewTreeAlignment, old: ViewTree, new: ViewTree) -> JSONValue {
        func uid(_ t: ViewTree, _ v: NodeID) -> JSONValue { .string(t.uidString(of: v) ?? String(v)) }
        func pair(_ p: NodePair) -> JSONValue { .array([uid(old, p.old), uid(new, p.new)]) }
        return .object([
            ("matches", .array(a.matches.map(pair))),
            ("inserted", .array(a.inserted.map { uid(new, $0) })),
            ("deleted", .array(a.deleted.map { uid(old, $0) })),
            ("moved", .array(a.moved.map(pair))),
            ("changed", .array(a.changed.map { c in
                .object([("old", uid(old, c.old)), ("new", uid(new, c.new)), ("properties", .array(c.properties.map { .string($0) }))])
            })),
        ])
    }

    /// One line an edit: `+ inserted`, `- deleted`, `> moved`, `~ changed (properties)`, then a count line.
    public static func text(_ a: ViewTreeAlignment, old: ViewTree, new: ViewTree) -> String {
        var out = ""
        for v in a.deleted { out += "- \(name(v, in: old))\n" }
        for v in a.inserted { out += "+ \(name(v, in: new))\n" }
        for p in a.moved { out += "> \(name(p.old, in: old)) → \(name(p.new, in: new))\n" }
        for c in a.changed {
            let what = c.properties.map { p in "\(p): \(value(p, c.old, old)) → \(value(p, c.new, new))" }
            out += "~ \(name(c.old, in: old)) → uid \(new.uidString(of: c.new) ?? "-"): \(what.joined(separator: ", "))\n"
        }
        out += "\(a.matches.count) matched, \(a.inserted.count) inserted, \(a.deleted.count) deleted, "
            + "\(a.moved.count) moved, \(a.changed.count) changed\n"
        return out
    }

    static func name(_ v: NodeID, in t: ViewTree) -> String { t.describe(v, labelBytes: 60) }

    static func value(_ p: String, _ v: NodeID, _ t: ViewTree) -> String {
        guard let x = t.value(p, of: v) else { return "none" }
        if case .string(let s) = x { return "\"\(clip(s))\"" }
        return clip(x.jsonString)
    }

    static func clip(_ s: String) -> String { s.count > 60 ? String(s.prefix(57)) + "…" : s }
}
