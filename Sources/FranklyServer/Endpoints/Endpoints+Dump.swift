import Hummingbird
import SelectorCore

/// Frank's dumps: bare view-tree JSON, no envelope, sent in chunks as it is written (a dump of
/// 10^6 views is 230 MB; see `DumpJSONChunks`).
extension Endpoints {
    /// `GET /dump`: the key window and its subviews.
    func dump(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let tree = host.tree
        guard let window = tree.keyWindow else { return FranklyResponse.jsonBytes(Array("null".utf8)) }
        return FranklyResponse.jsonChunks(tree.dumpJSONChunks(from: window), pinning: tree.storageBuffers, streams: streams)
    }

    /// `GET /dump/allwindows`: the application and every window.
    func dumpAllWindows(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let tree = host.tree
        return FranklyResponse.jsonChunks(AllWindowsChunks(tree: tree), pinning: tree.storageBuffers, streams: streams)
    }

    /// `GET /dump/view/<uid>` (the view alone) and `GET /dump/views/<uid>` (with its subtree);
    /// 404 when no view has that uid.
    func dumpView(includeSubviews: Bool) -> @Sendable (Request, BasicRequestContext) async throws -> Response {
        { [host, streams] _, context in
            let tree = host.tree
            guard let uid = context.parameters.get("uid"), let node = tree.node(withUID: uid) else {
                return FranklyResponse.notFound
            }
            return FranklyResponse.jsonChunks(tree.dumpJSONChunks(from: node, includeSubviews: includeSubviews),
                                              pinning: tree.storageBuffers, streams: streams)
        }
    }
}

/// `ViewTree.allWindowsDumpJSON()` in chunks: the application root's dump, or each root's dump inside
/// a synthetic `{"class":"UIApplication","subviews":[...]}` when the tree has no application root.
/// `allWindowsDumpJSON()` joins these chunks.
struct AllWindowsChunks: IteratorProtocol, Sendable {
    private enum Part: Sendable { case bytes([UInt8]), dump(DumpJSONChunks) }
    private var parts: [Part]
    private var index = 0

    init(tree: ViewTree, chunkBytes: Int = ViewTree.defaultDumpChunkBytes) {
        if let app = tree.applicationRoot {
            parts = [.dump(tree.dumpJSONChunks(from: app, chunkBytes: chunkBytes))]
            return
        }
        parts = [.bytes(Array(#"{"class":"UIApplication","subviews":["#.utf8))]
        for (k, root) in tree.roots.enumerated() {
            if k > 0 { parts.append(.bytes([UInt8(ascii: ",")])) }
            parts.append(.dump(tree.dumpJSONChunks(from: root, chunkBytes: chunkBytes)))
        }
        parts.append(.bytes(Array("]}".utf8)))
    }

    mutating func next() -> [UInt8]? {
        while index < parts.count {
            switch parts[index] {
            case .bytes(let bytes):
                index += 1
                return bytes
            case .dump(var chunks):
                // Drop the stored copy first, so `chunks` fills its buffer in place.
                parts[index] = .bytes([])
                if let chunk = chunks.next() {
                    parts[index] = .dump(chunks)
                    return chunk
                }
                index += 1
            }
        }
        return nil
    }
}
