import SelectorCore

/// What the matcher reads of one tree, computed once in a few linear passes: flat arrays indexed
/// by node id, so the phases compare integers and never look a property up by name in a loop.
struct TreeFacts {
    let tree: ViewTree
    let n: Int
    let parents: ContiguousArray<Int32>
    let ends: ContiguousArray<Int32>
    let depths: ContiguousArray<Int32>
    /// Class ids in a space shared by both trees (each tree interns its own names).
    var cls: [Int32]
    /// Hash of the node's label properties (0: none), comparable across trees: values are hashed
    /// from their bytes, not their pool ids.
    var label: [UInt64]
    /// Subtree height, a leaf is 1 (GumTree's).
    var height: [Int32]
    /// Isomorphism hash of the subtree: classes, labels and shape.
    var hash: [UInt64]
    /// The same without labels: two subtrees of the same shape whose every label differs (a
    /// locale swap) share it.
    var shape: [UInt64]
    /// Node ids in postorder (children before parents, left to right).
    var postorder: [Int32]
    /// Position among the siblings (roots among the roots).
    var childIndex: [Int32]
    /// The previous sibling (-1: none).
    var previousSibling: [Int32]
    /// Number of children.
    var childCount: [Int32]
    /// Absolute frames (`accessibilityFrame`), when recorded.
    let frames: ContiguousArray<Rect>?
    /// The label properties this tree records, in `AlignmentOptions.labelProperties` order.
    let labelColumns: [PropertyColumn]

    init(_ tree: ViewTree, classIndex: inout [String: Int32], labelProperties: [String]) {
        var meter = WorkMeter(NeverStop())
        self.init(tree, classIndex: &classIndex, labelProperties: labelProperties, meter: &meter)
    }

    /// The facts of `tree`, charging `meter` a unit a view for each pass.
    init<Stop: AlignmentStop>(_ tree: ViewTree, classIndex: inout [String: Int32], labelProperties: [String],
                              meter: inout WorkMeter<Stop>) throws(Stop.Failure) {
        self.tree = tree
        n = tree.count
        parents = tree.parents
        ends = tree.ends
        depths = tree.depths
        // Class names are few: one dictionary look-up per class, then an array per node.
        let local = tree.classes.names.map { name -> Int32 in
            if let id = classIndex[name] { return id }
            let id = Int32(classIndex.count)
            classIndex[name] = id
            return id
        }
        try meter.charge(n)
        cls = tree.classIDs.map { local[Int($0)] }
        label = try Self.labelHashes(tree, labelProperties, meter: &meter)
        labelColumns = labelProperties.compactMap { tree.columns[$0] }
        if case .frames(let f)? = tree.columns[PropertyName.accessibilityFrame] { frames = f } else { frames = nil }

        height = [Int32](repeating: 1, count: n)
        hash = [UInt64](repeating: 0, count: n)
        shape = [UInt64](repeating: 0, count: n)
        childIndex = [Int32](repeating: 0, count: n)
        previousSibling = [Int32](repeating: -1, count: n)
        childCount = [Int32](repeating: 0, count: n)
        // Children come after their parent in preorder: one backward pass sees every child first.
        for i in stride(from: n - 1, through: 0, by: -1) {
            try meter.charge()
            var h = Hash64.combine(Hash64.seed, UInt64(UInt32(bitPattern: cls[i])))
            h = Hash64.combine(h, label[i])
            var s = Hash64.combine(Hash64.seed, UInt64(UInt32(bitPattern: cls[i])))
            var ht: Int32 = 1
            var k: Int32 = 0
            var j = i + 1
            var previous: Int32 = -1
            let end = Int(ends[i])
            while j < end {
                h = Hash64.combine(h, hash[j])
                s = Hash64.combine(s, shape[j])
                if height[j] + 1 > ht { ht = height[j] + 1 }
                childIndex[j] = k
                previousSibling[j] = previous
                previous = Int32(j)
                k += 1
                j = Int(ends[j])
            }
            // The child count closes the list, so [a [b]] and [a b] differ.
            hash[i] = Hash64.combine(h, UInt64(k) &+ 0x51)
            shape[i] = Hash64.combine(s, UInt64(k) &+ 0x51)
            height[i] = ht
            childCount[i] = k
        }
        var r: Int32 = 0
        var i = 0
        var previous: Int32 = -1
        while i < n { childIndex[i] = r; previousSibling[i] = previous; previous = Int32(i); r += 1; i = Int(ends[i]) }

        // Postorder from preorder: a node is done once the next node is outside its subtree.
        postorder = []
        postorder.reserveCapacity(n)
        var stack: [Int32] = []
        for v in 0..<n {
            try meter.charge()
            while let top = stack.last, Int(ends[Int(top)]) <= v { postorder.append(top); stack.removeLast() }
            stack.append(Int32(v))
        }
        while let top = stack.popLast() { postorder.append(top) }
    }

