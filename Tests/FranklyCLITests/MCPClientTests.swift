import Foundation
import Testing

/// Issue 47's "done when": a real MCP client starts `frankly mcp`, lists the tools and calls each
/// on the real recordings (Tests/MCP/client.py, which checks every answer and prints the measure).
@Suite struct MCPClientTests {
    @Test(.enabled(if: CLIRunner.pyTools != nil, "VIEWSELECTORS_PY_TOOLS names no Python with the mcp package (make py-tools)"))
    func theOfficialPythonClientCallsEveryToolOnTheRealRecordings() throws {
        let python = try #require(CLIRunner.pyTools)
        #expect(FileManager.default.isExecutableFile(atPath: python), "VIEWSELECTORS_PY_TOOLS=\(python) is no executable")
        let client = try CLIRunner.run(URL(fileURLWithPath: python), [
            CLIRunner.packageRoot.appendingPathComponent("Tests/MCP/client.py").path, CLIRunner.binary.path,
            CLIRunner.packageRoot.appendingPathComponent("Tests/Fixtures").path])
        try #require(client.status == 0, "client.py failed: \(client.stderr.suffix(4000))")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(client.stdout.utf8)) as? [String: Any], "\(client.stdout)")
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

    /// The same client over Streamable HTTP against `frankly serve`'s `/mcp` (client.py --http).
    @Test(.enabled(if: CLIRunner.pyTools != nil, "VIEWSELECTORS_PY_TOOLS names no Python with the mcp package (make py-tools)"))
    func theOfficialPythonClientOverHTTPAgainstFranklyServe() throws {
        let python = try #require(CLIRunner.pyTools)
        #expect(FileManager.default.isExecutableFile(atPath: python), "VIEWSELECTORS_PY_TOOLS=\(python) is no executable")
        let client = try CLIRunner.run(URL(fileURLWithPath: python), [
            CLIRunner.packageRoot.appendingPathComponent("Tests/MCP/client.py").path, CLIRunner.binary.path,
            CLIRunner.packageRoot.appendingPathComponent("Tests/Fixtures").path, "--http"])
        try #require(client.status == 0, "client.py --http failed: \(client.stderr.suffix(4000))")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(client.stdout.utf8)) as? [String: Any], "\(client.stdout)")
        #expect(report["transport"] as? String == "http")
        let recordings = try #require(report["recordings"] as? [[String: Any]])
        // The live tree and the 16 other recordings, each screened and every row validated.
        #expect(recordings.count == 17)
        #expect(recordings.first?["file"] as? String == "live")
        #expect((report["checks"] as? Int ?? 0) > 500, "\(report["checks"] ?? "")")
    }
}
