public import SelectorCore

/// Aligns two recordings of one screen: which views of `old` are which views of `new`, and the
/// edit script between them (inserted, deleted, moved, changed).
///
/// The matching is GumTree's (J.-R. Falleri, F. Morandat, X. Blanc, M. Martinez, M. Monperrus,
/// "Fine-grained and Accurate Source Code Differencing", ASE 2014), on views instead of syntax
/// nodes: a node's "label" is its class plus its identifying properties
/// (`AlignmentOptions.labelProperties`), never its uid.
/// 1. Top-down: identical subtrees (class, labels and shape, by an isomorphism hash), highest
///    first; a subtree with several identical candidates goes to the one whose parent is alike
///    and shares the most matched descendants (dice), then by neighbours, frame and position.
/// 2. Bottom-up, in postorder: an unmatched container is matched to an unmatched view of the
///    same class, among the ancestors of its matched descendants' counterparts, whose subtree
///    holds enough of those counterparts (dice >= `minDice`), the one in the most alike place
///    first, then the one carrying its label, then the highest dice.
/// 3. Recovery, inside every matched pair: the unmatched children are paired by identical
///    subtree, then equal class and label, then class and similar label, then class and shape or
///    frame, looking through one unmatched wrapper level on either side.
/// The edit script follows Chawathe et al.: a matched view is moved when its parent's counterpart
/// is not its new parent, or when it is off the longest common subsequence of its matched
/// siblings' order. See Docs/Alignment.md.
///
/// Linear passes over flat arrays, hash buckets and capped candidate lists: two 10^5-view trees
/// align in well under a second on one core (release).
public func align(_ old: ViewTree, _ new: ViewTree, options: AlignmentOptions = .init()) -> ViewTreeAlignment {
    var aligner = Aligner(old, new, options)
    aligner.topDown()
    aligner.anchorIdentifiers()
    aligner.bottomUp()
    aligner.recoverEverything()
    return aligner.editScript()
}

/// A class and an identifier: by value id within one tree, by text across the two.
struct AnchorKey: Hashable {
    var cls: Int32
    var value: Int32 = -1
    var text: String = ""
    init(cls: Int32, value: Int32) { self.cls = cls; self.value = value }
    init(cls: Int32, text: String) { self.cls = cls; self.text = text }
}

/// The matching state of one `align` call.
struct Aligner {
    let a: TreeFacts
    let b: TreeFacts
    let options: AlignmentOptions
    /// Counterparts (-1: none).
    var oldToNew: ContiguousArray<Int32>
    var newToOld: ContiguousArray<Int32>
    /// Old nodes whose children the recovery phase has already paired (or that need none).
    var recovered: [Bool]
    /// Old nodes matched by an identifier (`anchorIdentifiers`).
    var anchored: [Bool]

    init(_ old: ViewTree, _ new: ViewTree, _ options: AlignmentOptions) {
        var classIndex: [String: Int32] = [:]
        a = TreeFacts(old, classIndex: &classIndex, labelProperties: options.labelProperties)
        b = TreeFacts(new, classIndex: &classIndex, labelProperties: options.labelProperties)
        self.options = options
        oldToNew = ContiguousArray(repeating: -1, count: a.n)
        newToOld = ContiguousArray(repeating: -1, count: b.n)
        recovered = [Bool](repeating: false, count: a.n)
        anchored = [Bool](repeating: false, count: a.n)
    }

    @inline(__always) mutating func link(_ x: Int32, _ y: Int32) {
        oldToNew[Int(x)] = y
        newToOld[Int(y)] = x
    }

    /// Maps two isomorphic subtrees node for node (their preorder layouts are the same), where
    /// both nodes are still free. False, mapping nothing, when they are not isomorphic after all
    /// (a hash collision).
    @discardableResult
    mutating func linkSubtrees(_ x: Int32, _ y: Int32) -> Bool {
        let size = a.size(x)
        guard size == b.size(y) else { return false }
        for k in 0..<size {
            let i = Int(x + k), j = Int(y + k)
            guard a.cls[i] == b.cls[j], a.label[i] == b.label[j], a.ends[i] - x == b.ends[j] - y else { return false }
        }
        var complete = true
        for k in 0..<size {
            if oldToNew[Int(x + k)] < 0 && newToOld[Int(y + k)] < 0 { link(x + k, y + k) } else { complete = false }
        }
        // Every child is matched, so there is nothing left to recover inside.
        if complete { for k in 0..<size { recovered[Int(x + k)] = true } }
        return true
    }

