import SelectorCore
import Testing
import TreeAlignment

/// What an alignment of a tree with its edited copy must say, from the edits' truth.
struct ExpectedAlignment {
    var matches: [NodePair]
    var inserted: [NodeID]
    var deleted: [NodeID]
    var moved: [NodePair]
    var changed: [PropertyChange]

    /// The truth of `edited`: every surviving view matched to the view it became; the added views
    /// inserted; every other old view deleted; `moved` and `changed` (old ids, with the property
    /// names) as the test's edits imply.
    init(_ old: ViewTree, _ edited: EditedTree, moved: Set<NodeID> = [], changed: [NodeID: [String]] = [:]) {
        matches = edited.counterpart.map { NodePair(old: $0.key, new: $0.value) }.sorted { $0.old < $1.old }
        inserted = edited.added.sorted()
        deleted = (0..<NodeID(old.count)).filter { edited.counterpart[$0] == nil }
        self.moved = moved.sorted().map { NodePair(old: $0, new: edited.counterpart[$0]!) }
        self.changed = changed.keys.sorted().map {
            PropertyChange(old: $0, new: edited.counterpart[$0]!, properties: changed[$0]!.sorted())
        }
    }
}

/// Checks every part of `alignment` against `expected`, naming the first differences (a whole
/// 10^5-pair array in a failure message helps no one).
func check(_ alignment: ViewTreeAlignment, _ expected: ExpectedAlignment,
           sourceLocation: SourceLocation = #_sourceLocation) {
    func differences<T: Hashable & Comparable>(_ got: [T], _ want: [T]) -> String {
        let g = Set(got), w = Set(want)
        let extra = got.filter { !w.contains($0) }.sorted().prefix(8)
        let missing = want.filter { !g.contains($0) }.sorted().prefix(8)
        return "unexpected \(Array(extra)), missing \(Array(missing)) (got \(got.count), want \(want.count))"
    }
    let matchesAgree = alignment.matches == expected.matches
    #expect(matchesAgree, "matches: \(differences(alignment.matches, expected.matches))", sourceLocation: sourceLocation)
    let insertedAgree = alignment.inserted == expected.inserted
    #expect(insertedAgree, "inserted: \(differences(alignment.inserted, expected.inserted))", sourceLocation: sourceLocation)
    let deletedAgree = alignment.deleted == expected.deleted
    #expect(deletedAgree, "deleted: \(differences(alignment.deleted, expected.deleted))", sourceLocation: sourceLocation)
    let movedAgree = alignment.moved == expected.moved
    #expect(movedAgree, "moved: \(differences(alignment.moved, expected.moved))", sourceLocation: sourceLocation)
    let changedAgree = alignment.changed == expected.changed
    #expect(changedAgree, "changed: \(differences(alignment.changed, expected.changed))", sourceLocation: sourceLocation)
    let lookups = alignment.matches.allSatisfy {
        alignment.newCounterpart(of: $0.old) == $0.new && alignment.oldCounterpart(of: $0.new) == $0.old
    }
    #expect(lookups, "the counterpart look-ups agree with the matches", sourceLocation: sourceLocation)
}
