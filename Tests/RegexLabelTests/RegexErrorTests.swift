import RegexLabelEngine
import SelectorCore
import Testing

/// A selector the engine must refuse, with the exact message and 1-based column people see.
struct ErrorCase: Sendable, CustomTestStringConvertible {
    var name: String
    var selector: String
    var message: String
    var column: Int
    var testDescription: String { name }
}

private let errorCases: [ErrorCase] = [
    ErrorCase(name: "empty selector", selector: "   ",
              message: "empty selector: write at least one step, such as /^OK$/ or UIButton", column: 1),
    ErrorCase(name: "unterminated pattern", selector: "UIButton /save",
              message: #"unterminated pattern: no closing '/' (write '/' inside a pattern as '\/')"#, column: 10),
    ErrorCase(name: "escaped slash does not close", selector: #"/abc\/"#,
              message: #"unterminated pattern: no closing '/' (write '/' inside a pattern as '\/')"#, column: 1),
    ErrorCase(name: "unknown flag", selector: "/save/ig",
              message: "unknown regex flag 'g'; the flags are i, m, s, x and u", column: 8),
    ErrorCase(name: "repeated flag", selector: "/save/ii",
              message: "regex flag 'i' is given twice", column: 8),
    ErrorCase(name: "junk after flags", selector: "/save/i,/x/",
              message: "expected whitespace after the pattern's flags, found ','", column: 8),
    ErrorCase(name: "at without a name", selector: "UIButton @ /x/",
              message: "expected a property name after '@'", column: 11),
    ErrorCase(name: "property without a pattern", selector: "@placeholder UIButton",
              message: "expected /pattern/ after @placeholder", column: 14),
    ErrorCase(name: "stray character", selector: "UIButton #save",
              message: "unexpected '#': a step is [ClassName] [@property] /pattern/flags", column: 10),
    ErrorCase(name: "missing parenthesis", selector: "UIButton /(save|submit/i",
              message: "invalid pattern in step 1: missing closing parenthesis", column: 23),
    ErrorCase(name: "error in a later step", selector: "/a/ UIView UILabel /[z-a]/",
              message: "invalid pattern in step 3: range out of order in character class", column: 24),
    ErrorCase(name: "quantifier numbers out of order", selector: "/a{2,1}b/",
              message: "invalid pattern in step 1: numbers out of order in {} quantifier", column: 7),
    ErrorCase(name: "columns count characters not bytes", selector: "/Café(/",
              message: "invalid pattern in step 1: missing closing parenthesis", column: 7),
    ErrorCase(name: "columns see through escaped slashes", selector: #"/a\/(b/"#,
              message: "invalid pattern in step 1: missing closing parenthesis", column: 7),
    ErrorCase(name: "backslash C is refused", selector: #"/a\Cb/"#,
              message: "invalid pattern in step 1: using \\C is disabled by the application", column: 5),
]

@Suite struct RegexErrorTests {
    @Test(arguments: errorCases)
    func invalidSelectorsNameTheProblemAndItsColumn(_ c: ErrorCase) {
        let error = #expect(throws: SelectorError.self) { try RegexEngine().compile(c.selector) }
        #expect(error?.kind == .syntax)
        #expect(error?.message == c.message)
        #expect(error?.column == c.column)
        #expect(error?.selector == c.selector)
    }

    @Test func theRegistryReportsTheEngineAndSelectorOfAnInvalidPattern() throws {
        let registry = EngineRegistry()
        try registry.register(RegexEngine())
        let error = #expect(throws: SelectorError.self) { try registry.select("/(x/", engine: "regex", in: sampleTree) }
        #expect(error?.engine == "regex")
        #expect(error?.description == "invalid pattern in step 1: missing closing parenthesis at column 4")
    }

    @Test func aSelectorOverSixtyFourKilobytesIsRefusedAsALimit() throws {
        // Padding, not a huge pattern: PCRE2 caps compiled code at 64 KiB on its own.
        let longest = "/a/" + String(repeating: " ", count: SelectorLimits().maxSelectorBytes - 3)
        #expect(throws: Never.self) { try RegexEngine().compile(longest) }
        let error = #expect(throws: SelectorError.self) { try RegexEngine().compile(longest + " ") }
        #expect(error?.kind == .limit)
        #expect(error?.message == "selector is 65537 bytes long; the limit is 65536 bytes (SelectorLimits.maxSelectorBytes)")
    }
}