    // MARK: - Identifier anchors

    /// Views still free that carry the same identifier, of the same class, each value held by one
    /// view on either side: a locale swap changes every label, so no subtree above such a view
    /// hashes alike, but `name="ACCESSIBILITY"` is still the same row. Their matches then give the
    /// bottom-up phase's dice something to count.
    mutating func anchorIdentifiers() {
        for property in options.identifierProperties {
            guard let oldValues = uniqueValues(a, property), let newValues = uniqueValues(b, property) else { continue }
            for (key, x) in oldValues {
                guard let y = newValues[key], oldToNew[Int(x)] < 0, newToOld[Int(y)] < 0 else { continue }
                link(x, y)
                anchored[Int(x)] = true
            }
        }
    }

    /// Each (class, non-empty string value of `property`) that one view alone holds, with that view.
    func uniqueValues(_ facts: TreeFacts, _ property: String) -> [AnchorKey: Int32]? {
        guard case .strings(let ids, let pool)? = facts.tree.columns[property] else { return nil }
        var holders: [AnchorKey: Int32] = [:], repeated: Set<AnchorKey> = []
        for (i, id) in ids.enumerated() where id >= 0 {
            let key = AnchorKey(cls: facts.cls[i], value: id)
            if holders.updateValue(Int32(i), forKey: key) != nil { repeated.insert(key) }
        }
        var out: [AnchorKey: Int32] = [:]
        for (key, node) in holders where !repeated.contains(key) {
            let value = pool[key.value]
            if !value.isEmpty { out[AnchorKey(cls: key.cls, text: value)] = node }
        }
        return out
    }

    // MARK: - Top-down

    /// GumTree's greedy top-down phase: from the highest subtrees down, identical subtrees that are
    /// unique among the open ones on both sides are matched at once; those with several candidates
    /// wait for the end, when parents' dice can choose.
    mutating func topDown() {
        let maxHeight = Int(max(a.height.max() ?? 0, b.height.max() ?? 0))
        guard maxHeight > 0 else { return }
        let (starts1, byHeight1) = Self.bucketByHeight(a, maxHeight)
        let (starts2, byHeight2) = Self.bucketByHeight(b, maxHeight)
        // A node is considered once its parent was opened: not matched, and not waiting as a candidate.
        var open1 = [Bool](repeating: false, count: a.n)
        var open2 = [Bool](repeating: false, count: b.n)
        var ambiguous: [(Int32, Int32, Int8)] = []
        struct Entry { var hash: UInt64; var side: UInt8; var node: Int32 }
        var entries: [Entry] = []

        for h in stride(from: maxHeight, through: 1, by: -1) {
            entries.removeAll(keepingCapacity: true)
            for k in starts1[h]..<starts1[h + 1] {
                let x = byHeight1[k]
                let p = a.parents[Int(x)]
                guard p < 0 || open1[Int(p)] else { continue }
                if eligible(a, x, h) { entries.append(Entry(hash: a.hash[Int(x)], side: 0, node: x)) } else { open1[Int(x)] = true }
            }
            for k in starts2[h]..<starts2[h + 1] {
                let y = byHeight2[k]
                let p = b.parents[Int(y)]
                guard p < 0 || open2[Int(p)] else { continue }
                if eligible(b, y, h) { entries.append(Entry(hash: b.hash[Int(y)], side: 1, node: y)) } else { open2[Int(y)] = true }
            }
            guard !entries.isEmpty else { continue }
            entries.sort { ($0.hash, $0.side, $0.node) < ($1.hash, $1.side, $1.node) }
            var lo = 0
            while lo < entries.count {
                var hi = lo
                while hi < entries.count && entries[hi].hash == entries[lo].hash { hi += 1 }
                var mid = lo
                while mid < hi && entries[mid].side == 0 { mid += 1 }
                let c1 = mid - lo, c2 = hi - mid
                if c1 == 1 && c2 == 1 && linkSubtrees(entries[lo].node, entries[mid].node) {
                    // matched: closed on both sides
                } else if c1 > 0 && c2 > 0 && c1 * c2 <= options.maxAmbiguousPairs && (c1 > 1 || c2 > 1) {
                    appendTwinPairs(entries[lo..<hi].map { ($0.side, $0.node) }, to: &ambiguous)
                } else {
                    for k in lo..<hi {
                        if entries[k].side == 0 { open1[Int(entries[k].node)] = true } else { open2[Int(entries[k].node)] = true }
                    }
                }
                lo = hi
            }
        }
        resolveAmbiguous(ambiguous)
    }

