public import SelectorCore

/// One view of the old recording and its counterpart in the new one.
public struct NodePair: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The view in the old tree.
    public var old: NodeID
    /// Its counterpart in the new tree.
    public var new: NodeID

    public init(old: NodeID, new: NodeID) {
        self.old = old
        self.new = new
    }

    public var description: String { "\(old)->\(new)" }

    /// By old id, then new id: the order the alignment lists pairs in.
    public static func < (l: NodePair, r: NodePair) -> Bool { (l.old, l.new) < (r.old, r.new) }
}

/// A matched pair whose recorded properties differ, with the names of those that do.
public struct PropertyChange: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The view in the old tree.
    public var old: NodeID
    /// Its counterpart in the new tree.
    public var new: NodeID
    /// Property names whose values differ (present on one side only counts), sorted.
    public var properties: [String]

    public init(old: NodeID, new: NodeID, properties: [String]) {
        self.old = old
        self.new = new
        self.properties = properties
    }

    public var description: String { "\(old)->\(new) \(properties)" }

    /// By old id, then new id: the order the alignment lists changes in.
    public static func < (l: PropertyChange, r: PropertyChange) -> Bool { (l.old, l.new) < (r.old, r.new) }
}

/// Which views of one recording are which views of another, and the edit script between them
/// (`align(_:_:options:)` computes it).
///
/// Node ids are preorder positions in each tree, never uids: a recording's uids are positions
/// too, so two recordings' uids say nothing about which views are the same.
public struct ViewTreeAlignment: Sendable {
    /// Every matched pair, by old id.
    public let matches: [NodePair]
    /// Views of the new tree with no counterpart, in preorder.
    public let inserted: [NodeID]
    /// Views of the old tree with no counterpart, in preorder.
    public let deleted: [NodeID]
    /// Matched pairs whose parent's counterpart is not the new parent (moved to another parent,
    /// out of or into an inserted or deleted view), or whose place among the siblings that stayed
    /// matched under the same parent changed (not on the longest common subsequence of the
    /// siblings' order, as Chawathe's edit script aligns children); by old id.
    public let moved: [NodePair]
    /// Matched pairs whose recorded properties differ (`uid` and `AlignmentOptions.ignoredProperties`
    /// aside), by old id.
    public let changed: [PropertyChange]

    // Counterparts by node id (-1: none), so both lookups are O(1).
    let oldToNew: ContiguousArray<Int32>
    let newToOld: ContiguousArray<Int32>

    init(matches: [NodePair], inserted: [NodeID], deleted: [NodeID], moved: [NodePair], changed: [PropertyChange],
         oldToNew: ContiguousArray<Int32>, newToOld: ContiguousArray<Int32>) {
        self.matches = matches; self.inserted = inserted; self.deleted = deleted
        self.moved = moved; self.changed = changed
        self.oldToNew = oldToNew; self.newToOld = newToOld
    }

    /// The new view matched to `old`, nil when `old` was deleted (or is not a node of the old tree).
    public func newCounterpart(of old: NodeID) -> NodeID? {
        guard old >= 0, Int(old) < oldToNew.count else { return nil }
        let n = oldToNew[Int(old)]
        return n < 0 ? nil : n
    }

    /// The old view matched to `new`, nil when `new` was inserted (or is not a node of the new tree).
    public func oldCounterpart(of new: NodeID) -> NodeID? {
        guard new >= 0, Int(new) < newToOld.count else { return nil }
        let o = newToOld[Int(new)]
        return o < 0 ? nil : o
    }

    /// Whether the two trees are the same up to uids: everything matched, nothing moved or changed.
    public var isIdentity: Bool { inserted.isEmpty && deleted.isEmpty && moved.isEmpty && changed.isEmpty }
}

/// Thresholds of `align(_:_:options:)`; the defaults are GumTree's, adapted to shallow view trees.
public struct AlignmentOptions: Sendable {
    /// Smallest subtree height (a leaf is 1) the top-down phase matches by isomorphism. GumTree's
    /// default is 2: leaves alone are too common to be evidence.
    public var minHeight: Int = 2
    /// Whether a subtree below `minHeight` whose root carries a label is matched top-down too:
    /// view trees are shallow and a labelled leaf (a button, a cell's text) is strong evidence.
    public var matchLabelledSubtreesBelowMinHeight = true
    /// The most old × new pairs one group of identical subtrees may offer to the top-down phase's
    /// ambiguity resolution; a larger group is opened (its children tried instead), so a screen
    /// full of identical rows costs no quadratic scan.
    public var maxAmbiguousPairs = 1024
    /// Smallest dice coefficient of matched descendants for the bottom-up phase to match two
    /// containers (GumTree's default 0.5).
    public var minDice = 0.5
    /// Smallest label similarity (normalised Levenshtein or token dice, whichever is higher) for
    /// the recovery phase to match two same-class children by their labels.
    public var minLabelSimilarity = 0.5
    /// The most pairs the recovery phase scores when pairing the leftover children of two matched
    /// containers; beyond it only pairs at nearby relative positions are scored.
    public var maxRecoveryPairs = 4096
    /// How many matched descendants' counterparts an unmatched container keeps as seeds for its
    /// bottom-up candidates (their unmatched ancestors of the same class).
    public var maxSeeds = 8
    /// Properties that name a view across recordings: identifiers, labels, texts (every loader
    /// keeps the original attribute and adds the UIKit name, so both spellings are here).
    public var labelProperties: [String] = [
        "accessibilityIdentifier", "accessibilityLabel", "label", "text", "name", "resource-id",
        "content-desc", "id", "placeholder", "placeholderValue", "hint",
    ]
    /// Properties never reported as changed: `uid` is a position in every recording.
    public var ignoredProperties: Set<String> = [PropertyName.uid]
    /// Properties whose values name a view across builds and locales (an accessibility
    /// identifier, an Android resource id, XCUITest's `name`): a value that one view holds on each
    /// side, same class, anchors the pair before the bottom-up phase.
    public var identifierProperties: [String] = ["accessibilityIdentifier", "resource-id", "name", "id"]

    public init() {}
}
