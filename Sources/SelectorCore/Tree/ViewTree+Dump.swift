#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A `/dump` document that could not be loaded.
public struct DumpError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, with line and column when the JSON itself is at fault.
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The `/dump` loader's name for `RecordingLimits`.
public typealias DumpLimits = RecordingLimits

/// Bounds every recording's loader enforces (`/dump` here, every format of HierarchyFormats,
/// which calls them `FormatLimits`) so that hostile input fails cleanly: one set of fields and
/// defaults for all.
public struct RecordingLimits: Sendable {
    /// Most nodes a recording may hold.
    public var maxNodes: Int = 50_000_000
    /// Deepest view nesting (the loaders are iterative, so this guards memory, not the stack;
    /// libxml2 stops XML documents at its own depth first).
    public var maxViewDepth: Int = 1_000_000
    /// Deepest nesting inside one `/dump` property value.
    public var maxValueDepth: Int = 256
    /// Deepest nesting of JSON values in the JSON formats (views nest two levels each: object,
    /// then `children` array; the JSON reader recurses, so this also bounds its stack).
    public var maxJSONDepth: Int = 1_024
    /// Most distinct property names (keys) a dump may use. Every name is a column as long as the
    /// tree, so a few thousand names each on one view would cost names × views of memory; real
    /// dumps use a few dozen.
    public var maxPropertyNames: Int = 1024
    /// Largest input, in bytes: a document, and a file the CLI reads (`FileIO.read(_:maxBytes:)`,
    /// `--max-tree-bytes`). 1 GiB is over four times a 10^6-view dump (230 MB) and loading holds
    /// the bytes and the tree at once, so a 2 GB file (or `/dev/zero`) is refused instead of
    /// read whole.
    public var maxInputBytes: Int = 1 << 30
    /// Most bytes of property columns per view once every column is padded to the tree's size
    /// (real recordings take about 22 bytes per view in all), with `minColumnBytes` allowed
    /// whatever the size, so a small tree may use many names.
    public var maxColumnBytesPerView: Int = 512
    /// Column bytes every tree may use, however few its views (64 MiB).
    public var minColumnBytes: Int = 64 << 20
    public init() {}

    /// The column bytes a tree of `views` views may take.
    public func maxColumnBytes(views: Int) -> Int {
        max(minColumnBytes, maxColumnBytesPerView &* views)
    }

    /// The message for a builder whose padded columns would pass `maxColumnBytes(views:)`, or nil.
    public func columnBytesRefusal(_ builder: ViewTreeBuilder) -> String? {
        let bytes = builder.paddedColumnBytes, limit = maxColumnBytes(views: builder.count)
        guard bytes > limit else { return nil }
        return "the recording's \(builder.count) views would need \(bytes) bytes of property columns (each distinct property name is a column as long as the tree); the limit is \(limit) bytes (DumpLimits.maxColumnBytesPerView × views, at least DumpLimits.minColumnBytes)"
    }
}

extension ViewTree {
    /// Loads Frank's `/dump` JSON (a window root) or `/dump/allwindows` (a `UIApplication` root).
    ///
    /// Per node: `class`, `subviews` and `classChain` are structure; every other key becomes a
    /// property, typed where its values allow (`uid` stays a number or a string as given).
    /// `classChain` lists the node's superclasses nearest first; a chain that starts with the
    /// node's own class is read the same way.
    public static func loadDump(
        _ bytes: UnsafeBufferPointer<UInt8>, hierarchy: ClassHierarchy = .standard, limits: DumpLimits = DumpLimits()
    ) throws(DumpError) -> ViewTree {
        guard bytes.count <= limits.maxInputBytes else {
            throw DumpError("dump is \(bytes.count) bytes long; the limit is \(limits.maxInputBytes) bytes (DumpLimits.maxInputBytes)")
        }
        var reader = JSONReader(bytes, maxDepth: limits.maxValueDepth)
        var builder = ViewTreeBuilder(hierarchy: hierarchy, reservingCapacity: bytes.count / 300)
        do {
            try DumpStreamer(limits: limits).stream(&reader, into: &builder)
        } catch let e as JSONError {
            throw DumpError("invalid /dump JSON: \(e)")
        } catch let e as DumpError {
            throw e
        } catch {
            throw DumpError("\(error)")
        }
        if let refusal = limits.columnBytesRefusal(builder) { throw DumpError(refusal) }
        return builder.build()
    }

    /// Loads a `/dump` document held in memory.
    public static func loadDump(_ bytes: [UInt8], hierarchy: ClassHierarchy = .standard,
                                limits: DumpLimits = DumpLimits()) throws(DumpError) -> ViewTree {
        let r: Result<ViewTree, DumpError> = bytes.withUnsafeBufferPointer { buf in
            Result { () throws(DumpError) in try loadDump(buf, hierarchy: hierarchy, limits: limits) }
        }
        return try r.get()
    }

