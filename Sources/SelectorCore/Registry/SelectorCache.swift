/// A bounded, thread-safe LRU cache of compiled selectors keyed by (engine, selector text).
///
/// Bounded in entries and in bytes: each entry is charged its key's text and its program's
/// `estimatedBytes` (or its error's text), and the least recently used go once either bound is
/// passed, so a thousand distinct selectors that compile to megabytes each cannot hold gigabytes
/// (issue 28, item 9). Parse errors are cached too, so a client retrying a malformed selector
/// costs one lookup.
/// Reads dominate, so the cache is split into shards by key hash, each behind its own lock:
/// threads rarely meet on one lock.
public final class SelectorCache: Sendable {
    /// A cached outcome.
    public typealias Entry = Result<CompiledSelector, SelectorError>

    /// Hashes its strings once, at construction or beforehand (`hash(engine:selector:)`): the shard
    /// choice and the shard's dictionary both use that value, so a hit costs one pass over the
    /// selector's bytes, not two, and a miss that goes on to store no more.
    struct Key: Hashable, Sendable {
        let engine: String
        let selector: String
        let hash: Int

        init(engine: String, selector: String) {
            self.init(engine: engine, selector: selector, hash: Self.hash(engine: engine, selector: selector))
        }

        /// A key whose hash the caller computed with `hash(engine:selector:)`.
        init(engine: String, selector: String, hash: Int) {
            self.engine = engine
            self.selector = selector
            self.hash = hash
        }

        static func hash(engine: String, selector: String) -> Int {
            Int(truncatingIfNeeded: mix(fold(selector, fold(engine, 0x9E37_79B9_7F4A_7C15))))
        }

        // A hit must cost less than a compile by orders of magnitude, and SipHash over the selector
        // was a fifth of it, so keys use a word-at-a-time multiply-rotate hash instead. It is not
        // seeded against chosen collisions, and need not be: a shard holds at most
        // capacity/shards entries, so even keys that all collide cost that many comparisons.
        private static func fold(_ text: String, _ seed: UInt64) -> UInt64 {
            if let h = text.utf8.withContiguousStorageIfAvailable({ fold($0, seed) }) { return h }
            return Array(text.utf8).withUnsafeBufferPointer { fold($0, seed) }
        }

        private static func fold(_ bytes: UnsafeBufferPointer<UInt8>, _ seed: UInt64) -> UInt64 {
            var h = seed ^ (UInt64(bytes.count) &* 0x9FB2_1C65_1E98_DF25)
            guard let base = bytes.baseAddress else { return mix(h) }
            let raw = UnsafeRawPointer(base)
            var i = 0
            while i + 8 <= bytes.count {
                h = step(h, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                i += 8
            }
            if i < bytes.count {
                var tail: UInt64 = 0
                withUnsafeMutableBytes(of: &tail) { $0.copyMemory(from: UnsafeRawBufferPointer(start: raw + i, count: bytes.count - i)) }
                h = step(h, tail)
            }
            return h
        }

        private static func step(_ h: UInt64, _ word: UInt64) -> UInt64 {
            let x = (h ^ word) &* 0xBF58_476D_1CE4_E5B9
            return (x << 31) | (x >> 33)
        }

        /// SplitMix64's finaliser: every input bit reaches every output bit.
        private static func mix(_ value: UInt64) -> UInt64 {
            var z = value
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }

        static func == (a: Key, b: Key) -> Bool {
            a.hash == b.hash && a.selector == b.selector && a.engine == b.engine
        }
    }

    private let shards: [Shard]
    /// Entries the cache holds at most.
    public let capacity: Int
    /// Bytes the cache's entries hold at most, as `cost(of:engine:selector:)` counts them. Each
    /// shard keeps its share, so the whole never passes this; an entry larger than a shard's share
    /// is handed back uncached.
    public let maxBytes: Int

    /// Default of `maxBytes`: 64 MiB, tens of thousands of ordinary programs (a few KB each) and
    /// still a dozen of the largest `SelectorLimits.maxProgramBytes` allows.
    public static let defaultMaxBytes = 64 << 20

