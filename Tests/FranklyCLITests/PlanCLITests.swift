import Testing

/// `frankly select --plan` and `frankly explain --plan` on the embedded sample app (issue 30).
@Suite("frankly select --plan")
struct PlanCLITests {
    @Test("select --plan prints each step's strategy on stderr; stdout keeps the uids")
    func selectPlan() throws {
        let out = try CLIRunner.run(["select", "--engine", "uiquery", "--plan", "tableView tableViewCell label"])
        #expect(out.status == 0)
        #expect(out.stdout.split(separator: "\n").count == 22)
        #expect(out.stderr == "1-3  reverse-chain  1 → 22  scanned 92\n")
    }

    @Test("a >> chain's plan names its parts")
    func chainPlan() throws {
        let out = try CLIRunner.run(["select", "--engine", "shelley", "--plan", "view:'UITableView' >> regex:/Row/"])
        #expect(out.status == 0)
        #expect(out.stderr == """
            part 1
            1  scan  1 → 1  scanned 91
            part 2
            1  scan  1 → 1  scanned 57

            """)
    }

    @Test("explain --plan adds the plan on stderr")
    func explainPlan() throws {
        let out = try CLIRunner.run(["explain", "--engine", "shelley", "--plan", "--", "button marked:'Log In'"])
        #expect(out.status == 0)
        #expect(out.stderr == "1  scan  1 → 1  scanned 91\n")
    }
}
