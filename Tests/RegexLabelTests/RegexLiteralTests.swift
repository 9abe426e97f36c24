@testable import RegexLabelEngine
import SelectorCore
import Testing
import ViewSelectorsTesting

// Patterns that are text compile to the core's string tests; these tests hold that to PCRE2 itself.
// Each pattern is run both ways (the engine's program, and the same step with the pattern forced
// through PCRE2) on values chosen where the two could part: a final newline of each kind, two
// newlines, empty values, non-ASCII text, canonically equivalent spellings (the Kelvin sign and `K`,
// U+037E and `;`, `é` composed and decomposed, which a tree's value pool merges), caseless
// partners (`ſ` and `s`, `İ` and `i`), NUL and U+00A0.

/// Values where a literal test and PCRE2 could disagree, each also with the text around it.
private let trickyValues: [String] = {
    let cores = ["Row 7-3", "Row 7-", "Row 7-31", "row 7-3", "Row 7-3\n", "Row 7-3\r\n", "Row 7-3\r", "Row 7-3\n\n",
                 "Row 7-3\u{0B}", "Row 7-3\u{85}", "Row 7-3\u{2028}", "\nRow 7-3", "Delete", "Delete\n", "", "\n", "\r\n",
                 "K", "\u{212A}", "Kelvin", "\u{212A}elvin", ";", "\u{037E}", "a;b", "a\u{037E}b", "`", "\u{1FEF}",
                 "café", "cafe\u{0301}", "CAFÉ", "s", "\u{017F}", "S", "i", "\u{0130}", "\u{0131}", "12-3", "12-3\n",
                 "a.b", "axb", "$5", "a b", "ab", "a#b", "a\u{00A0}b", "a\u{0}b", "Row\u{00A0}7-3", "🎉 Party", "x"]
    return cores + cores.flatMap { [$0 + " tail", "head " + $0] }
}()