    /// Per node, one hash over the label properties present (empty strings count as absent).
    private static func labelHashes<Stop: AlignmentStop>(_ tree: ViewTree, _ names: [String],
                                                         meter: inout WorkMeter<Stop>) throws(Stop.Failure) -> [UInt64] {
        let n = tree.count
        var out = [UInt64](repeating: 0, count: n)
        for (k, name) in names.enumerated() {
            guard let column = tree.columns[name] else { continue }
            let tag = UInt64(k + 1) &* 0x9E37_79B9_7F4A_7C15
            switch column {
            case .strings(let ids, let pool):
                // Each distinct value is hashed once, from its bytes.
                try meter.charge(n + pool.bytes.count / 16)
                var valueHash = [UInt64](repeating: 0, count: pool.count)
                pool.withValueBytes { bytes, offsets in
                    for v in 0..<pool.count {
                        let lo = Int(offsets[v]), hi = Int(offsets[v + 1])
                        if hi > lo { valueHash[v] = Hash64.bytes(UnsafeBufferPointer(rebasing: bytes[lo..<hi])) }
                    }
                }
                for i in 0..<n {
                    let id = ids[i]
                    if id >= 0, valueHash[Int(id)] != 0 { out[i] = Hash64.label(out[i], tag ^ valueHash[Int(id)]) }
                }
            default:
                // Rare (a label column holding numbers or mixed values): the value's text.
                for i in 0..<n {
                    try meter.charge()
                    guard let text = column.value(at: i).flatMap(Self.text), !text.isEmpty else { continue }
                    var t = text
                    let vh = t.withUTF8 { Hash64.bytes($0) }
                    out[i] = Hash64.label(out[i], tag ^ vh)
                }
            }
        }
        return out
    }

    /// A label value as text: strings as they are, other JSON as written.
    static func text(_ v: JSONValue) -> String? {
        switch v {
        case .string(let s): return s
        case .null: return nil
        default: return v.jsonString
        }
    }

    /// The distinct non-empty label values of `node`, for similarity (only the recovery phase's
    /// candidates ask).
    func labelValues(_ node: Int32) -> [String] {
        var out: [String] = []
        for column in labelColumns {
            let text: String?
            if case .strings(let ids, let pool) = column {
                let id = ids[Int(node)]
                text = id < 0 ? nil : pool[id]
            } else {
                text = column.value(at: Int(node)).flatMap(Self.text)
            }
            guard let text, !text.isEmpty, !out.contains(text) else { continue }
            out.append(text)
        }
        return out
    }

    /// The absolute frame of `node`, when recorded.
    @inline(__always) func frame(_ node: Int32) -> Rect? {
        guard let frames else { return nil }
        let r = frames[Int(node)]
        return r.x.isNaN ? nil : r
    }

    @inline(__always) func size(_ node: Int32) -> Int32 { ends[Int(node)] - node }

    /// The next sibling (-1: none): the node right after the subtree, when it has the same parent.
    @inline(__always) func nextSibling(_ node: Int32) -> Int32 {
        let next = ends[Int(node)]
        return Int(next) < n && parents[Int(next)] == parents[Int(node)] ? next : -1
    }
}

/// A fixed 64-bit hash (FNV-1a for bytes, a SplitMix64 finaliser to combine): the same in every
/// process, so two trees' values hash alike and runs are reproducible.
enum Hash64 {
    static let seed: UInt64 = 0xCBF2_9CE4_8422_2325

    @inline(__always) static func mix(_ x: UInt64) -> UInt64 {
        var z = x
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    @inline(__always) static func combine(_ h: UInt64, _ x: UInt64) -> UInt64 {
        mix(h &* 0x100_0000_01B3 ^ (x &+ 0x9E37_79B9_7F4A_7C15))
    }

    /// Adds one label value to a node's label hash (0: none so far); never 0 after.
    @inline(__always) static func label(_ h: UInt64, _ x: UInt64) -> UInt64 {
        let c = combine(h == 0 ? seed : h, x)
        return c == 0 ? 1 : c
    }

    static func bytes(_ b: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h = seed
        for x in b { h = (h ^ UInt64(x)) &* 0x100_0000_01B3 }
        return mix(h) | 1  // never 0: 0 is "no label"
    }
}
