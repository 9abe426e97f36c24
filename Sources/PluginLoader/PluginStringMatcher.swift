internal import CSelectorPlugin
import SelectorCore

/// The engine's `matcher_*` functions, as one value the host's matchers share.
struct PluginMatcherFunctions: @unchecked Sendable {
    // @unchecked: the context and functions belong to a library that is never unloaded, and the
    // contract makes them callable from any thread.
    let engine: String
    let context: UnsafeMutableRawPointer?
    let evaluator: @convention(c) (UnsafeMutableRawPointer?, UInt64) -> UnsafeMutableRawPointer?
    let test: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, Int, UInt64,
                              UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32
    let freeEvaluator: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let release: @convention(c) (UnsafeMutableRawPointer?, UInt64) -> Void
    let freeResult: @convention(c) (UnsafeMutablePointer<CChar>?) -> Void
}

/// One matcher id a compile reply named: released to the plug-in when the last program holding
/// it goes (a cache eviction, a refused reply).
final class PluginMatcherHandle: Sendable {
    let id: UInt64
    let functions: PluginMatcherFunctions

    init(id: UInt64, functions: PluginMatcherFunctions) { self.id = id; self.functions = functions }

    deinit { functions.release(functions.context, id) }
}

/// A string matcher that lives in a plug-in: the core calls it once per distinct value, and each
/// call crosses to the plug-in's own matcher (a `LIKE` pattern, a regex), so it runs as it would
/// in-process.
final class PluginStringMatcher: StringMatcher {
    let handle: PluginMatcherHandle
    let description: String

    init(handle: PluginMatcherHandle, description: String) { self.handle = handle; self.description = description }

    func makeEvaluator() -> any StringEvaluator { PluginStringEvaluator(handle) }
}

/// One thread's evaluator of a `PluginStringMatcher`: the plug-in's evaluator behind a pointer.
final class PluginStringEvaluator: StringEvaluator {
    private let handle: PluginMatcherHandle
    private let raw: UnsafeMutableRawPointer?
    private var deadline: UInt64 = 0
    private(set) var evaluations = 0

    init(_ handle: PluginMatcherHandle) {
        self.handle = handle
        raw = handle.functions.evaluator(handle.functions.context, handle.id)
    }

    deinit { if let raw { handle.functions.freeEvaluator(raw) } }

    func useDeadline(_ deadline: QueryDeadline) { self.deadline = deadline.monotonicNanoseconds }

    func matches(_ subject: UnsafeBufferPointer<UInt8>) throws(SelectorError) -> Bool {
        let f = handle.functions
        guard let raw else {
            throw SelectorError(.evaluation, "engine '\(f.engine)' has no string matcher \(handle.id)")
        }
        evaluations += 1
        var error: UnsafeMutablePointer<CChar>? = nil
        let result = subject.withMemoryRebound(to: CChar.self) { f.test(raw, $0.baseAddress, $0.count, deadline, &error) }
        if result >= 0 { return result > 0 }
        guard let error else { throw SelectorError(.evaluation, "engine '\(f.engine)''s string matcher failed") }
        let json = try? JSONReader.parse(String(cString: error))
        f.freeResult(error)
        throw json.map { SelectorError(pluginJSON: $0) }
            ?? SelectorError(.evaluation, "engine '\(f.engine)''s string matcher failed")
    }
}

/// The matcher ids one compile reply names, each held by a handle from the start, so that every
/// id is released once whether or not the reply turns out to be a valid program.
struct ReplyMatchers: PluginMatcherSource {
    let handles: [UInt64: PluginMatcherHandle]
    let engine: String

    init(reply: JSONValue, functions: PluginMatcherFunctions?) {
        engine = functions?.engine ?? ""
        var ids: Set<UInt64> = []
        Self.collect(reply, into: &ids)
        guard let functions else { handles = [:]; return }
        handles = Dictionary(uniqueKeysWithValues: ids.map { ($0, PluginMatcherHandle(id: $0, functions: functions)) })
    }

    /// Every `"matcher"` id of a string test, wherever it stands.
    private static func collect(_ json: JSONValue, into ids: inout Set<UInt64>) {
        switch json {
        case .object(let pairs):
            if pairs.contains(where: { $0.0 == "string" }), let id = pairs.first(where: { $0.0 == "matcher" })?.1,
               case .int(let n) = id {
                ids.insert(UInt64(bitPattern: n))
            }
            for (_, value) in pairs { collect(value, into: &ids) }
        case .array(let items): for item in items { collect(item, into: &ids) }
        default: break
        }
    }

    func matcher(_ id: UInt64, description: String, at path: String) throws(SelectorError) -> any StringMatcher {
        guard let handle = handles[id] else {
            throw SelectorError(.evaluation, "the plug-in returned an invalid program: \(path): engine '\(engine)' "
                                + "offers no string matchers (its matcher functions are NULL)")
        }
        return PluginStringMatcher(handle: handle, description: description)
    }
}
