public import SelectorCore

// Ready-made Maestro selectors for the inspector: the shortest a Maestro user would write, text
// first, then id, then a relation to a neighbour whose text is unique, then a position (`index`,
// which counts in Maestro's (y, x) order). The registry keeps the first candidate that selects
// exactly the view, so these need only be likely, not proved.
//
// Finding the unique texts and the neighbours reads every view of the tree (about 2 s for one view
// of 2×10^5 in a release build), so the deadline form stops there once its deadline passes.

extension MaestroEngine {
    public func suggestions(for node: NodeID, in tree: ViewTree) -> [String] {
        suggestions(for: node, in: tree, deadline: nil)
    }

    /// The suggestions, stopping with the list so far once `deadline` passes or the current
    /// `QueryCancellation` is cancelled (checked every 1,024 views of each scan, and by the
    /// queries it runs); the caller discards that list.
    public func suggestions(for node: NodeID, in tree: ViewTree, deadline: ContinuousClock.Instant?) -> [String] {
        let stop = QueryDeadline(deadline)
        let budget = SelectorLimits().budget(treeSize: tree.count, deadline: deadline)
        let own = Self.texts(of: node, in: tree)
        let id = Self.id(of: node, in: tree)
        var out: [String] = []
        for text in own {
            out.append(YAMLWriter.scalar(text))
            let escaped = YAMLWriter.regexLiteral(text)
            if escaped != text { out.append("{text: \(YAMLWriter.scalar(escaped))}") }
        }
        let ids = id.map(Self.idForms) ?? []
        for form in ids { out.append("{id: \(YAMLWriter.scalar(form))}") }
        // The fields that name the view itself, for the combinations below.
        var named: [String] = []
        if let text = own.first { named.append("text: \(YAMLWriter.scalar(text))") }
        if let form = ids.first { named.append("id: \(YAMLWriter.scalar(form))") }
        if named.count == 2 { out.append("{\(named.joined(separator: ", "))}") }
        // A view holding a named child (a button around its label): the child's text names it.
        var childStep = ProgramBuilder(start: .roots)
        childStep.axis(.children, unique: false)
        let kids = (try? Matcher(configuration: .serial).select(childStep.build(), in: tree, from: [node], budget: budget)) ?? []
        guard let unique = Self.uniqueTexts(in: tree, stop: stop) else { return out }
        let childTexts = kids.flatMap { Self.texts(of: $0, in: tree) }
        // A child's unique text first; else its first text, which the check may still find unique.
        if let text = childTexts.first(where: unique.contains) ?? childTexts.first {
            let field = "containsChild: \(YAMLWriter.scalar(text))"
            out.append("{\(field)}")
            if let first = named.first { out.append("{\(first), \(field)}") }
            named.append(field)
        }
        // The nearest uniquely named views around it, each edge by its own axis.
        guard let around = Self.neighbours(of: node, in: tree, named: unique, stop: stop) else { return out }
        let relations = around.map { "\($0.relation.rawValue): \(YAMLWriter.scalar($0.text))" }
        for head in named.isEmpty ? [nil] : named.map(Optional.some) {
            let prefix = head.map { $0 + ", " } ?? ""
            if head != nil { for r in relations { out.append("{\(prefix)\(r)}") } }
            if relations.count >= 2 { out.append("{\(prefix)\(relations[0]), \(relations[1])}") }
            if relations.count >= 2 { out.append("{\(prefix)\(relations.joined(separator: ", "))}") }
        }
        // Last, by position in Maestro's (y, x) order among what the first named form selects.
        for head in named + relations {
            if stop.hasPassed { break }
            if let k = position(of: node, among: "{\(head)}", in: tree, budget: budget) {
                out.append("{\(head), index: \(k)}")
                break
            }
        }
        return out
    }

    /// Where `node` stands in the (y, x) order `selector`'s `index` counts in; nil when the
    /// selector does not compile or does not select it.
    func position(of node: NodeID, among selector: String, in tree: ViewTree, budget: QueryBudget? = nil) -> Int? {
        guard var parsed = try? MaestroSelector.parse(selector) else { return nil }
        parsed.index = 0
        // The program without its pick: the matches as `index` sorts them.
        guard let program = try? MaestroCompiler(limits: regexLimits, text: selector).program(parsed) else { return nil }
        let steps = program.steps.dropLast()
        var b = ProgramBuilder(start: .roots)
        for step in steps { b.append(step) }
        let sorted = (try? Matcher(configuration: .serial).select(b.build(), in: tree, budget: budget)) ?? []
        return sorted.firstIndex(of: node)
    }

