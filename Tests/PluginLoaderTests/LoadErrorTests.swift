import Foundation
import PluginLoader
import SelectorCore
import Testing
import ViewSelectors

/// Every way loading can fail is a `PluginLoadError`, and nothing of a failed plug-in stays.
@Suite("Plug-in load errors")
struct LoadErrorTests {
    static func failure(_ body: () throws(PluginLoadError) -> Void) -> PluginLoadError? {
        do { try body(); return nil } catch { return error }
    }

    @Test("a missing file")
    func missingFile() {
        let e = Self.failure { () throws(PluginLoadError) in try PluginLoader.load("/nonexistent/libNothing.so", into: .standard()) }
        #expect(e?.reason == .missingFile)
        #expect(e?.description == "cannot load plug-in /nonexistent/libNothing.so: no such file")
    }

    @Test("a file that is not a shared library")
    func notLoadable() throws {
        let path = NSTemporaryDirectory() + "not-a-plugin-\(getpid()).so"
        try Data("hello".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let e = Self.failure { () throws(PluginLoadError) in try PluginLoader.load(path, into: .standard()) }
        #expect(e?.reason == .notLoadable)
        #expect(e?.message.hasPrefix("not a loadable shared library (") == true)
    }

    @Test("a shared library without the entry point")
    func missingEntryPoint() throws {
        let libc = try #require(PluginFixture.libc, "libc.so.6 is not mapped into the test process")
        let e = Self.failure { () throws(PluginLoadError) in try PluginLoader.load(libc, into: .standard()) }
        #expect(e?.reason == .missingEntryPoint)
        #expect(e?.message == "the library has no entry point 'viewselectors_plugin_register'; is it a ViewSelectors plug-in?")
    }

    @Test("a plug-in built for another API version")
    func apiMismatch() {
        let registry = EngineRegistry.standard()
        let e = Self.failure { () throws(PluginLoadError) in
            _ = try PluginLoader.register(entryPoint: Entries.future, path: "libFuture.so", into: registry)
        }
        #expect(e?.reason == .apiVersionMismatch(plugin: 99, host: 3))
        #expect(e?.description == "cannot load plug-in libFuture.so: built for plug-in API version 99; this host speaks "
                + "version 3: rebuild it against this SelectorCore")
    }

    enum Refusal: String, CaseIterable, Sendable {
        case builtInName, invalidName, secondFails, throwsError

        var entry: PluginLoader.EntryPoint {
            switch self {
            case .builtInName: Entries.builtInName
            case .invalidName: Entries.invalidName
            case .secondFails: Entries.secondFails
            case .throwsError: Entries.throwsError
            }
        }
        var expected: (PluginLoadError.Reason, String) {
            switch self {
            case .builtInName: (.nameClash, "engine 'shelley' is built in and cannot be replaced")
            case .invalidName: (.nameClash, "invalid engine name 'bad name': use letters, digits, '_' and '-'")
            case .secondFails: (.nameClash, "engine 'regex' is built in and cannot be replaced")
            case .throwsError: (.registrationFailed, "no licence key")
            }
        }
    }

    @Test("name clashes and refusals register nothing", arguments: Refusal.allCases)
    func refused(_ refusal: Refusal) {
        let registry = EngineRegistry.standard()
        let before = registry.names
        let e = Self.failure { () throws(PluginLoadError) in
            _ = try PluginLoader.register(entryPoint: refusal.entry, path: "libX.so", into: registry)
        }
        #expect(e?.reason == refusal.expected.0)
        #expect(e?.message == refusal.expected.1)
        #expect(registry.names == before, "a refused plug-in registers nothing")
    }

    @Test("loading the same engine twice is a clash")
    func twice() throws {
        let registry = EngineRegistry.standard()
        #expect(try PluginLoader.register(entryPoint: Entries.probe, path: "libProbe.so", into: registry) == ["probe"])
        let e = Self.failure { () throws(PluginLoadError) in
            _ = try PluginLoader.register(entryPoint: Entries.probe, path: "libProbe.so", into: registry)
        }
        #expect(e?.reason == .nameClash)
        #expect(e?.message == "an engine named 'probe' is already registered")
    }
}