    /// Loads a `/dump` document given as text.
    public static func loadDump(_ text: String, hierarchy: ClassHierarchy = .standard) throws(DumpError) -> ViewTree {
        try loadDump(Array(text.utf8), hierarchy: hierarchy)
    }
}

/// The streaming half of the loader: walks node objects iteratively (an explicit stack, so a
/// 10^5-deep chain of views cannot overflow the call stack) and hands properties to the builder.
private struct DumpStreamer {
    let limits: DumpLimits

    struct Frame { var node: ViewTreeBuilder.Handle; var needComma: Bool; var hasClass: Bool }

    func stream(_ r: inout JSONReader, into b: inout ViewTreeBuilder) throws {
        var stack: [Frame] = []
        var keys = KeyTable(maxPropertyNames: limits.maxPropertyNames)
        var classes = ClassNameCache()
        guard r.peek() == UInt8(ascii: "{") else { throw r.error("a /dump document must be a JSON object") }
        try open(&r, &b, &stack, parent: nil)
        while var top = stack.last {
            if r.consume(UInt8(ascii: "}")) {
                if !top.hasClass { b.setClass("UIView", of: top.node) }
                stack.removeLast()
                guard !stack.isEmpty else { break }
                // Back inside the parent's `subviews` array.
                if r.consume(UInt8(ascii: ",")) {
                    guard r.peek() == UInt8(ascii: "{") else { throw r.error("each subview must be a JSON object") }
                    try open(&r, &b, &stack, parent: stack.last!.node)
                } else {
                    try r.expect(UInt8(ascii: "]"), "',' or ']' in subviews")
                }
                continue
            }
            if top.needComma { try r.expect(UInt8(ascii: ","), "',' or '}'") }
            top.needComma = true
            let key: KeyTable.Key
            let at = r.pos
            if let raw = r.readPlainStringBytes() {
                key = keys.lookup(raw, &b)
            } else {
                key = keys.lookup(try r.readString(), &b)
            }
            if case .tooMany = key {
                throw r.error("dump uses more than \(limits.maxPropertyNames) distinct property names (DumpLimits.maxPropertyNames)", at: at)
            }
            try r.expect(UInt8(ascii: ":"), "':'")
            switch key {
            case .subviews:
                stack[stack.count - 1] = top
                try r.expect(UInt8(ascii: "["), "'[' after \"subviews\"")
                if !r.consume(UInt8(ascii: "]")) {
                    guard r.peek() == UInt8(ascii: "{") else { throw r.error("each subview must be a JSON object") }
                    try open(&r, &b, &stack, parent: top.node)
                }
                continue
            case .className:
                guard r.peek() == UInt8(ascii: "\"") else { throw r.error("\"class\" must be a string") }
                if let ascii = r.readPlainStringBytes() {
                    b.setClassID(classes.id(ascii, &b), of: top.node)
                } else {
                    b.setClass(try r.readString(), of: top.node)
                }
                top.hasClass = true
            case .classChain:
                let at = r.pos
                guard case .array(let items) = try r.readValue(depth: 1),
                      let chain = Optional(items.compactMap(\.stringValue)), chain.count == items.count
                else { throw r.error("\"classChain\" must be an array of class names", at: at) }
                b.setClassChain(chain, of: top.node)
            case .tooMany:
                preconditionFailure("refused above")
            case .property(let slot):
                switch r.peek() {
                case UInt8(ascii: "\""):
                    if let ascii = r.readPlainStringBytes() {
                        b.setASCII(slot: slot, ascii, on: top.node)
                    } else {
                        b.setString(slot: slot, try r.readString(), on: top.node)
                    }
                case UInt8(ascii: "{"):
                    if let frame = r.readFrame() {
                        b.setFrame(slot: slot, frame, on: top.node)
                    } else {
                        b.set(slot: slot, try r.readValue(depth: 1), on: top.node)
                    }
                default:
                    b.set(slot: slot, try r.readValue(depth: 1), on: top.node)
                }
            }
            stack[stack.count - 1] = top
        }
        try r.expectEnd()
    }

    private func open(_ r: inout JSONReader, _ b: inout ViewTreeBuilder, _ stack: inout [Frame],
                      parent: ViewTreeBuilder.Handle?) throws {
        try r.expect(UInt8(ascii: "{"), "'{'")
        guard b.count < limits.maxNodes else { throw DumpError("dump holds more than \(limits.maxNodes) views") }
        guard stack.count < limits.maxViewDepth else {
            throw DumpError("views nested deeper than \(limits.maxViewDepth) levels")
        }
        stack.append(Frame(node: b.addNode(className: "UIView", parent: parent), needComma: false, hasClass: false))
    }
}

