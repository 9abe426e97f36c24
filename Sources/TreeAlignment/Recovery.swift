import SelectorCore

/// The recovery phase: pairing the leftover children of two matched views. GumTree runs an
/// optimal edit distance (Zhang–Shasha) on small leftover subtrees here; views carry more than
/// syntax nodes do (labels, identifiers, frames), so cheaper staged rules do the job in linear time.
extension Aligner {
    /// Pairs the unmatched views `l1` (old) with `l2` (new), both in document order, strongest
    /// evidence first: identical subtrees, then equal class and label, then class and similar
    /// label, each first among the two lists and then through one level of unmatched wrappers
    /// (a view inserted around some children, or removed from around them); last, by class and
    /// shape or frame.
    mutating func matchLists(_ l1: [Int32], _ l2: [Int32]) throws(Stop.Failure) {
        var left = l1, right = l2
        try pairByEvidence(&left, &right)
        guard !left.isEmpty, !right.isEmpty else { return }
        var inner = expanded(b, right, newToOld)
        try meter.charge(inner.count)
        if inner != right {
            var l = left
            try pairByEvidence(&l, &inner)
            prune(&left, &right)
        }
        guard !left.isEmpty, !right.isEmpty else { return }
        var outer = expanded(a, left, oldToNew)
        try meter.charge(outer.count)
        if outer != left {
            var r = right
            try pairByEvidence(&outer, &r)
            prune(&left, &right)
        }
        guard !left.isEmpty, !right.isEmpty else { return }
        try pairByClass(left, right)
    }

    /// `list` with every view that has children replaced by its unmatched children, in place
    /// (document order is kept).
    func expanded(_ t: TreeFacts, _ list: [Int32], _ counterpart: ContiguousArray<Int32>) -> [Int32] {
        var out: [Int32] = []
        for v in list {
            if t.ends[Int(v)] == v + 1 { out.append(v); continue }
            forEachChild(t, v) { if counterpart[Int($0)] < 0 { out.append($0) } }
        }
        return out
    }

    /// The stages that rest on labels or whole subtrees; each leaves in `l1` and `l2` only what is
    /// still unmatched.
    mutating func pairByEvidence(_ l1: inout [Int32], _ l2: inout [Int32]) throws(Stop.Failure) {
        try meter.charge(l1.count + l2.count)
        // Identical subtrees (one the top-down phase left because it had twins elsewhere), when
        // they are evidence as the top-down phase counts it: bare leaves of one class are all
        // identical, and pairing them in order here would ignore a wrapper's look-through.
        let minHeight = options.minHeight, labelled = options.matchLabelledSubtreesBelowMinHeight
        try pairByKey(l1, l2, { t, v in
            t.height[Int(v)] >= minHeight || (labelled && t.label[Int(v)] != 0) ? t.hash[Int(v)] : nil
        }) { (me: inout Aligner, x: Int32, y: Int32) throws(Stop.Failure) in
            if try !me.linkSubtrees(x, y) { me.link(x, y) }
        }
        prune(&l1, &l2)
        guard !l1.isEmpty, !l2.isEmpty else { return }
        // Same class, same label.
        try pairByKey(l1, l2, { t, v in
            t.label[Int(v)] == 0 ? nil : Hash64.combine(t.label[Int(v)], UInt64(UInt32(bitPattern: t.cls[Int(v)])))
        }) { (me: inout Aligner, x: Int32, y: Int32) throws(Stop.Failure) in
            me.link(x, y)
        }
        prune(&l1, &l2)
        guard !l1.isEmpty, !l2.isEmpty else { return }
        // Same class, similar label.
        try pairBySimilarLabel(l1, l2)
        prune(&l1, &l2)
    }

    mutating func prune(_ l1: inout [Int32], _ l2: inout [Int32]) {
        l1.removeAll { oldToNew[Int($0)] >= 0 }
        l2.removeAll { newToOld[Int($0)] >= 0 }
    }

