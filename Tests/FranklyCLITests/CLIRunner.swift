import Foundation

/// Runs the built `frankly` binary as a user would.
struct CLIRunner {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The package root, from this file's path.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The `frankly` binary beside the test bundle (swift test builds it as a dependency).
    static let binary: URL = {
        var candidates: [URL] = []
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var dir = runner.deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(dir.appendingPathComponent("frankly"))
            dir = dir.deletingLastPathComponent()
        }
        candidates.append(packageRoot.appendingPathComponent(".build/debug/frankly"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates.last!
    }()

    /// The Python interpreter of `make py-tools` (`mcp`, `jsonschema`): the environment variable
    /// VIEWSELECTORS_PY_TOOLS, which `make test` sets. Unset: the tests that need it are skipped
    /// with a note; set to a Python that cannot run them: they fail.
    static let pyTools: String? = ProcessInfo.processInfo.environment["VIEWSELECTORS_PY_TOOLS"]

    static func run(_ arguments: [String]) throws -> Output {
        try run(binary, arguments)
    }

    /// Runs `executable` with `arguments` to its end.
    static func run(_ executable: URL, _ arguments: [String]) throws -> Output {
        let p = Process()
        p.executableURL = executable
        p.arguments = arguments
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        // Read before waiting so a large output cannot fill the pipe and stall the child.
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Output(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
                      stderr: String(decoding: e, as: UTF8.self))
    }

    static func temporaryFile(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("frankly-\(getpid())-\(name)").path
    }
}
