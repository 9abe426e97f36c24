#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
internal import CSelectorPlugin
public import SelectorCore

/// Loads engine plug-ins (shared libraries) into a registry.
///
/// ```swift
/// let names = try PluginLoader.load("/path/to/libClassChainEngine.so", into: registry)
/// ```
///
/// The library is opened with `dlopen(RTLD_NOW | RTLD_LOCAL)`, its entry point
/// `viewselectors_plugin_register` is called once with a registration table, and what it
/// registered is added to the registry only when the whole registration succeeded. A library that
/// loaded is never closed: its engines stay callable for the life of the process.
public enum PluginLoader {
    /// The plug-in API version this host speaks.
    public static var apiVersion: UInt32 { VIEWSELECTORS_PLUGIN_API_VERSION }

    /// The entry point's type, as Swift sees it.
    package typealias EntryPoint = @convention(c) (UnsafeMutableRawPointer?) -> Int32

    /// Loads the plug-in at `path`; returns the engine names it registered.
    @discardableResult
    public static func load(_ path: String, into registry: EngineRegistry) throws(PluginLoadError) -> [String] {
        guard access(path, F_OK) == 0 else {
            throw PluginLoadError(path: path, reason: .missingFile, message: "no such file")
        }
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            let why = dlerror().map { String(cString: $0) } ?? "unknown dynamic linker error"
            throw PluginLoadError(path: path, reason: .notLoadable, message: "not a loadable shared library (\(why))")
        }
        guard let symbol = dlsym(handle, VIEWSELECTORS_PLUGIN_ENTRY_POINT) else {
            dlclose(handle)
            throw PluginLoadError(path: path, reason: .missingEntryPoint, message:
                "the library has no entry point '\(VIEWSELECTORS_PLUGIN_ENTRY_POINT)'; is it a ViewSelectors plug-in?")
        }
        do {
            return try register(entryPoint: unsafeBitCast(symbol, to: EntryPoint.self), path: path, into: registry)
        } catch {
            // Nothing of it was registered, so nothing can call into it any more.
            dlclose(handle)
            throw error
        }
    }

    /// Runs an entry point against `registry`: the part of `load` after `dlsym`, also used by tests.
    package static func register(entryPoint: EntryPoint, path: String,
                                 into registry: EngineRegistry) throws(PluginLoadError) -> [String] {
        let session = RegistrationSession(path: path, registry: registry)
        let context = Unmanaged.passUnretained(session).toOpaque()
        var host = vs_plugin_host(host_api_version: VIEWSELECTORS_PLUGIN_API_VERSION, plugin_api_version: 0,
                                  context: context, register_engine: registerEngine,
                                  register_predicate: registerPredicate, fail: fail)
        let result = withExtendedLifetime(session) { entryPoint(&host) }
        if host.plugin_api_version != VIEWSELECTORS_PLUGIN_API_VERSION || result == Int32(VS_PLUGIN_API_MISMATCH) {
            throw PluginLoadError(path: path, reason: .apiVersionMismatch(plugin: host.plugin_api_version,
                                                                          host: VIEWSELECTORS_PLUGIN_API_VERSION),
                                  message: "built for plug-in API version \(host.plugin_api_version); this host "
                                  + "speaks version \(VIEWSELECTORS_PLUGIN_API_VERSION): rebuild it against this SelectorCore")
        }
        if let failure = session.failure { throw failure }
        guard result == Int32(VS_PLUGIN_OK) else {
            throw PluginLoadError(path: path, reason: .registrationFailed, message: "its entry point failed (code \(result))")
        }
        return try session.commit()
    }
}

/// What one entry-point call registered, held back until it returns successfully.
final class RegistrationSession {
    let path: String
    let registry: EngineRegistry
    var engines: [PluginEngine] = []
    var predicates: [CustomPredicate] = []
    var failure: PluginLoadError?

    init(path: String, registry: EngineRegistry) { self.path = path; self.registry = registry }

    func refuse(_ reason: PluginLoadError.Reason, _ message: String) -> Int32 {
        if failure == nil { failure = PluginLoadError(path: path, reason: reason, message: message) }
        return Int32(VS_PLUGIN_FAILED)
    }

