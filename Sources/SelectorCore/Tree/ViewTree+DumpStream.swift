/// Frank's `/dump` JSON, the same bytes `ViewTree.dumpJSON(from:includeSubviews:)` writes, produced
/// a chunk at a time.
///
/// A dump of 10^6 views is about 230 MB; written whole, every concurrent `/dump` holds one. This
/// iterator holds at most one chunk plus one view's record, so a server can send each chunk before
/// the next is made. Every chunk but the last is exactly `chunkBytes` long.
///
/// `dumpJSON` writes its document with this type too (`writeAll`), so whole and chunked dumps are
/// the same bytes by construction; DumpStreamTests checks it anyway.
public struct DumpJSONChunks: Sequence, IteratorProtocol, Sendable {
    /// Size of every chunk but the last.
    public let chunkBytes: Int

    private let tree: ViewTree
    private let includeSubviews: Bool
    /// Several roots are written as a JSON array of their subtrees.
    private let bracketed: Bool
    /// The subtrees to write, in order; empty for an empty tree (`null`).
    private let tops: [NodeID]
    /// Property columns in `propertyNames` order, looked up once instead of per view.
    private let columns: [(name: String, column: PropertyColumn)]

    private enum Phase: Sendable { case start, nodes, end, done }
    private var phase = Phase.start
    private var topIndex = 0
    private var node: NodeID = 0
    private var last: NodeID = 0
    /// Views whose `subviews` array is still open, innermost last.
    private var open: [NodeID] = []
    /// Bytes written but not yet handed out (a `JSONWriter`'s buffer, kept apart so this stays
    /// `Sendable`).
    private var pending: [UInt8] = []

    init(tree: ViewTree, from start: NodeID?, includeSubviews: Bool, chunkBytes: Int) {
        precondition(chunkBytes > 0, "chunkBytes must be positive")
        self.tree = tree
        self.includeSubviews = includeSubviews
        self.chunkBytes = chunkBytes
        if start == nil && tree.roots.count > 1 {
            bracketed = true
            tops = tree.roots
        } else {
            bracketed = false
            tops = tree.count > 0 ? [start ?? 0] : []
        }
        columns = tree.propertyNames.compactMap { name in tree.columns[name].map { (name, $0) } }
        pending.reserveCapacity(Swift.min(chunkBytes, 1 << 20) + 1024)
    }

    /// The next chunk, or nil once the whole document has been handed out.
    public mutating func next() -> [UInt8]? {
        if pending.count < chunkBytes && phase != .done {
            var w = JSONWriter()
            swap(&w.bytes, &pending)
            while w.bytes.count < chunkBytes && phase != .done { step(&w) }
            swap(&w.bytes, &pending)
        }
        if pending.isEmpty { return nil }
        let n = Swift.min(chunkBytes, pending.count)
        let chunk = Array(pending[..<n])
        pending.removeFirst(n)
        return chunk
    }

    /// Writes the rest of the document into `w` at once (what `dumpJSON` does).
    mutating func writeAll(into w: inout JSONWriter) {
        w.bytes.append(contentsOf: pending)
        pending = []
        while phase != .done { step(&w) }
    }

    /// Writes one view's record (with the brackets around it), or the document's opening or end.
    private mutating func step(_ w: inout JSONWriter) {
        switch phase {
        case .start:
            if tops.isEmpty {
                w.raw("null")
                phase = .done
                return
            }
            if bracketed { w.byte(UInt8(ascii: "[")) }
            beginSubtree(0)
            phase = .nodes
        case .nodes:
            if node < last {
                writeNode(&w)
                return
            }
            while !open.isEmpty { w.raw("]}"); open.removeLast() }
            if topIndex + 1 < tops.count {
                w.byte(UInt8(ascii: ","))
                beginSubtree(topIndex + 1)
            } else {
                phase = .end
            }
        case .end:
            if bracketed { w.byte(UInt8(ascii: "]")) }
            phase = .done
        case .done:
            break
        }
    }

    private mutating func beginSubtree(_ index: Int) {
        topIndex = index
        let top = tops[index]
        node = top
        last = includeSubviews ? tree.ends[Int(top)] : top + 1
    }

    private mutating func writeNode(_ w: inout JSONWriter) {
        let i = node, top = tops[topIndex]
        while let o = open.last, tree.ends[Int(o)] <= i { w.raw("]}"); open.removeLast() }
        if i != top && tree.parents[Int(i)] + 1 != i { w.byte(UInt8(ascii: ",")) }
        w.raw("{\"class\":")
        w.string(tree.className(of: i))
        let cid = tree.classIDs[Int(i)]
        if tree.classes.chainDefined[Int(cid)] {
            // The documented form: superclasses only, nearest first.
            w.raw(",\"classChain\":")
            w.value(.array(tree.classes.chain(of: cid).dropFirst().map { .string($0) }))
        }
        for (name, column) in columns {
            guard let v = column.value(at: Int(i)) else { continue }
            w.byte(UInt8(ascii: ","))
            w.string(name)
            w.byte(UInt8(ascii: ":"))
            w.value(v)
        }
        if includeSubviews && tree.ends[Int(i)] > i + 1 {
            w.raw(",\"subviews\":[")
            open.append(i)
        } else {
            w.raw(includeSubviews ? ",\"subviews\":[]}" : "}")
        }
        node = i + 1
    }
}

extension ViewTree {
    /// Default chunk size of `dumpJSONChunks`: large enough that per-chunk costs vanish, small
    /// enough that many concurrent dumps stay cheap.
    public static let defaultDumpChunkBytes = 64 << 10

    /// `dumpJSON(from:includeSubviews:)` in chunks of `chunkBytes` (the last may be shorter); their
    /// concatenation is exactly `dumpJSON`'s bytes.
    public func dumpJSONChunks(from node: NodeID? = nil, includeSubviews: Bool = true,
                               chunkBytes: Int = ViewTree.defaultDumpChunkBytes) -> DumpJSONChunks {
        DumpJSONChunks(tree: self, from: node, includeSubviews: includeSubviews, chunkBytes: chunkBytes)
    }

    /// Hands `dumpJSON(from:includeSubviews:)`'s bytes to `emit` in chunks of `chunkBytes` (the last
    /// may be shorter), never holding more than one chunk and one view's record.
    public func writeDumpJSON(from node: NodeID? = nil, includeSubviews: Bool = true,
                              chunkBytes: Int = ViewTree.defaultDumpChunkBytes,
                              to emit: ([UInt8]) throws -> Void) rethrows {
        var chunks = dumpJSONChunks(from: node, includeSubviews: includeSubviews, chunkBytes: chunkBytes)
        while let chunk = chunks.next() { try emit(chunk) }
    }
}
