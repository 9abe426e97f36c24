import RegexLabelEngine
import SelectorCore
import Testing

/// Selects through a registry that has only the regex engine, serially.
func select(_ selector: String, in tree: ViewTree = sampleTree) throws -> [String] {
    tree.uids(of: try regexRegistry.select(selector, engine: "regex", in: tree))
}

let regexRegistry: EngineRegistry = {
    let r = EngineRegistry(matcher: Matcher(configuration: .serial))
    try! r.register(RegexEngine())
    return r
}()

/// The integration layer: selectors run over the hand-built `sampleTree`.
@Suite struct RegexSelectionTests {
    @Test func aBarePatternSearchesTheLabelsOfTheWholeTree() throws {
        #expect(try select(#"/^Row \d+-3$/"#) == ["c2", "c3"])
    }

    @Test func patternsSearchUnanchoredUnlessAnchored() throws {
        #expect(try select("/7-1/") == ["c1", "c1l"])
        #expect(try select("/^7-1/") == [])
    }

    @Test func aClassNameRestrictsAPatternStepByKind() throws {
        #expect(try select(#"UITableViewCell /^Row \d+-3$/"#) == ["c2", "c3"])
        #expect(try select("UIControl /^S/") == ["save", "submit"])  // UIButton is a UIControl
        #expect(try select("UILabel /^Row/") == ["c1l"])
    }

    @Test func aBareClassNameSelectsByKind() throws {
        #expect(try select("UIButton") == ["save", "submit", "cancel"])
        #expect(try select("UnknownView") == [])
    }

    @Test func chainedStepsSearchTheDescendantsOfThePreviousResults() throws {
        #expect(try select("UITableViewCell /^Row 7-/ UIImageView") == ["c1i", "c2i"])
        #expect(try select("UITableView UITableViewCell /-3$/") == ["c2", "c3"])
        #expect(try select("UITableView UIImageView") == ["c1i", "c2i", "c3i"])
        #expect(try select("UIButton UIImageView") == [])
    }

    @Test func chainedResultsAreInDocumentOrderWithoutDuplicates() throws {
        // Every UIView-kind ancestor of an image view yields it again; each comes back once.
        #expect(try select("UIWindow UIView UIImageView") == ["c1i", "c2i", "c3i"])
        #expect(try select("/Row/ /Row/") == ["c1l"])
    }

    @Test func aClassBeforeAPatternIsOneStepNotTwo() throws {
        // `UITableView /Row/` asks for a table view labelled Row, not rows inside a table view.
        #expect(try select("UITableView /Row/") == [])
    }

    @Test func theCaselessFlagMatchesAnyCase() throws {
        #expect(try select("UIButton /^(save|submit)$/") == [])
        #expect(try select("UIButton /^(save|submit)$/i") == ["save", "submit"])
    }

    @Test func theMultilineFlagLetsAnchorsMatchAtLineBreaks() throws {
        #expect(try select("/^second$/") == [])
        #expect(try select("/^second$/m") == ["lines"])
    }

    @Test func theDotAllFlagLetsDotMatchALineBreak() throws {
        #expect(try select("/first.second/") == [])
        #expect(try select("/first.second/s") == ["lines"])
    }

    @Test func theExtendedFlagIgnoresWhitespaceAndComments() throws {
        #expect(try select("/^ S a v e $ # the save button/x") == ["save"])
    }

    @Test func theUnicodeFlagWidensCharacterClasses() throws {
        #expect(try select(#"UILabel /^\w+$/"#) == [])
        #expect(try select(#"UILabel /^\w+$/u"#) == ["cafe"])
    }

    @Test func unicodeLabelsMatchByCharacterAndFoldCase() throws {
        #expect(try select("/^Café$/i") == ["cafe"])
        #expect(try select("/^CAFÉ$/i") == ["cafe"])
        #expect(try select("/^caf.$/") == ["cafe"])  // one dot, one code point
    }

    @Test func emojiLabelsMatch() throws {
        #expect(try select("/^🎉/") == ["party"])
        #expect(try select(#"/^.\sParty$/"#) == ["party"])
        #expect(try select("/[🎉🎊]/") == ["party"])
    }

    @Test func anEscapedSlashMatchesASlash() throws {
        #expect(try select(#"/^a\/b$/"#) == ["path"])
    }

    @Test func aPropertySelectsTheStringThePatternReads() throws {
        #expect(try select("UITextField @placeholder /e-?mail/i") == ["email"])
        #expect(try select("@placeholder /name$/") == ["name"])
        #expect(try select("@noSuchProperty /./") == [])
        #expect(try select("UITextField /mail/i") == [])  // labels, not placeholders, by default
    }

    @Test func theClassPropertyMatchesClassNames() throws {
        #expect(try select("@class /Cell$/") == ["c1", "c2", "c3"])
    }

    @Test func anEmptyPatternMatchesEveryNodeWithTheProperty() throws {
        #expect(try select("UITextField @placeholder //") == ["email", "name"])
    }

    @Test func aSelectorsPatternIsCompiledOnceAndKeptInTheCache() throws {
        let registry = EngineRegistry()
        try registry.register(RegexEngine())
        // Not text: `/^Row/` compiles to the core's prefix test (RegexLiteralTests), with no pattern to keep.
        let first = try registry.compile("/^R.w/", engine: "regex")
        let second = try registry.compile("/^R.w/", engine: "regex")
        let compiled = try #require(pattern(in: first.program))
        #expect(compiled === pattern(in: second.program))
        #expect(compiled.description == "/^R.w/")
    }
}

/// The compiled pattern of a one-step program.
func pattern(in program: SelectorProgram) -> PCRE2Pattern? {
    guard case .axis(_, _, let filter, _)? = program.steps.first else { return nil }
    let parts: [Predicate]
    if case .and(let ps) = filter { parts = ps } else { parts = [filter] }
    for p in parts {
        if case .string(_, let test) = p, case .matcher(let m) = test.operation { return m as? PCRE2Pattern }
    }
    return nil
}
