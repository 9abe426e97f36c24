import ArgumentParser
import FranklyMCP
import HierarchyFormats
import SelectorCore
import ViewSelectors

/// `frankly mcp`: the hierarchy and selector tools for coding agents over MCP on stdio (Docs/Agents.md).
struct MCPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the hierarchy and selector tools to coding agents over the Model Context Protocol (stdio).",
        discussion: """
            Tools: screen, validate, select, explain, translate, diff, check. The recordings given with --tree are \
            offered as resources and named by the tools' "recording" argument (by file name); a tool may also be \
            given a file path (unless --no-paths) or the page source itself. Standard output carries only MCP messages.
            """)

    @Option(name: .long, help: "A recorded hierarchy to serve (repeat for several).") var tree: [String] = []
    @Option(name: .customLong("tree-format"), help: "The format of every --tree (default: read from each one's content).")
    var treeFormat: FormatArgument?
    @OptionGroup var pluginOptions: PluginOptions
    @Option(name: .customLong("timeout"), help: ArgumentHelp("Seconds one tool call may run; 0: no limit.", valueName: "seconds"))
    var timeout: Double = MCPLimits().callSeconds
    @Option(name: .customLong("max-tree-bytes"), help: ArgumentHelp("Largest recording read, from a file or inline.", valueName: "bytes"))
    var maxTreeBytes: Int = MCPLimits().maxTreeBytes
    @Option(name: .customLong("max-result-bytes"), help: ArgumentHelp("Largest tool result; a larger one is an error.", valueName: "bytes"))
    var maxResultBytes: Int = MCPLimits().maxResultBytes
    @Option(name: .customLong("max-message-bytes"), help: ArgumentHelp("Longest JSON-RPC message read; a longer line is refused.", valueName: "bytes"))
    var maxMessageBytes: Int = MCPLimits().maxMessageBytes
    @Flag(name: .customLong("no-paths"), help: "Tools read only the --tree recordings and inline page sources, never a file path.")
    var noPaths = false

    func validate() throws {
        guard timeout.isFinite, timeout >= 0 else { throw ValidationError("--timeout must be 0 (no limit) or a number of seconds") }
        guard maxTreeBytes > 0, maxResultBytes > 0, maxMessageBytes >= 1024 else {
            throw ValidationError("--max-tree-bytes and --max-result-bytes must be positive, --max-message-bytes at least 1024")
        }
    }

    func run() async throws {
        var limits = MCPLimits()
        limits.callSeconds = timeout
        limits.maxTreeBytes = maxTreeBytes
        limits.maxResultBytes = maxResultBytes
        limits.maxMessageBytes = maxMessageBytes
        var recordings: [MCPRecording] = []
        for path in tree {
            do { recordings.append(try MCPRecording.load(path: path, format: treeFormat?.format, maxBytes: maxTreeBytes)) } catch {
                printError("frankly: cannot load \(path): \(error)")
                throw ExitCode(2)
            }
        }
        let registry = EngineRegistry.standard()
        try pluginOptions.load(into: registry)
        try await MCPService.serveStdio(MCPToolbox(recordings: recordings, registry: registry, limits: limits, allowPaths: !noPaths))
    }
}
