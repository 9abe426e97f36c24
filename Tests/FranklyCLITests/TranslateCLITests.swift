import Foundation
import Testing

/// `frankly translate` on the embedded sample app (issue 31): its lines, its JSON and its exit
/// statuses.
@Suite("frankly translate")
struct TranslateCLITests {
    @Test("text: one line a target engine, the translation or a dash and the reason; exit 0")
    func text() throws {
        let out = try CLIRunner.run(["translate", "--engine", "xpath", "--to", "predicate,class_name,shelley,accessibility_id", "//UISwitch"])
        #expect(out.status == 0, "\(out.stderr)")
        let lines = out.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines.contains("predicate\ttype == 'UISwitch'"))
        #expect(lines.contains("class_name\tUISwitch"))
        #expect(lines.contains("shelley\tview:'UISwitch'"))
        #expect(lines.contains { $0.hasPrefix("accessibility_id\t-\t") })
    }

    @Test("json: engine, selector or null, reason or null, matches and times per tree")
    func json() throws {
        let out = try CLIRunner.run(["translate", "--engine", "shelley", "--to", "xpath,class_name", "--format", "json",
                                     "view:'UILabel' markedExactly:'Wi-Fi'"])
        #expect(out.status == 0, "\(out.stderr)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [[String: Any]])
        #expect(items.count == 2)
        #expect(items[0]["engine"] as? String == "xpath")
        #expect((items[0]["selector"] as? String)?.contains("Wi-Fi") == true)
        #expect(items[0]["reason"] is NSNull)
        #expect(items[0]["matches"] as? [Int] == [1])
        #expect((items[0]["ms"] as? [Double])?.count == 1)
        #expect(items[1]["selector"] is NSNull)
        #expect(items[1]["reason"] is String)
    }

    @Test("exit 1 when nothing is translated, 2 for a bad selector or tree")
    func statuses() throws {
        let none = try CLIRunner.run(["translate", "--engine", "xpath", "//NoSuchClass"])
        #expect(none.status == 1)
        #expect(none.stdout.contains("selects nothing"))
        let bad = try CLIRunner.run(["translate", "--engine", "xpath", "//UILabel["])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("invalid selector"))
        let missing = try CLIRunner.run(["translate", "--tree", "/nonexistent.json", "--engine", "xpath", "//UILabel"])
        #expect(missing.status == 2)
    }

    @Test("--selectors FILE: a table of every line's translations; bad lines keep their error and the table goes on")
    func suite() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("translate-suite-\(UUID().uuidString).txt")
        try "# a suite\nxpath://UISwitch\n\nshelley:view:'UILabel' markedExactly:'Wi-Fi'\nnosuch:x\nxpath://UILabel[\n"
            .write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let csv = try CLIRunner.run(["translate", "--selectors", file.path, "--to", "predicate", "--format", "csv"])
        // Two lines without a translation: exit 1, the table still whole.
        #expect(csv.status == 1)
        let rows = csv.stdout.split(separator: "\n").map(String.init)
        #expect(rows == [
            "line,engine,selector,target,translation,reason",
            "2,xpath,//UISwitch,predicate,type == 'UISwitch',",
            "4,shelley,view:'UILabel' markedExactly:'Wi-Fi',predicate,type == 'UILabel' AND accessibilityLabel == 'Wi-Fi',",
            rows[3], rows[4],
        ])
        #expect(rows[3].hasPrefix("5,,nosuch:x,,,\"expected ENGINE:SELECTOR"))
        #expect(rows[4].hasPrefix("6,xpath,//UILabel[,,,\"invalid selector:") && rows[4].contains("column 11"))
        let json = try CLIRunner.run(["translate", "--selectors", file.path, "--to", "predicate", "--format", "json"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(items.map { $0["line"] as? Int } == [2, 4, 5, 6])
        #expect((items[0]["translations"] as? [[String: Any]])?.first?["selector"] as? String == "type == 'UISwitch'")
        let both = try CLIRunner.run(["translate", "--selectors", file.path, "//UILabel"])
        #expect(both.status != 0)
    }

    @Test("--appium java|python: each translation into an Appium strategy as client code; only Appium's strategies by default")
    func appium() throws {
        let java = try CLIRunner.run(["translate", "--engine", "shelley", "--appium", "java", "view:'UILabel' markedExactly:'Wi-Fi'"])
        #expect(java.status == 0, "\(java.stderr)")
        let lines = java.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("accessibility_id\tdriver.findElement(AppiumBy.accessibilityId(\"Wi-Fi\"))"))
        #expect(lines.contains("uiselector\tdriver.findElement(AppiumBy.androidUIAutomator(\"new UiSelector().className(\\\"UILabel\\\").text(\\\"Wi-Fi\\\")\"))"))
        #expect(!lines.contains { $0.hasPrefix("fry\t") || $0.hasPrefix("shelley_compat\t") })
        let python = try CLIRunner.run(["translate", "--engine", "shelley", "--appium", "python", "--to", "predicate",
                                        "view:'UILabel' markedExactly:'Wi-Fi'"])
        #expect(python.stdout == "predicate\tdriver.find_element(AppiumBy.IOS_PREDICATE, \"type == 'UILabel' AND accessibilityLabel == 'Wi-Fi'\")\n")
    }
}
