import ArgumentParser
import FranklyMCP
import FranklyServer
import Logging
import SelectorCore
import SyntheticHierarchy
import ViewSelectors

/// `frankly serve`: Frank's wire protocol over a hierarchy, until SIGINT/SIGTERM or `/exit`.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve Frank's HTTP/JSON wire protocol over a hierarchy (loopback by default).",
        discussion: "Drive it with Frank's drivers or curl, e.g. curl -s localhost:37265/engines. Stop it with Ctrl-C, SIGTERM or POST /exit. Requests from web pages (a foreign Origin, Referer or Host) are refused with 403; see Docs/Frankly.md. Coding agents reach the MCP tools of `frankly mcp` at POST /mcp (Streamable HTTP, stateless), on the tree served now; see Docs/Agents.md.")

    /// The server's defaults, defined once in `FranklyServerConfiguration`: each option starts
    /// from its field, so help shows the value the server would use.
    static let defaults = FranklyServerConfiguration()

    @OptionGroup var treeOptions: TreeOptions
    @OptionGroup var pluginOptions: PluginOptions
    @Option(help: "Serve a generated tree of this many nodes instead of --tree or the sample app.")
    var generate: Int?
    @Option(help: "Seed for --generate.") var seed: UInt64 = 1
    @Option(help: "Interface to bind. Anything but loopback lets other machines drive the app.")
    var host: String = Self.defaults.host
    @Option(help: "TCP port (Frank's is 37265; 0 picks a free one).") var port: Int = Self.defaults.port
    @Option(help: "Largest request body in bytes (larger ones get 413).") var maxBodyBytes: Int = Self.defaults.maxBodyBytes
    @Option(help: "Seconds before an idle connection, or a request that stops arriving, is closed.")
    var idleTimeout: Double = Self.defaults.idleTimeout / .seconds(1)
    @Option(help: "Most connections open at once; more wait in the listen backlog.") var maxConnections: Int = Self.defaults.maxConnections
    @Option(help: "Seconds before an idle connection is closed once more than 3/4 of --max-connections are open.")
    var crowdedIdleTimeout: Double = Self.defaults.crowdedIdleTimeout / .seconds(1)
    @Option(name: .customLong("allow-host"),
            help: "A host name clients may use in Host and Origin besides loopback and the bound address (repeatable; '*' allows any Host).")
    var allowedHosts: [String] = Self.defaults.allowedHosts
    @Option(help: "Largest /map answer in bytes (larger ones get 'answer too large').") var maxAnswerBytes: Int = Self.defaults.maxAnswerBytes
    @Option(help: "Most streamed answers (/dump, /inspector/tree) in flight; more get 503 server busy.")
    var maxConcurrentStreams: Int = Self.defaults.maxConcurrentStreams
    @Option(help: "Most bytes the streamed answers being sent may hold together (their snapshots of the tree, each buffer once, and their answers); more get 503 server busy.")
    var maxStreamedBytes: Int = Self.defaults.maxStreamedBytes
    @Option(help: "Seconds a streamed answer may wait for the client to take a chunk before the connection is closed.")
    var stalledWriteTimeout: Double = Self.defaults.stalledWriteTimeout / .seconds(1)
    @Option(help: "Largest recording the inspector's compare mode reads (/inspector/diff, /inspector/survival), in bytes; larger ones get 413.")
    var maxRecordingBytes: Int = Self.defaults.maxRecordingBytes
    @Option(help: "Most views a recording posted to the compare mode may hold (more get 400).")
    var maxRecordingViews: Int = Self.defaults.maxRecordingViews
    @Option(name: .customLong("mcp-tree"),
            help: ArgumentHelp("A recording the /mcp tools may name besides the served tree, \"\(Self.liveRecording)\" (repeatable).", valueName: "path"))
    var mcpTrees: [String] = []
    @Flag(name: .customLong("no-mcp"), help: "Do not serve the MCP tools at POST /mcp.") var noMCP = false
    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical.") var logLevel: String = "info"

    /// Where the MCP tools are served.
    static let mcpPath = "/mcp"
    /// What the MCP tools call the served tree.
    static let liveRecording = "live"

    func validate() throws {
        if generate != nil && treeOptions.tree != nil { throw ValidationError("use --tree or --generate, not both") }
        if let generate, generate < 1 { throw ValidationError("--generate must be at least 1") }
        guard (0...65535).contains(port) else { throw ValidationError("--port must lie in 0...65535") }
        guard maxBodyBytes >= 1 else { throw ValidationError("--max-body-bytes must be at least 1") }
        guard idleTimeout > 0 else { throw ValidationError("--idle-timeout must be positive") }
        guard maxConnections >= 1 else { throw ValidationError("--max-connections must be at least 1") }
        guard crowdedIdleTimeout > 0 else { throw ValidationError("--crowded-idle-timeout must be positive") }
        guard maxAnswerBytes >= 1 else { throw ValidationError("--max-answer-bytes must be at least 1") }
        guard maxConcurrentStreams >= 1 else { throw ValidationError("--max-concurrent-streams must be at least 1") }
        guard maxStreamedBytes >= 1 else { throw ValidationError("--max-streamed-bytes must be at least 1") }
        guard stalledWriteTimeout > 0, stalledWriteTimeout < 1e9 else { throw ValidationError("--stalled-write-timeout must be positive") }
        guard maxRecordingBytes >= 1 else { throw ValidationError("--max-recording-bytes must be at least 1") }
        guard maxRecordingViews >= 1 else { throw ValidationError("--max-recording-views must be at least 1") }
        if allowedHosts.contains(where: \.isEmpty) { throw ValidationError("--allow-host needs a host name") }
        if noMCP && !mcpTrees.isEmpty { throw ValidationError("--mcp-tree needs the MCP tools: leave out --no-mcp") }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("unknown --log-level '\(logLevel)'") }
    }

    func run() async throws {
        let tree: ViewTree
        if let generate {
            tree = SyntheticApp.generate(nodes: generate, seed: seed)
        } else {
            tree = try treeOptions.load().0
        }
        let registry = EngineRegistry.standard()
        try pluginOptions.load(into: registry)
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        var logger = Logger(label: "frankly")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        var configuration = FranklyServerConfiguration(host: host, port: port, maxBodyBytes: maxBodyBytes)
        configuration.idleTimeout = .milliseconds(Int64(idleTimeout * 1000))
        configuration.maxConnections = maxConnections
        configuration.crowdedIdleTimeout = .milliseconds(Int64(crowdedIdleTimeout * 1000))
        configuration.allowedHosts = allowedHosts
        configuration.maxAnswerBytes = maxAnswerBytes
        configuration.maxConcurrentStreams = maxConcurrentStreams
        configuration.maxStreamedBytes = maxStreamedBytes
        configuration.stalledWriteTimeout = .milliseconds(Int64(stalledWriteTimeout * 1000))
        configuration.maxRecordingBytes = maxRecordingBytes
        configuration.maxRecordingViews = maxRecordingViews
        let host = SnapshotHost(tree: tree)
        let routes = noMCP ? [] : [try mcpRoute(host: host, registry: registry)]
        let server = FranklyServer(host: host, registry: registry, configuration: configuration, logger: logger,
                                   extraRoutes: routes)
        logger.info("serving \(tree.count) views")
        try await server.run()
    }

    /// The MCP tools over the served tree at `mcpPath`, as `frankly mcp` serves them on stdio but
    /// for a server others reach: each request's toolbox reads the host's tree as it is then (after
    /// a `/map` setter, a typed text), tools read no file paths (a client could name any file the
    /// server can read), and the server's Origin guard, not the SDK's loopback-only one, tells a
    /// web page's request apart. Bodies get the recording routes' limit: a tool call may carry a
    /// page source inline.
    func mcpRoute(host: SnapshotHost, registry: EngineRegistry) throws -> FranklyExtraRoute {
        let limits = MCPLimits()
        var recordings: [MCPRecording] = []
        for path in mcpTrees {
            do { recordings.append(try MCPRecording.load(path: path, format: nil, maxBytes: limits.maxTreeBytes)) } catch {
                printError("frankly: cannot load \(path): \(error)")
                throw ExitCode(2)
            }
        }
        let extras = recordings
        let endpoint = MCPHTTPEndpoint(limits: limits, originCheck: .byServer) {
            MCPToolbox(recordings: [MCPRecording.live(name: Self.liveRecording, tree: host.tree)] + extras, registry: registry,
                       limits: limits, allowPaths: false, defaultRecording: Self.liveRecording)
        }
        return FranklyExtraRoute(path: Self.mcpPath, bodyLimit: .recording, respond: { request in
            let answer = await endpoint.respond(method: request.method, headers: request.headers, body: request.body)
            return FranklyExtraRoute.Response(status: answer.status, headers: answer.headers, body: answer.body)
        }, shutdown: {
            await endpoint.close()
        })
    }
}
