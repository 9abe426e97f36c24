import HierarchyFormats
import LocatorGate
public import SelectorCore
import TreeAlignment
public import ViewSelectors

/// The tools `frankly mcp` serves, apart from any protocol: each takes a tool name and its
/// arguments as JSON and answers the result's JSON text or a `ToolFault`. Every call runs under
/// `limits` (a deadline, byte limits on what it reads and what it answers); the caller adds
/// cancellation (`QueryCancellation`) and the concurrency bound.
public final class MCPToolbox: Sendable {
    public let registry: EngineRegistry
    public let recordings: [MCPRecording]
    public let limits: MCPLimits
    /// Whether a tool's `recording` argument may name a file path (stdio: the agent runs as the
    /// user and reads the files anyway; a server reachable by others would turn this off).
    public let allowPaths: Bool
    /// The recording a tool reads when none is named: a live server's own tree, the one an agent
    /// driving that session means. Nil: the only recording, when there is exactly one.
    public let defaultRecording: String?

    public init(recordings: [MCPRecording], registry: EngineRegistry = .standard(), limits: MCPLimits = MCPLimits(),
                allowPaths: Bool = true, defaultRecording: String? = nil) {
        self.recordings = MCPRecording.uniqueNames(recordings)
        self.registry = registry
        self.limits = limits
        self.allowPaths = allowPaths
        self.defaultRecording = defaultRecording
    }

    /// The tools, in the order `tools/list` gives them.
    public static let toolNames = ["screen", "validate", "select", "explain", "translate", "diff", "check", "audit"]

    /// Runs tool `name` with `arguments`; the result's JSON text, or the fault.
    public func call(_ name: String, arguments: JSONValue?) -> Result<String, ToolFault> {
        let deadline = limits.deadline()
        do throws(ToolFault) {
            let result: JSONValue
            switch name {
            case "screen": result = try screen(arguments, deadline: deadline)
            case "validate": result = try validate(arguments, deadline: deadline)
            case "select": result = try select(arguments, deadline: deadline)
            case "explain": result = try explain(arguments, deadline: deadline)
            case "translate": result = try translate(arguments, deadline: deadline)
            case "diff": result = try diff(arguments, deadline: deadline)
            case "check": result = try check(arguments, deadline: deadline)
            case "audit": result = try audit(arguments, deadline: deadline)
            default:
                let shown = name.utf8.count > 64 ? String(decoding: Array(name.utf8.prefix(64)), as: UTF8.self) + "…" : name
                throw ToolFault(.arguments, "unknown tool \"\(shown)\" (the tools: \(Self.toolNames.joined(separator: ", ")))")
            }
            let text = result.jsonString
            guard text.utf8.count <= limits.maxResultBytes else {
                throw ToolFault(.tool, "\(name): the result is \(text.utf8.count) bytes, over the limit of \(limits.maxResultBytes) bytes "
                                + "(frankly mcp --max-result-bytes); narrow the call (a more specific selector, fewer targets, a smaller screen budget)")
            }
            return .success(text)
        } catch {
            return .failure(error)
        }
    }

    // MARK: recordings

    /// The arguments every tool that reads one recording takes.
    static let recordingArguments = ["recording", "source", "format"]

    /// The recording an argument names: a recording's name or URI, a file path (when allowed), or
    /// with `source` the recording given inline; absent, the only recording there is.
    func recording(_ args: ToolArguments, key: String = "recording") throws(ToolFault) -> MCPRecording {
        let format = try treeFormat(args)
        if let source = try args.string("source", maxBytes: limits.maxTreeBytes) {
            guard !args.has(key) else { throw .arguments(args.tool, "give \"\(key)\" or \"source\", not both") }
            do {
                return try MCPRecording.load(Array(source.utf8), name: "source", path: nil, format: format, maxBytes: limits.maxTreeBytes)
            } catch {
                throw .arguments(args.tool, "cannot read \"source\": \(error)")
            }
        }
        return try recording(named: try args.string(key, maxBytes: 4096), args: args, key: key, format: format)
    }

    func recording(named ref: String?, args: ToolArguments, key: String, format: HierarchyFormat?) throws(ToolFault) -> MCPRecording {
        guard let ref else {
            if let name = defaultRecording, let found = recordings.first(where: { $0.name == name }) { return found }
            if recordings.count == 1 { return recordings[0] }
            throw .arguments(args.tool, "missing \"\(key)\": " + (recordings.isEmpty
                ? "no recording was given to frankly mcp; pass a file path, or the page source as \"source\""
                : "name one of \(recordingList)"))
        }
        if let found = recordings.first(where: { $0.name == ref || $0.uri == ref || $0.path == ref }) { return found }
        guard allowPaths else { throw .arguments(args.tool, "no recording named \"\(clip(ref))\"; the recordings: \(recordingList)") }
        do {
            return try MCPRecording.load(path: ref, format: format, maxBytes: limits.maxTreeBytes)
        } catch {
            throw .arguments(args.tool, "\"\(key)\": \"\(clip(ref))\" is no recording's name"
                             + (recordings.isEmpty ? "" : " (the recordings: \(recordingList))") + ", and reading it as a file failed: \(error)")
        }
    }

