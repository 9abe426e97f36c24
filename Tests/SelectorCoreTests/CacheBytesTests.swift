import SelectorCore
import Testing

/// An engine whose programs are as large as asked: `k:n` compiles to one filter, an OR of `n`
/// distinct 40-byte label tests, so a short selector stands for the 60 KB selectors that
/// compiled to megabytes.
private struct FatEngine: SelectorEngine {
    var name: String { "fat" }

    func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        let parts = selector.split(separator: ":")
        guard parts.count == 2, let n = Int(parts[1]) else { throw SelectorError(.syntax, "want k:n") }
        let key = String(parts[0])
        var b = ProgramBuilder(start: .roots)
        b.axis(.descendantsOrSelf, filter: .or((0..<n).map { j in
            .string(property: "accessibilityLabel", .equals("\(key)-\(j)-" + String(repeating: "p", count: 32)))
        }), unique: true)
        return b.build()
    }
}

/// Issue 28, item 9: the compiled-selector cache is bounded in bytes as well as entries, and a
/// program too large for `SelectorLimits.maxProgramBytes` is refused when it is compiled.
@Suite("Compiled-selector cache bounded in bytes")
struct CacheBytesTests {
    static func registry(cache: SelectorCache, maxProgramBytes: Int = SelectorLimits().maxProgramBytes) -> EngineRegistry {
        let r = EngineRegistry(cache: cache, limits: SelectorLimits(maxProgramBytes: maxProgramBytes))
        try! r.register(FatEngine())
        return r
    }

    @Test("a program's estimate grows with what it holds, and an ordinary one is small")
    func estimates() throws {
        let r = Self.registry(cache: SelectorCache())
        let small = try r.compile("a:1", engine: "fat").program.estimatedBytes
        let large = try r.compile("a:5000", engine: "fat").program.estimatedBytes
        #expect(small < 1024, "\(small)")
        // 5,000 tests of a 40-byte string each: at least their text.
        #expect(large > 5000 * 40, "\(large)")
        var b = ProgramBuilder(start: .windows)
        b.descendants(.all([.kindOf("UITableViewCell"), .string(property: "accessibilityLabel", .contains("Row 7-3"))]), unique: true)
        b.union([b.build(), b.build()])
        let program = b.build()
        #expect(program.estimatedBytes > 0 && program.estimatedBytes < 4096, "\(program.estimatedBytes)")
    }

    @Test("hundreds of distinct large programs keep the cache under its byte limit")
    func manyLargeProgramsStayUnderTheByteLimit() throws {
        let maxBytes = 8 << 20
        let cache = SelectorCache(capacity: 1024, shards: 4, maxBytes: maxBytes)
        let r = Self.registry(cache: cache)
        // ~600 KB each: 200 of them were ~120 MB in a cache bounded only by its 1,024 entries.
        let each = try r.compile("probe:4000", engine: "fat").program.estimatedBytes
        #expect(each > 500_000)
        for k in 0..<200 {
            _ = try r.compile("k\(k):4000", engine: "fat")
            #expect(cache.bytes <= maxBytes)
        }
        let stats = cache.statistics
        #expect(cache.bytes <= maxBytes, "\(cache.bytes)")
        #expect(stats.count < 20, "\(stats)")
        #expect(stats.evictions > 150, "\(stats)")
        // The newest is still cached: a hit, not a compile.
        let hits = stats.hits
        _ = try r.compile("k199:4000", engine: "fat")
        #expect(cache.statistics.hits == hits + 1)
    }

    @Test("a program over maxProgramBytes is refused at compile time, naming the limit, and the refusal is cached")
    func oversizedProgramIsRefused() throws {
        let cache = SelectorCache()
        let r = Self.registry(cache: cache, maxProgramBytes: 1 << 20)
        #expect(throws: Never.self) { try r.compile("ok:1000", engine: "fat") }
        let before = cache.bytes
        let error = #expect(throws: SelectorError.self) { try r.compile("big:20000", engine: "fat") }
        #expect(error?.kind == .limit)
        #expect(error?.message.contains("SelectorLimits.maxProgramBytes") == true, "\(String(describing: error))")
        #expect(error?.message.contains("the limit is 1048576 bytes") == true, "\(String(describing: error))")
        // Only the refusal (its text) is kept, not the program.
        #expect(cache.bytes - before < 64 << 10, "\(cache.bytes - before)")
        let hits = cache.statistics.hits
        #expect(throws: SelectorError.self) { try r.compile("big:20000", engine: "fat") }
        #expect(cache.statistics.hits == hits + 1)
    }

    @Test("the default limit refuses a program of megabytes")
    func defaultLimit() throws {
        let r = Self.registry(cache: SelectorCache())
        #expect(SelectorLimits().maxProgramBytes == 2 << 20)
        let error = #expect(throws: SelectorError.self) { try r.compile("big:40000", engine: "fat") }
        #expect(error?.kind == .limit)
    }

    @Test("an entry larger than a shard's share is answered but not kept")
    func entryLargerThanAShardIsNotKept() throws {
        let cache = SelectorCache(capacity: 64, shards: 1, maxBytes: 100_000)
        let r = Self.registry(cache: cache)
        _ = try r.compile("small:10", engine: "fat")
        let kept = cache.bytes
        #expect(kept > 0)
        let program = try r.compile("large:2000", engine: "fat").program
        #expect(program.estimatedBytes > 100_000)
        // The small entry was not evicted to make room for one that could never fit.
        #expect(cache.bytes == kept)
        #expect(cache.statistics.count == 1)
    }

    @Test("the entry bound still holds, and removeAll empties the byte count")
    func entryBoundAndRemoveAll() throws {
        let cache = SelectorCache(capacity: 4, shards: 1)
        let r = Self.registry(cache: cache)
        for k in 0..<10 { _ = try r.compile("e\(k):3", engine: "fat") }
        #expect(cache.statistics.count == 4)
        #expect(cache.statistics.evictions == 6)
        #expect(cache.bytes > 0)
        cache.removeAll()
        #expect(cache.bytes == 0)
        #expect(cache.statistics.count == 0)
    }
}
