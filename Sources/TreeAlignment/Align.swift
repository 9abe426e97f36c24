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
/// Every phase is linear or n·log n in views (Docs/Alignment.md, Complexity): two 10^5-view trees
/// align in well under a second on one core (release).
public func align(_ old: ViewTree, _ new: ViewTree, options: AlignmentOptions = .init()) -> ViewTreeAlignment {
    Aligner.run(old, new, options, NeverStop())
}

/// As `align(_:_:options:)`, stopping once `deadline` passes (or its `QueryCancellation` is
/// cancelled): every phase checks it as it goes, every few thousand units of work, and the
/// alignment then throws `QueryBudget.deadlineError` (`QueryBudget.cancelledError`) instead of
/// finishing. A server answering within a time budget, or a tool with a `--timeout`, calls this.
public func align(_ old: ViewTree, _ new: ViewTree, options: AlignmentOptions = .init(),
                  deadline: QueryDeadline) throws(SelectorError) -> ViewTreeAlignment {
    try Aligner.run(old, new, options, DeadlineStop(deadline: deadline))
}

/// A class and an identifier: by value id within one tree, by text across the two.
struct AnchorKey: Hashable {
    var cls: Int32
    var value: Int32 = -1
    var text: String = ""
    init(cls: Int32, value: Int32) { self.cls = cls; self.value = value }
    init(cls: Int32, text: String) { self.cls = cls; self.text = text }
}

/// A subtree the top-down phase considers at its height: its hash, its side (0 old, 1 new), its root.
struct HeightEntry { var hash: UInt64; var side: UInt8; var node: Int32 }

/// The keys `resolveAmbiguous` ranks a candidate pair of identical subtrees by.
struct TwinPairScore {
    var x: Int32, y: Int32, parents: Int, dice: Double, neighbours: Int, overlap: Double, twin: Int8, sibling: Int32
    var position: Double
}

/// The matching state of one `align` call, stopped by `Stop` (`NeverStop`: it cannot throw).
struct Aligner<Stop: AlignmentStop> {
    let a: TreeFacts
    let b: TreeFacts
    let options: AlignmentOptions
    /// Work done so far, and the stop it is checked against.
    var meter: WorkMeter<Stop>
    /// Counterparts (-1: none).
    var oldToNew: ContiguousArray<Int32>
    var newToOld: ContiguousArray<Int32>
    /// Old nodes whose children the recovery phase has already paired (or that need none).
    var recovered: [Bool]
    /// Old nodes matched by an identifier (`anchorIdentifiers`).
    var anchored: [Bool]
    /// Old nodes in the order they were matched (the bottom-up phase reads what each step added).
    var linked: [Int32] = []
    /// The bottom-up phase scans a container's subtree of at most this many descendants and counts
    /// through `AppendOnlyRangeCounter` beyond (the same counts; tests lower it to check so).
    var scanLimit = 256

    init(_ old: ViewTree, _ new: ViewTree, _ options: AlignmentOptions, _ stop: Stop) throws(Stop.Failure) {
        var meter = WorkMeter(stop)
        var classIndex: [String: Int32] = [:]
        a = try TreeFacts(old, classIndex: &classIndex, labelProperties: options.labelProperties, meter: &meter)
        b = try TreeFacts(new, classIndex: &classIndex, labelProperties: options.labelProperties, meter: &meter)
        self.meter = meter
        self.options = options
        oldToNew = ContiguousArray(repeating: -1, count: a.n)
        newToOld = ContiguousArray(repeating: -1, count: b.n)
        recovered = [Bool](repeating: false, count: a.n)
        anchored = [Bool](repeating: false, count: a.n)
    }

    /// The phases in turn, then the edit script.
    static func run(_ old: ViewTree, _ new: ViewTree, _ options: AlignmentOptions, _ stop: Stop,
                    scanLimit: Int = 256) throws(Stop.Failure) -> ViewTreeAlignment {
        var aligner = try Aligner(old, new, options, stop)
        aligner.scanLimit = scanLimit
        try aligner.topDown()
        try aligner.anchorIdentifiers()
        try aligner.bottomUp()
        try aligner.recoverEverything()
        return try aligner.editScript()
    }

    @inline(__always) mutating func link(_ x: Int32, _ y: Int32) {
        oldToNew[Int(x)] = y
        newToOld[Int(y)] = x
        linked.append(x)
    }

