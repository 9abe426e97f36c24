#if canImport(Glibc)
import Glibc
#endif
import Foundation
import PluginLoader
import SelectorCore

/// Where the example plug-in lies: `VIEWSELECTORS_CLASS_CHAIN_PLUGIN` (set by `make test`), else
/// next to the test bundle, where `swift build --product ClassChainEngine` puts it.
enum PluginFixture {
    static let environmentVariable = "VIEWSELECTORS_CLASS_CHAIN_PLUGIN"

    static var classChainPath: String? {
        if let path = getenv(environmentVariable).map({ String(cString: $0) }), !path.isEmpty { return path }
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        let exe = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // …/.build/<triple>/debug/ViewSelectorsPackageTests.xctest
        let candidate = String(exe[..<(exe.lastIndex(of: "/") ?? exe.endIndex)]) + "/libClassChainEngine.so"
        return access(candidate, F_OK) == 0 ? candidate : nil
    }

    /// When the environment names the plug-in it must be there: `make test` (CI) built it.
    static var isRequired: Bool { getenv(environmentVariable) != nil }

    /// The C library: a shared library that is no plug-in.
    static var libc: String? {
        // /proc files report size 0, which whole-file readers may take at its word; read in chunks.
        for known in ["/lib/x86_64-linux-gnu/libc.so.6", "/usr/lib/x86_64-linux-gnu/libc.so.6",
                      "/lib/aarch64-linux-gnu/libc.so.6", "/usr/lib/aarch64-linux-gnu/libc.so.6"]
        where access(known, F_OK) == 0 {
            return known
        }
        guard let bytes = try? FileIO.read("/proc/self/maps") else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        for line in text.split(separator: "\n") {
            guard let slash = line.firstIndex(of: "/") else { continue }
            let path = String(line[slash...])
            if path.hasSuffix("/libc.so.6") { return path }
        }
        return nil
    }
}

/// A Swift engine registered through the C contract in-process: the selector is a class name,
/// `!` a syntax error, `?` compiles to the custom predicate `startsWithRow`.
struct ProbeEngine: SelectorEngine {
    var name = "probe"
    func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        if let bang = selector.utf8.firstIndex(of: UInt8(ascii: "!")) {
            throw .syntax("unexpected '!'", at: selector.utf8.distance(from: selector.utf8.startIndex, to: bang), in: selector)
        }
        var b = ProgramBuilder(start: .document)
        b.descendants(selector == "?" ? .custom(name: "startsWithRow", arguments: [.string("Row")]) : .kindOf(selector),
                      unique: true)
        return b.build()
    }
}

/// Entry points standing in for plug-ins (a C function pointer cannot capture, hence one each).
enum Entries {
    static let probe: PluginLoader.EntryPoint = { host in
        SelectorPlugin.register(host: host) { r in
            try r.register(ProbeEngine())
            try r.register(PluginPredicate(name: "startsWithRow", arity: 1) { node, args in
                guard let prefix = args.first?.stringValue, node.isKind(of: "UILabel") else { return false }
                return node.string("accessibilityLabel")?.hasPrefix(prefix) ?? false
            })
        }
    }
    static let builtInName: PluginLoader.EntryPoint = { host in
        SelectorPlugin.register(host: host) { r in try r.register(ProbeEngine(name: "shelley")) }
    }
    static let invalidName: PluginLoader.EntryPoint = { host in
        SelectorPlugin.register(host: host) { r in try r.register(ProbeEngine(name: "bad name")) }
    }
    static let secondFails: PluginLoader.EntryPoint = { host in
        SelectorPlugin.register(host: host) { r in
            try r.register(ProbeEngine(name: "first"))
            try r.register(ProbeEngine(name: "regex"))
        }
    }
    static let throwsError: PluginLoader.EntryPoint = { host in
        SelectorPlugin.register(host: host) { _ in throw RegistryError("no licence key") }
    }
    /// A plug-in built against a future contract: declares version 99 and registers nothing.
    static let future: PluginLoader.EntryPoint = { host in
        host?.storeBytes(of: 99, toByteOffset: 4, as: UInt32.self)   // plugin_api_version
        return 2                                                       // VS_PLUGIN_API_MISMATCH
    }
}