    /// Every old × new pair of one group of identical subtrees (`members`: side 0 old, 1 new, old
    /// first), with its twin key for `resolveAmbiguous`: 0 when the two have the same rank among
    /// the group's members under their parents and both parents hold as many (the k-th of a run
    /// of identical siblings goes with the k-th, as an in-order diff would pair them), 2 when the
    /// ranks differ, 1 when the counts differ (a twin was edited or deleted: ranks say nothing).
    func appendTwinPairs(_ members: [(UInt8, Int32)], to pairs: inout [(Int32, Int32, Int8)]) {
        var count1: [Int32: Int32] = [:], count2: [Int32: Int32] = [:]
        var ranks: [Int32] = []
        for (side, node) in members {
            if side == 0 {
                let p = a.parents[Int(node)]
                ranks.append(count1[p, default: 0])
                count1[p, default: 0] += 1
            } else {
                let p = b.parents[Int(node)]
                ranks.append(count2[p, default: 0])
                count2[p, default: 0] += 1
            }
        }
        let mid = members.firstIndex { $0.0 != 0 } ?? members.count
        for i in 0..<mid {
            let x = members[i].1, px = a.parents[Int(x)]
            for j in mid..<members.count {
                let y = members[j].1, py = b.parents[Int(y)]
                let twin: Int8 = count1[px] != count2[py] ? 1 : ranks[i] == ranks[j] ? 0 : 2
                pairs.append((x, y, twin))
            }
        }
    }

    /// Whether the top-down phase may match the subtree at `node` of height `h` on its own.
    @inline(__always) func eligible(_ t: TreeFacts, _ node: Int32, _ h: Int) -> Bool {
        h >= options.minHeight || (options.matchLabelledSubtreesBelowMinHeight && t.label[Int(node)] != 0)
    }

    /// Node ids grouped by height (a counting sort): `nodes[starts[h] ..< starts[h + 1]]`, preorder within.
    static func bucketByHeight(_ t: TreeFacts, _ maxHeight: Int) -> ([Int], [Int32]) {
        var starts = [Int](repeating: 0, count: maxHeight + 2)
        for h in t.height { starts[Int(h) + 1] += 1 }
        for h in 0...maxHeight { starts[h + 1] += starts[h] }
        var fill = starts
        var nodes = [Int32](repeating: 0, count: t.n)
        for i in 0..<t.n {
            let h = Int(t.height[i])
            nodes[fill[h]] = Int32(i)
            fill[h] += 1
        }
        return (starts, nodes)
    }

