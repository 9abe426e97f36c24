import Hummingbird
import SelectorCore

/// Builds the HTTP responses of Frank's protocol: envelopes, bare JSON documents, and the 404 page.
///
/// Every protocol answer is HTTP 200, errors included (Frank's rule); only an unknown path (404),
/// an oversized body (413) and a request refused as coming from a web page (403) use other statuses.
enum FranklyResponse {
    /// `{"outcome":"SUCCESS"}`, with `results` when given.
    static func success(_ results: [JSONValue]? = nil) -> Response {
        var pairs: [(String, JSONValue)] = [("outcome", "SUCCESS")]
        if let results { pairs.append(("results", .array(results))) }
        return json(.object(pairs))
    }

    /// `{"outcome":"ERROR","reason":...,"details":...}`.
    static func error(_ error: FranklyError, status: HTTPResponse.Status = .ok) -> Response {
        json(.object([("outcome", "ERROR"), ("reason", .string(error.reason)), ("details", .string(error.details))]),
             status: status)
    }

    /// A JSON document.
    static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        var w = JSONWriter(reservingCapacity: 256)
        w.value(value)
        return jsonBytes(w.bytes, status: status)
    }

    /// Bytes that already are JSON (a `/dump`).
    static func jsonBytes(_ bytes: [UInt8], status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json; charset=utf-8"],
                 body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// `{"outcome":"SUCCESS","results":[...]}` written a chunk at a time as the client reads it: a
    /// large `/map` answer is held once (as results, at most `maxAnswerBytes`), not three times
    /// (results, the JSON, its buffer). An answer of one chunk goes out whole.
    static func success(streaming results: [JSONValue], streams: ResponseStreams) -> Response {
        let chunks = ResultChunks(results)
        return jsonChunks(chunks, pinning: [chunks.storage], streams: streams)
    }

    /// A JSON document handed out in chunks (`/dump` of 10^6 views is 230 MB), each sent before the
    /// next is made. A document of one chunk goes out whole, with its length. A longer one takes
    /// one of `streams`' slots (503 `server busy` when none is free), and a chunk the client does
    /// not take within the stall timeout closes the connection (see `ResponseStreams`). `pinning`
    /// is what `chunks` holds while it is sent (a tree's `storageBuffers`), counted against what
    /// all streams may hold together.
    static func jsonChunks<Chunks: IteratorProtocol & Sendable>(_ chunks: Chunks, pinning: [StorageBuffer],
                                                                streams: ResponseStreams = .unlimited) -> Response
    where Chunks.Element == [UInt8] {
        var chunks = chunks
        guard let first = chunks.next() else { return jsonBytes([]) }
        guard let second = chunks.next() else { return jsonBytes(first) }
        let slot: ResponseStreams.Slot
        // The chunk being written is not counted: `maxConcurrentStreams` bounds those.
        switch streams.slot(pinning: pinning) {
        case .success(let held): slot = held
        case .failure(let refusal): return refusal.response
        }
        let rest = chunks
        return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
                        body: ResponseBody { writer in
                            var rest = rest
                            try await slot.write(ByteBuffer(bytes: first), to: &writer)
                            try await slot.write(ByteBuffer(bytes: second), to: &writer)
                            while let chunk = rest.next() { try await slot.write(ByteBuffer(bytes: chunk), to: &writer) }
                            try await writer.finish(nil)
                        })
    }

    /// 503 `server busy` with `details` (which limit, and its setting), and the connection ends, so
    /// a client opening many cannot keep the refused ones either (and an unread body is not read):
    /// the one answer of every concurrency and memory bound.
    static func busy(_ details: String) -> Response {
        var response = error(FranklyError(reason: "server busy", details: details), status: .serviceUnavailable)
        response.headers[.connection] = "close"
        return response
    }

    /// 403 with the ERROR envelope for a request refused as coming from a web page; `details` says
    /// which header gave it away. The connection ends: its body is never read.
    static func refused(_ details: String) -> Response {
        var response = error(FranklyError(reason: "request refused", details: details), status: .forbidden)
        response.headers[.connection] = "close"
        return response
    }

    /// An HTML page.
    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "text/html; charset=utf-8"],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// Frank's 404 page, byte for byte.
    static var notFound: Response {
        html("<html><body>Error 404 - Not Found</body></html>", status: .notFound)
    }
}

/// A SUCCESS envelope with `results`, in chunks of at least `chunkBytes` (a single result larger
/// than that is one chunk).
struct ResultChunks: IteratorProtocol, Sendable {
    private let results: [JSONValue]
    private var index = 0
    private var started = false
    private var done = false
    private let chunkBytes: Int

    init(_ results: [JSONValue], chunkBytes: Int = ViewTree.defaultDumpChunkBytes) {
        self.results = results
        self.chunkBytes = max(1, chunkBytes)
    }

    /// The results as one buffer of about their size in memory (a value's enum and its string's
    /// bytes), for the bytes streams may hold together.
    var storage: StorageBuffer {
        func size(_ v: JSONValue) -> Int {
            switch v {
            case .string(let s): return 24 + s.utf8.count
            case .array(let items): return 24 + items.reduce(0) { $0 + size($1) }
            case .object(let pairs): return 24 + pairs.reduce(0) { $0 + 24 + $1.0.utf8.count + size($1.1) }
            default: return 24
            }
        }
        return StorageBuffer(identity: UInt.random(in: 0...UInt.max) | 1, bytes: results.reduce(0) { $0 + size($1) })
    }

    mutating func next() -> [UInt8]? {
        guard !done else { return nil }
        var w = JSONWriter(reservingCapacity: 256)
        if !started {
            started = true
            w.bytes.append(contentsOf: #"{"outcome":"SUCCESS","results":["#.utf8)
        }
        while index < results.count && w.bytes.count < chunkBytes {
            if index > 0 { w.bytes.append(UInt8(ascii: ",")) }
            w.value(results[index])
            index += 1
        }
        if index == results.count {
            w.bytes.append(contentsOf: "]}".utf8)
            done = true
        }
        return w.bytes
    }
}