    func treeFormat(_ args: ToolArguments) throws(ToolFault) -> HierarchyFormat? {
        guard let name = try args.string("format", maxBytes: 64) else { return nil }
        guard let format = HierarchyFormat(rawValue: name) else {
            throw .arguments(args.tool, "\"format\" must be one of \(HierarchyFormat.names)")
        }
        return format
    }

    var recordingList: String {
        let names = recordings.prefix(20).map { "\"\($0.name)\"" }.joined(separator: ", ")
        return recordings.count > 20 ? names + " and \(recordings.count - 20) more" : names
    }

    func clip(_ s: String) -> String {
        s.utf8.count > 200 ? String(decoding: Array(s.utf8.prefix(200)), as: UTF8.self) + "…" : s
    }

    // MARK: engines

    /// The engine argument, checked against the registry; nil when absent.
    func engine(_ args: ToolArguments) throws(ToolFault) -> String? {
        guard let name = try args.string("engine", maxBytes: 128) else { return nil }
        guard registry.contains(engine: name) else {
            throw .arguments(args.tool, "unknown engine \"\(name)\" (the engines: \(registry.names.joined(separator: ", ")))")
        }
        return name
    }

    /// The languages `screen` and the tools' defaults use on a recording from `source`: the
    /// platform tool's most robust language first (Appium's `-ios predicate string` on an iOS
    /// page source, `-android uiautomator` on Android, Maestro's selectors on its hierarchy), then
    /// the same tool's other strategies, XPath last (it can always fall back to a position, which
    /// breaks first). One tool's family only, so that every selector of a screen runs in the tool
    /// the agent writes for; `engine` picks another. Only engines whose tool reads the recording
    /// are kept (`EngineRegistry.engines(reading:)`).
    public func preferredEngines(for source: RecordingSource) -> [String] {
        let order: [String]
        switch source {
        case .xcuitest: order = ["predicate", "accessibility_id", "class_chain", "xpath"]
        case .uiautomator: order = ["uiselector", "id", "accessibility_id", "xpath"]
        case .maestro: order = ["maestro"]
        case .frank: order = [registry.defaultEngine ?? "uiquery", "shelley", "predicate"]
        case .other: order = ["predicate", "xpath"]
        }
        let reading = registry.engines(reading: source)
        let family = order.filter { reading.contains($0) }
        return family.isEmpty ? Array(reading.prefix(1)) : family
    }

    // MARK: the CLI's tools

    static let selectorArguments = recordingArguments + ["selector", "engine"]

    /// `select`: `frankly select --format json`'s `{"outcome","results":[uids]}`.
    func select(_ arguments: JSONValue?, deadline: ContinuousClock.Instant?) throws(ToolFault) -> JSONValue {
        let args = try ToolArguments(tool: "select", arguments, allowed: Self.selectorArguments)
        let selector = try args.requiredString("selector", maxBytes: registry.limits.maxSelectorBytes)
        let engine = try self.engine(args)
        let recording = try self.recording(args)
        let engineName = engine ?? preferredEngines(for: recording.tree.recordingSource).first
        do {
            let nodes = try registry.select(selector, engine: engineName, in: recording.tree, deadline: deadline)
            return CLIJSON.select(nodes, in: recording.tree)
        } catch {
            throw .selector(error, limits: limits)
        }
    }

    /// `explain`: `frankly explain --format json` (`SelectorExplanation.json`).
    func explain(_ arguments: JSONValue?, deadline: ContinuousClock.Instant?) throws(ToolFault) -> JSONValue {
        let args = try ToolArguments(tool: "explain", arguments, allowed: Self.selectorArguments)
        let selector = try args.requiredString("selector", maxBytes: registry.limits.maxSelectorBytes)
        let engine = try self.engine(args)
        let recording = try self.recording(args)
        let engineName = engine ?? preferredEngines(for: recording.tree.recordingSource).first
        do {
            return try registry.explain(selector, engine: engineName, in: recording.tree, deadline: deadline).json
        } catch {
            throw .selector(error, limits: limits)
        }
    }

