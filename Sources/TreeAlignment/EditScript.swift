import SelectorCore

extension Aligner {
    /// The alignment's edit script from the final mapping.
    mutating func editScript() throws(Stop.Failure) -> ViewTreeAlignment {
        try meter.charge(a.n + b.n)
        var matches: [NodePair] = []
        matches.reserveCapacity(min(a.n, b.n))
        var deleted: [NodeID] = []
        for x in 0..<a.n {
            let y = oldToNew[x]
            if y >= 0 { matches.append(NodePair(old: NodeID(x), new: y)) } else { deleted.append(NodeID(x)) }
        }
        var inserted: [NodeID] = []
        for y in 0..<b.n where newToOld[y] < 0 { inserted.append(NodeID(y)) }
        let moved = try movedPairs()
        let names = try PropertyDiff(a.tree, b.tree, ignoring: options.ignoredProperties, meter: &meter).differing(matches, meter: &meter)
        var changed: [PropertyChange] = []
        for (m, names) in zip(matches, names) where !names.isEmpty {
            changed.append(PropertyChange(old: m.old, new: m.new, properties: names))
        }
        return ViewTreeAlignment(matches: matches, inserted: inserted, deleted: deleted, moved: moved, changed: changed,
                                 oldToNew: oldToNew, newToOld: newToOld)
    }

    /// Matched pairs that moved: to a parent that is not the old parent's counterpart, or, under
    /// the counterpart, off the longest common subsequence of the siblings' order (Chawathe et
    /// al.'s AlignChildren: the fewest moves that restore the order).
    mutating func movedPairs() throws(Stop.Failure) -> [NodePair] {
        try meter.charge(a.n)
        var moved = [Bool](repeating: false, count: a.n)
        for x in 0..<a.n {
            let y = oldToNew[x]
            guard y >= 0 else { continue }
            let px = a.parents[x], py = b.parents[Int(y)]
            if px < 0 && py < 0 { continue }
            if px < 0 || py < 0 || oldToNew[Int(px)] != py { moved[x] = true }
        }
        var stayed: [Int32] = [], positions: [Int32] = []
        func alignChildren(_ children: [Int32]) {
            stayed.removeAll(keepingCapacity: true)
            positions.removeAll(keepingCapacity: true)
            for c in children where oldToNew[Int(c)] >= 0 && !moved[Int(c)] {
                stayed.append(c)
                positions.append(b.childIndex[Int(oldToNew[Int(c)])])
            }
            guard stayed.count > 1 else { return }
            var keep = [Bool](repeating: false, count: stayed.count)
            for k in Subsequence.longestIncreasing(positions) { keep[k] = true }
            for (k, c) in stayed.enumerated() where !keep[k] { moved[Int(c)] = true }
        }
        alignChildren(a.tree.roots)
        var children: [Int32] = []
        for p in 0..<Int32(a.n) where oldToNew[Int(p)] >= 0 && a.ends[Int(p)] > p + 1 {
            try meter.charge(4 * Int(a.childCount[Int(p)]))
            children.removeAll(keepingCapacity: true)
            forEachChild(a, p) { children.append($0) }
            alignChildren(children)
        }
        var out: [NodePair] = []
        for x in 0..<a.n where moved[x] { out.append(NodePair(old: NodeID(x), new: oldToNew[x])) }
        return out
    }
}

/// The longest increasing subsequence (`Aligner`'s edit script keeps the siblings on it in place).
enum Subsequence {
    /// Indices of a longest strictly increasing subsequence of `values` (patience sorting,
    /// O(k log k)); among equally long ones, the one ending on the smallest values.
    static func longestIncreasing(_ values: [Int32]) -> [Int] {
        var tails: [Int] = []  // index of the smallest tail of each length
        var previous = [Int](repeating: -1, count: values.count)
        for (i, v) in values.enumerated() {
            var lo = 0, hi = tails.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if values[tails[mid]] < v { lo = mid + 1 } else { hi = mid }
            }
            if lo > 0 { previous[i] = tails[lo - 1] }
            if lo == tails.count { tails.append(i) } else { tails[lo] = i }
        }
        var out: [Int] = []
        var k = tails.last ?? -1
        while k >= 0 { out.append(k); k = previous[k] }
        return out.reversed()
    }
}