    /// Maps two isomorphic subtrees node for node (their preorder layouts are the same), where
    /// both nodes are still free. False, mapping nothing, when they are not isomorphic after all
    /// (a hash collision).
    @discardableResult
    mutating func linkSubtrees(_ x: Int32, _ y: Int32) throws(Stop.Failure) -> Bool {
        let size = a.size(x)
        guard size == b.size(y) else { return false }
        try meter.charge(2 * Int(size))
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
    mutating func anchorIdentifiers() throws(Stop.Failure) {
        for property in options.identifierProperties {
            guard let oldValues = try uniqueValues(a, property), let newValues = try uniqueValues(b, property) else { continue }
            try meter.charge(oldValues.count)
            for (key, x) in oldValues {
                guard let y = newValues[key], oldToNew[Int(x)] < 0, newToOld[Int(y)] < 0 else { continue }
                link(x, y)
                anchored[Int(x)] = true
            }
        }
    }

    /// Each (class, non-empty string value of `property`) that one view alone holds, with that view.
    mutating func uniqueValues(_ facts: TreeFacts, _ property: String) throws(Stop.Failure) -> [AnchorKey: Int32]? {
        guard case .strings(let ids, let pool)? = facts.tree.columns[property] else { return nil }
        try meter.charge(2 * ids.count)
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
    mutating func topDown() throws(Stop.Failure) {
        let maxHeight = Int(max(a.height.max() ?? 0, b.height.max() ?? 0))
        guard maxHeight > 0 else { return }
        let (starts1, byHeight1) = Self.bucketByHeight(a, maxHeight)
        let (starts2, byHeight2) = Self.bucketByHeight(b, maxHeight)
        // A node is considered once its parent was opened: not matched, and not waiting as a candidate.
        var open1 = [Bool](repeating: false, count: a.n)
        var open2 = [Bool](repeating: false, count: b.n)
        var ambiguous: [(Int32, Int32, Int8)] = []
        var entries: [HeightEntry] = []

        for h in stride(from: maxHeight, through: 1, by: -1) {
            entries.removeAll(keepingCapacity: true)
            try meter.charge(1 + starts1[h + 1] - starts1[h] + starts2[h + 1] - starts2[h])
            for k in starts1[h]..<starts1[h + 1] {
                let x = byHeight1[k]
                let p = a.parents[Int(x)]
                guard p < 0 || open1[Int(p)] else { continue }
                if eligible(a, x, h) { entries.append(HeightEntry(hash: a.hash[Int(x)], side: 0, node: x)) } else { open1[Int(x)] = true }
            }
            for k in starts2[h]..<starts2[h + 1] {
                let y = byHeight2[k]
                let p = b.parents[Int(y)]
                guard p < 0 || open2[Int(p)] else { continue }
                if eligible(b, y, h) { entries.append(HeightEntry(hash: b.hash[Int(y)], side: 1, node: y)) } else { open2[Int(y)] = true }
            }
            guard !entries.isEmpty else { continue }
            try meter.charge(entries.count)
            entries.sort { ($0.hash, $0.side, $0.node) < ($1.hash, $1.side, $1.node) }
            var lo = 0
            while lo < entries.count {
                var hi = lo
                while hi < entries.count && entries[hi].hash == entries[lo].hash { hi += 1 }
                var mid = lo
                while mid < hi && entries[mid].side == 0 { mid += 1 }
                let c1 = mid - lo, c2 = hi - mid
                if c1 == 1 && c2 == 1, try linkSubtrees(entries[lo].node, entries[mid].node) {
                    // matched: closed on both sides
                } else if c1 > 0 && c2 > 0 && c1 * c2 <= options.maxAmbiguousPairs && (c1 > 1 || c2 > 1) {
                    try meter.charge(c1 * c2)
                    appendTwinPairs(entries[lo..<hi].map { ($0.side, $0.node) }, to: &ambiguous)
                } else {
                    for k in lo..<hi {
                        if entries[k].side == 0 { open1[Int(entries[k].node)] = true } else { open2[Int(entries[k].node)] = true }
                    }
                }
                lo = hi
            }
        }
        try resolveAmbiguous(ambiguous)
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
    mutating func resolveAmbiguous(_ pairs: [(Int32, Int32, Int8)]) throws(Stop.Failure) {
        guard !pairs.isEmpty else { return }
        // The parents' dice, each distinct pair of parents once, all in one sweep.
        var keyIndex: [UInt64: Int32] = [:]
        var parentPairs: [(Int32, Int32)] = []
        var dieIndex = [Int32](repeating: -1, count: pairs.count)
        try meter.charge(pairs.count)
        for (k, (x, y, _)) in pairs.enumerated() {
            let px = a.parents[Int(x)], py = b.parents[Int(y)]
            guard px >= 0 && py >= 0 else { continue }
            let key = UInt64(UInt32(px)) << 32 | UInt64(UInt32(py))
            if let q = keyIndex[key] { dieIndex[k] = q; continue }
            let q = Int32(parentPairs.count)
            keyIndex[key] = q
            parentPairs.append((px, py))
            dieIndex[k] = q
        }
        let dices = try dice(parentPairs)
        var scored: [TwinPairScore] = []
        scored.reserveCapacity(pairs.count)
        let n1 = Double(max(a.n, 1)), n2 = Double(max(b.n, 1))
        for (k, (x, y, twin)) in pairs.enumerated() {
            try meter.charge()
            let px = a.parents[Int(x)], py = b.parents[Int(y)]
            let d: Double
            var kin = 0
            if px < 0 || py < 0 {
                d = px < 0 && py < 0 ? 1 : 0
                kin = px < 0 && py < 0 ? 2 : 0
            } else {
                if a.cls[Int(px)] == b.cls[Int(py)] { kin = a.label[Int(px)] == b.label[Int(py)] ? 2 : 1 }
                d = dices[Int(dieIndex[k])]
            }
            // Siblings on either side already matched to each other: what tells twins apart when
            // a deletion before them shifted every index.
            var neighbours = 0
            let p1 = a.previousSibling[Int(x)], p2 = b.previousSibling[Int(y)]
            if p1 >= 0 && p2 >= 0 && oldToNew[Int(p1)] == p2 { neighbours += 1 }
            let s1 = a.nextSibling(x), s2 = b.nextSibling(y)
            if s1 >= 0 && s2 >= 0 && oldToNew[Int(s1)] == s2 { neighbours += 1 }
            scored.append(TwinPairScore(x: x, y: y, parents: kin, dice: d, neighbours: neighbours, overlap: iou(x, y) ?? 0,
                                 twin: twin, sibling: abs(a.childIndex[Int(x)] - b.childIndex[Int(y)]),
                                 position: abs(Double(x) / n1 - Double(y) / n2)))
        }
        try meter.charge(scored.count * 4)
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
            try linkSubtrees(s.x, s.y)
        }
    }

    /// GumTree's dice of each pair (`x` old, `y` new): 2 × (descendants of `x` matched into the
    /// subtree of `y`) over the two descendant counts, under the current matches.
    ///
    /// Descendants are preorder ranges, so the count is of matched pairs (old id, new id) in the
    /// rectangle (x, end of x) × (y, end of y): one sweep over the old ids adds each counterpart
    /// to a Fenwick tree over the new ids, and each pair reads it where its old range starts and
    /// where it ends. O((n + pairs) log n), where scanning `x`'s subtree for each pair was
    /// O(pairs × subtree), quadratic when one large parent meets many distinct ones.
    mutating func dice(_ pairs: [(Int32, Int32)]) throws(Stop.Failure) -> [Double] {
        guard !pairs.isEmpty else { return [] }
        // Checkpoints by old id: pair q reads the tree at x + 1 (subtracted) and at the end of x.
        var starts = [Int32](repeating: 0, count: a.n + 2)
        for (x, _) in pairs {
            starts[Int(x) + 2] += 1
            starts[Int(a.ends[Int(x)]) + 1] += 1
        }
        for r in 0...a.n { starts[r + 1] += starts[r] }
        var fill = starts
        var at = [Int32](repeating: 0, count: 2 * pairs.count)  // q * 2 (start) or q * 2 + 1 (end)
        for (q, (x, _)) in pairs.enumerated() {
            let r1 = Int(x) + 1, r2 = Int(a.ends[Int(x)])
            at[Int(fill[r1])] = Int32(2 * q); fill[r1] += 1
            at[Int(fill[r2])] = Int32(2 * q + 1); fill[r2] += 1
        }
        var common = [Int](repeating: 0, count: pairs.count)
        var counter = FenwickCounter(size: b.n)
        for r in 0...a.n {
            try meter.charge(1 + Int(starts[r + 1] - starts[r]))
            // Counterparts of the old ids below r are in.
            for c in Int(starts[r])..<Int(starts[r + 1]) {
                let q = Int(at[c] >> 1), y = Int(pairs[q].1)
                let inside = counter.count(y + 1, Int(b.ends[y]))
                common[q] += at[c] & 1 == 1 ? inside : -inside
            }
            if r < a.n, oldToNew[r] >= 0 { counter.add(Int(oldToNew[r])) }
        }
        return pairs.indices.map { q in
            let (x, y) = pairs[q]
            let d1 = Int(a.size(x)) - 1, d2 = Int(b.size(y)) - 1
            guard d1 + d2 > 0 else { return 0 }
            return 2 * Double(common[q]) / Double(d1 + d2)
        }
    }

    // MARK: - Bottom-up

    /// GumTree's bottom-up phase: each unmatched container, children first, is matched to the
    /// candidate with the highest dice over its descendants' mappings, if high enough, and the
    /// recovery phase then pairs what is left inside the two.
    ///
    /// Candidates are the unmatched same-class ancestors of a few of its matched descendants'
    /// counterparts (`maxSeeds`, collected up the tree as it is walked), not every view of the
    /// class: no quadratic scan.
    ///
    /// How many descendants' counterparts lie in each candidate's subtree is counted without
    /// scanning the container's subtree (which made a chain of containers quadratic): in
    /// postorder a subtree is a run of consecutive steps, and every match made inside it (before
    /// the phase, or by the steps of its descendants) is made while that run is walked. So the
    /// counterparts are appended, as they are matched, to a sequence that counts the values in a
    /// range appended since a given position (`AppendOnlyRangeCounter`, O(log n) each), and a
    /// container's count is the values appended since its subtree's run began that lie in the
    /// candidate's preorder range. Small subtrees are still scanned, which is cheaper.
    mutating func bottomUp() throws(Stop.Failure) {
        let k = max(1, options.maxSeeds)
        var seeds = [Int32](repeating: -1, count: a.n * k)
        var seedCount = [Int32](repeating: 0, count: a.n)
        var candidates: [Int32] = []
        var counts: [Int] = [], direct: [Int] = [], dices: [Double] = [], anchoredIn: [Bool] = []
        let maxCandidates = 16, maxWalk = 128
        // The counterparts in the order they were matched, and those of identifier anchors; the
        // counts of both when each postorder position was reached.
        var matched = AppendOnlyRangeCounter(valueCount: b.n)
        var anchors = AppendOnlyRangeCounter(valueCount: anchored.contains(true) ? b.n : 0)
        var matchedBefore = [Int32](repeating: 0, count: a.n)
        var anchorsBefore = [Int32](repeating: 0, count: a.n)
        var logged = linked.count
        for (position, t) in a.postorder.enumerated() {
            try meter.charge()
            let ti = Int(t)
            matchedBefore[position] = Int32(matched.count)
            anchorsBefore[position] = Int32(anchors.count)
            // Matched before this phase: nothing the steps so far did touches this node.
            guard oldToNew[ti] < 0 else {
                matched.append(Int(oldToNew[ti]))
                if anchored[ti] { anchors.append(Int(oldToNew[ti])) }
                continue
            }
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
            var steps = 0
            outer: for q in 0..<c {
                var p = b.parents[Int(seeds[ti * k + q])]
                var walked = 0
                while p >= 0 && walked < maxWalk {
                    if newToOld[Int(p)] < 0 && b.cls[Int(p)] == wanted && !candidates.contains(p) {
                        candidates.append(p)
                        if candidates.count >= maxCandidates { break outer }
                    }
                    p = b.parents[Int(p)]
                    walked += 1
                }
                steps += walked
            }
            try meter.charge(steps)
            guard !candidates.isEmpty else { continue }
            let d1 = end - ti - 1
            counts.removeAll(keepingCapacity: true)
            counts.append(contentsOf: repeatElement(0, count: candidates.count))
            anchoredIn.removeAll(keepingCapacity: true)
            anchoredIn.append(contentsOf: repeatElement(false, count: candidates.count))
            if d1 <= scanLimit {
                try meter.charge(d1 * candidates.count)
                for i in ti + 1..<end {
                    let p = oldToNew[i]
                    guard p >= 0 else { continue }
                    for (q, cand) in candidates.enumerated() where p > cand && p < b.ends[Int(cand)] {
                        counts[q] += 1
                        if anchored[i] { anchoredIn[q] = true }
                    }
                }
            } else {
                // The subtree's run of steps began `d1` positions before this one.
                let first = position - d1
                try meter.charge(64 * candidates.count)
                for (q, cand) in candidates.enumerated() {
                    let lo = Int(cand) + 1, hi = Int(b.ends[Int(cand)])
                    counts[q] = matched.count(since: Int(matchedBefore[first]), lo, hi)
                    anchoredIn[q] = anchors.count(since: Int(anchorsBefore[first]), lo, hi) > 0
                }
            }
            // Children whose counterparts are children of the candidate, and how many children matched.
            direct.removeAll(keepingCapacity: true)
            direct.append(contentsOf: repeatElement(0, count: candidates.count))
            var matchedChildren = 0
            j = ti + 1
            while j < end {
                try meter.charge()
                let p = oldToNew[j]
                if p >= 0 {
                    matchedChildren += 1
                    if let q = candidates.firstIndex(of: b.parents[Int(p)]) { direct[q] += 1 }
                }
                j = Int(a.ends[j])
            }
            dices.removeAll(keepingCapacity: true)
            for (q, cand) in candidates.enumerated() {
                dices.append(2 * Double(counts[q]) / Double(d1 + Int(b.size(cand)) - 1))
            }
            // A candidate of our class that carries our label and holds some of our descendants'
            // counterparts needs no minimum dice: a labelled container that lost half its
            // subtree (a row deleted, the rest unlabelled) is still itself.
            let label = a.label[ti]
            // A descendant anchored by its identifier whose counterpart lies in the candidate
            // (`anchoredIn`) places us as surely as a high dice: after a locale swap it may be
            // the only one of our descendants still matched (the candidates are the
            // counterparts' ancestors of our class, so the nearest one holds it).
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
                try recover(t, best)
                // Every match this step made is inside this subtree: in the sequence from here on.
                while logged < linked.count {
                    matched.append(Int(oldToNew[Int(linked[logged])]))
                    logged += 1
                }
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
    mutating func recover(_ x: Int32, _ y: Int32) throws(Stop.Failure) {
        var stack: [(Int32, Int32)] = [(x, y)]
        var left: [Int32] = [], right: [Int32] = []
        while let (x, y) = stack.popLast() {
            guard !recovered[Int(x)] else { continue }
            recovered[Int(x)] = true
            left.removeAll(keepingCapacity: true)
            right.removeAll(keepingCapacity: true)
            forEachChild(a, x) { if oldToNew[Int($0)] < 0 { left.append($0) } }
            forEachChild(b, y) { if newToOld[Int($0)] < 0 { right.append($0) } }
            try meter.charge(1 + Int(a.childCount[Int(x)] + b.childCount[Int(y)]))
            if !left.isEmpty && !right.isEmpty { try matchLists(left, right) }
            forEachChild(a, x) { c in
                let p = oldToNew[Int(c)]
                if p >= 0 && !recovered[Int(c)] { stack.append((c, p)) }
            }
        }
    }

    /// Matches the roots, then recovers inside every matched pair not yet visited (a pair whose
    /// parents did not match, such as a subtree moved out of a deleted view), in preorder so
    /// that pairs found on the way are recovered too.
    mutating func recoverEverything() throws(Stop.Failure) {
        let roots1 = a.tree.roots.filter { oldToNew[Int($0)] < 0 }
        let roots2 = b.tree.roots.filter { newToOld[Int($0)] < 0 }
        if roots1.count == 1 && roots2.count == 1 && a.cls[Int(roots1[0])] == b.cls[Int(roots2[0])] {
            // GumTree matches the roots unconditionally; we ask for the same class at least.
            link(roots1[0], roots2[0])
        } else if !roots1.isEmpty && !roots2.isEmpty {
            try matchLists(roots1, roots2)
        }
        for x in 0..<Int32(a.n) {
            try meter.charge()
            if oldToNew[Int(x)] >= 0 && !recovered[Int(x)] { try recover(x, oldToNew[Int(x)]) }
        }
    }

    @inline(__always) func forEachChild(_ t: TreeFacts, _ node: Int32, _ body: (Int32) -> Void) {
        var j = node + 1
        let end = t.ends[Int(node)]
        while j < end { body(j); j = t.ends[Int(j)] }
    }
}
