import Foundation
import SelectorCore
import Testing

@Suite(.serialized) struct CLIContractTests {
    @Test func generateWritesADeterministicDumpThatLoads() throws {
        let a = CLIRunner.temporaryFile("a.json"), b = CLIRunner.temporaryFile("b.json")
        defer { try? FileManager.default.removeItem(atPath: a); try? FileManager.default.removeItem(atPath: b) }
        #expect(try CLIRunner.run(["generate", "--nodes", "2000", "--seed", "3", "--out", a]).status == 0)
        #expect(try CLIRunner.run(["generate", "--nodes", "2000", "--seed", "3", "--out", b]).status == 0)
        let bytesA = try FileIO.read(a)
        #expect(bytesA == (try FileIO.read(b)))
        let tree = try ViewTree.loadDump(bytesA)
        #expect(tree.count == 2000)
        #expect(tree.dumpJSON() == SyntheticApp.generate(nodes: 2000, seed: 3).dumpJSON())
    }

    @Test func generateRefusesZeroNodes() throws {
        let r = try CLIRunner.run(["generate", "--nodes", "0", "--out", CLIRunner.temporaryFile("zero.json")])
        #expect(r.status != 0)
        #expect(r.stderr.contains("--nodes must be at least 1"))
    }

    @Test func aMissingTreeFileIsAClearError() throws {
        let r = try CLIRunner.run(["select", "--tree", "/nonexistent/tree.json", "--engine", "x", "view"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("cannot open /nonexistent/tree.json"))
    }

    @Test func anUnknownEngineExitsWithStatusTwoAndNamesIt() throws {
        let r = try CLIRunner.run(["select", "--engine", "no_such_engine", "view"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("unknown selector engine 'no_such_engine'"))
        #expect(r.stdout.isEmpty)
    }

    @Test func aMalformedDumpExitsWithStatusTwoAndAPosition() throws {
        let path = CLIRunner.temporaryFile("bad.json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try FileIO.write(Array("{\"class\":\"UIView\",\n \"uid\": }".utf8), to: path)
        let r = try CLIRunner.run(["select", "--tree", path, "view"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("line 2, column 9"))
    }
}
