import Foundation
import Testing

/// `frankly engines --plugin`: a quick check that a plug-in loads, listing its engines with the built-in ones.
@Suite(.serialized) struct EnginesPluginTests {
    static let environmentVariable = "VIEWSELECTORS_CLASS_CHAIN_PLUGIN"

    /// The example plug-in: named by `make test`, else beside the `frankly` binary when built there.
    static var classChainPath: String? {
        if let path = ProcessInfo.processInfo.environment[environmentVariable], !path.isEmpty { return path }
        let candidate = CLIRunner.binary.deletingLastPathComponent().appendingPathComponent("libClassChainEngine.so").path
        return FileManager.default.fileExists(atPath: candidate) ? candidate : nil
    }

    @Test("engines --plugin lists the plug-in's engines among the built-in ones",
          .enabled(if: classChainPath != nil,
                   "libClassChainEngine.so not built: run `make test` or `swift build --product ClassChainEngine`"))
    func listsPluginEngines() throws {
        let path = try #require(Self.classChainPath)
        // Named by the environment (CI) but absent: a failure, never a silent skip.
        try #require(FileManager.default.fileExists(atPath: path), "\(Self.environmentVariable) names a missing file: \(path)")
        let r = try CLIRunner.run(["engines", "--plugin", path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "accessibility_id\nclass_chain\nclass_name\ncompose\ndetox\nespresso\nfry\nid\nmaestro\npredicate\nregex\nshelley\nshelley_compat\nuiquery\nuiselector\nwdio\nxcuitest\nxpath\n")
    }

    @Test("engines --plugin with a missing file exits 2 naming it")
    func missingPlugin() throws {
        let r = try CLIRunner.run(["engines", "--plugin", "/nonexistent/libNothing.so"])
        #expect(r.status == 2)
        #expect(r.stderr == "frankly: cannot load plug-in /nonexistent/libNothing.so: no such file\n")
        #expect(r.stdout.isEmpty)
    }
}