    func add(_ engine: PluginEngine) -> Int32 {
        let name = engine.name
        guard EngineRegistry.isValidName(name) else {
            return refuse(.nameClash, "invalid engine name '\(name)': use letters, digits, '_' and '-'")
        }
        if registry.contains(engine: name) {
            return refuse(.nameClash, registry.isBuiltIn(name)
                ? "engine '\(name)' is built in and cannot be replaced"
                : "an engine named '\(name)' is already registered")
        }
        if engines.contains(where: { $0.name == name }) {
            return refuse(.nameClash, "it registers engine '\(name)' twice")
        }
        engines.append(engine)
        return Int32(VS_PLUGIN_OK)
    }

    func add(_ predicate: CustomPredicate) -> Int32 {
        if registry.predicates.predicate(named: predicate.name) != nil || predicates.contains(where: { $0.name == predicate.name }) {
            return refuse(.nameClash, "a predicate named '\(predicate.name)' is already registered")
        }
        predicates.append(predicate)
        return Int32(VS_PLUGIN_OK)
    }

    /// Registers everything or nothing. The names were checked as the plug-in offered them, but
    /// another registration may have taken one since, so both registries check again atomically;
    /// predicates go first because only they can be taken back if the engines are then refused.
    func commit() throws(PluginLoadError) -> [String] {
        do {
            try registry.predicates.register(all: predicates)
        } catch {
            throw PluginLoadError(path: path, reason: .nameClash, message: error.message)
        }
        do {
            try registry.register(all: engines)
        } catch {
            registry.predicates.unregister(predicates.map(\.name))
            throw PluginLoadError(path: path, reason: .nameClash, message: error.message)
        }
        return engines.map(\.name)
    }

    static func from(_ context: UnsafeMutableRawPointer?) -> RegistrationSession {
        Unmanaged<RegistrationSession>.fromOpaque(context!).takeUnretainedValue()
    }
}

private func registerEngine(_ context: UnsafeMutableRawPointer?, _ descriptor: UnsafePointer<vs_plugin_engine>?) -> Int32 {
    let session = RegistrationSession.from(context)
    guard let d = descriptor?.pointee, let name = d.name, let compile = d.compile, let free = d.free_result else {
        return session.refuse(.registrationFailed, "an engine descriptor lacks its name or functions")
    }
    let engineName = String(cString: name)
    var matchers: PluginMatcherFunctions? = nil
    if let evaluator = d.matcher_evaluator, let test = d.matcher_test, let freeEvaluator = d.matcher_evaluator_free,
       let release = d.matcher_release {
        matchers = PluginMatcherFunctions(engine: engineName, context: d.context, evaluator: evaluator, test: test,
                                          freeEvaluator: freeEvaluator, release: release, freeResult: free)
    }
    return session.add(PluginEngine(name: engineName, summary: d.summary.map { String(cString: $0) } ?? "",
                                    chainLiterals: ChainLiterals(rawValue: d.chain_literals), context: d.context,
                                    compileFunction: compile, freeFunction: free, matcherFunctions: matchers,
                                    renderFunction: d.render))
}

private func registerPredicate(_ context: UnsafeMutableRawPointer?, _ descriptor: UnsafePointer<vs_plugin_predicate>?) -> Int32 {
    let session = RegistrationSession.from(context)
    guard let d = descriptor?.pointee, let name = d.name, d.test != nil else {
        return session.refuse(.registrationFailed, "a predicate descriptor lacks its name or test")
    }
    var kept = d
    kept.name = nil   // the plug-in's string is valid only during this call
    let copy = SendablePredicate(descriptor: kept)
    return session.add(CustomPredicate(name: String(cString: name), arity: d.arity < 0 ? nil : Int(d.arity)) {
        tree, node, arguments in PluginNodeAccess.test(copy.descriptor, tree: tree, node: node, arguments: arguments)
    })
}

private func fail(_ context: UnsafeMutableRawPointer?, _ message: UnsafePointer<CChar>?) {
    _ = RegistrationSession.from(context).refuse(.registrationFailed, message.map { String(cString: $0) } ?? "it failed")
}

/// A predicate descriptor whose context the plug-in keeps alive and thread-safe (the contract).
private struct SendablePredicate: @unchecked Sendable {
    let descriptor: vs_plugin_predicate
}
