import SelectorCore

/// How a `FranklyServer` listens and answers.
public struct FranklyServerConfiguration: Sendable {
    /// Interface to bind. Loopback by default; anything else is logged as a warning, since the
    /// protocol can change the app's state and has no authentication.
    public var host: String = "127.0.0.1"
    /// TCP port; Frank's is 37265. 0 picks a free one (see `FranklyServer.listeningPort()`).
    public var port: Int = 37265
    /// Largest request body accepted; larger ones are answered 413.
    public var maxBodyBytes: Int = 1 << 20
    /// Most views one `/map` may select; past it the request is answered `invalid selector`
    /// naming this limit, before the operation runs on any view.
    public var maxMapResults: Int = 100_000
    /// Most bytes one `/map` answer's results may take as JSON (64 MiB). They are counted as they
    /// are made, and past the limit the request is answered `answer too large` naming it, so a
    /// megabyte label read from thousands of views is refused, not built (issue 28, item 8).
    public var maxAnswerBytes: Int = 64 << 20
    /// A connection with no request in progress, or a request that stops arriving, is closed after
    /// this long (slow-loris clients cannot hold a connection open by never finishing a request).
    public var idleTimeout: Duration = .seconds(30)
    /// Most connections open at once; further ones wait in the listen backlog until one closes.
    public var maxConnections: Int = 256
    // Work per request: queries and operations run in bounded worker lanes off the event loop
    // (see WorkLane), each within a time budget, so heavy requests cannot starve cheap ones.
    /// Longest one `/map` or `/inspector/select` query may run (waiting for a worker included);
    /// past it the request is answered `invalid selector` naming the budget.
    public var queryTimeBudget: Duration = .seconds(5)
    /// Queries that only read (getters, `/inspector/select`) running at once; writes (setters,
    /// gestures, typing) run one at a time in a lane of their own.
    public var maxConcurrentQueries: Int = max(4, 2 * MatcherConfiguration.processorCount)
    /// Requests that may wait for a worker in each lane; further ones are answered `server busy`.
    public var maxQueuedRequests: Int = 64
    /// Most node ids `/inspector/select` answers (its `count` is always the full count).
    public var maxInspectorResults: Int = 10_000

    // Another recording compared with the served tree (`POST /inspector/diff`, `POST
    // /inspector/survival/<id>`, Docs/Inspector.md): the body is a whole recording, so it has a
    // limit of its own, and what loading and aligning it may cost is bounded by the views it may
    // hold and by how many comparisons run at once. Nothing posted is kept after its request.

    /// Largest recording those two routes read (32 MiB: the largest real recording in
    /// Tests/Fixtures is under 1 MB); past it they answer 413, on a declared `Content-Length` at
    /// once, otherwise as soon as the body read so far passes it. Every other route keeps
    /// `maxBodyBytes`.
    public var maxRecordingBytes: Int = 32 << 20
    /// Most views a posted recording may hold (`FormatLimits.maxNodes`); past it, 400 naming the
    /// limit. Aligning is near-linear but cannot stop half-way, so this bounds its time.
    public var maxRecordingViews: Int = 200_000
    /// Deepest nesting of views a posted recording may have (`FormatLimits.maxViewDepth`, and the
    /// JSON formats' nesting in proportion); past it, 400 naming the limit.
    public var maxRecordingDepth: Int = 1_000
    /// Comparisons (a recording loaded and aligned, suggestions ranked) at once; one more is
    /// answered 503 `server busy`. The slot is taken once the body has arrived, so a client that
    /// is not sending never holds one, and comparisons hold at most this many of the query lane's
    /// `maxConcurrentQueries` workers.
    public var maxConcurrentComparisons: Int = 2
    /// Bytes that recordings being uploaded may hold together (128 MiB, four of the largest),
    /// counted as they arrive; the upload that would pass it is answered 503 `server busy`.
    public var maxRecordingBytesInFlight: Int = 128 << 20
    /// Slowest a recording may arrive, on average since its request began, once
    /// `recordingUploadGrace` has passed (64 KiB/s); a slower one is answered 408 `request too
    /// slow` and its connection closed, so a trickling client holds nothing for long.
    public var minRecordingBytesPerSecond: Int = 64 << 10
    /// How long a recording upload may take before `minRecordingBytesPerSecond` applies.
    public var recordingUploadGrace: Duration = .seconds(2)
    /// Longest a recording upload may take in all, however fast it began (408 past it).
    public var maxRecordingUploadTime: Duration = .seconds(30)

    // Streamed responses (`/dump*`, `/inspector/tree` and `/map` answers over 64 KiB): what a
    // client that stops reading can hold (issue 28, item 10; issue 40, item 7).

    /// Streamed responses sent at once; one more is answered 503 `server busy`. Each holds its
    /// snapshot of the tree until it is read or closed, so this bounds what stalled readers pin.
    public var maxConcurrentStreams: Int = 16
    /// Most bytes the streamed responses being sent may hold together (512 MiB): their snapshots
    /// of the tree, each buffer counted once however many streams share it, and their answers. A
    /// stream that would pass it is answered 503 `server busy`, unless no other is being sent (so
    /// any tree can be dumped). Readers of one tree share it whole; readers of trees edited in
    /// between each hold their edited columns, which this bounds (issue 40, item 7).
    public var maxStreamedBytes: Int = 512 << 20
    /// A chunk of a streamed response that the client has not taken after this long closes the
    /// connection (a client reading more slowly than 64 KiB per this time is dropped).
    public var stalledWriteTimeout: Duration = .seconds(15)

    /// What `/version` reports.
    public var version: String = FranklyServerConfiguration.defaultVersion
    /// Shut down gracefully on SIGINT and SIGTERM (turn off when embedding in a host that handles
    /// signals itself, and in tests).
    public var handlesSignals: Bool = true

    // Who may drive the server and how connections end near the limit (issue 16, items 12 and 13;
    // Docs/Frankly.md, "Security: Origin and Host").

    /// Host names (a port, if given, is ignored) accepted in `Host` and `Origin` besides loopback
    /// names and the bound address: for a server bound to 0.0.0.0 and reached by name. `*` accepts
    /// any `Host` (behind a proxy), which gives up the DNS-rebinding guard.
    public var allowedHosts: [String] = []
    /// Once more than three quarters of `maxConnections` are open, a connection with no request in
    /// progress is closed after this long instead of `idleTimeout`, so idle keep-alive sockets cannot
    /// lock new clients out.
    public var crowdedIdleTimeout: Duration = .seconds(1)
    /// Open connections past which `crowdedIdleTimeout` applies (three quarters of `maxConnections`).
    public var crowdedConnectionThreshold: Int { max(1, maxConnections) * 3 / 4 }

    /// What `/version` reports by default.
    public static let defaultVersion = "ViewSelectors Frankly 0.1"

    public init(host: String = "127.0.0.1", port: Int = 37265, maxBodyBytes: Int = 1 << 20) {
        self.host = host; self.port = port; self.maxBodyBytes = maxBodyBytes
    }

    /// Whether `host` names a loopback interface.
    public var isLoopback: Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }
}
