import Foundation
import SelectorCore
import Testing

/// Issue 29, items 1 and 6 as a user meets them: an Appium Android page source given to `--tree`,
/// a plain XML document, and the option the "cannot tell the format" error names.
@Suite(.serialized) struct TreeFormatTests {
    static func fixture(_ name: String) -> String {
        CLIRunner.packageRoot.appendingPathComponent("Tests/Fixtures/appium/" + name).path
    }

    static let plain = fixture("generic_xml_theapp_login_universal_xml_plugin.xml")

    @Test func anUnknownFormatNamesTheRealOption() throws {
        let r = try CLIRunner.run(["select", "--tree", Self.plain, "--engine", "xpath", "/UI"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("name one with --tree-format (dump, xcuitest, uiautomator, calabash, uiautomation, maestro, xml, espresso, detox, xcuisnapshot, compose, wda, idb)"), "\(r.stderr)")
        #expect(!r.stderr.contains("with --format"), "\(r.stderr)")
    }

    @Test func aPlainXMLDocumentLoadsWithItsRootAsXMLOrXCUITest() throws {
        for format in ["xml", "xcuitest"] {
            let r = try CLIRunner.run(["select", "--tree", Self.plain, "--tree-format", format, "--engine", "xpath", "/UI"])
            #expect(r.status == 0, "\(format): \(r.stderr)")
            #expect(r.stdout == "1\n", "\(format)")
        }
        let r = try CLIRunner.run(["select", "--tree", Self.plain, "--tree-format", "xml", "--engine", "xpath",
                                   #"//TextInput[@axId="username"]"#])
        #expect(r.stdout == "17\n", "\(r.stderr)")
    }

    @Test func convertTakesTreeFormatToo() throws {
        let out = CLIRunner.temporaryFile("generic.json")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let r = try CLIRunner.run(["convert", "--to", "dump", "--tree-format", "xml", Self.plain, out])
        #expect(r.status == 0, "\(r.stderr)")
        let dump = String(decoding: try FileIO.read(out), as: UTF8.self)
        #expect(dump.contains(#""class":"UI""#) || dump.contains(#""class": "UI""#), "\(dump.prefix(200))")
    }

    @Test func anAppiumAndroidPageSourceAnswersItsLocators() throws {
        let page = Self.fixture("uiautomator2_theapp_login_appium.xml")
        for (engine, selector) in [("xpath", "//android.widget.EditText[@content-desc='username']"),
                                   ("uiselector", #"new UiSelector().description("username")"#),
                                   ("accessibility_id", "username")] {
            let r = try CLIRunner.run(["select", "--tree", page, "--engine", engine, selector])
            #expect(r.status == 0, "\(engine): \(r.stderr)")
            #expect(r.stdout == "17\n", "\(engine)")
        }
        let r = try CLIRunner.run(["select", "--tree", page, "--engine", "xpath", "/hierarchy/android.widget.FrameLayout"])
        #expect(r.stdout == "2\n", "\(r.stderr)")
    }

    /// Issue 33: `maestro hierarchy` output (with the `Running on …` line of CLIs before 2.6.0) is
    /// detected, named with `--tree-format maestro`, and converted.
    @Test func maestroHierarchyOutputIsDetectedNamedAndConverted() throws {
        let recording = CLIRunner.packageRoot.appendingPathComponent("Tests/Fixtures/maestro/android_theapp_login_maestro.txt").path
        let selector = "{text: Login, below: username}"
        for extra in [[], ["--tree-format", "maestro"]] {
            let r = try CLIRunner.run(["select", "--tree", recording] + extra + ["--engine", "maestro", selector])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout == "23\n", "\(extra)")
        }
        let out = CLIRunner.temporaryFile("maestro.json")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let convert = try CLIRunner.run(["convert", "--to", "dump", recording, out])
        #expect(convert.status == 0, "\(convert.stderr)")
        let again = try CLIRunner.run(["select", "--tree", out, "--engine", "maestro", selector])
        #expect(again.stdout == "23\n", "\(again.stderr)")
    }
}
