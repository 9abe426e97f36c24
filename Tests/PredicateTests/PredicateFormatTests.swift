import HierarchyFormats
import PredicateEngine
import PredicateFormat
import SelectorCore
import Testing
import ViewSelectors
import ViewSelectorsTesting

/// What format strings compile to: the core's predicates, precedence visible in the shape.
@Suite struct PredicateCompileTests {
    let format = PredicateFormat()

    @Test func comparisonsCompileToTheCoresNativePredicates() throws {
        #expect(try format.compile("accessibilityLabel == 'x'") == .string(property: "accessibilityLabel", .equals("x")))
        #expect(try format.compile("text BEGINSWITH[c] 'x'")
                == .string(property: "text", StringTest(.hasPrefix, "x", options: .caseInsensitive)))
        #expect(try format.compile("tag >= 3") == .number(property: "tag", .greaterOrEqual, 3))
        #expect(try format.compile("isOn == YES") == .bool(property: "isOn", true))
        #expect(try format.compile("tag != 3") == .not(.number(property: "tag", .equal, 3)))
        #expect(try format.compile("tag != nil") == .hasProperty("tag"))
        #expect(try format.compile("tag == nil") == .not(.hasProperty("tag")))
        #expect(try format.compile("tag IN {1, 2}")
                == .or([.number(property: "tag", .equal, 1), .number(property: "tag", .equal, 2)]))
        #expect(try format.compile("tag BETWEEN {1, 2}")
                == .and([.number(property: "tag", .greaterOrEqual, 1), .number(property: "tag", .lessOrEqual, 2)]))
        #expect(try format.compile("type == 'UIButton'") == .memberOf("UIButton"))
        #expect(try format.compile("type ==[c] 'uibutton'")
                == .string(property: "class", StringTest(.equals, "uibutton", options: .caseInsensitive)))
        #expect(try format.compile("TRUEPREDICATE") == .any)
        #expect(try format.compile("FALSEPREDICATE") == .none)
    }

    @Test func notBindsTighterThanAndWhichBindsTighterThanOr() throws {
        let a = Predicate.number(property: "a", .equal, 1)
        let b = Predicate.number(property: "b", .equal, 2)
        let c = Predicate.number(property: "c", .equal, 3)
        #expect(try format.compile("a == 1 OR b == 2 AND c == 3") == .or([a, .and([b, c])]))
        #expect(try format.compile("a == 1 AND b == 2 OR c == 3") == .or([.and([a, b]), c]))
        #expect(try format.compile("NOT a == 1 AND b == 2") == .and([.not(a), b]))
        #expect(try format.compile("NOT (a == 1 AND b == 2)") == .not(.and([a, b])))
        #expect(try format.compile("a == 1 or b == 2 or c == 3") == .or([a, b, c]))
        #expect(try format.compile("(a == 1) && !(b == 2) || c == 3") == .or([.and([a, .not(b)]), c]))
    }

    @Test func aliasesReadTheFirstPropertyAViewHas() throws {
        let label = try format.compile("label == 'x'")
        #expect(label == .or([.string(property: "accessibilityLabel", .equals("x")),
                              .and([.not(.hasProperty("accessibilityLabel")), .string(property: "label", .equals("x"))])]))
        // The absolute frame's part first (every loaded recording keeps the frame whole), then
        // XCUITest's own `x` attribute.
        #expect(try format.compile("rect.x < 10") == .or([
            .number(property: "accessibilityFrame.x", .less, 10),
            .and([.not(.hasProperty("accessibilityFrame.x")), .number(property: "x", .less, 10)])]))
    }

    @Test func whatTheCoreCannotSayBecomesAMatcher() throws {
        guard case .string("accessibilityLabel", let test) = try format.compile("accessibilityLabel LIKE[cd] 'a*'"),
              case .matcher(let m) = test.operation else {
            Issue.record("LIKE should compile to a string matcher"); return
        }
        #expect(m.description == #"LIKE[cd] "a*""#)
        guard case .string(_, let regex) = try format.compile("accessibilityLabel MATCHES 'a.c'"),
              case .matcher(let r) = regex.operation else {
            Issue.record("MATCHES should compile to a string matcher"); return
        }
        #expect(r.description == #"MATCHES "a.c""#)
    }

    @Test func theEngineSearchesEveryViewFromTheRootsInDocumentOrder() throws {
        let program = try PredicateEngine().compile("tag == 1")
        #expect(program.start == .roots)
        #expect(program.steps == [.axis(.descendantsOrSelf, order: .document, filter: .number(property: "tag", .equal, 1), unique: true),
                                  .sortInDocumentOrder])
    }

    @Test func likeWildcards() {
        func like(_ pattern: String, _ subject: String) -> Bool {
            GlobLike.matches(pattern, subject)
        }
        #expect(like("*", ""))
        #expect(like("a*", "a"))
        #expect(like("*a*b*", "xxaxxbxx"))
        #expect(!like("*a*b*", "xxbxxaxx"))
        #expect(like("??", "ab"))
        #expect(!like("??", "abc"))
        #expect(like("a\\*", "a*"))
        #expect(!like("a\\*", "ab"))
        // Linear enough: a long subject against many stars does not take exponential time.
        #expect(!like(String(repeating: "*a", count: 50) + "b", String(repeating: "a", count: 2_000)))
    }
}

