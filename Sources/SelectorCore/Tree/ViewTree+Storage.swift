/// One buffer a tree holds: an identity that trees sharing the buffer report alike, and its size.
public struct StorageBuffer: Sendable, Hashable {
    /// The buffer's address while it lives; two trees report the same one only for one buffer.
    public let identity: UInt
    /// About how many bytes it holds.
    public let bytes: Int

    public init(identity: UInt, bytes: Int) {
        self.identity = identity; self.bytes = bytes
    }
}

extension ViewTree {
    /// The buffers this tree holds. A tree made by `setting(_:to:on:)` shares every column but
    /// the edited one with the tree it came from, and reports the same identities for them, so what
    /// several trees hold together is the sum over their distinct identities, not their sizes
    /// added up: what a server counts to bound the snapshots its slow readers keep alive.
    ///
    /// A generic column (a dictionary, which exposes no buffer) is reported under its storage
    /// reference, the one word a native dictionary is, read from its bytes; were it ever more than
    /// a word, under a fresh odd identity each time (an over-count, never less).
    public var storageBuffers: [StorageBuffer] {
        var out: [StorageBuffer] = []
        func add<T>(_ a: ContiguousArray<T>) {
            a.withUnsafeBufferPointer { b in
                if let base = b.baseAddress, b.count > 0 {
                    out.append(StorageBuffer(identity: UInt(bitPattern: base), bytes: b.count * MemoryLayout<T>.stride))
                }
            }
        }
        add(parents); add(ends); add(depths); add(classIDs)
        for column in columns.values {
            switch column {
            case .strings(let ids, let pool):
                add(ids)
                pool.bytes.withUnsafeBufferPointer { b in
                    if let base = b.baseAddress, b.count > 0 {
                        // The pool's other arrays go with its bytes: one identity for all of it.
                        out.append(StorageBuffer(identity: UInt(bitPattern: base), bytes: pool.approximateBytes))
                    }
                }
            case .numbers(let v): add(v)
            case .bools(let v): add(v)
            case .frames(let v): add(v)
            case .generic(let d):
                let identity = MemoryLayout.size(ofValue: d) == MemoryLayout<UInt>.size
                    ? withUnsafeBytes(of: d) { $0.load(as: UInt.self) } : UInt.random(in: 0...UInt.max) | 1
                out.append(StorageBuffer(identity: identity, bytes: column.approximateBytes))
            }
        }
        return out
    }
}