    /// Pairs views with equal keys in document order (the k-th old view with a key goes with the
    /// k-th new one), so repeated equal siblings keep their order.
    mutating func pairByKey(_ l1: [Int32], _ l2: [Int32], _ key: (TreeFacts, Int32) -> UInt64?,
                            _ pair: (inout Aligner, Int32, Int32) throws(Stop.Failure) -> Void) throws(Stop.Failure) {
        if l1.count * l2.count <= 256 {
            try meter.charge(l1.count * l2.count)
            var used = [Bool](repeating: false, count: l2.count)
            for x in l1 {
                guard let k = key(a, x) else { continue }
                for (j, y) in l2.enumerated() where !used[j] && key(b, y) == k {
                    used[j] = true
                    if oldToNew[Int(x)] < 0 && newToOld[Int(y)] < 0 { try pair(&self, x, y) }
                    break
                }
            }
            return
        }
        try meter.charge(2 * (l1.count + l2.count))
        var queues: [UInt64: [Int32]] = [:]
        for y in l2.reversed() { if let k = key(b, y) { queues[k, default: []].append(y) } }
        for x in l1 {
            guard let k = key(a, x), let y = queues[k]?.popLast() else { continue }
            if oldToNew[Int(x)] < 0 && newToOld[Int(y)] < 0 { try pair(&self, x, y) }
        }
    }

    /// Index pairs `(i, j)` to score: all of them when few, else those at nearby relative positions
    /// (at most `maxRecoveryPairs` plus three per old view).
    func candidatePairs(_ n1: Int, _ n2: Int) -> CandidatePairs {
        CandidatePairs(n1, n2, cap: max(1, options.maxRecoveryPairs))
    }

    /// Relative place of index `i` in a list of `n`, 0...1.
    @inline(__always) static func relative(_ i: Int, _ n: Int) -> Double { n > 1 ? Double(i) / Double(n - 1) : 0.5 }

    /// Stage 3: same class and label similarity >= `minLabelSimilarity`; best score first (the
    /// similarity, then overlapping frames, then the nearer relative position).
    mutating func pairBySimilarLabel(_ l1: [Int32], _ l2: [Int32]) throws(Stop.Failure) {
        // Labelled views of the classes both sides still hold: no text is read for the others.
        var classes1: Set<Int32> = [], classes2: Set<Int32> = []
        for x in l1 where a.label[Int(x)] != 0 { classes1.insert(a.cls[Int(x)]) }
        for y in l2 where b.label[Int(y)] != 0 { classes2.insert(b.cls[Int(y)]) }
        let left = l1.filter { a.label[Int($0)] != 0 && classes2.contains(a.cls[Int($0)]) }
        let right = l2.filter { b.label[Int($0)] != 0 && classes1.contains(b.cls[Int($0)]) }
        guard !left.isEmpty, !right.isEmpty else { return }
        try meter.charge(4 * (left.count + right.count))
        let texts1 = left.map { LabelText(a.labelValues($0)) }
        let texts2 = right.map { LabelText(b.labelValues($0)) }
        var scored: [(score: Double, i: Int, j: Int)] = []
        var pairs = candidatePairs(left.count, right.count)
        while let (i, j) = pairs.next() {
            let x = left[i], y = right[j]
            guard a.cls[Int(x)] == b.cls[Int(y)] else { continue }
            // An edit distance of labels cut to 64 scalars: a few hundred steps at most.
            try meter.charge(16)
            let sim = texts1[i].similarity(to: texts2[j], atLeast: options.minLabelSimilarity)
            guard sim >= options.minLabelSimilarity else { continue }
            let overlap = iou(x, y) ?? 0
            let place = 1 - abs(Self.relative(i, left.count) - Self.relative(j, right.count))
            scored.append((sim + 0.25 * overlap + 0.1 * place, i, j))
        }
        try greedy(scored, left, right)
    }

