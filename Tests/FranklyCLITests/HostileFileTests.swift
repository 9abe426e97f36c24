import Foundation
import SelectorCore
import Testing

/// Issue 28, items 11 and 12 as a user meets them: `--tree` on a device, a pipe or an oversized
/// file is refused up front with a clear error (it was read until memory ran out), and libxml2
/// writes nothing to stderr of its own.
@Suite(.serialized) struct HostileFileTests {
    @Test func aCharacterDeviceIsRefusedAtOnce() throws {
        let start = ContinuousClock.now
        let r = try CLIRunner.run(["select", "--tree", "/dev/zero", "view"])
        #expect(r.status == 2)
        #expect(r.stderr == "frankly: cannot load /dev/zero: cannot read /dev/zero: it is a character device, not a regular file\n")
        #expect(r.stdout.isEmpty)
        #expect(ContinuousClock.now - start < .seconds(20))
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let path = CLIRunner.temporaryFile("tree.fifo")
        #expect(mkfifo(path, 0o600) == 0)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try CLIRunner.run(["select", "--tree", path, "view"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("cannot read \(path): it is a pipe (FIFO), not a regular file"), "\(r.stderr)")
    }

    @Test func aFileOverTheByteLimitIsRefusedAndTheLimitIsSettable() throws {
        let path = CLIRunner.temporaryFile("big.json")
        let dump = #"{"class":"UIWindow","uid":1,"subviews":[{"class":"UIButton","uid":2,"accessibilityLabel":"OK"}]}"#
        try FileIO.write(Array(dump.utf8), to: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let size = dump.utf8.count
        let refused = try CLIRunner.run(["select", "--tree", path, "--max-tree-bytes", String(size - 1), "button"])
        #expect(refused.status == 2)
        #expect(refused.stderr == "frankly: cannot load \(path): cannot read \(path): it is \(size) bytes long; "
                + "the limit is \(size - 1) bytes (--max-tree-bytes)\n")
        let loaded = try CLIRunner.run(["select", "--tree", path, "--max-tree-bytes", String(size), "button"])
        #expect(loaded.status == 0, "\(loaded.stderr)")
        #expect(loaded.stdout == "2\n")
    }

    @Test func aNegativeByteLimitIsAUsageError() throws {
        let r = try CLIRunner.run(["select", "--max-tree-bytes=-1", "view"])
        #expect(r.status != 0)
        #expect(r.stderr.contains("--max-tree-bytes must be 0 or more"), "\(r.stderr)")
    }

    /// libxml2 printed `encoding error : input conversion failed ...` to stderr for an EBCDIC
    /// declaration; now stderr holds the CLI's one line and nothing else.
    @Test func anEBCDICDeclarationPrintsOnlyTheLoadersError() throws {
        let path = CLIRunner.temporaryFile("ebcdic.xml")
        let xml = "<?xml version=\"1.0\" encoding=\"EBCDIC-US\"?>\n<hierarchy><node class=\"a\"/></hierarchy>\n"
        try FileIO.write(Array(xml.utf8), to: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try CLIRunner.run(["select", "--tree", path, "--tree-format", "uiautomator", "view"])
        #expect(r.status == 2)
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(r.stderr)")
        #expect(lines.first?.hasPrefix("frankly: cannot load \(path): malformed UIAutomator XML: ") == true, "\(r.stderr)")
        #expect(!r.stderr.contains("encoding error :"), "\(r.stderr)")
    }
}