/// `LIKE` through the public matcher, as the core would run it.
enum GlobLike {
    static func matches(_ pattern: String, _ subject: String) -> Bool {
        let evaluator = FoldedStringMatcher(.like, pattern, folding: []).makeEvaluator()
        return (try? Array(subject.utf8).withUnsafeBufferPointer { try evaluator.matches($0) }) ?? false
    }
}

/// MATCHES runs under the regex engine's PCRE2 limits: a runaway pattern is an error, not a hang.
@Suite struct PredicateRegexLimitTests {
    static let catastrophic = N("UIWindow", "win", [], [
        N("UILabel", "ok", label: "aaaa"),
        N("UILabel", "evil", label: String(repeating: "a", count: 40) + "b"),
    ]).build()

    @Test func catastrophicBacktrackingStopsWithAMatchLimitError() throws {
        let error = #expect(throws: SelectorError.self) {
            try predicateRegistry.select("accessibilityLabel MATCHES '(a+)+'", engine: "predicate", in: Self.catastrophic)
        }
        #expect(error?.kind == .limit)
        #expect(error?.message.hasPrefix(#"regex match limit exceeded in MATCHES "(a+)+""#) == true)
        #expect(error?.engine == "predicate")
    }

    @Test(arguments: [true, false])
    func bothMatchPathsStopAtTheMatchLimit(jit: Bool) throws {
        let matcher = try RegexMatcher("(a+)+", jit: jit)
        let evaluator = matcher.makeEvaluator()
        let evil = Array((String(repeating: "a", count: 40) + "b").utf8)
        let error = #expect(throws: SelectorError.self) { try evil.withUnsafeBufferPointer { try evaluator.matches($0) } }
        #expect(error?.kind == .limit)
        #expect(try Array("aaaa".utf8).withUnsafeBufferPointer { try evaluator.matches($0) })
        #expect(try !Array("aaaab".utf8).withUnsafeBufferPointer { try evaluator.matches($0) })
    }

    @Test func theDefaultLimitsAreTheRegexEnginesFigures() {
        #expect(RegexMatchLimits().matchLimit == 1_000_000)
        #expect(RegexMatchLimits().depthLimit == 50_000)
    }

    @Test func anHonestPatternOnTheSameTreeStillMatches() throws {
        #expect(try select("accessibilityLabel MATCHES 'a+'", in: Self.catastrophic) == ["ok"])
    }
}

/// The engine as registered by default, and its suggestions for the inspector.
@Suite struct PredicateRegistrationTests {
    @Test func theStandardRegistryHasTheEngineAndKeepsUIQueryTheDefault() throws {
        let registry = EngineRegistry.standard()
        #expect(registry.names.contains("predicate"))
        #expect(registry.defaultEngine == "uiquery")
        #expect(try registry.selectUIDs("type == 'UISwitch' AND isOn == YES", engine: "predicate", in: sampleTree) == ["wifi"])
    }

    @Test func chainsMixEngines() throws {
        let registry = EngineRegistry.standard()
        let uids = try registry.selectUIDs("predicate:accessibilityLabel BEGINSWITH 'Blue' >> predicate:type == 'UIButton'",
                                           in: sampleTree)
        #expect(uids == ["blue"])
    }

