import Audit
import SelectorCore

extension MCPToolbox {
    /// `audit`: `frankly audit --format json` (`AuditReport.json`): accessibility and testability
    /// findings on each recording named, each view named by a selector proven unique there; with
    /// `baseline` recordings, which findings are new. Recordings are reported by their path where
    /// they have one, as the CLI reports them.
    func audit(_ arguments: JSONValue?, deadline: ContinuousClock.Instant?) throws(ToolFault) -> JSONValue {
        let args = try ToolArguments(tool: "audit", arguments,
                                     allowed: ["recording", "source", "format", "baseline", "rules", "density", "engine"])
        let format = try treeFormat(args)
        var screens: [MCPRecording] = []
        if args.has("source") {
            screens = [try recording(args)]
        } else if let refs = try args.strings("recording", maxCount: 16) {
            for ref in refs { screens.append(try recording(named: ref, args: args, key: "recording", format: format)) }
        } else {
            screens = [try recording(named: nil, args: args, key: "recording", format: format)]
        }
        var olds: [MCPRecording] = []
        for ref in try args.strings("baseline", maxCount: 16) ?? [] {
            olds.append(try recording(named: ref, args: args, key: "baseline", format: format))
        }
        var rules: [Rule] = []
        for name in try args.strings("rules", maxCount: 64, maxBytes: 128) ?? [] {
            guard let rule = Rule.named(name) else {
                throw .arguments("audit", "unknown rule \"\(name)\" (the rules: \(Rule.all.map(\.id).joined(separator: ", ")))")
            }
            if !rules.contains(rule) { rules.append(rule) }
        }
        let density = try args.double("density", in: 0.1...16)
        let engines = try args.strings("engine", maxCount: 32, maxBytes: 128)
        for name in engines ?? [] where !registry.contains(engine: name) {
            throw .arguments("audit", "unknown engine \"\(name)\" (the engines: \(registry.names.joined(separator: ", ")))")
        }
        var options = AuditOptions(rules: rules.isEmpty ? Rule.all : rules, density: density,
                                   engines: (engines ?? []).isEmpty ? nil : engines, deadline: deadline)
        options.nameViews = true
        do {
            let report = try Audit.run(screens.map(\.tree), baseline: olds.map(\.tree), registry: registry, options: options)
            return report.json(paths: screens.map { $0.path ?? $0.name })
        } catch {
            throw .selector(error, limits: limits)
        }
    }
}
