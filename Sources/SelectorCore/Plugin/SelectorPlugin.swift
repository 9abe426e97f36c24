#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
internal import CSelectorPlugin

/// The plug-in side of dynamic loading: what a shared library's entry point calls.
///
/// A plug-in exports `viewselectors_plugin_register` and hands its argument to `register`:
///
/// ```swift
/// @_cdecl("viewselectors_plugin_register")
/// public func viewselectorsPluginRegister(_ host: UnsafeMutableRawPointer?) -> Int32 {
///     SelectorPlugin.register(host: host) { registrar in
///         try registrar.register(ClassChainEngine())
///     }
/// }
/// ```
///
/// The plug-in's engines run on its own copy of SelectorCore; only C values cross to the host
/// (`Sources/CSelectorPlugin/include/viewselectors_plugin.h`): programs as JSON, nodes through
/// accessor functions.
public enum SelectorPlugin {
    /// The contract version this SelectorCore speaks, on both sides.
    public static var apiVersion: UInt32 { VIEWSELECTORS_PLUGIN_API_VERSION }
    /// The symbol every plug-in exports.
    public static var entryPointName: String { VIEWSELECTORS_PLUGIN_ENTRY_POINT }

    /// Declares this plug-in's API version to the host, then runs `body` to register engines and
    /// predicates. Returns the entry point's result code; never throws across the C boundary.
    public static func register(host raw: UnsafeMutableRawPointer?,
                                _ body: (PluginRegistrar) throws -> Void) -> Int32 {
        guard let raw else { return Int32(VS_PLUGIN_FAILED) }
        let host = raw.assumingMemoryBound(to: vs_plugin_host.self)
        host.pointee.plugin_api_version = VIEWSELECTORS_PLUGIN_API_VERSION
        guard host.pointee.host_api_version == VIEWSELECTORS_PLUGIN_API_VERSION else {
            return Int32(VS_PLUGIN_API_MISMATCH)
        }
        do {
            try body(PluginRegistrar(host: raw))
            return Int32(VS_PLUGIN_OK)
        } catch {
            "\(error)".withCString { host.pointee.fail(host.pointee.context, $0) }
            return Int32(VS_PLUGIN_FAILED)
        }
    }
}

/// Registers a plug-in's engines and predicates with the host. Valid only during `register`.
public struct PluginRegistrar {
    private let host: UnsafeMutableRawPointer

    init(host: UnsafeMutableRawPointer) { self.host = host }

    private var table: vs_plugin_host { host.assumingMemoryBound(to: vs_plugin_host.self).pointee }

    /// Registers `engine`. Throws when the host refuses it (invalid or taken name).
    public func register(_ engine: any SelectorEngine) throws(RegistryError) {
        let box = EngineBox(engine)
        let context = PluginContexts.keep(box)
        let table = self.table
        let result = engine.name.withCString { name in
            engine.summary.withCString { summary in
                var descriptor = vs_plugin_engine(name: name, summary: summary,
                                                  chain_literals: engine.chainLiterals.rawValue, context: context,
                                                  compile: pluginCompile, free_result: pluginFree,
                                                  matcher_evaluator: pluginMatcherEvaluator,
                                                  matcher_test: pluginMatcherTest,
                                                  matcher_evaluator_free: pluginMatcherEvaluatorFree,
                                                  matcher_release: pluginMatcherRelease,
                                                  render: pluginRender)
                return table.register_engine(table.context, &descriptor)
            }
        }
        guard result == Int32(VS_PLUGIN_OK) else {
            PluginContexts.drop(box)
            throw RegistryError("the host refused engine '\(engine.name)'")
        }
    }

