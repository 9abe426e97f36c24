internal import CSelectorPlugin
import SelectorCore

/// A plug-in's engine as the host sees it: compiling calls into the library and reads the program
/// back from JSON, so no Swift value of the plug-in's SelectorCore copy ever reaches the host.
///
/// It offers no inspector suggestions (`SelectorEngine.suggestions(for:in:)` keeps its default):
/// the C contract would need a call that walks the host's tree, which it does not have.
struct PluginEngine: SelectorEngine, @unchecked Sendable {
    // @unchecked: `context` and the functions belong to a library that is never unloaded; the
    // contract requires `compile` to be callable from any thread.
    let name: String
    let summary: String
    let chainLiterals: ChainLiterals
    let context: UnsafeMutableRawPointer?
    let compileFunction: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, Int) -> UnsafeMutablePointer<CChar>?
    let freeFunction: @convention(c) (UnsafeMutablePointer<CChar>?) -> Void
    /// The engine's string-matcher functions, when it offers all four.
    let matcherFunctions: PluginMatcherFunctions?
    /// The engine's printer, when it has one.
    let renderFunction: (@convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, Int) -> UnsafeMutablePointer<CChar>?)?

    /// The path sent as a program (`SearchPath.program`), printed by the plug-in.
    func render(_ path: SearchPath) -> Rendering? {
        guard let renderFunction else { return nil }
        // A test only this host can run (an engine matcher, a structural test) has no JSON form.
        guard let json = try? path.program.pluginJSON(matchers: nil) else {
            return .cannotSay("a test that does not cross to a plug-in (an engine matcher or a structural test)")
        }
        var text = json.jsonString
        let reply = text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { renderFunction(context, $0.baseAddress, $0.count) }
        }
        guard let reply else { return nil }
        defer { freeFunction(reply) }
        guard let answer = try? JSONReader.parse(String(cString: reply)) else { return nil }
        if case .string(let s)? = answer["selector"] { return .selector(s) }
        if case .string(let s)? = answer["cannotSay"] { return .cannotSay(s) }
        return nil
    }

    func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        var text = selector
        let reply = text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { compileFunction(context, $0.baseAddress, $0.count) }
        }
        guard let reply else { throw SelectorError(.evaluation, "engine '\(name)' returned nothing") }
        let json: JSONValue
        do {
            json = try JSONReader.parse(String(cString: reply))
        } catch {
            freeFunction(reply)
            throw SelectorError(.evaluation, "engine '\(name)' returned invalid JSON: \(error)")
        }
        freeFunction(reply)
        if let program = json["program"] {
            // Handles for every matcher id first: whatever happens below, each is released once.
            let matchers = ReplyMatchers(reply: program, functions: matcherFunctions)
            return try SelectorProgram(pluginJSON: program, path: "$.program", matchers: matchers)
        }
        if let error = json["error"] {
            var e = SelectorError(pluginJSON: error)
            e.selector = selector
            throw e
        }
        throw SelectorError(.evaluation, "engine '\(name)' returned neither a program nor an error")
    }
}
