import Foundation
import SelectorCore
import Testing

/// Issue 16 as a user meets it on the command line: custom classes' chains, DOCTYPEs, escapes
/// beyond Unicode, and `convert --to xcuitest` on a very deep tree.
@Suite(.serialized) struct FormatEdgeCaseCLITests {
    /// Writes `text` to a temporary file, runs `frankly` with `arguments(path)` and removes the file.
    func run(writing text: String, named name: String, _ arguments: (String) -> [String]) throws -> CLIRunner.Output {
        let path = CLIRunner.temporaryFile(name)
        defer { try? FileManager.default.removeItem(atPath: path) }
        try FileIO.write(Array(text.utf8), to: path)
        return try CLIRunner.run(arguments(path))
    }

    @Test func aCustomButtonWithASuperclassChainIsAButton() throws {
        let dump = #"{"class":"UIWindow","uid":1,"subviews":[{"class":"MyFancyButton","uid":2,"#
            + #""accessibilityLabel":"Info","classChain":["UIButton","UIControl","UIView"]}]}"#
        for (engine, selector) in [("shelley", "button marked:'Info'"), ("uiquery", "button marked:'Info'"),
                                   ("regex", "UIButton /^Info$/")] {
            let r = try run(writing: dump, named: "fancy.json") { ["select", "--tree", $0, "--engine", engine, selector] }
            #expect(r.status == 0, "\(engine): \(r.stderr)")
            #expect(r.stdout == "2\n", "\(engine)")
        }
    }

    @Test func anXMLRecordingWithADoctypeIsRecognised() throws {
        let xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
            + #"<!DOCTYPE AppiumAUT [<!ATTLIST XCUIElementTypeButton note CDATA #IMPLIED>]>"# + "\n"
            + #"<AppiumAUT><XCUIElementTypeApplication type="XCUIElementTypeApplication">"#
            + #"<XCUIElementTypeWindow type="XCUIElementTypeWindow"><XCUIElementTypeButton type="XCUIElementTypeButton" label="OK"/>"#
            + #"</XCUIElementTypeWindow></XCUIElementTypeApplication></AppiumAUT>"#
        let r = try run(writing: xml, named: "doctype.xml") { ["select", "--tree", $0, "--engine", "shelley", "button marked:'OK'"] }
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "3\n")
    }

    @Test func anEscapeBeyondUnicodeInASelectorSaysSoAtItsColumn() throws {
        let r = try CLIRunner.run(["select", "--engine", "shelley", #"marked:'\u{110000}'"#])
        #expect(r.status == 2)
        #expect(r.stderr.contains(#"unicode escape '\u{110000}' is beyond U+10FFFF, the last code point at column 9"#),
                "\(r.stderr)")
        #expect(!r.stderr.contains("unknown escape"))
    }

    @Test func anUnpairedSurrogateInADumpIsReportedAtItsEscape() throws {
        //                       column 41 is the backslash: ↓
        let dump = #"{"class":"UIView","accessibilityLabel":"\ud800\u0041"}"#
        let r = try run(writing: dump, named: "surrogate.json") { ["select", "--tree", $0, "view"] }
        #expect(r.status == 2)
        #expect(r.stderr.contains(#"unpaired surrogate \uD800"#), "\(r.stderr)")
        #expect(r.stderr.contains("line 1, column 41"), "\(r.stderr)")
    }

    @Test func convertToXCUITestIsLinearInADeepTree() throws {
        let depth = 10_000
        var dump = ""
        for i in 0..<depth { dump += #"{"class":"UIView","uid":\#(i),"subviews":["# }
        dump += #"{"class":"UILabel"}"#
        dump += String(repeating: "]}", count: depth)
        let out = CLIRunner.temporaryFile("deep.xml")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let r = try run(writing: dump, named: "deep.json") { ["convert", "--to", "xcuitest", $0, out] }
        #expect(r.status == 0, "\(r.stderr)")
        let size = try FileIO.read(out).count
        // Indentation growing with depth would write 2 × depth bytes per line: 200 MB here.
        #expect(size < 300 * (depth + 1), "\(size) bytes")
    }

    @Test func convertToXPathWritesTheDocumentTheXPathEngineReads() throws {
        let dump = #"{"class":"UIWindow","uid":1,"subviews":[{"class":"UIButton","uid":2,"#
            + #""accessibilityLabel":"A & \"B\"","isHidden":true},{"class":"UILabel","uid":3}]}"#
        let out = CLIRunner.temporaryFile("page.xml")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let r = try run(writing: dump, named: "small.json") { ["convert", "--to", "xpath", $0, out] }
        #expect(r.status == 0, "\(r.stderr)")
        let written = String(decoding: try FileIO.read(out), as: UTF8.self)
        #expect(written == #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
            + #"<UIWindow uid="1"><UIButton uid="2" accessibilityLabel="A &amp; &quot;B&quot;" isHidden="true"/>"#
            + #"<UILabel uid="3"/></UIWindow>"# + "\n", "\(written)")
    }
}