    /// `translate`: `frankly translate --format json` (each `Translation.json`), proved on every
    /// recording named.
    func translate(_ arguments: JSONValue?, deadline: ContinuousClock.Instant?) throws(ToolFault) -> JSONValue {
        let args = try ToolArguments(tool: "translate", arguments,
                                     allowed: ["recording", "source", "format", "selector", "engine", "to", "allCandidates"])
        let selector = try args.requiredString("selector", maxBytes: registry.limits.maxSelectorBytes)
        let engine = try self.engine(args)
        let format = try treeFormat(args)
        var trees: [ViewTree] = []
        if args.has("source") {
            trees = [try recording(args).tree]
        } else if let refs = try args.strings("recording", maxCount: 16) {
            for ref in refs { trees.append(try recording(named: ref, args: args, key: "recording", format: format).tree) }
        } else {
            trees = [try recording(named: nil, args: args, key: "recording", format: format).tree]
        }
        guard !trees.isEmpty else { throw .arguments("translate", "\"recording\" names no recording") }
        let to = try args.strings("to", maxCount: 64, maxBytes: 128)
        for name in to ?? [] where name != "all" && !registry.contains(engine: name) {
            throw .arguments("translate", "unknown engine \"\(name)\" in \"to\" (the engines: \(registry.names.joined(separator: ", ")))")
        }
        let allCandidates = try args.bool("allCandidates") ?? false
        let source = engine ?? preferredEngines(for: RecordingSource.common(of: trees)).first
        do {
            let sourceName = try registry.resolvedName(source)
            return CLIJSON.translations(try CLIJSON.translate(selector, from: sourceName, to: to, registry: registry, trees: trees,
                                                              deadline: deadline),
                                        candidates: allCandidates)
        } catch {
            throw .selector(error, limits: limits)
        }
    }

    /// `diff`: `frankly diff --format json` (`AlignmentReport.json`).
    func diff(_ arguments: JSONValue?, deadline: ContinuousClock.Instant?) throws(ToolFault) -> JSONValue {
        let args = try ToolArguments(tool: "diff", arguments, allowed: ["old", "new", "format"])
        let format = try treeFormat(args)
        let oldRef = try args.requiredString("old", maxBytes: 4096), newRef = try args.requiredString("new", maxBytes: 4096)
        let old = try recording(named: oldRef, args: args, key: "old", format: format)
        let new = try recording(named: newRef, args: args, key: "new", format: format)
        do {
            let alignment = try align(old.tree, new.tree, deadline: QueryDeadline(deadline))
            return AlignmentReport.json(alignment, old: old.tree, new: new.tree)
        } catch {
            throw .selector(error, limits: limits)
        }
    }

    /// `check`: `frankly check --format json` (`LocatorGate.json`), the selectors given as text,
    /// one `ENGINE:SELECTOR` a line.
    func check(_ arguments: JSONValue?, deadline: ContinuousClock.Instant?) throws(ToolFault) -> JSONValue {
        let args = try ToolArguments(tool: "check", arguments, allowed: ["selectors", "old", "new", "format"])
        let text = try args.requiredString("selectors")
        let format = try treeFormat(args)
        guard let oldRefs = try args.strings("old", maxCount: 16), !oldRefs.isEmpty,
              let newRefs = try args.strings("new", maxCount: 16), !newRefs.isEmpty else {
            throw .arguments("check", "give at least one \"old\" and one \"new\" recording")
        }
        var old: [ViewTree] = [], new: [ViewTree] = []
        for ref in oldRefs { old.append(try recording(named: ref, args: args, key: "old", format: format).tree) }
        for ref in newRefs { new.append(try recording(named: ref, args: args, key: "new", format: format).tree) }
        let parsed = LocatorList.parse(text, named: "selectors", engines: registry.names)
        if let first = parsed.errors.first {
            throw .arguments("check", "\"selectors\" line \(first.line): \(first.message)"
                             + (parsed.errors.count > 1 ? " (and \(parsed.errors.count - 1) more faulty lines)" : ""))
        }
        guard parsed.locators.count <= 10_000 else {
            throw .arguments("check", "\"selectors\" holds \(parsed.locators.count) selectors; the limit is 10000")
        }
        let gate: LocatorGate
        do { gate = try LocatorGate(registry: registry, old: old, new: new, deadline: QueryDeadline(deadline)) } catch {
            throw .selector(error, limits: limits)
        }
        let checks = gate.check(parsed.locators, deadline: deadline, threads: 1)
        // Past the deadline the checks left stopped short (as broken): no verdicts rather than wrong ones.
        let stop = QueryDeadline(deadline)
        if stop.hasPassed {
            do throws(SelectorError) { try stop.check() } catch { throw .selector(error, limits: limits) }
            throw .selector(QueryBudget.deadlineError, limits: limits)
        }
        return gate.json(checks)
    }
}
