import Testing

/// `frankly explain` and `frankly select --strict` on the embedded sample app (issue 21).
@Suite("frankly explain and select --strict")
struct ExplainCLITests {
    @Test("explain prints the steps, the near miss and the fix; exit 0")
    func explain() throws {
        let out = try CLIRunner.run(["explain", "--engine", "shelley", "--", "button marked:'Log in'"])
        #expect(out.status == 0)
        #expect(out.stdout == """
            shelley> button marked:'Log in'
            start .windows  → 1 view
            1  axis descendants  document  filter kindOf(UIButton) ∧ accessibilityLabel ⊇ "Log in" (U+00A0 read as space)  → 0 views
            No views: step 1: none of its 91 views (descendants of 1 view) passes its filter
            Nearest misses (1), failing one test:
              UIButton "Log In" (uid 1059): accessibilityLabel is "Log In", wanted one containing "Log in"
            Suggested fix: button marked:'Log In'

            """)
    }

    @Test("explain --format json is what /inspector/explain answers")
    func json() throws {
        let out = try CLIRunner.run(["explain", "--engine", "uiquery", "--format", "json", "view:'UIButton' marked:'Delete'"])
        #expect(out.status == 0)
        #expect(out.stdout.hasPrefix(#"{"selector":"view:'UIButton' marked:'Delete'","engine":"uiquery","count":10,"#))
        #expect(out.stdout.contains(#""moreCandidates":0"#))
    }

    @Test("explain: a malformed selector is the usual error, exit 2")
    func malformed() throws {
        let out = try CLIRunner.run(["explain", "--engine", "shelley", "view:'UIButton' marked:'x"])
        #expect(out.status == 2)
        #expect(out.stderr.hasPrefix("frankly: invalid selector: "))
    }

    @Test("select --strict: exactly one view passes; none or several fail with the explanation")
    func strict() throws {
        let one = try CLIRunner.run(["select", "--strict", "--engine", "shelley", "view:'UIButton' markedExactly:'Log In'"])
        #expect(one.status == 0)
        #expect(one.stdout == "1059\n")

        let several = try CLIRunner.run(["select", "--strict", "--engine", "shelley", "button marked:'Delete'"])
        #expect(several.status == 1)
        #expect(several.stdout == "")
        #expect(several.stderr.contains("10 views selected where one was expected:"))
        #expect(several.stderr.hasSuffix("frankly: strict: the selector selected 10 views, not exactly one\n"))

        let none = try CLIRunner.run(["select", "--strict", "--engine", "shelley", "button marked:'Log in'"])
        #expect(none.status == 1)
        #expect(none.stderr.contains("Suggested fix: button marked:'Log In'"))

        // Without --strict, as before: the first of several, or nothing, and exit 0.
        #expect(try CLIRunner.run(["select", "--engine", "shelley", "button marked:'Log in'"]).status == 0)
    }
}