/// Selectors whose pattern is text, the core test they compile to (printed), and those that stay
/// with PCRE2 (nil) because the core's test would not decide exactly as PCRE2 does.
let literalCases: [(selector: String, compiled: String?)] = [
    ("/^Row 7-/", #"accessibilityLabel ^= "Row 7-""#),
    ("/Row 7-/", #"accessibilityLabel ⊇ "Row 7-""#),
    ("/-3$/", #"accessibilityLabel $= "-3" ∨ accessibilityLabel $= "-3\n""#),
    (#"/-3\z/"#, #"accessibilityLabel $= "-3""#),
    ("/^Row 7-3$/", #"accessibilityLabel == "Row 7-3" ∨ accessibilityLabel == "Row 7-3\n""#),
    (#"/\ARow 7-3\z/"#, #"accessibilityLabel == "Row 7-3""#),
    (#"/^Row 7-3\Z/"#, #"accessibilityLabel == "Row 7-3" ∨ accessibilityLabel == "Row 7-3\n""#),
    ("/^Delete$/", #"accessibilityLabel == "Delete" ∨ accessibilityLabel == "Delete\n""#),
    ("/^$/", #"accessibilityLabel == "" ∨ accessibilityLabel == "\n""#),
    ("//", #"accessibilityLabel ⊇ """#),
    ("/^/", #"accessibilityLabel ^= """#),
    (#"/^a\.b$/"#, #"accessibilityLabel == "a.b" ∨ accessibilityLabel == "a.b\n""#),
    (#"/^\$5/"#, #"accessibilityLabel ^= "$5""#),
    ("/^12-3$/i", #"accessibilityLabel == "12-3" ∨ accessibilityLabel == "12-3\n""#),
    ("/^ab$/x", #"accessibilityLabel == "ab" ∨ accessibilityLabel == "ab\n""#),
    (#"/^a\ b$/x"#, #"accessibilityLabel == "a b" ∨ accessibilityLabel == "a b\n""#),
    ("/^a#b$/", #"accessibilityLabel == "a#b" ∨ accessibilityLabel == "a#b\n""#),
    (#"/\Aab\z/m"#, #"accessibilityLabel == "ab""#),
    ("/^café/", #"accessibilityLabel ^= "café""#),
    ("/^Row 7-3/su", #"accessibilityLabel ^= "Row 7-3""#),
    ("/🎉/", #"accessibilityLabel ⊇ "🎉""#),
    ("/^Kelvin/", #"accessibilityLabel ^= "Kelvin""#),
    // Stay with PCRE2: equality over text with another spelling, caseless letters, `x` whitespace
    // and comments, `m` anchors, metacharacters, escapes of letters.
    ("/^K$/", nil), ("/^;$/", nil), ("/^café$/", nil), ("/^Row/i", nil), ("/^s/i", nil), ("/^a b$/x", nil),
    ("/^a#b$/x", nil), ("/^ab$/m", nil), ("/^a.b$/", nil), (#"/^\d+$/"#, nil), (#"/^\QRow\E/"#, nil), ("/^a?/", nil),
    ("/^(Row)/", nil), ("/^a{2}/", nil), ("/^]/", nil), ("/a^b/", nil), ("/a$b/", nil), (#"/\bRow/"#, nil), ("/^é/i", nil),
]

/// The engine's program with every pattern forced through PCRE2 (no literal test).
private func pcre2Program(_ selector: String) throws -> SelectorProgram {
    var b = ProgramBuilder(start: .document)
    for step in try RegexParser.parse(selector) {
        var parts: [Predicate] = step.className.map { [.kindOf($0)] } ?? []
        if let pattern = step.pattern {
            let compiled = try PCRE2Pattern(pattern.text, flags: pattern.flags, written: pattern.written)
            parts.append(.string(property: step.property ?? ParsedStep.defaultProperty, .matcher(compiled)))
        }
        b.descendants(.all(parts), unique: true)
    }
    return b.build()
}

private func filter(of program: SelectorProgram) -> Predicate? {
    guard case .axis(_, _, let f, _)? = program.steps.first else { return nil }
    return f
}

@Suite("Regex patterns that are text, against PCRE2")
struct RegexLiteralTests {
    @Test("which patterns compile to the core's tests, and the test each prints as", arguments: literalCases)
    func compiled(_ selector: String, _ expected: String?) throws {
        let program = try RegexEngine().compile(selector)
        let f = try #require(filter(of: program))
        let printed = ProgramPrinterText.of(f)
        if let expected {
            #expect(printed == expected)
            #expect(pattern(in: program) == nil)
        } else {
            #expect(pattern(in: program) != nil, "\(selector) compiled to \(printed)")
        }
    }

    @Test("each literal test decides every tricky value as PCRE2 does", arguments: literalCases)
    func values(_ selector: String, _ expected: String?) throws {
        let literal = try #require(filter(of: try RegexEngine().compile(selector)))
        guard case .string(_, let pcreTest)? = filter(of: try pcre2Program(selector)) else { Issue.record("no PCRE2 test"); return }
        for value in trickyValues {
            let want = try ReferenceInterpreter.stringHolds(pcreTest, value)
            #expect(try holds(literal, value) == want, "\(selector) on \(value.debugDescription)")
        }
    }

    @Test("trees: the engine's program, the PCRE2 program and the reference select the same views",
          arguments: [(1_000, UInt64(51)), (20_000, 52), (100_000, 53)])
    func trees(_ nodes: Int, _ seed: UInt64) throws {
        let tree = labelledTree(nodes: TestScale.views(nodes), seed: seed)
        let reference = ReferenceInterpreter(tree: tree)
        let matcher = Matcher(configuration: .serial)
        var nonEmpty = 0
        for (selector, _) in literalCases {
            let program = try RegexEngine().compile(selector)
            let expected = try reference.select(try pcre2Program(selector))
            #expect(try matcher.select(program, in: tree) == expected, "\(selector) on \(nodes) views")
            #expect(try reference.select(program) == expected, "\(selector) on \(nodes) views (reference)")
            if !expected.isEmpty { nonEmpty += 1 }
        }
        #expect(nonEmpty > literalCases.count / 2)
    }

    @Test("a real recording: UICatalog's /dump")
    func recording() throws {
        let tree = try ViewTree.loadDump(try FileIO.read(fixture("frank-dump-uicatalog.json")))
        let selectors = ["/^Carousel$/", "/^Data /", "/Table/", "/y$/", "UILabel /^UI/", "@class /^UI/", "@class /Cell$/",
                         "@class /^UITableViewCell$/", "/^Root\\z/", "UITableViewCell UILabel /t/", "/^Editable Table$/"]
        var nonEmpty = 0
        for selector in selectors {
            let expected = try ReferenceInterpreter(tree: tree).select(try pcre2Program(selector))
            #expect(try regexRegistry.select(selector, engine: "regex", in: tree) == expected, "\(selector)")
            if !expected.isEmpty { nonEmpty += 1 }
        }
        #expect(nonEmpty >= 6)
    }

    @Test("a pattern that is text is compiled once per selector and kept in the cache")
    func cached() throws {
        let registry = EngineRegistry()
        try registry.register(RegexEngine())
        let first = try registry.compile(#"/^Row \d/"#, engine: "regex")
        #expect(try #require(pattern(in: first.program)) === pattern(in: try registry.compile(#"/^Row \d/"#, engine: "regex").program))
        let literal = try registry.compile("/^Row/", engine: "regex")
        #expect(literal.program == (try registry.compile("/^Row/", engine: "regex")).program)
        #expect(pattern(in: literal.program) == nil)
    }
}

/// Whether `p` (a string test, or an `or` of them) holds for `value`, by the reference's reading.
private func holds(_ p: Predicate, _ value: String) throws -> Bool {
    switch p {
    case .string(_, let test): return try ReferenceInterpreter.stringHolds(test, value)
    case .or(let parts): return try parts.contains { try holds($0, value) }
    default: Issue.record("unexpected predicate \(p)"); return false
    }
}

/// The printed form of a predicate, through a one-step program's text.
private enum ProgramPrinterText {
    static func of(_ p: Predicate) -> String {
        var b = ProgramBuilder(start: .document)
        b.filter(p)
        let line = b.build().description.split(separator: "\n")[1]
        return String(line.dropFirst("1  filter ".count))
    }
}

/// A tree of `nodes` labelled views: table rows as the generated apps label them, and every tricky
/// value in turn, in an order that makes the pool keep either spelling of an equivalent pair first.
private func labelledTree(nodes: Int, seed: UInt64) -> ViewTree {
    var random = SeededRandom(seed: seed)
    func next() -> Int { Int(truncatingIfNeeded: random.next() >> 1) }
    var b = ViewTreeBuilder(reservingCapacity: nodes)
    let window = b.addNode(className: "UIWindow")
    var containers = [window]
    let values = seed % 2 == 0 ? trickyValues : trickyValues.reversed()
    for k in 1..<nodes {
        let isContainer = next() % 4 == 0
        let node = b.addNode(className: isContainer ? "UITableViewCell" : "UILabel", parent: containers[next() % containers.count])
        if isContainer { containers.append(node) }
        switch next() % 4 {
        case 0: b.setString("accessibilityLabel", values[k % values.count], on: node)
        case 1: b.setString("accessibilityLabel", "Row \(next() % 20)-\(next() % 20)", on: node)
        case 2: b.setString("accessibilityLabel", ["Delete", "Share", "Delete\n", "Row 7-3"][next() % 4], on: node)
        default: break
        }
    }
    return b.build()
}

/// The path of a file in Tests/Fixtures.
private func fixture(_ name: String) -> String {
    "/" + #filePath.split(separator: "/").dropLast(2).joined(separator: "/") + "/Fixtures/" + name
}
