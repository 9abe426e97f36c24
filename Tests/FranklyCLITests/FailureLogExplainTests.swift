import Testing

/// Issue 45: `frankly explain --tree <a failure log>` reads the hierarchy the failure printed and
/// explains the matcher that failed, saying which lines of the log it read.
@Suite("frankly explain on failure logs")
struct FailureLogExplainTests {
    static func fixture(_ path: String) -> String {
        CLIRunner.packageRoot.appendingPathComponent("Tests/Fixtures/" + path).path
    }

    @Test("an Espresso NoMatchingViewException log, with the matcher that failed")
    func espresso() throws {
        let log = Self.fixture("espresso/login_no_matching_view_failure.txt")
        let out = try CLIRunner.run(["explain", "--tree", log, "--engine", "espresso", "--", "onView(withId(R.id.login_button))"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stderr == "note: read lines 5–30 of \(log): the espresso hierarchy in it\n")
        #expect(out.stdout.hasPrefix("espresso> onView(withId(R.id.login_button))\n"), "\(out.stdout)")
        #expect(out.stdout.contains("No views"), "\(out.stdout)")
        #expect(out.stdout.contains("sign_in_button"), "\(out.stdout)")
        // The matcher that would have passed selects the button.
        let fixed = try CLIRunner.run(["select", "--tree", log, "--engine", "espresso", "onView(withId(R.id.sign_in_button))"])
        #expect(fixed.status == 0)
        #expect(fixed.stdout == "8\n")
    }

    @Test("a Detox error with its view hierarchy")
    func detox() throws {
        let log = Self.fixture("detox/jest_failure_by_id.log")
        let out = try CLIRunner.run(["explain", "--tree", log, "--engine", "detox", "--", "by.id('UniqueId93')"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stderr == "note: read lines 10–206 of \(log): the detox hierarchy in it\n")
        #expect(out.stdout.hasPrefix("detox> by.id('UniqueId93')\n"), "\(out.stdout)")
        #expect(out.stdout.contains("No views"), "\(out.stdout)")
        #expect(out.stdout.contains("UniqueId937"), "\(out.stdout)")
    }

    @Test("an XCUITest snapshot printed by po, and the same text as a file")
    func xcuitest() throws {
        for (path, note) in [("xcuisnapshot/po_app_debugDescription.log", true), ("xcuisnapshot/login_app_debugDescription.txt", false)] {
            let file = Self.fixture(path)
            let out = try CLIRunner.run(["explain", "--tree", file, "--engine", "xcuitest", "--", "app.buttons[\"signIn\"]"])
            #expect(out.status == 0, "\(out.stderr)")
            #expect(out.stderr == (note ? "note: read line 8 of \(file): the xcuisnapshot hierarchy in it\n" : ""))
            #expect(out.stdout.hasPrefix("xcuitest> app.buttons[\"signIn\"]\n"), "\(out.stdout)")
            #expect(out.stdout.contains("No views"), "\(out.stdout)")
            #expect(out.stdout.contains("signInButton"), "\(out.stdout)")
        }
    }

    @Test("convert reads each new format")
    func convert() throws {
        for path in ["espresso/login_no_matching_view_failure.txt", "detox/device-assets.rn71.ios.xml",
                     "xcuisnapshot/login_app_debugDescription.txt", "compose/printToLog_logcat_every_line.txt",
                     "wda/source_sign_in.json", "idb/describe_all_nested.json"] {
            let out = CLIRunner.temporaryFile("convert-\(path.split(separator: "/").last!).json")
            let r = try CLIRunner.run(["convert", "--to", "dump", Self.fixture(path), out])
            #expect(r.status == 0, "\(path): \(r.stderr)")
            let back = try CLIRunner.run(["select", "--tree", out, "--engine", "uiquery", "view"])
            #expect(back.status == 0 && !back.stdout.isEmpty, "\(path): \(back.stderr)")
        }
    }
}