    /// Registers a custom predicate selectors can call by name.
    public func register(_ predicate: PluginPredicate) throws(RegistryError) {
        let box = PredicateBox(predicate)
        let context = PluginContexts.keep(box)
        let table = self.table
        let result = predicate.name.withCString { name in
            var descriptor = vs_plugin_predicate(name: name, arity: Int32(predicate.arity ?? -1), context: context,
                                                 test: pluginTest)
            return table.register_predicate(table.context, &descriptor)
        }
        guard result == Int32(VS_PLUGIN_OK) else {
            PluginContexts.drop(box)
            throw RegistryError("the host refused predicate '\(predicate.name)'")
        }
    }
}

/// The contexts handed to the host. The host may call into them at any time until the process
/// ends (a plug-in is never unloaded), so they live for the process; holding them here, rather
/// than leaking a retain, keeps them reachable, which is also what LeakSanitizer checks.
private enum PluginContexts {
    private static let kept = Locked<[AnyObject]>([])

    static func keep(_ box: AnyObject) -> UnsafeMutableRawPointer {
        kept.withLock { $0.append(box) }
        return Unmanaged.passUnretained(box).toOpaque()
    }

    static func drop(_ box: AnyObject) {
        kept.withLock { $0.removeAll { $0 === box } }
    }
}

private final class EngineBox {
    let engine: any SelectorEngine
    init(_ engine: any SelectorEngine) { self.engine = engine }
}

private final class PredicateBox {
    let predicate: PluginPredicate
    init(_ predicate: PluginPredicate) { self.predicate = predicate }
}

private func pluginCompile(_ context: UnsafeMutableRawPointer?, _ selector: UnsafePointer<CChar>?,
                           _ length: Int) -> UnsafeMutablePointer<CChar>? {
    guard let context else { return nil }
    let engine = Unmanaged<EngineBox>.fromOpaque(context).takeUnretainedValue().engine
    let text = selector.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: length), as: UTF8.self) } ?? ""
    let reply: JSONValue
    // Matchers the program names stay here until the host releases them (PluginMatchers.swift).
    let sink = CompileMatcherSink()
    do {
        reply = .object([("program", try engine.compile(text).pluginJSON(matchers: sink))])
    } catch {
        sink.abandon()
        reply = .object([("error", error.pluginJSON)])
    }
    return strdup(reply.jsonString)
}

private func pluginFree(_ result: UnsafeMutablePointer<CChar>?) { free(result) }

/// The engine's printer for a search path the host sends as a program (SearchPath.program).
private func pluginRender(_ context: UnsafeMutableRawPointer?, _ program: UnsafePointer<CChar>?,
                          _ length: Int) -> UnsafeMutablePointer<CChar>? {
    guard let context else { return nil }
    let engine = Unmanaged<EngineBox>.fromOpaque(context).takeUnretainedValue().engine
    let text = program.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: length), as: UTF8.self) } ?? ""
    let reply: JSONValue
    if let json = try? JSONReader.parse(text),
       let program = try? SelectorProgram(pluginJSON: json, path: "$", matchers: nil),
       case .success(let path) = program.searchPath() {
        switch engine.render(path) {
        case .selector(let s)?: reply = .object([("selector", .string(s))])
        case .cannotSay(let part)?: reply = .object([("cannotSay", .string(part))])
        case nil: reply = .object([])
        }
    } else {
        reply = .object([("cannotSay", .string("a path the host sent in a form this plug-in does not read"))])
    }
    return strdup(reply.jsonString)
}

private func pluginTest(_ context: UnsafeMutableRawPointer?, _ node: UnsafePointer<vs_plugin_node>?,
                        _ arguments: UnsafePointer<CChar>?) -> Int32 {
    guard let context, let node else { return 0 }
    let predicate = Unmanaged<PredicateBox>.fromOpaque(context).takeUnretainedValue().predicate
    let args: [JSONValue]
    if let arguments, case .array(let a)? = try? JSONReader.parse(String(cString: arguments)) { args = a } else { args = [] }
    return predicate.test(PluginNode(UnsafeRawPointer(node)), args) ? 1 : 0
}
