import Foundation
import SelectorCore
import Testing

/// Issue 40, item 4: `frankly diff`, `check` and `suggest` stop at `--timeout SECONDS` with an
/// error naming the time budget and exit status 3; `--timeout 0` means no limit.
@Suite(.serialized) struct TimeoutCLITests {
    /// Two generated recordings of 10^5 views (seeds 1 and 2), made once.
    static let pair: (String, String) = {
        let a = CLIRunner.temporaryFile("timeout-a.json"), b = CLIRunner.temporaryFile("timeout-b.json")
        for (path, seed) in [(a, "1"), (b, "2")] {
            _ = try? CLIRunner.run(["generate", "--nodes", "100000", "--seed", seed, "--out", path])
        }
        return (a, b)
    }()

    /// A small real recording and a copy with one label changed.
    static func smallPair() throws -> (String, String) {
        let old = CLIRunner.packageRoot.appendingPathComponent("Tests/Fixtures/real/xcuitest_ios_settings_zh_uiautodev.xml").path
        let text = String(decoding: try FileIO.read(old), as: UTF8.self)
        let new = CLIRunner.temporaryFile("timeout-settings.xml")
        try FileIO.write(Array(text.replacingOccurrences(of: "辅助功能", with: "Accessibility").utf8), to: new)
        return (old, new)
    }

    func expectStopped(_ r: CLIRunner.Output, _ command: String) {
        #expect(r.status == 3, "\(command): \(r.stderr)")
        #expect(r.stderr.hasPrefix("frankly \(command): stopped at --timeout 0.001 s: the query ran past its time budget"), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test func diffStopsAtItsTimeout() throws {
        let (a, b) = Self.pair
        #expect(FileManager.default.fileExists(atPath: a) && FileManager.default.fileExists(atPath: b))
        expectStopped(try CLIRunner.run(["diff", a, b, "--timeout", "0.001"]), "diff")
    }

    @Test func checkStopsAtItsTimeout() throws {
        let (a, b) = Self.pair
        let selectors = CLIRunner.temporaryFile("timeout-selectors.txt")
        try FileIO.write(Array("shelley:button marked:'Delete'\n".utf8), to: selectors)
        defer { try? FileManager.default.removeItem(atPath: selectors) }
        expectStopped(try CLIRunner.run(["check", "--selectors", selectors, "--old", a, "--new", b, "--timeout", "0.001"]), "check")
    }

    @Test func suggestStopsAtItsTimeout() throws {
        let (a, b) = Self.pair
        expectStopped(try CLIRunner.run(["suggest", "--tree", a, "--tree", b, "--uid", "5", "--timeout", "0.001"]), "suggest")
    }

    @Test func noTimeoutAndTheDefaultFinish() throws {
        let (old, new) = try Self.smallPair()
        defer { try? FileManager.default.removeItem(atPath: new) }
        for extra in [[], ["--timeout", "0"], ["--timeout", "600"]] {
            let r = try CLIRunner.run(["diff", old, new] + extra)
            #expect(r.status == 0, "\(extra): \(r.stderr)")
            #expect(r.stdout.contains(" matched, 0 inserted, 0 deleted, 0 moved, "), "\(r.stdout.suffix(200))")
        }
    }

    @Test func aNegativeTimeoutIsRefused() throws {
        let (old, new) = try Self.smallPair()
        defer { try? FileManager.default.removeItem(atPath: new) }
        let r = try CLIRunner.run(["diff", old, new, "--timeout=-1"])
        #expect(r.status != 0 && r.status != 3)
        #expect(r.stderr.contains("--timeout must be 0 (no limit) or a number of seconds"), "\(r.stderr)")
    }
}
