import Audit
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

private func fixturePath(_ name: String) -> String { CLIRunner.packageRoot.appendingPathComponent("Tests/Fixtures/" + name).path }

private let login = fixturePath("appium/uiautomator2_theapp_login_appium.xml")
private let dialog = fixturePath("appium/uiautomator2_permission_dialog_mobium.xml")
private let kiwix = fixturePath("real/xcuitest_ios26_kiwix_main_page_mobium.xml")
private let schema = fixturePath("sarif/sarif-schema-2.1.0.json")

/// Validates the JSON file `document` against the SARIF 2.1.0 schema with `python`: nil when
/// valid, else the validator's message.
private func sarifErrors(_ document: String, python: String) throws -> String? {
    let check = try CLIRunner.run(URL(fileURLWithPath: python), ["-c", """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[2]))
        errors = sorted(jsonschema.Draft4Validator(schema).iter_errors(json.load(open(sys.argv[1]))), key=str)
        print("\\n".join(e.message + " at " + "/".join(map(str, e.absolute_path)) for e in errors[:5]))
        sys.exit(1 if errors else 0)
        """, document, schema])
    return check.status == 0 ? nil : "status \(check.status): " + check.stdout + check.stderr
}

@Suite struct AuditCLITests {
    @Test func exitStatuses() throws {
        // TheApp's login has findings (Docs/Audit.md's worked example): 1.
        #expect(try CLIRunner.run(["audit", "--tree", login]).status == 1)
        // The permission dialog has none: 0.
        let clean = try CLIRunner.run(["audit", "--tree", dialog])
        #expect(clean.status == 0)
        #expect(clean.stdout.contains("0 findings"))
        // Only the rules asked for run: none of TheApp's findings is an overlap.
        #expect(try CLIRunner.run(["audit", "--tree", login, "--rules", "overlapping-controls,duplicate-id"]).status == 0)
        #expect(try CLIRunner.run(["audit", "--tree", login, "--rules", "missing-id"]).status == 1)
    }

    @Test func usageErrorsExit2() throws {
        for arguments in [["audit"], ["audit", "--tree", login, "--rules", "touch-target,nope"],
                          ["audit", "--tree", login, "--density", "0"], ["audit", "--tree", login, "--density", "abc"],
                          ["audit", "--tree", login, "--format", "xml"], ["audit", "--tree", login, "--engine", "nosuch"],
                          ["audit", "--tree", "/nonexistent/recording.xml"], ["audit", "--tree", login, "--baseline", "/nonexistent.xml"]] {
            let out = try CLIRunner.run(arguments)
            #expect(out.status == 2, "\(arguments)")
            #expect(!out.stderr.isEmpty)
        }
        #expect(try CLIRunner.run(["audit", "--tree", login, "--rules", "nope"]).stderr.contains("touch-target"))
    }

    @Test func textNamesEachViewInThePlatformsLanguage() throws {
        let out = try CLIRunner.run(["audit", "--tree", login])
        #expect(out.stdout.contains("density 2.625 (inferred)"))
        #expect(out.stdout.contains("touch-target"))
        #expect(out.stdout.contains("espresso:onView(withContentDescription(\"username\"))"))
        #expect(out.stdout.contains("8 findings (5 errors, 3 warnings) on 1 recording; addressable by id 0/3 (0%)"))
        let ios = try CLIRunner.run(["audit", "--tree", kiwix, "--rules", "touch-target"])
        #expect(ios.stdout.contains("xcuitest:app.buttons[\"Settings\"]"))
        #expect(ios.stdout.contains("42×36 pt; needs at least 44×44 pt"))
        // --engine chooses the language.
        let xpath = try CLIRunner.run(["audit", "--tree", kiwix, "--rules", "touch-target", "--engine", "predicate"])
        #expect(xpath.stdout.contains("predicate:"))
        #expect(!xpath.stdout.contains("xcuitest:app"))
    }

    @Test func baselineFailsOnlyOnNewFindings() throws {
        let same = try CLIRunner.run(["audit", "--tree", login, "--baseline", login])
        #expect(same.status == 0)
        #expect(same.stdout.contains("(0 new)"))
        #expect(same.stdout.contains("known  error"))
        // Against a clean dialog as baseline, TheApp's findings are all new (no view aligns with one that had them).
        let other = try CLIRunner.run(["audit", "--tree", login, "--baseline", dialog, "--format", "json"])
        #expect(other.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(other.stdout.utf8)) as? [String: Any])
        let findings = try #require(((json["recordings"] as? [[String: Any]])?.first?["findings"]) as? [[String: Any]])
        #expect(findings.count == 8)
        #expect(findings.allSatisfy { $0["new"] as? Bool == true })
        #expect(json["baseline"] as? Bool == true)
    }

    @Test func jsonCarriesRulesScoresAndSelectors() throws {
        let out = try CLIRunner.run(["audit", "--tree", login, "--tree", dialog, "--format", "json"])
        #expect(out.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
        let recordings = try #require(json["recordings"] as? [[String: Any]])
        #expect(recordings.count == 2)
        let first = try #require(recordings[0]["findings"] as? [[String: Any]])
        #expect(first.map { "\($0["rule"]!)@\($0["uid"]!)" }.prefix(2) == ["speakable-text@13", "missing-id@13"])
        #expect(first.allSatisfy { $0["selector"] is String && $0["engine"] is String })
        #expect((json["rules"] as? [[String: Any]])?.count == Rule.all.count)
        #expect((json["score"] as? [String: Any])?["addressable"] as? Int == 7)
        #expect((json["score"] as? [String: Any])?["actionable"] as? Int == 10)
    }

