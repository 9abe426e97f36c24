import HierarchyFormats
import SelectorCore
import Testing
import ViewSelectorsTesting
import XPathEngine

/// XPath as WebDriverAgent evaluates it (issue 29, item 2): the XPath 2 functions it registers
/// (FBXPathExtensions.m) with XPath 2's semantics, relative paths from the document element
/// (FBXPath.m: `xpathCtx->node = doc->children`), and `round(-0)`.
///
/// A selector must select views, so a boolean `B` from WebDriverAgent's tests is asked as
/// `/*[B]` (the document element when `B` is true) and a string `S` as `/*[S = 'expected']`.
@Suite struct WDAXPathTests {
    /// WebDriverAgent's FBXPathTests snapshot: one `XCUIElementTypeOther`, name `testName`.
    static let snapshot = N("XCUIElementTypeOther", "other", [
        ("name", "testName"), ("label", "Hello World"), ("value", "One-Two-Three"),
    ]).build()
    /// FBXPathTests' flag test: a label with a line break.
    static let multiline = N("XCUIElementTypeOther", "other", [("label", "a\nb")]).build()

    static let settingsFile = testsDirectory + "/Fixtures/real/xcuitest_ios_settings_zh_uiautodev.xml"
    static let settings: ViewTree = try! HierarchyFormat.loadDetecting(try! FileIO.read(settingsFile)).0

    static func holds(_ expression: String, in tree: ViewTree = snapshot) throws -> Bool {
        try xpathRegistry.select("/*[" + expression + "]", engine: "xpath", in: tree) == [0]
    }

    static func refusal(_ selector: String) -> SelectorError? {
        do { _ = try XPathEngine().compile(selector); return nil } catch { return error }
    }

    static func labels(_ selector: String, in tree: ViewTree = settings) throws -> [String] {
        try xpathRegistry.select(selector, engine: "xpath", in: tree).map { v in
            tree.value("label", of: v).map(XPathText.attribute) ?? ""
        }
    }

    // MARK: WebDriverAgent's unit tests (FBXPathTests.m), their expressions verbatim

    @Test("FBXPathTests.testXPathExtensionFunctions")
    func extensionFunctions() throws {
        #expect(try Self.holds("matches(//XCUIElementTypeOther/@label, 'Hello.*')"))
        #expect(try !Self.holds("matches(//XCUIElementTypeOther/@label, 'hello.*')"))
        #expect(try Self.holds("matches(//XCUIElementTypeOther/@label, 'hello.*', 'i')"))
        #expect(try Self.holds("ends-with(//XCUIElementTypeOther/@name, 'Name')"))
        #expect(try !Self.holds("ends-with(//XCUIElementTypeOther/@name, 'Foo')"))
        #expect(try Self.holds("lower-case(//XCUIElementTypeOther/@label) = 'hello world'"))
        #expect(try Self.holds("upper-case(//XCUIElementTypeOther/@name) = 'TESTNAME'"))
        #expect(try Self.holds("replace(//XCUIElementTypeOther/@value, '-', '_') = 'One_Two_Three'"))
        #expect(try Self.holds("string-join(tokenize(//XCUIElementTypeOther/@value, '-'), '|') = 'One|Two|Three'"))
    }

    @Test("FBXPathTests.testXPathRegexFlagsAffectEvaluation")
    func regexFlags() throws {
        let t = Self.multiline
        #expect(try Self.holds("matches(//*/@label, 'a.b', 's')", in: t))
        #expect(try !Self.holds("matches(//*/@label, 'a.b')", in: t))
        #expect(try Self.holds("matches(//*/@label, '^b', 'm')", in: t))
        #expect(try !Self.holds("matches(//*/@label, '^b')", in: t))
        #expect(try Self.holds("matches('ab', 'a b', 'x')", in: t))
        #expect(try Self.holds("matches('a#b', 'a#b', 'x')", in: t))
        #expect(try Self.holds("matches(' ', '[ ]', 'x')", in: t))
        #expect(try Self.holds("replace('abc', '.', 'X', 'q') = 'abc'", in: t))
        #expect(try Self.holds("replace('a.b', '.', '$1', 'q') = 'a$1b'", in: t))
        #expect(try Self.holds("replace('A B', 'a b', 'X', 'qix') = 'X'", in: t))
    }