    /// The view's non-empty texts as Maestro's `text` reads them (text, hint, accessibility
    /// text), each once.
    /// `sources`: `textSources(in:)`, worked out once a tree by callers that read every view.
    static func texts(of node: NodeID, in tree: ViewTree, sources: [String]? = nil) -> [String] {
        var out: [String] = []
        for name in sources ?? textSources(in: tree) {
            if let s = tree.string(name, of: node), !s.isEmpty, !out.contains(s) { out.append(s) }
        }
        return out
    }

    /// The names Maestro's text attributes are read from on `tree`, recorded ones only
    /// (`ViewTree.recordedNames`, issue 41's rule): a loader copy as the attribute it copies, a
    /// label the loader derives not at all. Selectors name values only, never a column, so this
    /// keeps every suggested value one the recording itself holds.
    static func textSources(in tree: ViewTree) -> [String] {
        tree.recordedNames(MaestroVocabulary.textSources)
    }

    /// The view's id as Maestro's `id` reads it.
    static func id(of node: NodeID, in tree: ViewTree) -> String? {
        for name in tree.recordedNames(MaestroVocabulary.id) {
            if let s = tree.string(name, of: node), !s.isEmpty { return s }
        }
        return nil
    }

    /// An id as Maestro users write it: the part after the last `/` (`submit` for
    /// `com.app:id/submit`), then the whole id, each escaped where it holds regex characters.
    static func idForms(_ id: String) -> [String] {
        var forms: [String] = []
        if let slash = id.lastIndex(of: "/"), id.index(after: slash) < id.endIndex {
            forms.append(String(id[id.index(after: slash)...]))
        }
        forms.append(id)
        return forms.map(YAMLWriter.regexLiteral)
    }

    /// The texts exactly one view of the tree has (any of its text sources; compared as written);
    /// nil once `stop` has passed.
    static func uniqueTexts(in tree: ViewTree, stop: QueryDeadline = .none) -> Set<String>? {
        var counts: [String: Int] = [:]
        let sources = textSources(in: tree)
        for v in 0..<tree.count {
            if v & 1023 == 0 && stop.hasPassed { return nil }
            for text in texts(of: NodeID(v), in: tree, sources: sources) { counts[text, default: 0] += 1 }
        }
        return Set(counts.filter { $0.value == 1 && YAMLWriter.regexLiteral($0.key) == $0.key }.keys)
    }

    /// The nearest uniquely named views above, below, left and right of `node` (by the edge each
    /// relation compares), as the relation `node` stands in to each: the nearest view above is
    /// the one `node` is `below`; nil once `stop` has passed.
    static func neighbours(of node: NodeID, in tree: ViewTree, named unique: Set<String>,
                           stop: QueryDeadline = .none) -> [(relation: Relation, text: String)]? {
        guard let frame = frame(of: node, in: tree) else { return [] }
        var best: [Relation: (distance: Double, text: String)] = [:]
        let sources = textSources(in: tree)
        for v in 0..<tree.count where NodeID(v) != node {
            if v & 1023 == 0 && stop.hasPassed { return nil }
            guard let text = texts(of: NodeID(v), in: tree, sources: sources).first(where: unique.contains),
                  let other = Self.frame(of: NodeID(v), in: tree) else { continue }
            let candidates: [(Relation, Double)] = [
                (.below, frame.y - other.y), (.above, other.y - frame.y),
                (.rightOf, frame.x - other.x), (.leftOf, other.x - frame.x),
            ]
            for (relation, gap) in candidates where gap > 0 {
                if best[relation].map({ gap < $0.distance }) ?? true { best[relation] = (gap, text) }
            }
        }
        return [Relation.below, .above, .rightOf, .leftOf].compactMap { r in best[r].map { (r, $0.text) } }
    }

    static func frame(of node: NodeID, in tree: ViewTree) -> Rect? {
        tree.value(MaestroVocabulary.frame, of: node).flatMap { Rect(json: $0) }
    }
}