    /// The candidates with several identical partners, best first: the pair whose parents are
    /// alike (same class and label, then same class), then whose parents share the most matched
    /// descendants (GumTree's dice), then whose neighbouring siblings are matched to each other,
    /// then whose frames overlap more (twins are told apart by where they are on screen), then
    /// the same rank among identical siblings when both parents hold as many (the third of three
    /// twin rows with the third), then the nearer place among siblings, then the nearer relative
    /// position in the tree. Parents alike come first because dice alone favours
    /// a small parent: a list item's twin under a deep chain of containers, whose descendants are
    /// not matched yet, loses to any parent whose subtree holds the list.
    mutating func resolveAmbiguous(_ pairs: [(Int32, Int32, Int8)]) {
        guard !pairs.isEmpty else { return }
        struct Scored {
            var x: Int32, y: Int32, parents: Int, dice: Double, neighbours: Int, overlap: Double, twin: Int8, sibling: Int32
            var position: Double
        }
        var cache: [UInt64: Double] = [:]
        var scored: [Scored] = []
        scored.reserveCapacity(pairs.count)
        let n1 = Double(max(a.n, 1)), n2 = Double(max(b.n, 1))
        for (x, y, twin) in pairs {
            let px = a.parents[Int(x)], py = b.parents[Int(y)]
            let d: Double
            var kin = 0
            if px < 0 || py < 0 {
                d = px < 0 && py < 0 ? 1 : 0
                kin = px < 0 && py < 0 ? 2 : 0
            } else {
                if a.cls[Int(px)] == b.cls[Int(py)] { kin = a.label[Int(px)] == b.label[Int(py)] ? 2 : 1 }
                let key = UInt64(UInt32(px)) << 32 | UInt64(UInt32(py))
                if let c = cache[key] { d = c } else { d = dice(px, py); cache[key] = d }
            }
            // Siblings on either side already matched to each other: what tells twins apart when
            // a deletion before them shifted every index.
            var neighbours = 0
            let p1 = a.previousSibling[Int(x)], p2 = b.previousSibling[Int(y)]
            if p1 >= 0 && p2 >= 0 && oldToNew[Int(p1)] == p2 { neighbours += 1 }
            let s1 = a.nextSibling(x), s2 = b.nextSibling(y)
            if s1 >= 0 && s2 >= 0 && oldToNew[Int(s1)] == s2 { neighbours += 1 }
            scored.append(Scored(x: x, y: y, parents: kin, dice: d, neighbours: neighbours, overlap: iou(x, y) ?? 0,
                                 twin: twin, sibling: abs(a.childIndex[Int(x)] - b.childIndex[Int(y)]),
                                 position: abs(Double(x) / n1 - Double(y) / n2)))
        }
        scored.sort {
            if $0.parents != $1.parents { return $0.parents > $1.parents }
            if $0.dice != $1.dice { return $0.dice > $1.dice }
            if $0.neighbours != $1.neighbours { return $0.neighbours > $1.neighbours }
            if $0.overlap != $1.overlap { return $0.overlap > $1.overlap }
            if $0.twin != $1.twin { return $0.twin < $1.twin }
            if $0.sibling != $1.sibling { return $0.sibling < $1.sibling }
            if $0.position != $1.position { return $0.position < $1.position }
            return ($0.x, $0.y) < ($1.x, $1.y)
        }
        for s in scored where oldToNew[Int(s.x)] < 0 && newToOld[Int(s.y)] < 0 {
            linkSubtrees(s.x, s.y)
        }
    }

    /// GumTree's dice: 2 × (descendants of `x` matched into the subtree of `y`) over the two
    /// descendant counts.
    func dice(_ x: Int32, _ y: Int32) -> Double {
        let d1 = Int(a.size(x)) - 1, d2 = Int(b.size(y)) - 1
        guard d1 + d2 > 0 else { return 0 }
        var common = 0
        let yEnd = b.ends[Int(y)]
        for i in Int(x) + 1..<Int(a.ends[Int(x)]) {
            let p = oldToNew[i]
            if p > y && p < yEnd { common += 1 }
        }
        return 2 * Double(common) / Double(d1 + d2)
    }

    // MARK: - Bottom-up