    /// FBXPathTests.testInvalidXPathExtensionRegexp and testInvalidXPathExtensionFunctionArity:
    /// WebDriverAgent fails each; here each is refused when compiled, at the column of the problem.
    @Test(arguments: [
        ("matches(//XCUIElementTypeOther/@label, '[')", "invalid regular expression: missing terminating ] for character class", 42),
        ("replace(//XCUIElementTypeOther/@label, '[', '')", "invalid regular expression: missing terminating ] for character class", 42),
        ("tokenize(//XCUIElementTypeOther/@value, '[')", "invalid regular expression: missing terminating ] for character class", 43),
        ("matches(//XCUIElementTypeOther/@label, 'a', 'z')", "matches(): unknown regex flag 'z' (XPath 2 defines s, m, i, x)", 46),
        ("//XCUIElementTypeOther[matches(@label, '[')]", "invalid regular expression: missing terminating ] for character class", 42),
        ("matches(//XCUIElementTypeOther/@label)", "matches() takes 2 or 3 arguments, not 1", 1),
        ("lower-case()", "lower-case() takes 1 argument, not 0", 1),
        ("string-join(//XCUIElementTypeOther/@label)", "string-join() takes 2 arguments, not 1", 1),
        ("replace(//XCUIElementTypeOther/@label, '-')", "replace() takes 3 or 4 arguments, not 2", 1),
        ("//XCUIElementTypeOther[matches(@label)]", "matches() takes 2 or 3 arguments, not 1", 24),
        ("//XCUIElementTypeOther[lower-case()]", "lower-case() takes 1 argument, not 0", 24),
        ("//XCUIElementTypeOther[string-join(@label)]", "string-join() takes 2 arguments, not 1", 24),
        ("//XCUIElementTypeOther[replace(@label, '-')]", "replace() takes 3 or 4 arguments, not 2", 24),
    ])
    func wdaFailures(_ selector: String, _ message: String, _ column: Int) throws {
        let error = try #require(Self.refusal(selector), "\(selector) compiled")
        #expect(error.kind == .syntax)
        #expect(error.message == message, "\(selector)")
        #expect(error.column == column, "\(selector)")
    }

    // MARK: XPath 2 semantics (F&O 7.4-7.6 and their examples)

    @Test(arguments: [
        // fn:replace (7.6.3)
        "replace('abracadabra', 'bra', '*') = 'a*cada*'",
        "replace('abracadabra', 'a.*a', '*') = '*'",
        "replace('abracadabra', 'a.*?a', '*') = '*c*bra'",
        "replace('abracadabra', 'a', '') = 'brcdbr'",
        "replace('abracadabra', 'a(.)', 'a$1$1') = 'abbraccaddabbra'",
        "replace('AAAA', 'A+', 'b') = 'b'",
        "replace('AAAA', 'A+?', 'b') = 'bbbb'",
        "replace('darted', '^(.*?)d(.*)$', '$1c$2') = 'carted'",
        "replace('a-b', '(-)', '\\$$1\\\\') = 'a$-\\b'",
        "replace('abc', '(b)', '$2') = 'ac'",
        "replace('abc', '(b)', '$10') = 'ab0c'",
        "replace('Hello', 'L', '_', 'i') = 'He__o'",
        "replace('', 'a', 'b') = ''",
        // fn:tokenize (7.6.4)
        "string-join(tokenize('The cat sat on the mat', '\\s+'), '|') = 'The|cat|sat|on|the|mat'",
        "string-join(tokenize('1, 15, 24, 50', ',\\s*'), '|') = '1|15|24|50'",
        "string-join(tokenize('1,15,,24,50,', ','), '|') = '1|15||24|50|'",
        "count(tokenize('1,15,,24,50,', ',')) = 6",
        "string-join(tokenize('Some unparsed <br> HTML <BR> text', '\\s*<br>\\s*', 'i'), '|') = 'Some unparsed|HTML|text'",
        "count(tokenize('', ',')) = 0",
        "count(tokenize('  a  b c ')) = 3",
        "string-join(tokenize('  a  b c '), '+') = 'a+b+c'",
        "tokenize('a b c', ' ') = 'b'",
        "not(tokenize('a b c', ' ') = 'd')",
        "tokenize('1 2 30', ' ') > 20",
        "string(tokenize('x,y', ',')) = 'x'",
        // fn:upper-case, fn:lower-case (7.4.7, 7.4.8): full Unicode mappings
        "upper-case('abCd0') = 'ABCD0'",
        "lower-case('ABc!D') = 'abc!d'",
        "upper-case('straße') = 'STRASSE'",
        "lower-case('ΣΑΣ') = 'σασ' or lower-case('ΣΑΣ') = 'σας'",
        // fn:ends-with (7.5.2)
        "ends-with('tattoo', 'tattoo')",
        "not(ends-with('tattoo', 'atto'))",
        "ends-with('tattoo', '')",
        "ends-with('日本語', '本語')",
        // fn:string-join (7.4.2)
        "string-join(//*/@name, ', ') = 'testName'",
        "string-join('one', '-') = 'one'",
        "string-join(tokenize('a b c'), '') = 'abc'",
        // fn:matches (7.6.2)
        "matches('abracadabra', 'bra')",
        "matches('abracadabra', '^a.*a$')",
        "not(matches('abracadabra', '^bra'))",
        "matches('', '')",
        "matches('AbC', concat('ab', 'c'), 'i')",
        "not(matches('AbC', concat('ab', 'c')))",
    ])
    func xpath2(_ expression: String) throws {
        #expect(try Self.holds(expression), "\(expression)")
    }

