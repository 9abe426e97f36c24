public import SelectorCore

// A Maestro selector read from its YAML: the keys of `YamlElementSelector` (mobile-dev-inc/Maestro
// `maestro-orchestra/.../yaml/YamlElementSelector.kt` L24-55, commit 487407f6), typed as Jackson
// types them, and turned into `ElementSelector`'s fields as `YamlFluentCommand.toElementSelector`
// does (L948-1013): a lone scalar is `text`, `traits` splits on spaces, `width`/`height` make a
// size test (a `tolerance` alone does nothing), `index` stays text until it is read as a number.

/// One Maestro element selector, as a flow writes it.
public struct MaestroSelector: Sendable, Equatable {
    /// A regular expression as written (`text`, `id`), with where its value starts.
    public struct Pattern: Sendable, Equatable {
        public var source: String
        public var offset: Int
    }

    /// Maestro's `ElementTrait` (maestro-orchestra-models `ElementTrait.kt` L3-7).
    public enum Trait: String, Sendable, Equatable, CaseIterable {
        case text = "TEXT", square = "SQUARE", longText = "LONG_TEXT"
        /// The spelling flows use (`long-text`).
        public var yamlName: String { String(rawValue.lowercased().map { $0 == "_" ? "-" : $0 }) }
    }

    /// A spatial relation key and its anchor selector.
    public struct Anchor: Sendable, Equatable {
        public var relation: Relation
        public var selector: MaestroSelector
    }

    /// `text`: a regex over the view's text, hint text and accessibility text.
    public var text: Pattern?
    /// `id`: a regex over the view's id (or its part after the last `/`).
    public var id: Pattern?
    public var width: Int?
    public var height: Int?
    public var tolerance: Int?
    public var traits: [Trait] = []
    public var enabled: Bool?
    public var selected: Bool?
    public var checked: Bool?
    public var focused: Bool?
    /// `index`, read as Maestro reads it (`toDouble().toInt()`).
    public var index: Int?
    /// `below`, `above`, `leftOf`, `rightOf`, in Maestro's order (`Orchestra.buildFilter` L1588-1606).
    public var anchors: [Anchor] = []
    /// `containsChild` (at most one).
    public var containsChild: [MaestroSelector] = []
    /// `containsDescendants`, nil when absent.
    public var containsDescendants: [MaestroSelector]?
    /// `childOf` (at most one).
    public var childOf: [MaestroSelector] = []
    /// Where the selector starts in the text.
    public var offset: Int = 0

    /// Whether any of Maestro's basic filters is set (`Orchestra.buildFilter` L1567-1684): they
    /// decide whether the candidates are reduced to the deepest matches.
    public var hasBasicFilters: Bool {
        text != nil || id != nil || width != nil || height != nil || !traits.isEmpty
            || enabled != nil || selected != nil || checked != nil || focused != nil
    }

    /// Whether a relation key is set (below, above, leftOf, rightOf, containsChild, containsDescendants).
    public var hasRelations: Bool { !anchors.isEmpty || !containsChild.isEmpty || containsDescendants != nil }

    public init() {}
}

extension MaestroSelector {
    /// Every key `YamlElementSelector` declares.
    static let keys = ["text", "id", "width", "height", "tolerance", "optional", "retryTapIfNoChange",
                       "waitUntilVisible", "point", "start", "end", "below", "above", "leftOf", "rightOf",
                       "containsChild", "containsDescendants", "traits", "index", "enabled", "selected", "checked",
                       "focused", "repeat", "delay", "waitToSettleTimeoutMs", "childOf", "label", "css"]

    /// Reads `text` (a selector as a flow writes it) into a selector.
    public static func parse(_ text: String) throws(SelectorError) -> MaestroSelector {
        do {
            return try parseTyped(text)
        } catch {
            // The one place a Maestro parse error becomes the public error.
            throw error.selectorError(in: text)
        }
    }

    /// `parse`, with the typed error.
    static func parseTyped(_ text: String) throws(MaestroParseError) -> MaestroSelector {
        let node = try YAMLReader.read(text)
        if case .sequence = node.value { throw MaestroParseError(.selectorIsList, at: node.offset) }
        return try Reading().selector(node, depth: 0)
    }
}