    /// A cache of at most `capacity` entries (1024 by default, as browsers keep 256–1000) holding
    /// at most `maxBytes`.
    public init(capacity: Int = 1024, shards: Int = 16, maxBytes: Int = SelectorCache.defaultMaxBytes) {
        let shardCount = max(1, min(shards, capacity))
        self.capacity = max(1, capacity)
        self.maxBytes = max(1, maxBytes)
        let per = (self.capacity + shardCount - 1) / shardCount
        let perBytes = max(1, self.maxBytes / shardCount)
        self.shards = (0..<shardCount).map { _ in Shard(LRUShard(capacity: per, byteCapacity: perBytes)) }
    }

    /// What an entry is charged: its key's text, a fixed overhead, and its program's
    /// `estimatedBytes` or its error's text.
    public static func cost(of entry: Entry, engine: String, selector: String) -> Int {
        cost(of: entry, engine: engine, selector: selector, programBytes: nil)
    }

    /// As `cost(of:engine:selector:)`, with the program's `estimatedBytes` when already known.
    static func cost(of entry: Entry, engine: String, selector: String, programBytes: Int?) -> Int {
        let key = 2 * ProgramSize.arrayHeader + engine.utf8.count + selector.utf8.count + 64
        switch entry {
        case .success(let compiled): return key + (programBytes ?? compiled.program.estimatedBytes)
        case .failure(let error): return key + ProgramSize.arrayHeader + error.description.utf8.count
        }
    }

    private func shard(_ key: Key) -> Int {
        Int(UInt(bitPattern: key.hash) % UInt(shards.count))
    }

    /// The cached outcome, or the result of `compile` (stored) on a miss.
    public func value(engine: String, selector: String,
                      compile: () -> Entry) -> Entry {
        let hash = Key.hash(engine: engine, selector: selector)
        if let hit = entry(engine: engine, selector: selector, hash: hash) { return hit }
        let entry = compile()
        store(entry, engine: engine, selector: selector, hash: hash)
        return entry
    }

    /// The cached outcome, counted as a hit and marked recently used; nil (and nothing counted)
    /// when absent, so the caller can go on to `value(engine:selector:compile:)`.
    public func hit(engine: String, selector: String) -> Entry? {
        entry(engine: engine, selector: selector, hash: Key.hash(engine: engine, selector: selector))
    }

    /// As `hit(engine:selector:)` with the key's hash (`Key.hash(engine:selector:)`) computed by
    /// the caller, who passes it to `store` on a miss: a miss hashes the selector once.
    @inline(__always) func entry(engine: String, selector: String, hash: Int) -> Entry? {
        // The key is built here, not by the caller: a key that outlived this call would own
        // (retain) its strings, which costs a hit more than the hash it saves a miss.
        let key = Key(engine: engine, selector: selector, hash: hash)
        return shards[shard(key)].lock.withLock { $0.touch(key) }
    }

    /// Stores what a miss compiled, and counts the miss.
    ///
    /// The caller compiles between `entry(engine:selector:hash:)` and this, outside the lock: a
    /// slow compile must not block readers of the shard. Two threads missing on one key both
    /// compile and both count a miss; the second store wins, which is harmless.
    /// `cost` is the entry's `cost(of:engine:selector:)` when the caller knows it.
    func store(_ entry: Entry, engine: String, selector: String, hash: Int, cost: Int? = nil) {
        let key = Key(engine: engine, selector: selector, hash: hash)
        let cost = cost ?? Self.cost(of: entry, engine: engine, selector: selector)
        shards[shard(key)].lock.withLock { $0.storeMiss(key, entry, cost: cost) }
    }

    /// The cached outcome without compiling.
    public func peek(engine: String, selector: String) -> Entry? {
        let key = Key(engine: engine, selector: selector)
        return shards[shard(key)].lock.withLock { $0.peek(key) }
    }