/// Compares matched views' recorded properties column by column, without building a value per
/// node where both columns have the same typed storage (string ids are translated between the
/// two pools once per distinct value).
struct PropertyDiff {
    enum Comparator {
        /// Old pool id → new pool id (-2: the value is not in the new pool).
        case strings(ContiguousArray<Int32>, ContiguousArray<Int32>, [Int32])
        case numbers(ContiguousArray<Double>, ContiguousArray<Double>)
        case bools(ContiguousArray<Int8>, ContiguousArray<Int8>)
        case frames(ContiguousArray<Rect>, ContiguousArray<Rect>)
        case values(PropertyColumn?, PropertyColumn?)
    }

    /// Property names, sorted, with their comparators.
    let names: [String]
    let comparators: [Comparator]

    init<Stop: AlignmentStop>(_ old: ViewTree, _ new: ViewTree, ignoring ignored: Set<String>,
                              meter: inout WorkMeter<Stop>) throws(Stop.Failure) {
        names = Set(old.propertyNames).union(new.propertyNames).subtracting(ignored).sorted()
        var comparators: [Comparator] = []
        for name in names {
            switch (old.columns[name], new.columns[name]) {
            case let (.strings(i1, p1)?, .strings(i2, p2)?):
                comparators.append(.strings(i1, i2, try Self.translation(p1, p2, meter: &meter)))
            case let (.numbers(v1)?, .numbers(v2)?): comparators.append(.numbers(v1, v2))
            case let (.bools(v1)?, .bools(v2)?): comparators.append(.bools(v1, v2))
            case let (.frames(v1)?, .frames(v2)?): comparators.append(.frames(v1, v2))
            case let (c1, c2): comparators.append(.values(c1, c2))
            }
        }
        self.comparators = comparators
    }

    /// Each value id of `p1` → the id of the equal value of `p2` (-2: none). ASCII values are
    /// looked up in `p2` directly; the others in one dictionary of `p2`'s values, built the first
    /// time one is asked for (`StringPool.id(of:)` compares such a value with every value of a
    /// pool that holds only ASCII ones, which made two large pools quadratic). Equal as `String`s
    /// either way: canonically equivalent spellings are one value.
    static func translation<Stop: AlignmentStop>(_ p1: StringPool, _ p2: StringPool,
                                                 meter: inout WorkMeter<Stop>) throws(Stop.Failure) -> [Int32] {
        var byValue: [String: Int32]? = nil
        var out = [Int32](repeating: -2, count: p1.count)
        for k in 0..<p1.count {
            try meter.charge()
            let value = p1[Int32(k)]
            if value.utf8.allSatisfy({ $0 < 0x80 }) {
                out[k] = p2.id(of: value) ?? -2
                continue
            }
            if byValue == nil {
                try meter.charge(p2.count)
                var index: [String: Int32] = [:]
                index.reserveCapacity(p2.count)
                for m in 0..<p2.count where index[p2[Int32(m)]] == nil { index[p2[Int32(m)]] = Int32(m) }
                byValue = index
            }
            out[k] = byValue?[value] ?? -2
        }
        return out
    }

    /// For each pair, the names of the properties whose values differ between its old and its
    /// new view, sorted. One column at a time over every pair, so each column's storage is
    /// unpacked once, not once per pair.
    func differing<Stop: AlignmentStop>(_ pairs: [NodePair], meter: inout WorkMeter<Stop>) throws(Stop.Failure) -> [[String]] {
        var out = [[String]](repeating: [], count: pairs.count)
        for (k, c) in comparators.enumerated() {
            try meter.charge(pairs.count)
            let name = names[k]
            func scan(_ same: (Int, Int) -> Bool) {
                for (p, m) in pairs.enumerated() where !same(Int(m.old), Int(m.new)) { out[p].append(name) }
            }
            switch c {
            case let .strings(i1, i2, map):
                scan { i, j in
                    let u = i1[i], v = i2[j]
                    return u < 0 ? v < 0 : map[Int(u)] == v
                }
            case let .numbers(v1, v2):
                scan { i, j in v1[i].isNaN ? v2[j].isNaN : v1[i] == v2[j] }
            case let .bools(v1, v2):
                scan { i, j in v1[i] == v2[j] }
            case let .frames(v1, v2):
                scan { i, j in v1[i].x.isNaN ? v2[j].x.isNaN : v1[i] == v2[j] }
            case let .values(c1, c2):
                scan { i, j in c1?.value(at: i) == c2?.value(at: j) }
            }
        }
        return out
    }
}