    /// Patterns, flags and replacements XPath 2 refuses, at their column: an empty-matching pattern
    /// for replace() and tokenize() (FORX0003), flags other than s, m, i, x (FORX0001; `q` only in
    /// replace(), as WebDriverAgent), a bad `\` or `$` in a replacement (FORX0004).
    @Test(arguments: [
        ("//A[replace(@x, '.*?', '$1')]", "replace(): the pattern matches the empty string", 17),
        ("//A[tokenize(@x, 'a*')]", "tokenize(): the pattern matches the empty string", 18),
        ("//A[tokenize('abba', '.?')]", "tokenize(): the pattern matches the empty string", 22),
        ("//A[matches(@x, 'a', 'iz')]", "matches(): unknown regex flag 'z' (XPath 2 defines s, m, i, x)", 24),
        ("//A[matches(@x, 'a', 'q')]", "matches(): unknown regex flag 'q' (XPath 2 defines s, m, i, x)", 23),
        ("//A[tokenize(@x, 'a', 'g')]", "tokenize(): unknown regex flag 'g' (XPath 2 defines s, m, i, x)", 24),
        ("//A[replace(@x, 'a', 'b', 'smU')]", "replace(): unknown regex flag 'U' (XPath 2 defines s, m, i, x and q)", 30),
        ("//A[replace(@x, 'a', 'b\\c')]", "replace(): '\\' in a replacement must be followed by '\\' or '$'", 24),
        ("//A[replace(@x, 'a', 'b$')]", "replace(): '$' in a replacement must be followed by a digit", 24),
        ("//A[replace(@x, 'a', '$x')]", "replace(): '$' in a replacement must be followed by a digit", 23),
        ("//A[matches(@x, 'a(', 'x')]", "invalid regular expression: missing closing parenthesis", 20),
        ("//A[matches(@x, 'a  (', 'x')]", "invalid regular expression: missing closing parenthesis", 22),
        ("//A[ends-with(@x)]", "ends-with() takes 2 arguments, not 1", 5),
        ("//A[upper-case(@x, 'y')]", "upper-case() takes 1 argument, not 2", 5),
        ("//A[tokenize()]", "tokenize() takes 1 to 3 arguments, not 0", 5),
        ("//A[matches(@x, 'a', 'i', 'j')]", "matches() takes 2 or 3 arguments, not 4", 5),
        ("tokenize('a b')", "the expression is a string sequence, not a node-set: a selector must select views", 1),
        ("tokenize('a b')[1]", "a predicate filters a node-set, not a string sequence", 1),
        ("//A[sum(tokenize('1 2'))]", "sum() takes a node-set, not a string sequence", 5),
    ])
    func xpath2Errors(_ selector: String, _ message: String, _ column: Int) throws {
        let error = try #require(Self.refusal(selector), "\(selector) compiled")
        #expect(error.kind == .syntax, "\(selector)")
        #expect(error.message == message, "\(selector)")
        #expect(error.column == column, "\(selector)")
    }