    /// The last stage, for what no label or subtree told: views of the same class, paired in
    /// order when both sides hold as many of the class, among the two lists or, failing that,
    /// with one side seen through its unmatched wrappers; else best score first (same shape,
    /// frame overlap, relative position). A pair must have the same shape, or frames overlapping
    /// by half, or be the only view of its class on each side (with frames, overlapping ones);
    /// through a wrapper, the same shape and (when recorded) overlapping frames.
    mutating func pairByClass(_ l1: [Int32], _ l2: [Int32]) throws(Stop.Failure) {
        let direct1 = groupByClass(a, l1), direct2 = groupByClass(b, l2)
        let through1 = groupByClass(a, expanded(a, l1, oldToNew)), through2 = groupByClass(b, expanded(b, l2, newToOld))
        try meter.charge(4 * (l1.count + l2.count))
        var seen: Set<Int32> = []
        for x in l1 {
            let c = a.cls[Int(x)]
            guard seen.insert(c).inserted else { continue }
            let p = direct1[c] ?? [], q = direct2[c] ?? [], qq = through2[c] ?? []
            try meter.charge(2 * (p.count + q.count + qq.count))
            if !q.isEmpty && p.count == q.count {
                let only = p.count == 1
                for (x, y) in zip(p, q) where acceptable(x, y, strict: false, only: only) { link(x, y) }
            } else if qq.count == p.count && qq != q {
                for (x, y) in zip(p, qq) where acceptable(x, y, strict: true, only: false) { link(x, y) }
            } else if !q.isEmpty {
                try pairScored(p, q, strict: false)
            }
            // What is left of the class, against the new side seen through its wrappers.
            guard qq != q else { continue }
            let p2 = p.filter { oldToNew[Int($0)] < 0 }, q2 = qq.filter { newToOld[Int($0)] < 0 }
            guard !p2.isEmpty, !q2.isEmpty else { continue }
            if p2.count == q2.count {
                for (x, y) in zip(p2, q2) where acceptable(x, y, strict: true, only: false) { link(x, y) }
            } else {
                try pairScored(p2, q2, strict: true)
            }
        }
        // Views of the old side's unmatched wrappers, against what is left on the new side.
        for c in through1.keys.sorted() {
            let p = (through1[c] ?? []).filter { oldToNew[Int($0)] < 0 }, q = (direct2[c] ?? []).filter { newToOld[Int($0)] < 0 }
            try meter.charge(2 * (p.count + q.count))
            guard !p.isEmpty, !q.isEmpty, p != (direct1[c] ?? []) else { continue }
            if p.count == q.count {
                for (x, y) in zip(p, q) where acceptable(x, y, strict: true, only: false) { link(x, y) }
            } else {
                try pairScored(p, q, strict: true)
            }
        }
    }

    /// `list` by shared class id, document order kept within each class.
    func groupByClass(_ t: TreeFacts, _ list: [Int32]) -> [Int32: [Int32]] {
        var out: [Int32: [Int32]] = [:]
        for v in list { out[t.cls[Int(v)], default: []].append(v) }
        return out
    }

    /// Same-class views paired best score first (same shape, frame overlap, relative position).
    mutating func pairScored(_ p: [Int32], _ q: [Int32], strict: Bool) throws(Stop.Failure) {
        var scored: [(score: Double, i: Int, j: Int)] = []
        var pairs = candidatePairs(p.count, q.count)
        while let (i, j) = pairs.next() {
            try meter.charge()
            let x = p[i], y = q[j]
            guard acceptable(x, y, strict: strict, only: false) else { continue }
            let same = a.shape[Int(x)] == b.shape[Int(y)] ? 1.0 : 0
            let place = 1 - abs(Self.relative(i, p.count) - Self.relative(j, q.count))
            scored.append((same + (iou(x, y) ?? 0) + 0.5 * place, i, j))
        }
        try greedy(scored, p, q)
    }

    /// Whether the class stage may pair `x` and `y` (same class already).
    func acceptable(_ x: Int32, _ y: Int32, strict: Bool, only: Bool) -> Bool {
        let sameShape = a.shape[Int(x)] == b.shape[Int(y)]
        let overlap = iou(x, y)
        if strict { return sameShape && (overlap == nil || overlap! >= 0.5) }
        return sameShape || (overlap ?? 0) >= 0.5 || (only && (overlap == nil || overlap! > 0))
    }

    /// Links the scored pairs best first, each view at most once; ties by position.
    mutating func greedy(_ scored: [(score: Double, i: Int, j: Int)], _ left: [Int32], _ right: [Int32]) throws(Stop.Failure) {
        try meter.charge(4 * scored.count)
        let sorted = scored.sorted { $0.score != $1.score ? $0.score > $1.score : ($0.i, $0.j) < ($1.i, $1.j) }
        for s in sorted {
            let x = left[s.i], y = right[s.j]
            if oldToNew[Int(x)] < 0 && newToOld[Int(y)] < 0 { link(x, y) }
        }
    }

