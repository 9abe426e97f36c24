import Foundation
import SelectorCore
import SyntheticHierarchy
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

@Suite(.serialized) struct CLISelectTests {
    @Test func enginesListsEveryBuiltInEngineOnePerLine() throws {
        let r = try CLIRunner.run(["engines"])
        #expect(r.status == 0)
        #expect(r.stdout == "accessibility_id\nclass_name\ncompose\ndetox\nespresso\nfry\nid\nmaestro\npredicate\nregex\nshelley\nshelley_compat\nuiquery\nuiselector\nwdio\nxcuitest\nxpath\n")
    }

    @Test func selectPrintsUidsInResultOrderOnTheSampleApp() throws {
        // The sample app's two text fields: Username (1056) then Password (1057) in document order...
        let shelley = try CLIRunner.run(["select", "--engine", "shelley", "view:'UITextField'"])
        #expect(shelley.status == 0)
        #expect(shelley.stdout == "1056\n1057\n")
        // ...and UISpec's reverse order in uiquery.
        let uiquery = try CLIRunner.run(["select", "--engine", "uiquery", "textField"])
        #expect(uiquery.stdout == "1057\n1056\n")
    }

    @Test func selectWithoutEngineUsesTheRegistryDefaultUIQuery() throws {
        // UISpec's reverse order: shelley, the old CLI default, prints 1056 first.
        let r = try CLIRunner.run(["select", "textField"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "1057\n1056\n")
    }

    @Test func jsonFormatIsFranklysSuccessEnvelope() throws {
        let r = try CLIRunner.run(["select", "--engine", "shelley", "view:'UITextField'", "--format", "json"])
        #expect(r.stdout == "{\"outcome\":\"SUCCESS\",\"results\":[1056,1057]}\n")
    }

    @Test func statsPrintOneLineWithTheContractsFields() throws {
        let r = try CLIRunner.run(["select", "--engine", "shelley", "view:'UITextField'", "--stats", "--repeat", "3"])
        #expect(r.status == 0)
        let line = r.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
        let pattern = #/^nodes=92 load_ms=[0-9.]+ compile_ms=[0-9.]+ query_ms_median=[0-9.]+ matches=2$/#
        #expect(line.wholeMatch(of: pattern) != nil, "got: \(line)")
    }

    @Test func anInvalidSelectorExitsTwoWithMessageAndColumn() throws {
        let r = try CLIRunner.run(["select", "--engine", "shelley", "view:'UITextField"])
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("unterminated string"))
        #expect(r.stderr.contains("at column 6"))
    }

    @Test func selectReadsAGeneratedTreeFile() throws {
        let path = CLIRunner.temporaryFile("sel.json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try CLIRunner.run(["generate", "--nodes", "3000", "--seed", "5", "--out", path]).status == 0)
        let tree = SyntheticApp.generate(nodes: 3000, seed: 5)
        let r = try CLIRunner.run(["select", "--tree", path, "--engine", "regex", "UILabel /^Row 1-/"])
        #expect(r.status == 0)
        let expected = (0..<tree.count).compactMap { i -> String? in
            let n = NodeID(i)
            guard tree.isKind(n, of: "UILabel"), let l = tree.label(of: n), l.hasPrefix("Row 1-") else { return nil }
            return tree.uidString(of: n)
        }
        #expect(!expected.isEmpty)
        #expect(r.stdout == expected.map { $0 + "\n" }.joined())
    }

    @Test func expectPrintsPassOrFailWithExitCodes() throws {
        let pass = try CLIRunner.run(["expect", "textField placeholder:'Username' should exist"])
        #expect(pass.status == 0 && pass.stdout == "PASS\n")
        let fail = try CLIRunner.run(["expect", "label text:'Login' should exist"])
        #expect(fail.status == 1 && fail.stdout.hasPrefix("FAIL: "))
        let malformed = try CLIRunner.run(["expect", "tableView flarp should exist"])
        #expect(malformed.status == 2)
    }
}