    /// Patterns and flags known only when evaluated fail the query with the same rules.
    @Test(arguments: [
        ("/*[matches(@label, concat('[', ''))]", "matches(): invalid regular expression: missing terminating ] for character class"),
        ("/*[matches(@label, 'a', concat('z', ''))]", "matches(): unknown regex flag 'z'"),
        ("/*[replace(@label, concat('a', '*'), '')]", "replace(): the pattern matches the empty string"),
        ("/*[replace(@label, 'l', concat('$', ''))]", "replace(): '$' in a replacement must be followed by a digit"),
        ("/*[tokenize(@label, 'o', concat('k', ''))]", "tokenize(): unknown regex flag 'k'"),
    ])
    func runtimeErrors(_ selector: String, _ message: String) {
        do {
            _ = try xpathRegistry.select(selector, engine: "xpath", in: Self.snapshot)
            Issue.record("\(selector) answered")
        } catch {
            #expect(error.kind == .evaluation, "\(selector)")
            #expect(error.message == message, "\(selector)")
        }
    }

    /// Dynamic patterns and flags give what literal ones give.
    @Test func dynamicPatterns() throws {
        #expect(try Self.holds("replace(@label, concat('o', ''), '0', concat('', 'i')) = 'Hell0 W0rld'"))
        #expect(try Self.holds("string-join(tokenize(@value, concat('', '-')), '+') = 'One+Two+Three'"))
        #expect(try Self.holds("matches(@label, concat('^hello', ''), concat('i', ''))"))
    }

    // MARK: WebDriverAgent's integration locators (FBXPathIntegrationTests.m), on a real recording

