// Clients of the server name its protocol types (FranklyError, MapRequest) through this module.
@_exported public import FranklyProtocol
public import Hummingbird
import HummingbirdCore
public import Logging
public import SelectorCore
import NIOCore
import ServiceLifecycle

/// Frank's HTTP/JSON wire protocol over an `EngineRegistry`, driving a `FranklyHost`.
///
/// Embed it in a host app, or run it from `frankly serve`:
///
/// ```swift
/// let server = FranklyServer(host: SnapshotHost(tree: try SampleApp.tree()),
///                            registry: .standard(),
///                            configuration: .init(host: "127.0.0.1", port: 37265))
/// try await server.run()   // until SIGINT/SIGTERM, `/exit` or `shutdown()`
/// ```
public final class FranklyServer: Sendable {
    public let host: any FranklyHost
    public let registry: EngineRegistry
    public let configuration: FranklyServerConfiguration
    public let logger: Logger
    /// Routes an embedder added for protocols of its own (`frankly serve`: the MCP tools at `/mcp`).
    public let extraRoutes: [FranklyExtraRoute]

    struct Lifecycle {
        var group: ServiceGroup?
        var shutdownRequested = false
        var port: Int?
        var stopped = false
        var waiters: [CheckedContinuation<Int?, Never>] = []
    }
    let lifecycle = Locked(Lifecycle())
    /// Worker lanes for queries that only read, and for writes (see `WorkLane`).
    let reads: WorkLane
    let writes: WorkLane
    /// The streamed answers' slots and counters, one set per server (every route shares them).
    let streams: ResponseStreams
    /// Comparisons with a posted recording running at once.
    let comparisons: ConcurrencySlots
    /// Bytes held by recordings being uploaded.
    let uploads: UploadBytes

    /// Streamed answers (`/dump*`, `/inspector/tree`) being sent now; `maxConcurrentStreams`
    /// bounds it. For monitoring, and for tests that must wait until stalled readers are cut.
    public var streamsInFlight: Int { streams.inFlight }
    /// Streamed answers refused (503) because `maxConcurrentStreams` were being sent.
    public var streamsRefused: Int { streams.refused }
    /// Connections closed because a chunk waited past `stalledWriteTimeout`.
    public var streamsClosedStalled: Int { streams.stalled }

    public init(host: any FranklyHost, registry: EngineRegistry,
                configuration: FranklyServerConfiguration = FranklyServerConfiguration(),
                logger: Logger = Logger(label: "frankly"), extraRoutes: [FranklyExtraRoute] = []) {
        self.host = host; self.registry = registry; self.configuration = configuration; self.logger = logger
        self.extraRoutes = extraRoutes
        self.reads = WorkLane(name: "query", width: configuration.maxConcurrentQueries,
                              maxWaiting: configuration.maxQueuedRequests)
        self.writes = WorkLane(name: "write", width: 1, maxWaiting: configuration.maxQueuedRequests)
        self.streams = ResponseStreams(configuration)
        self.comparisons = ConcurrencySlots(limit: configuration.maxConcurrentComparisons,
                                            holders: "comparisons with another recording are running",
                                            setting: "FranklyServerConfiguration.maxConcurrentComparisons")
        self.uploads = UploadBytes(limit: configuration.maxRecordingBytesInFlight)
    }