/// Turns YAML nodes into selectors, with errors that name the key and point at it (worded in
/// `MaestroParseError+Message.swift`).
private struct Reading {
    /// A selector from a union node: a scalar is `text`, a mapping its keys.
    func selector(_ node: YAMLNode, depth: Int) throws(MaestroParseError) -> MaestroSelector {
        guard depth <= YAMLReader.maxNesting else { throw MaestroParseError(.nestingTooDeep, at: node.offset) }
        switch node.value {
        case .scalar(let s, _):
            // `YamlElementSelectorUnion`: any scalar (a number, `true`, `null` too) is its text.
            var selector = MaestroSelector()
            selector.offset = node.offset
            selector.text = try pattern(s, key: "text", at: node.offset)
            return selector
        case .sequence:
            throw MaestroParseError(.nestedSelectorIsList, at: node.offset)
        case .mapping(let entries):
            return try mapping(entries, at: node.offset, depth: depth)
        }
    }

    private func mapping(_ entries: [YAMLNode.Entry], at offset: Int, depth: Int) throws(MaestroParseError) -> MaestroSelector {
        var s = MaestroSelector()
        s.offset = offset
        var seen: Set<String> = []
        var point: YAMLNode.Entry?
        for entry in entries {
            let key = entry.key, value = entry.value
            guard MaestroSelector.keys.contains(key) else { throw MaestroParseError(.unknownKey(key), at: entry.keyOffset) }
            guard seen.insert(key).inserted else { throw MaestroParseError(.duplicateKey(key), at: entry.keyOffset) }
            // A null value is an absent key, as Kotlin's nullable fields read it.
            if value.isNull { continue }
            switch key {
            case "text": s.text = try pattern(try string(entry), key: key, at: value.offset)
            case "id": s.id = try pattern(try string(entry), key: key, at: value.offset)
            case "width": s.width = try int(entry)
            case "height": s.height = try int(entry)
            case "tolerance": s.tolerance = try int(entry)
            case "enabled": s.enabled = try bool(entry)
            case "selected": s.selected = try bool(entry)
            case "checked": s.checked = try bool(entry)
            case "focused": s.focused = try bool(entry)
            case "index": s.index = try index(entry)
            case "traits": s.traits = try traits(entry)
            case "below", "above", "leftOf", "rightOf":
                let relation: Relation = key == "below" ? .below : key == "above" ? .above : key == "leftOf" ? .leftOf : .rightOf
                s.anchors.append(.init(relation: relation, selector: try selector(value, depth: depth + 1)))
            case "containsChild": s.containsChild = [try selector(value, depth: depth + 1)]
            case "childOf": s.childOf = [try selector(value, depth: depth + 1)]
            case "containsDescendants":
                guard case .sequence(let items) = value.value else {
                    throw MaestroParseError(.descendantsNeedList, at: value.offset)
                }
                var list: [MaestroSelector] = []
                for item in items {
                    let d = try selector(item, depth: depth + 1)
                    // Maestro runs each entry on one child at a time (`Filters.containsDescendants`,
                    // L194-205), so a relation or an index there compares that child with itself:
                    // refused rather than given a meaning Maestro does not have.
                    if d.hasRelations || d.index != nil {
                        throw MaestroParseError(.descendantTooComplex, at: item.offset)
                    }
                    list.append(d)
                }
                s.containsDescendants = list
            case "css":
                throw MaestroParseError(.css, at: entry.keyOffset)
            case "point":
                _ = try string(entry)
                point = entry
            case "optional", "retryTapIfNoChange", "waitUntilVisible":
                _ = try bool(entry)
            case "repeat", "delay", "waitToSettleTimeoutMs":
                _ = try int(entry)
            default:
                // label, start, end: not filters.
                _ = try string(entry)
            }
        }
        s.anchors.sort { Relation.allCases.firstIndex(of: $0.relation)! < Relation.allCases.firstIndex(of: $1.relation)! }
        if let point, !s.hasBasicFilters && !s.hasRelations && s.index == nil && s.childOf.isEmpty {
            throw MaestroParseError(.pointWithoutSelector, at: point.keyOffset)
        }
        return s
    }

    // MARK: values, typed as Jackson reads them

