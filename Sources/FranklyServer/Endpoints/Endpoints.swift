import Hummingbird
import SelectorCore

/// The protocol's request handlers, one concern per file (`Endpoints+Map.swift`, ...).
///
/// Handlers throw `FranklyError` for protocol errors (answered as ERROR envelopes with HTTP 200)
/// and return the success responses themselves.
struct Endpoints: Sendable {
    let host: any FranklyHost
    let registry: EngineRegistry
    let configuration: FranklyServerConfiguration
    let body: RequestBodyReader
    /// Starts a graceful shutdown (`/exit`).
    let shutdown: @Sendable () async -> Void
    /// Where queries that only read run.
    let reads: WorkLane
    /// Where writes run, one at a time.
    let writes: WorkLane
    /// Slots and the stall timeout of streamed responses.
    let streams: ResponseStreams
    /// Comparisons with a posted recording running at once.
    let comparisons: ConcurrencySlots
    /// Reads posted recordings within their size, time and memory bounds.
    let recordings: RecordingUploadReader

    init(server: FranklyServer) {
        self.host = server.host
        self.registry = server.registry
        self.configuration = server.configuration
        self.body = RequestBodyReader(maxBytes: server.configuration.maxBodyBytes)
        self.shutdown = { [weak server] in await server?.shutdown() }
        self.reads = server.reads
        self.writes = server.writes
        self.streams = server.streams
        self.comparisons = server.comparisons
        self.recordings = RecordingUploadReader(server.configuration, pool: server.uploads)
    }

    /// The deadline of a query starting now.
    var queryDeadline: ContinuousClock.Instant { ContinuousClock.now.advanced(by: configuration.queryTimeBudget) }

    /// The body as a JSON object, or `missing` thrown when the body is empty.
    func requiredObject(_ request: Request, missing: @autoclosure () -> FranklyError) async throws -> JSONObject {
        guard let object = try await body.object(of: request) else { throw missing() }
        return object
    }
}