    /// The Hummingbird application serving the protocol (what `run()` runs; embedders may run it
    /// in their own service group).
    public func makeApplication() -> Application<RouterResponder<BasicRequestContext>> {
        let counter = ConnectionCounter()
        let threshold = configuration.crowdedConnectionThreshold
        let crowdedTimeout = TimeAmount(configuration.crowdedIdleTimeout)
        // A refused or oversized request's socket lingers this long after the answer (see
        // CloseAfterResponseHandler), or until the client closes; never longer than an ordinary
        // idle connection would stay. 2 s was too short for a client on a loaded machine (under
        // ThreadSanitizer, a test's client read its 413 after the reset had destroyed it).
        let linger = min(TimeAmount(configuration.idleTimeout), .seconds(5))
        return Application(
            router: makeRouter(),
            server: .http1(configuration: .init(
                additionalChannelHandlers: [
                    CrowdedIdleHandler(counter: counter, threshold: threshold, timeout: crowdedTimeout),
                    CloseAfterResponseHandler(linger: linger),
                ],
                idleTimeout: TimeAmount(configuration.idleTimeout))),
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port), serverName: "Frankly",
                availableConnectionsDelegate: CountedConnectionLimit(
                    maxConnections: max(1, configuration.maxConnections), counter: counter)),
            onServerRunning: { [self] channel in serverStarted(port: channel.localAddress?.port) },
            logger: logger)
    }

    /// Serves until SIGINT/SIGTERM (when `handlesSignals`), `/exit`, or `shutdown()`.
    public func run() async throws {
        if !configuration.isLoopback {
            logger.warning("Frankly is listening on a non-loopback address: anyone who can reach \(configuration.host):\(configuration.port) can drive the app. Use --host 127.0.0.1 unless that is intended.")
        }
        // Last, so a graceful shutdown (SIGTERM, SIGINT, `/exit`, `shutdown()`) reaches it first:
        // it cancels the running queries before the application waits for in-flight requests,
        // which would otherwise wait for a runaway query (issue 28, item 7).
        let group = ServiceGroup(
            services: [makeApplication(), WorkCanceller(server: self)],
            gracefulShutdownSignals: configuration.handlesSignals ? [.sigterm, .sigint] : [],
            logger: logger)
        let early = lifecycle.withLock { l in
            l.group = group
            return l.shutdownRequested
        }
        if early { await group.triggerGracefulShutdown() }
        defer { serverStopped() }
        try await group.run()
        logger.info("Frankly server stopped")
    }

    /// Starts a graceful shutdown: running queries are cancelled (their clients get an error),
    /// waiting ones refused, other in-flight requests finish, then `run()` returns.
    public func shutdown() async {
        let group = lifecycle.withLock { l in
            l.shutdownRequested = true
            return l.group
        }
        if let group {
            // `WorkCanceller` cancels the work, as for a signal: one path for both.
            await group.triggerGracefulShutdown()
        } else {
            // Not running yet (or run by an embedder's own service group): nothing else will.
            cancelWork()
        }
    }

    /// Cancels the queries running in both lanes and refuses those waiting and any later ones, and
    /// tells the extra routes, whose work runs outside the lanes, to stop theirs.
    func cancelWork() {
        reads.close()
        writes.close()
        let routes = extraRoutes
        if !routes.isEmpty {
            Task { for route in routes { await route.shutdown() } }
        }
    }

    /// The port the server listens on, once it does (useful with port 0); nil if it stopped
    /// before listening.
    public func listeningPort() async -> Int? {
        await withCheckedContinuation { (c: CheckedContinuation<Int?, Never>) in
            let ready: Int?? = lifecycle.withLock { l in
                if let p = l.port { return .some(p) }
                if l.stopped { return .some(nil) }
                l.waiters.append(c)
                return nil
            }
            if let ready { c.resume(returning: ready) }
        }
    }

    private func serverStarted(port: Int?) {
        logger.info("Frankly server listening on \(configuration.host):\(port.map(String.init) ?? "?") with engines \(registry.names)")
        let waiters = lifecycle.withLock { l in
            l.port = port
            defer { l.waiters = [] }
            return l.waiters
        }
        for w in waiters { w.resume(returning: port) }
    }

    private func serverStopped() {
        let waiters = lifecycle.withLock { l in
            l.stopped = true
            l.group = nil
            defer { l.waiters = [] }
            return l.waiters
        }
        for w in waiters { w.resume(returning: nil) }
    }
}

/// Cancels the server's work when the service group starts a graceful shutdown, whatever started
/// it (a signal the group handles, `shutdown()`).
private struct WorkCanceller: Service {
    let server: FranklyServer

    func run() async throws {
        // Throws only when the group is cancelled outright; the work is cancelled either way.
        try? await gracefulShutdown()
        server.cancelWork()
    }
}