    @Test(.enabled(if: CLIRunner.pyTools != nil, "VIEWSELECTORS_PY_TOOLS is unset (make py-tools; make test sets it): SARIF not validated"))
    func sarifValidatesAgainstTheSchema() throws {
        let python = try #require(CLIRunner.pyTools)
        for arguments in [["--tree", login, "--tree", kiwix], ["--tree", login, "--baseline", dialog], ["--tree", dialog]] {
            let out = try CLIRunner.run(["audit", "--format", "sarif"] + arguments)
            let file = CLIRunner.temporaryFile("audit.sarif")
            try Data(out.stdout.utf8).write(to: URL(fileURLWithPath: file))
            defer { try? FileManager.default.removeItem(atPath: file) }
            #expect(try sarifErrors(file, python: python) == nil, "\(arguments)")
        }
        // The check can fail: a document the schema forbids (version 2.0, a result without a message).
        let bad = CLIRunner.temporaryFile("bad.sarif")
        try Data(#"{"version": "2.0", "runs": [{"tool": {"driver": {"name": "x"}}, "results": [{"ruleId": "r"}]}]}"#.utf8)
            .write(to: URL(fileURLWithPath: bad))
        defer { try? FileManager.default.removeItem(atPath: bad) }
        #expect(try sarifErrors(bad, python: python) != nil)
    }

    @Test func sarifShape() throws {
        let out = try CLIRunner.run(["audit", "--tree", login, "--baseline", login, "--format", "sarif"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
        #expect(json["version"] as? String == "2.1.0")
        let run = try #require((json["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0["baselineState"] as? String == "unchanged" })
        let location = try #require(((results[0]["locations"] as? [[String: Any]])?.first?["logicalLocations"] as? [[String: Any]])?.first)
        #expect(location["kind"] as? String == "element")
        #expect((location["fullyQualifiedName"] as? String)?.hasPrefix("xpath:") == true
                || (location["fullyQualifiedName"] as? String)?.hasPrefix("espresso:") == true)
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } .contains("touch-target"))
    }

    @Test func junitIsOneCaseARuleFailingOnNewFindings() throws {
        let out = try CLIRunner.run(["audit", "--tree", login, "--format", "junit"])
        #expect(out.status == 1)
        let doc = try XMLDocument(data: Data(out.stdout.utf8))
        let suites = try doc.nodes(forXPath: "//testsuite")
        #expect(suites.count == 1)
        // Ten rules run on Android; speakable-text, touch-target, editable-content-desc and missing-id fail.
        #expect(try doc.nodes(forXPath: "//testcase").count == Rule.all.count)
        #expect(try doc.nodes(forXPath: "//testcase[failure]/@name").compactMap(\.stringValue).sorted()
                == ["editable-content-desc", "missing-id", "speakable-text", "touch-target"])
        let known = try CLIRunner.run(["audit", "--tree", login, "--baseline", login, "--format", "junit"])
        #expect(known.status == 0)
        #expect(try XMLDocument(data: Data(known.stdout.utf8)).nodes(forXPath: "//failure").isEmpty)
    }

    @Test func htmlShowsTheFindingsOverTheWireframe() throws {
        let file = CLIRunner.temporaryFile("audit.html")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let out = try CLIRunner.run(["audit", "--tree", kiwix, "--html", file])
        #expect(out.status == 1)
        let page = try String(contentsOfFile: file, encoding: .utf8)
        #expect(page.contains("Content-Security-Policy"))
        #expect(page.components(separatedBy: "<li class=\"edit finding\"").count - 1 == 17)
        // The Settings button's finding lights its box (node 9, uid 10).
        #expect(page.contains("data-new=\"9\""))
        #expect(page.contains("class=\"box\" data-id=\"9\""))
        // Without a baseline there is one wireframe, the recording's.
        #expect(!page.contains("data-side=\"old\">"))
        let withBaseline = try CLIRunner.run(["audit", "--tree", kiwix, "--baseline", kiwix, "--html", file])
        #expect(withBaseline.status == 0)
        let page2 = try String(contentsOfFile: file, encoding: .utf8)
        #expect(page2.contains("<figcaption>baseline</figcaption>"))
        #expect(page2.contains("known "))
    }

    @Test func timeoutStopsTheRun() throws {
        let out = try CLIRunner.run(["audit", "--tree", fixturePath("real/uiautomator_android_wecom_window_dump.xml"), "--timeout", "0.000001"])
        #expect(out.status == 3)
        #expect(out.stderr.contains("--timeout"))
    }

    @Test func listRules() throws {
        let out = try CLIRunner.run(["audit", "--list-rules"])
        #expect(out.status == 0)
        #expect(out.stdout.split(separator: "\n").count == Rule.all.count)
        #expect(out.stdout.contains("editable-content-desc"))
    }
}
