import PCRE2Matching
import SelectorCore
import Testing
@testable import UiSelectorEngine
import ViewSelectorsTesting

/// UiSelector's `…Matches` patterns that are text compile to the core's string tests
/// (`LiteralPattern(wholeValue:)`), and select what PCRE2 anchored at both ends selects.
@Suite("UiSelector patterns that are text")
struct UiSelectorLiteralPatternTests {
    /// Labels chosen at the edges: line breaks, case, the Kelvin sign, empty text.
    static let labels = ["Row 7-3", "Row 7-", "Row 7-\n", "xRow 7-3", "row 7-3", "", "Delete", "Delete\n", "delete",
                         "Share it", "a\nShare\nb", "ete", "K", "\u{212A}", "Row 7.3", "Row 7x3", "a.b", "axb", "(?s)"]

    static let tree: ViewTree = N("FrameLayout", "root", [], labels.enumerated().map { k, label in
        N("TextView", "v\(k)", [("content-desc", .string(label))])
    }).build(hierarchy: .android)

    @Test("the patterns that are text, and the test each becomes", arguments: [
        ("(?s)Row 7-.*", StringTest.hasPrefix("Row 7-")),
        ("(?s).*Share.*", .contains("Share")),
        ("(?s).*ete", .hasSuffix("ete")),
        ("Delete", .equals("Delete")),
        ("Row 7\\.3", .equals("Row 7.3")),
        ("(?s).*", .hasSuffix("")),
    ])
    func textPatterns(_ pattern: String, _ expected: StringTest) {
        #expect(LiteralPattern(wholeValue: pattern)?.stringTest == expected)
    }

    @Test("patterns that are not text stay with PCRE2", arguments: [
        "Row 7-.*",          // without (?s) `.` stops at a line break
        "(?i)delete",        // case folding is PCRE2's
        "(?s)a\\.*",         // a repeated literal dot
        "Row 7.3",           // `.` is any character
        "K",                 // equality with K would also find the Kelvin sign
        "(?s)Row (7|8)-.*", "^Delete$", "[D]elete", "Del\\wte",
    ])
    func otherPatterns(_ pattern: String) {
        #expect(LiteralPattern(wholeValue: pattern)?.stringTest == nil)
    }

    @Test("each compiled selector selects what the PCRE2 matcher selects, and text patterns use no matcher", arguments: [
        "(?s)Row 7-.*", "(?s).*Share.*", "(?s).*ete", "Delete", "Row 7\\.3", "(?s).*",
        "Row 7-.*", "(?i)delete", "Row 7.3", "K", "(?s)a\\.*",
    ])
    func sameViews(_ pattern: String) throws {
        let engine = UiSelectorEngine()
        // UiSelector strings keep a backslash as written (only `\"` is an escape).
        let selector = "new UiSelector().descriptionMatches(\"\(pattern)\")"
        let program = try engine.compile(selector)
        let matcher = try JavaRegexMatcher(method: "descriptionMatches", pattern: pattern)
        var b = ProgramBuilder(start: .roots)
        b.axis(.descendantsOrSelf,
               filter: UiSelectorVocabulary.firstPresent(UiSelectorVocabulary.textMethods["descriptionMatches"]!.sources,
                                                         .matcher(matcher)),
               unique: true)
        let reference = ReferenceInterpreter(tree: Self.tree)
        let expected = try reference.select(b.build())
        #expect(try Matcher().select(program, in: Self.tree) == expected, "\(selector): \(program)")
        let usesMatcher = program.description.contains("descriptionMatches(")
        #expect(usesMatcher == (LiteralPattern(wholeValue: pattern)?.stringTest == nil), "\(program)")
    }
}