    /// GumTree's bottom-up phase: each unmatched container, children first, is matched to the
    /// candidate with the highest dice over its descendants' mappings, if high enough, and the
    /// recovery phase then pairs what is left inside the two.
    ///
    /// Candidates are the unmatched same-class ancestors of a few of its matched descendants'
    /// counterparts (`maxSeeds`, collected up the tree as it is walked), not every view of the
    /// class: no quadratic scan.
    mutating func bottomUp() {
        let k = max(1, options.maxSeeds)
        var seeds = [Int32](repeating: -1, count: a.n * k)
        var seedCount = [Int32](repeating: 0, count: a.n)
        var candidates: [Int32] = []
        var counts: [Int] = [], direct: [Int] = [], dices: [Double] = []
        let maxCandidates = 16, maxWalk = 128
        for t in a.postorder {
            let ti = Int(t)
            guard oldToNew[ti] < 0 else { continue }
            let end = Int(a.ends[ti])
            guard end > ti + 1 else { continue }  // a leaf: recovery's business
            var c = 0
            func add(_ s: Int32, _ seeds: inout [Int32]) {
                guard c < k else { return }
                for q in 0..<c where seeds[ti * k + q] == s { return }
                seeds[ti * k + c] = s
                c += 1
            }
            var j = ti + 1
            while j < end && c < k {
                if oldToNew[j] >= 0 {
                    add(oldToNew[j], &seeds)
                } else {
                    for q in 0..<Int(seedCount[j]) { add(seeds[j * k + q], &seeds) }
                }
                j = Int(a.ends[j])
            }
            seedCount[ti] = Int32(c)
            guard c > 0 else { continue }

            candidates.removeAll(keepingCapacity: true)
            let wanted = a.cls[ti]
            outer: for q in 0..<c {
                var p = b.parents[Int(seeds[ti * k + q])]
                var steps = 0
                while p >= 0 && steps < maxWalk {
                    if newToOld[Int(p)] < 0 && b.cls[Int(p)] == wanted && !candidates.contains(p) {
                        candidates.append(p)
                        if candidates.count >= maxCandidates { break outer }
                    }
                    p = b.parents[Int(p)]
                    steps += 1
                }
            }
            guard !candidates.isEmpty else { continue }
            counts.removeAll(keepingCapacity: true)
            counts.append(contentsOf: repeatElement(0, count: candidates.count))
            for i in ti + 1..<end {
                let p = oldToNew[i]
                guard p >= 0 else { continue }
                for (q, cand) in candidates.enumerated() where p > cand && p < b.ends[Int(cand)] { counts[q] += 1 }
            }
            // Children whose counterparts are children of the candidate, and how many children matched.
            direct.removeAll(keepingCapacity: true)
            direct.append(contentsOf: repeatElement(0, count: candidates.count))
            var matchedChildren = 0
            j = ti + 1
            while j < end {
                let p = oldToNew[j]
                if p >= 0 {
                    matchedChildren += 1
                    if let q = candidates.firstIndex(of: b.parents[Int(p)]) { direct[q] += 1 }
                }
                j = Int(a.ends[j])
            }
            let d1 = end - ti - 1
            dices.removeAll(keepingCapacity: true)
            for (q, cand) in candidates.enumerated() {
                dices.append(2 * Double(counts[q]) / Double(d1 + Int(b.size(cand)) - 1))
            }
            // A candidate of our class that carries our label and holds some of our descendants'
            // counterparts needs no minimum dice: a labelled container that lost half its
            // subtree (a row deleted, the rest unlabelled) is still itself.
            let label = a.label[ti]
            // A descendant anchored by its identifier whose counterpart lies in the candidate places
            // us as surely as a high dice: after a locale swap it may be the only one of our
            // descendants still matched (the candidates are the counterparts' ancestors of our
            // class, so the nearest one holds it).
            var anchoredIn = [Bool](repeating: false, count: candidates.count)
            for i in ti + 1..<end where anchored[i] {
                let p = oldToNew[i]
                for (q, cand) in candidates.enumerated() where p > cand && p < b.ends[Int(cand)] { anchoredIn[q] = true }
            }
            func eligible(_ q: Int) -> Bool {
                dices[q] >= options.minDice || (label != 0 && dices[q] > 0 && b.label[Int(candidates[q])] == label) || anchoredIn[q]
            }
            guard candidates.indices.contains(where: eligible) else { continue }
            // Candidates are ranked by their place first (a parent of the same class, label and
            // number of children as ours), then by carrying our label (when we have one), then by
            // dice plus small bonuses for being the parent of our children's counterparts and for
            // carrying our label (or, like us, none). Dice alone goes wrong
            // between nested candidates: in a chain of single-child containers (SwiftUI's
            // anonymous `Other`s) every ancestor of the counterparts has nearly the same dice and
            // one edit below shifts the whole chain a level; a wrapper of our class inserted
            // around our children has a better dice than our counterpart around it; and a child
            // with its parent's label (a link in a link) would take the parent's counterpart once
            // its own label changed.
            var best: Int32 = -1
            var bestKey = (-1, -1, -1.0)
            for (q, cand) in candidates.enumerated() where eligible(q) {
                let parentOfChildren = matchedChildren > 0 ? Double(direct[q]) / Double(matchedChildren) : 0
                let sameLabel = a.label[ti] == b.label[Int(cand)] ? 1.0 : 0
                let named = a.label[ti] != 0 && a.label[ti] == b.label[Int(cand)] ? 1 : 0
                let key = (context(t, cand), named, dices[q] + 0.05 * parentOfChildren + 0.05 * sameLabel)
                if key > bestKey {
                    best = cand
                    bestKey = key
                }
            }
            if best >= 0 {
                link(t, best)
                recover(t, best)
            }
        }
    }

