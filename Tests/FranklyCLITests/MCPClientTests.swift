import Foundation
import Testing

/// The Python interpreter with the official MCP client SDK (`mcp` on PyPI): the environment
/// variable VIEWSELECTORS_PY_TOOLS (`make test` sets it to .venv-tools/bin/python, which `make
/// py-tools` creates). Unset: the client test is disabled, with a note; set to an interpreter that
/// is missing or lacks `mcp`: it fails.
let pyTools: String? = ProcessInfo.processInfo.environment["VIEWSELECTORS_PY_TOOLS"]

/// Issue 47's "done when": a real MCP client starts `frankly mcp`, lists the tools and calls each
/// on the real recordings (Tests/MCP/client.py, which checks every answer and prints the measure).
@Suite struct MCPClientTests {
    @Test(.enabled(if: pyTools != nil, "VIEWSELECTORS_PY_TOOLS names no Python with the mcp package (make py-tools)"))
    func theOfficialPythonClientCallsEveryToolOnTheRealRecordings() throws {
        let python = try #require(pyTools)
        #expect(FileManager.default.isExecutableFile(atPath: python), "VIEWSELECTORS_PY_TOOLS=\(python) is no executable")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: python)
        p.arguments = [CLIRunner.packageRoot.appendingPathComponent("Tests/MCP/client.py").path, CLIRunner.binary.path,
                       CLIRunner.packageRoot.appendingPathComponent("Tests/Fixtures").path]
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let stderr = String(decoding: e, as: UTF8.self)
        try #require(p.terminationStatus == 0, "client.py failed: \(stderr.suffix(4000))")
        let report = try #require(try JSONSerialization.jsonObject(with: o) as? [String: Any], "\(String(decoding: o, as: UTF8.self))")
        let recordings = try #require(report["recordings"] as? [[String: Any]])
        let real = recordings.filter { $0["real"] as? Bool == true }
        #expect(real.count == 8)
        for r in real {
            let percent = try #require(r["percent"] as? Double)
            #expect(percent <= 15, "\(r["file"] ?? ""): screen is \(percent)% of the page source")
        }
        // Every screen row was validated by the client, and the CLI-equality checks ran.
        #expect((report["checks"] as? Int ?? 0) > 500, "\(report["checks"] ?? "")")
    }
}