/// Class ids by the class name's bytes, for the first few dozen names: a tree holds a few dozen
/// classes, and building a `String` per view to look its class up cost a twentieth of a load.
private struct ClassNameCache {
    private var names: [[UInt8]] = []
    private var ids: [Int32] = []
    private var last = 0

    mutating func id(_ ascii: UnsafeBufferPointer<UInt8>, _ b: inout ViewTreeBuilder) -> Int32 {
        if last < names.count && Self.equal(names[last], ascii) { return ids[last] }
        for k in names.indices where Self.equal(names[k], ascii) { last = k; return ids[k] }
        let id = b.classID(String(decoding: ascii, as: UTF8.self))
        if names.count < 64 {
            names.append(Array(ascii)); ids.append(id); last = names.count - 1
        }
        return id
    }

    private static func equal(_ a: [UInt8], _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        a.count == b.count && (b.isEmpty || a.withUnsafeBufferPointer { memcmp($0.baseAddress!, b.baseAddress!, b.count) == 0 })
    }
}

/// Keys seen so far, matched by their bytes: a dump repeats the same dozen keys on every node, in
/// the same order, so the entry after the last match is tried first with one `memcmp`. Any other
/// key goes through a hash of its bytes: a scan of every entry made one node with 10^5 distinct
/// keys quadratic (17 s).
private struct KeyTable {
    enum Key { case subviews, className, classChain, property(Int), tooMany }
    let maxPropertyNames: Int
    private var propertyNames = 0
    private var entries: [([UInt8], Key)] = []
    /// Entry indices by the hash of their bytes (FNV-1a); entries with equal hashes are chained
    /// through `nextWithSameHash`.
    private var firstWithHash: [UInt64: Int] = [:]
    private var nextWithSameHash: [Int] = []
    private var hint = 0

    init(maxPropertyNames: Int) { self.maxPropertyNames = maxPropertyNames }

    mutating func lookup(_ raw: UnsafeBufferPointer<UInt8>, _ b: inout ViewTreeBuilder) -> Key {
        // Past the last entry, the next node most likely starts with the first key again.
        let next = hint < entries.count ? hint : 0
        if next < entries.count && Self.equal(entries[next].0, raw) {
            hint = next + 1
            return entries[next].1
        }
        let hash = Self.hash(raw)
        var i = firstWithHash[hash] ?? -1
        while i >= 0 {
            if Self.equal(entries[i].0, raw) {
                hint = i + 1
                return entries[i].1
            }
            i = nextWithSameHash[i]
        }
        return add(Array(raw), hash: hash, &b)
    }

    mutating func lookup(_ name: String, _ b: inout ViewTreeBuilder) -> Key {
        let bytes = Array(name.utf8)
        return bytes.withUnsafeBufferPointer { lookup($0, &b) }
    }

    private static func equal(_ candidate: [UInt8], _ raw: UnsafeBufferPointer<UInt8>) -> Bool {
        candidate.count == raw.count && candidate.withUnsafeBufferPointer {
            raw.count == 0 || memcmp($0.baseAddress!, raw.baseAddress!, raw.count) == 0
        }
    }

    private static func hash(_ raw: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in raw { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return h
    }

    private mutating func add(_ bytes: [UInt8], hash: UInt64, _ b: inout ViewTreeBuilder) -> Key {
        let name = String(decoding: bytes, as: UTF8.self)
        let key: Key
        switch name {
        case "subviews": key = .subviews
        case "class": key = .className
        case "classChain": key = .classChain
        default:
            guard propertyNames < maxPropertyNames else { return .tooMany }
            propertyNames += 1
            key = .property(b.slot(for: name))
        }
        nextWithSameHash.append(firstWithHash[hash] ?? -1)
        firstWithHash[hash] = entries.count
        entries.append((bytes, key))
        hint = entries.count
        return key
    }
}

extension ViewTree {
    /// The subtree at `node` (the whole tree when nil) as Frank's `/dump` JSON.
    ///
    /// Iterative, like the loader. With `includeSubviews: false` only the node itself is written
    /// (Frank's `/dump/view/<uid>`).
    public func dumpJSON(from node: NodeID? = nil, includeSubviews: Bool = true) -> [UInt8] {
        // One writer for whole and chunked dumps (`DumpJSONChunks`), so the two cannot drift.
        var w = JSONWriter(reservingCapacity: includeSubviews ? count * 200 : 1024)
        var document = DumpJSONChunks(tree: self, from: node, includeSubviews: includeSubviews, chunkBytes: .max)
        document.writeAll(into: &w)
        return w.bytes
    }
}