    /// How alike the places of `x` (old) and `y` (new) are: their parents' class, label and
    /// number of children (3 when both are roots).
    func context(_ x: Int32, _ y: Int32) -> Int {
        let px = a.parents[Int(x)], py = b.parents[Int(y)]
        if px < 0 || py < 0 { return px < 0 && py < 0 ? 3 : 0 }
        var c = 0
        if a.cls[Int(px)] == b.cls[Int(py)] { c += 1 }
        if a.label[Int(px)] == b.label[Int(py)] { c += 1 }
        if a.childCount[Int(px)] == b.childCount[Int(py)] { c += 1 }
        return c
    }

    // MARK: - Recovery

    /// Pairs the unmatched children of `x` and `y`, then of every matched pair below them.
    mutating func recover(_ x: Int32, _ y: Int32) {
        var stack: [(Int32, Int32)] = [(x, y)]
        var left: [Int32] = [], right: [Int32] = []
        while let (x, y) = stack.popLast() {
            guard !recovered[Int(x)] else { continue }
            recovered[Int(x)] = true
            left.removeAll(keepingCapacity: true)
            right.removeAll(keepingCapacity: true)
            forEachChild(a, x) { if oldToNew[Int($0)] < 0 { left.append($0) } }
            forEachChild(b, y) { if newToOld[Int($0)] < 0 { right.append($0) } }
            if !left.isEmpty && !right.isEmpty { matchLists(left, right) }
            forEachChild(a, x) { c in
                let p = oldToNew[Int(c)]
                if p >= 0 && !recovered[Int(c)] { stack.append((c, p)) }
            }
        }
    }

    /// Matches the roots, then recovers inside every matched pair not yet visited (a pair whose
    /// parents did not match, such as a subtree moved out of a deleted view), in preorder so
    /// that pairs found on the way are recovered too.
    mutating func recoverEverything() {
        let roots1 = a.tree.roots.filter { oldToNew[Int($0)] < 0 }
        let roots2 = b.tree.roots.filter { newToOld[Int($0)] < 0 }
        if roots1.count == 1 && roots2.count == 1 && a.cls[Int(roots1[0])] == b.cls[Int(roots2[0])] {
            // GumTree matches the roots unconditionally; we ask for the same class at least.
            link(roots1[0], roots2[0])
        } else if !roots1.isEmpty && !roots2.isEmpty {
            matchLists(roots1, roots2)
        }
        for x in 0..<Int32(a.n) where oldToNew[Int(x)] >= 0 && !recovered[Int(x)] {
            recover(x, oldToNew[Int(x)])
        }
    }

    @inline(__always) func forEachChild(_ t: TreeFacts, _ node: Int32, _ body: (Int32) -> Void) {
        var j = node + 1
        let end = t.ends[Int(node)]
        while j < end { body(j); j = t.ends[Int(j)] }
    }
}
