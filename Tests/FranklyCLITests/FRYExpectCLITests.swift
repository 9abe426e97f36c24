import Testing

/// `frankly expect --engine fry` on the embedded sample app (two switches, ten Delete buttons).
@Suite(.serialized) struct FRYExpectCLITests {
    @Test("a check prints PASS or FAIL and exits 0, 1 or 2", arguments: [
        ("FRY.lookup(ofKind(UISwitch)).count(2)", Int32(0), "PASS\n", ""),
        ("FRY.lookup(ofKind(UISwitch)).present()", Int32(1), "FAIL: present(): expected 1 view, found 2\n", ""),
        ("FRY.lookupByAccessibilityLabel(\"Log In\").present()", Int32(0), "PASS\n", ""),
        ("FRY.lookup(ofKind(UITableViewCell)).lookup(accessibilityLabel(\"Delete\")).count(20)", Int32(0), "PASS\n", ""),
        ("FRY.lookup(ofKind(UIDatePicker)).absent()", Int32(0), "PASS\n", ""),
        ("FRY.lookup(ofKnd(UISwitch)).count(2)", Int32(2), "", "unknown helper `ofKnd`"),
        ("FRY.lookup(ofKind(UISwitch))", Int32(2), "", "a FRY expectation ends in a check"),
    ])
    func expect(_ query: String, _ status: Int32, _ stdout: String, _ stderr: String) throws {
        let r = try CLIRunner.run(["expect", "--engine", "fry", query])
        #expect(r.status == status, "\(r.stderr)")
        #expect(r.stdout == stdout)
        #expect(stderr.isEmpty || r.stderr.contains(stderr), "\(r.stderr)")
    }

    @Test("select refuses a check with its column")
    func selectRefusesCheck() throws {
        let r = try CLIRunner.run(["select", "--engine", "fry", "FRY.lookup(ofKind(UISwitch)).count(2)"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("`.count(2)` is a check, not a selection: run it with `frankly expect --engine fry` at column 30"))
    }

    @Test("expect still defaults to uiquery and names the engines it takes")
    func engines() throws {
        #expect(try CLIRunner.run(["expect", "view:'UISwitch' should exist"]).stdout == "PASS\n")
        let r = try CLIRunner.run(["expect", "--engine", "shelley", "view"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("expect takes the uiquery or fry engine, not 'shelley'"))
    }
}