    /// The forms of FBXPathIntegrationTests' extension-function lookups, on the Settings screen
    /// recorded from an iPhone (their own app is not recorded here): each label they expect is
    /// replaced by one on this screen.
    @Test func integrationLocators() throws {
        #expect(try Self.labels("//XCUIElementTypeCell[matches(@label, '^蓝牙$')]") == ["蓝牙"])
        #expect(try Self.labels("//XCUIElementTypeCell[matches(@label, '^app store$', 'i')]") == ["App Store"])
        #expect(try Self.labels("//XCUIElementTypeCell[ends-with(@label, '模式')]") == ["飞行模式", "专注模式"])
        #expect(try Self.labels("//XCUIElementTypeCell[lower-case(@label)='app store']") == ["App Store"])
        #expect(try Self.labels("//XCUIElementTypeCell[upper-case(@label)='APP STORE']") == ["App Store"])
        #expect(try Self.labels("//XCUIElementTypeCell[replace(@label, ' ', '')='AppStore']") == ["App Store"])
        #expect(try Self.labels("//XCUIElementTypeCell[string-join(tokenize(@label, ' '), '-')='App-Store']") == ["App Store"])
        #expect(try Self.labels("//XCUIElementTypeCell[matches(@label, '^NoSuchButton$')]") == [])
        let cells = try xpathRegistry.select("//XCUIElementTypeCell", engine: "xpath", in: Self.settings)
        #expect(try xpathRegistry.select("//XCUIElementTypeCell[matches(@label, '.*')]", engine: "xpath", in: Self.settings) == cells)
        #expect(cells.count == 61)
        // `.//XCUIElementTypeButton` from the application (testFindMatchesInElementWithDotNotation).
        #expect(try xpathRegistry.select(".//XCUIElementTypeButton", engine: "xpath", in: Self.settings)
                == xpathRegistry.select("//XCUIElementTypeButton", engine: "xpath", in: Self.settings))
    }

    // MARK: Relative paths start at the document element

    @Test func relativePathsOnARecording() throws {
        let t = Self.settings
        func sel(_ s: String) throws -> [NodeID] { try xpathRegistry.select(s, engine: "xpath", in: t) }
        #expect(t.className(of: 0) == "XCUIElementTypeApplication")
        let windows = try sel("/XCUIElementTypeApplication/XCUIElementTypeWindow")
        #expect(windows.count == 2)
        #expect(try sel("XCUIElementTypeWindow") == windows)
        #expect(try sel("./XCUIElementTypeWindow") == windows)
        #expect(try sel("*") == windows)
        #expect(try sel(".") == [0])
        #expect(try sel("self::XCUIElementTypeApplication") == [0])
        #expect(try sel("self::node()[@name='设置']") == [0])
        #expect(try sel("XCUIElementTypeApplication") == [])
        #expect(try sel("..") == [])
        #expect(try sel("(XCUIElementTypeWindow)[2]") == [windows[1]])
        #expect(try sel("XCUIElementTypeWindow[1]//XCUIElementTypeCell[@label='蓝牙']")
                == sel("//XCUIElementTypeCell[@label='蓝牙']"))
        #expect(try sel("XCUIElementTypeWindow | //XCUIElementTypeTable") == (windows + sel("//XCUIElementTypeTable")).sorted())
        #expect(try sel("XCUIElementTypeWindow[last()]/following-sibling::*") == [])
        #expect(try sel("//XCUIElementTypeTable") == sel("/XCUIElementTypeApplication//XCUIElementTypeTable"))
    }

    @Test func relativePathsOnTheSampleApp() throws {
        let t = try ViewTree.loadDump(try FileIO.read(testsDirectory + "/../Sources/ViewSelectors/Resources/sample-app.json"))
        func uids(_ s: String) throws -> [String] { try xpathRegistry.selectUIDs(s, engine: "xpath", in: t) }
        #expect(try uids(".") == ["1092"])
        #expect(try uids("UILayoutContainerView") == ["1091"])
        #expect(try uids("UILayoutContainerView/UITabBar/UITabBarButton[1]") == ["1080"])
        #expect(try uids("UILayoutContainerView/UITabBar/UITabBarButton[1]") == uids("/UIWindow/UILayoutContainerView/UITabBar/UITabBarButton[1]"))
        #expect(try uids("UIWindow") == [])
    }

    // MARK: round(-0)

    @Test func roundKeepsTheSignOfZero() throws {
        #expect(try Self.holds("1 div round(-0) = -1 div 0"))
        #expect(try Self.holds("1 div round(-0.2) = -1 div 0"))
        #expect(try Self.holds("1 div round(-0.5) = -1 div 0"))
        #expect(try Self.holds("1 div round(0) = 1 div 0"))
        #expect(try Self.holds("1 div round(0.2) = 1 div 0"))
        #expect(try Self.holds("string(round(-0)) = '0'"))
    }

    // MARK: Budgets

    /// replace(), tokenize(), string-join(), lower-case() and upper-case() build strings of at most
    /// 4 MiB, as concat() does.
    @Test func stringLimits() throws {
        let big = String(repeating: "a", count: 1 << 20)
        let tree = N("XCUIElementTypeOther", "o", [("label", .string(big))]).build()
        for e in ["replace(@label, 'a', 'aaaaa')", "string-join(tokenize(@label, 'a'), 'xxxxx')",
                  "string-join(tokenize(replace(@label, 'a', 'a b'), ' '), 'xxxxx')"] {
            do {
                _ = try xpathRegistry.select("/*[" + e + "]", engine: "xpath", in: tree)
                Issue.record("\(e) answered")
            } catch {
                #expect(error.kind == .limit, "\(e)")
                #expect(error.message.hasSuffix("would build a string longer than 4194304 bytes, the limit of one XPath string value"), "\(e)")
            }
        }
        // Under the limit they answer.
        #expect(try xpathRegistry.select("/*[string-length(replace(@label, 'a', 'bb')) = 2097152]", engine: "xpath", in: tree) == [0])
        #expect(try xpathRegistry.select("/*[count(tokenize(replace(@label, 'aaaa', 'a '))) = 262144]", engine: "xpath", in: tree) == [0])
    }

    /// A replace() over a megabyte label stops at the query's deadline, inside one match.
    @Test func replaceStopsAtTheDeadline() throws {
        let big = String(repeating: "a", count: 1 << 20)
        let tree = N("XCUIElementTypeOther", "o", [("label", .string(big))]).build()
        let registry = XPathBudgetTests.budgeted
        let start = ContinuousClock.now
        do {
            _ = try registry.select("/*[replace(@label, 'a{60000}$', 'b') = '']", engine: "xpath", in: tree)
            Issue.record("answered")
        } catch {
            #expect(error.kind == .deadline)
        }
        #expect(ContinuousClock.now - start < .seconds(5))
    }
}