    /// Intersection over union of the two views' absolute frames; nil when either is not recorded.
    func iou(_ x: Int32, _ y: Int32) -> Double? {
        guard let r = a.frame(x), let s = b.frame(y) else { return nil }
        let w = min(r.x + r.width, s.x + s.width) - max(r.x, s.x)
        let h = min(r.y + r.height, s.y + s.height) - max(r.y, s.y)
        let union = r.width * r.height + s.width * s.height
        if r == s { return 1 }
        guard w > 0, h > 0 else { return 0 }
        let inter = w * h
        return union - inter > 0 ? inter / (union - inter) : 1
    }
}

/// The index pairs `Aligner.candidatePairs(_:_:)` scores, one at a time: every pair when there are
/// at most `cap`, else each old index with the new ones about its relative position (at most
/// `cap` plus three per old index in all).
struct CandidatePairs {
    let n1: Int, n2: Int, half: Int
    let all: Bool
    var i = 0, j = 0, last = -1

    init(_ n1: Int, _ n2: Int, cap: Int) {
        self.n1 = n1
        self.n2 = n2
        all = n1 * n2 <= cap
        half = max(1, cap / (2 * max(n1, 1)))
    }

    mutating func next() -> (Int, Int)? {
        if all {
            guard i < n1, n2 > 0 else { return nil }
            defer {
                j += 1
                if j == n2 { j = 0; i += 1 }
            }
            return (i, j)
        }
        while i < n1 {
            if last < 0 {
                // The window about old index i's relative position.
                let center = i * n2 / max(n1, 1)
                j = max(0, center - half)
                last = min(n2 - 1, center + half)
            }
            if j <= last {
                defer { j += 1 }
                return (i, j)
            }
            i += 1
            last = -1
        }
        return nil
    }
}

/// A view's label values, lower-cased, as scalars and word tokens, for similarity.
struct LabelText {
    var values: [[Unicode.Scalar]]
    var tokens: [[String]]

    /// Long labels are cut: the start of a label names it, and the edit distance stays cheap.
    static let maxScalars = 64

    init(_ strings: [String]) {
        values = strings.map { Array($0.lowercased().unicodeScalars.prefix(Self.maxScalars)) }
        tokens = values.map { Self.words($0) }
    }

    /// Runs of letters and digits, sorted (ASCII tested by range; other scalars by their
    /// Unicode properties, so CJK and accented words count).
    static func words(_ scalars: [Unicode.Scalar]) -> [String] {
        var out: [String] = []
        var word = String.UnicodeScalarView()
        for c in scalars {
            let v = c.value
            let wordy = v < 0x80
                ? (v >= 0x30 && v <= 0x39) || (v >= 0x61 && v <= 0x7A) || (v >= 0x41 && v <= 0x5A)
                : c.properties.isAlphabetic || c.properties.numericType != nil
            if wordy {
                word.append(c)
            } else if !word.isEmpty {
                out.append(String(word))
                word = String.UnicodeScalarView()
            }
        }
        if !word.isEmpty { out.append(String(word)) }
        return out.sorted()
    }

    /// The best similarity over pairs of values: normalised Levenshtein (1 − distance / longer
    /// length) or the dice of their word tokens, whichever is higher. Below `atLeast` the exact
    /// figure does not matter, so the edit distance stops early.
    func similarity(to other: LabelText, atLeast threshold: Double) -> Double {
        var best = 0.0
        for (k, v) in values.enumerated() {
            for (m, w) in other.values.enumerated() {
                if v == w { return 1 }
                best = max(best, Self.tokenDice(tokens[k], other.tokens[m]))
                let longer = max(v.count, w.count)
                let floor = max(best, threshold)
                // At most this many edits can still beat `floor`.
                let budget = Int((1 - floor) * Double(longer))
                if abs(v.count - w.count) > budget { continue }
                // The core's edit distance, banded by the budget: past it, budget + 1.
                let d = EditDistance.distance(v, w, limit: budget)
                if d <= budget { best = max(best, 1 - Double(d) / Double(longer)) }
            }
        }
        return best
    }

    /// Dice coefficient of two sorted token multisets.
    static func tokenDice(_ a: [String], _ b: [String]) -> Double {
        guard !a.isEmpty || !b.isEmpty else { return 0 }
        var i = 0, j = 0, common = 0
        while i < a.count && j < b.count {
            if a[i] == b[j] { common += 1; i += 1; j += 1 } else if a[i] < b[j] { i += 1 } else { j += 1 }
        }
        return 2 * Double(common) / Double(a.count + b.count)
    }
}