    @Test func suggestionsSelectExactlyTheView() throws {
        let registry = EngineRegistry.standard()
        func suggestion(_ uid: String) -> SelectorSuggestion? {
            registry.suggestion(engine: "predicate", for: sampleTree.node(withUID: uid)!, in: sampleTree)
        }
        #expect(suggestion("blue")?.selector == "accessibilityIdentifier == 'btn.blue'")
        #expect(suggestion("wifi")?.selector == "type == 'UISwitch' AND accessibilityLabel == 'Wi-Fi'")
        #expect(suggestion("quote")?.selector == #"type == 'UILabel' AND accessibilityLabel == 'It\'s "quoted" \\ here'"#)
        #expect(suggestion("quote")?.unique == true)
        #expect(suggestion("field")?.selector == "type == 'UITextField'")
    }
}

/// Real XCUITest recordings (Tests/Fixtures/real): XCUITest's own key names.
@Suite struct PredicateRecordingTests {
    static func load(_ name: String) throws -> ViewTree {
        let tests = #filePath.split(separator: "/").dropLast(2).joined(separator: "/")
        return try HierarchyFormat.loadDetecting(try FileIO.read("/" + tests + "/Fixtures/real/" + name)).0
    }

    func labels(_ selector: String, in tree: ViewTree) throws -> [String] {
        try predicateRegistry.select(selector, engine: "predicate", in: tree).map { tree.label(of: $0) ?? "-" }
    }

    @Test func pocketCasts() throws {
        let tree = try Self.load("xcuitest_ios26_pocketcasts_discover_mobium.xml")
        #expect(try labels("type == 'XCUIElementTypeButton' AND rect.y == 165", in: tree)
                == ["All Categories", "Comedy", "Fiction", "History", "Society & Culture", "Technology", "True Crime"])
        #expect(try labels("elementType == 'XCUIElementTypeButton' AND label IN {'Comedy', 'True Crime'}", in: tree)
                == ["Comedy", "True Crime"])
        #expect(try labels("label ENDSWITH[c] 'crime' AND rect.x BETWEEN {800, 820}", in: tree) == ["True Crime"])
        #expect(try labels("name == 'Fiction' AND wdType == 'XCUIElementTypeButton'", in: tree) == ["Fiction"])
        #expect(try labels("value == 'Search podcasts or add RSS URL'", in: tree).count == 1)
        #expect(try predicateRegistry.select("visible == NO", engine: "predicate", in: tree).count == 41)
        #expect(try predicateRegistry.select("visible == NO OR visible == YES", engine: "predicate", in: tree).count == tree.count)
    }

    @Test func settingsInChinese() throws {
        let tree = try Self.load("xcuitest_ios_settings_zh_uiautodev.xml")
        #expect(try labels("type == 'XCUIElementTypeSwitch' AND value == '0'", in: tree) == ["飞行模式"])
        // `value` is a string attribute in page source: a number literal never equals it.
        #expect(try labels("type == 'XCUIElementTypeSwitch' AND value == 0", in: tree) == [])
        #expect(try labels("label == '飞行模式' AND enabled == YES AND visible == NO", in: tree).contains("飞行模式"))
    }

    @Test func kiwix() throws {
        let tree = try Self.load("xcuitest_ios26_kiwix_main_page_mobium.xml")
        #expect(try labels("identifier == 'Kiwix' AND type == 'XCUIElementTypeApplication'", in: tree) == ["Kiwix"])
        #expect(try predicateRegistry.select("type BEGINSWITH 'XCUIElementType'", engine: "predicate", in: tree).count == tree.count)
    }
}

/// Frank's `/dump` (Tests/Fixtures/frank-dump-uicatalog.json) keeps each frame as one value: `rect.*`
/// reads the parts of its absolute `accessibilityFrame`.
@Suite struct PredicateDumpFrameTests {
    @Test func rectReadsTheAbsoluteFramesParts() throws {
        let tests = #filePath.split(separator: "/").dropLast(2).joined(separator: "/")
        let tree = try ViewTree.loadDump(try FileIO.read("/" + tests + "/Fixtures/frank-dump-uicatalog.json"))
        func labels(_ selector: String) throws -> [String] {
            try predicateRegistry.select(selector, engine: "predicate", in: tree).map { tree.label(of: $0) ?? "-" }
        }
        // Cells in the dump come in reuse order, not row order: document order is bottom-up here.
        #expect(try labels("type == 'UILabel' AND rect.y >= 150 AND rect.y < 250")
                == ["UIProgressView", "Data Entry", "Editable Table"])
        #expect(try labels("label != nil AND rect.width == 47 AND wdRect.height == 27") == ["Root"])
        #expect(try labels("accessibilityLabel != nil AND accessibilityFrame.size.height == 416") == ["Empty list"])
        #expect(try labels("rect.x == nil AND label != nil") == [])
    }
}