    /// A text field (`String?`): any scalar; numbers and booleans read as their text.
    private func string(_ entry: YAMLNode.Entry) throws(MaestroParseError) -> String {
        guard case .scalar(let s, _) = entry.value.value else {
            throw MaestroParseError(.needsText(key: entry.key, got: entry.value.kind), at: entry.value.offset)
        }
        return s
    }

    /// A regex field; `${…}` is JavaScript Maestro evaluates before matching, which we cannot.
    private func pattern(_ s: String, key: String, at offset: Int) throws(MaestroParseError) -> MaestroSelector.Pattern {
        if s.contains("${") {
            throw MaestroParseError(.javaScriptPattern(key: key), at: offset)
        }
        return .init(source: s, offset: offset)
    }

    /// A `Boolean?` field: YAML's true and false (or their quoted text, which Jackson accepts).
    private func bool(_ entry: YAMLNode.Entry) throws(MaestroParseError) -> Bool {
        if case .scalar(let s, _) = entry.value.value {
            switch s.lowercased() {
            case "true": return true
            case "false": return false
            default: break
            }
        }
        throw MaestroParseError(.needsBoolean(key: entry.key), at: entry.value.offset)
    }

    /// An `Int?` field: a whole number (a fraction is cut off, as Jackson does by default).
    private func int(_ entry: YAMLNode.Entry) throws(MaestroParseError) -> Int {
        if case .scalar(let s, _) = entry.value.value {
            let t = s.trimmingSpaces
            if let n = Int32(t) { return Int(n) }
            if let d = Double(t), d.isFinite, d.magnitude < 2_147_483_648 { return Int(d) }
        }
        throw MaestroParseError(.needsWholeNumber(key: entry.key), at: entry.value.offset)
    }

    /// `index` (a `String?` read by `toDouble().toInt()` at lookup, `Orchestra.kt` L1700-1702):
    /// a fraction is cut off, NaN is 0 and a number past Kotlin's `Int` saturates.
    private func index(_ entry: YAMLNode.Entry) throws(MaestroParseError) -> Int {
        guard case .scalar(let s, _) = entry.value.value else {
            throw MaestroParseError(.indexNotScalar(got: entry.value.kind), at: entry.value.offset)
        }
        if s.contains("${") {
            throw MaestroParseError(.javaScriptIndex, at: entry.value.offset)
        }
        guard let d = Double(s.trimmingSpaces) else { throw MaestroParseError(.indexNeedsNumber, at: entry.value.offset) }
        if d.isNaN { return 0 }
        return Int(min(max(d, Double(Int32.min)), Double(Int32.max)).rounded(.towardZero))
    }

    /// `traits`: names separated by spaces (`text square`); a YAML list of names is read the
    /// same way, though Maestro's `String?` field refuses one.
    private func traits(_ entry: YAMLNode.Entry) throws(MaestroParseError) -> [MaestroSelector.Trait] {
        var words: [(String, Int)] = []
        switch entry.value.value {
        case .scalar(let s, _):
            words = s.split(separator: " ", omittingEmptySubsequences: true).map { (String($0), entry.value.offset) }
        case .sequence(let items):
            for item in items {
                guard case .scalar(let s, _) = item.value else { throw MaestroParseError(.traitNotText, at: item.offset) }
                words.append((s, item.offset))
            }
        case .mapping:
            throw MaestroParseError(.traitsMapping, at: entry.value.offset)
        }
        var out: [MaestroSelector.Trait] = []
        for (word, offset) in words {
            // `ElementTrait.valueOf(it.replace('-', '_').uppercase())` (YamlFluentCommand L1002-1004).
            guard let trait = MaestroSelector.Trait(rawValue: String(word.map { $0 == "-" ? "_" : $0 }).uppercased()) else {
                throw MaestroParseError(.unknownTrait(word), at: offset)
            }
            if !out.contains(trait) { out.append(trait) }
        }
        return out
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and line breaks.
    var trimmingSpaces: String {
        var s = Substring(self)
        while let c = s.first, c == " " || c == "\t" || c == "\n" || c == "\r" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" || c == "\n" || c == "\r" { s.removeLast() }
        return String(s)
    }
}