    /// Hit and miss counts and size, summed over shards.
    public var statistics: Statistics {
        var out = Statistics()
        for s in shards {
            s.lock.withLock {
                out.hits += $0.hits; out.misses += $0.misses; out.count += $0.count; out.evictions += $0.evictions
            }
        }
        return out
    }

    /// Bytes the entries hold now, as `cost(of:engine:selector:)` counts them (at most `maxBytes`).
    public var bytes: Int {
        shards.reduce(0) { sum, s in sum + s.lock.withLock { $0.bytes } }
    }

    /// Empties the cache (counters too).
    public func removeAll() {
        for s in shards { s.lock.withLock { $0 = LRUShard(capacity: $0.capacity, byteCapacity: $0.byteCapacity) } }
    }

    /// Counters of a cache.
    public struct Statistics: Sendable, Equatable {
        public var hits = 0, misses = 0, count = 0, evictions = 0
    }
}

/// One shard: a dictionary into a doubly linked list threaded through arrays (no per-entry
/// allocation, O(1) touch and eviction).
/// Each shard's lock lives in its own object.
final class Shard: Sendable {
    let lock: Locked<LRUShard>
    init(_ s: LRUShard) { lock = Locked(s) }
}

struct LRUShard {
    let capacity: Int
    let byteCapacity: Int
    private var index: [SelectorCache.Key: Int] = [:]
    private var keys: [SelectorCache.Key?] = []
    private var values: [SelectorCache.Entry?] = []
    private var costs: [Int] = []
    private var prev: [Int] = [], next: [Int] = []
    /// Slots emptied by evictions for bytes, reused before the arrays grow.
    private var free: [Int] = []
    private var head = -1, tail = -1  // head: most recent
    var hits = 0, misses = 0, evictions = 0
    /// Sum of the held entries' costs.
    private(set) var bytes = 0
    var count: Int { index.count }

    init(capacity: Int, byteCapacity: Int = .max) {
        self.capacity = max(1, capacity)
        self.byteCapacity = max(1, byteCapacity)
    }

    mutating func touch(_ key: SelectorCache.Key) -> SelectorCache.Entry? {
        guard let slot = index[key] else { return nil }
        hits += 1
        moveToFront(slot)
        return values[slot]
    }

    func peek(_ key: SelectorCache.Key) -> SelectorCache.Entry? {
        index[key].flatMap { values[$0] }
    }

    mutating func storeMiss(_ key: SelectorCache.Key, _ value: SelectorCache.Entry, cost: Int) {
        misses += 1
        if let slot = index[key] { remove(slot) }
        // Larger than the whole shard: kept by nobody rather than emptying the shard for it.
        guard cost <= byteCapacity else { return }
        while index.count >= capacity || bytes + cost > byteCapacity, tail >= 0 {
            remove(tail)
            evictions += 1
        }
        let slot: Int
        if let reused = free.popLast() {
            slot = reused
            keys[slot] = key; values[slot] = value; costs[slot] = cost
        } else {
            slot = keys.count
            keys.append(key); values.append(value); costs.append(cost); prev.append(-1); next.append(-1)
        }
        index[key] = slot
        bytes += cost
        pushFront(slot)
    }

    /// Drops the entry in `slot` and frees the slot.
    private mutating func remove(_ slot: Int) {
        unlink(slot)
        index[keys[slot]!] = nil
        bytes -= costs[slot]
        keys[slot] = nil; values[slot] = nil; costs[slot] = 0
        free.append(slot)
    }

    private mutating func unlink(_ s: Int) {
        let p = prev[s], n = next[s]
        if p >= 0 { next[p] = n } else { head = n }
        if n >= 0 { prev[n] = p } else { tail = p }
        prev[s] = -1; next[s] = -1
    }

    private mutating func pushFront(_ s: Int) {
        prev[s] = -1; next[s] = head
        if head >= 0 { prev[head] = s }
        head = s
        if tail < 0 { tail = s }
    }

    private mutating func moveToFront(_ s: Int) {
        guard head != s else { return }
        unlink(s); pushFront(s)
    }
}
