import SelectorCore
import Testing

/// One malformed selector and what `shelley` says about it.
struct ErrorCase: Sendable, CustomTestStringConvertible {
    var selector: String
    var message: String
    var column: Int
    var testDescription: String { selector.debugDescription }
}

/// Every malformed selector is a syntax error naming the problem and its column.
@Suite struct StrictErrorTests {
    static let cases: [ErrorCase] = [
        // Unterminated strings point at the opening quote.
        ErrorCase(selector: "view marked:'abc", message: "unterminated string: no closing '", column: 13),
        ErrorCase(selector: "marked:\"abc", message: "unterminated string: no closing \"", column: 8),
        ErrorCase(selector: #"marked:'abc\'"#, message: "unterminated string: no closing '", column: 8),
        // Unknown escapes point at the backslash.
        ErrorCase(selector: #"marked:'a\qb'"#,
                  message: #"unknown escape '\q' in string (use \\, \', \", \n, \r, \t or \u{hex})"#, column: 10),
        ErrorCase(selector: #"marked:'\u{110000}'"#,
                  message: #"unicode escape '\u{110000}' is beyond U+10FFFF, the last code point"#, column: 9),
        // Bad numbers.
        ErrorCase(selector: "index:1.2.3", message: "bad number '1.2.3' (write digits, optionally with one '.' between digits)", column: 7),
        ErrorCase(selector: "foo:.", message: "bad number '.' (write digits, optionally with one '.' between digits)", column: 5),
        ErrorCase(selector: "foo:1.", message: "bad number '1.' (write digits, optionally with one '.' between digits)", column: 5),
        // Missing colons.
        ErrorCase(selector: "foo:'a'bar", message: "missing ':' after 'bar'", column: 11),
        ErrorCase(selector: "foo:1bar baz", message: "missing ':' after 'bar'", column: 9),
        // Empty sections.
        ErrorCase(selector: "-x", message: "empty section: expected a name such as view, parent or marked:'text'", column: 1),
        ErrorCase(selector: "view 'x'", message: "empty section: expected a name such as view, parent or marked:'text'", column: 6),
        ErrorCase(selector: ":'x'", message: "empty section: expected a name such as view, parent or marked:'text'", column: 1),
        ErrorCase(selector: "view :", message: "empty section: expected a name such as view, parent or marked:'text'", column: 6),
        // index: without a whole number.
        ErrorCase(selector: "button index:", message: "index: needs a whole number, e.g. index:0", column: 14),
        ErrorCase(selector: "index:'3'", message: "index: needs a whole number, e.g. index:0", column: 7),
        ErrorCase(selector: "index:1.5", message: "index: needs a whole number, e.g. index:0", column: 7),
        ErrorCase(selector: "index:-1", message: "index: needs a whole number, e.g. index:0", column: 7),
        ErrorCase(selector: "index:YES", message: "index: needs a whole number, e.g. index:0", column: 7),
        // Missing arguments.
        ErrorCase(selector: "view marked:", message: "missing argument after 'marked:' (expected a quoted string, a number, true/false or YES/NO)", column: 13),
        ErrorCase(selector: "foo: 'x'", message: "missing argument after 'foo:' (expected a quoted string, a number, true/false or YES/NO)", column: 5),
        ErrorCase(selector: "foo:bar", message: "missing argument after 'foo:' (expected a quoted string, a number, true/false or YES/NO)", column: 5),
        ErrorCase(selector: "view:", message: "missing argument after 'view:' (expected a quoted string, a number, true/false or YES/NO)", column: 6),
        // Touching sections.
        ErrorCase(selector: "view'foo'", message: "unexpected ''': separate sections with a space", column: 5),
        ErrorCase(selector: "marked:'x''y'", message: "unexpected ''': separate sections with a space", column: 11),
        ErrorCase(selector: "view-x", message: "unexpected '-': separate sections with a space", column: 5),
        // Meaningless arguments.
        ErrorCase(selector: "button:'x'", message: "'button' takes no argument", column: 1),
        ErrorCase(selector: "view parent:1", message: "'parent' takes no argument", column: 6),
        ErrorCase(selector: "first:YES", message: "'first' takes no argument", column: 1),
        ErrorCase(selector: "view:123", message: "view: needs a class name in quotes, e.g. view:'UIButton'", column: 6),
        ErrorCase(selector: "view:''", message: "view: needs a class name in quotes, e.g. view:'UIButton'", column: 6),
        ErrorCase(selector: "marked:3", message: "marked: needs a quoted string", column: 8),
        ErrorCase(selector: "text:NO", message: "text: needs a quoted string", column: 6),
        ErrorCase(selector: "view:'UIButton'marked:'x'", message: "missing space before 'marked:'", column: 16),
        // Columns count characters, not bytes.
        ErrorCase(selector: "marked:'é' index:'x'", message: "index: needs a whole number, e.g. index:0", column: 18),
        // Unknown bare words, at the word, with the nearest known one.
        ErrorCase(selector: "buton", message: "unknown name 'buton'; did you mean 'button'?", column: 1),
        ErrorCase(selector: "view lable", message: "unknown name 'lable'; did you mean 'label'?", column: 6),
        ErrorCase(selector: "tableViewcell first", message: "unknown name 'tableViewcell'; did you mean 'tableViewCell'?", column: 1),
        ErrorCase(selector: "button prent", message: "unknown name 'prent'; did you mean 'parent'?", column: 8),
        ErrorCase(selector: "view ishidden", message: "unknown name 'ishidden'; did you mean 'isHidden'?", column: 6),
        ErrorCase(selector: "marked:'é' buton", message: "unknown name 'buton'; did you mean 'button'?", column: 12),
        ErrorCase(selector: "view frobnicate",
                  message: "unknown name 'frobnicate': not a class shorthand, keyword, Boolean property (isX, hasX, canX) "
                      + "or registered predicate; for any class write view:'ClassName'", column: 6),
        ErrorCase(selector: "view imageView", message: "unknown name 'imageView': UIImageView has no shorthand; write view:'UIImageView'", column: 6),
        ErrorCase(selector: "switch", message: "unknown name 'switch': UISwitch has no shorthand; write view:'UISwitch'", column: 1),
        ErrorCase(selector: "view marked", message: "'marked' needs an argument, e.g. marked:'text'", column: 6),
        ErrorCase(selector: "button index", message: "'index' needs an argument, e.g. index:0", column: 8),
        // Unknown filter names, at the first name.
        ErrorCase(selector: "markd:'x'", message: "unknown filter 'markd:'; did you mean 'marked:'?", column: 1),
        ErrorCase(selector: "view markedExatly:'OK'", message: "unknown filter 'markedExatly:'; did you mean 'markedExactly:'?", column: 6),
        ErrorCase(selector: "label Text:'x'", message: "unknown filter 'Text:'; did you mean 'text:'?", column: 7),
        ErrorCase(selector: "view foo:'x'",
                  message: "unknown filter 'foo:': not one of marked:, markedExactly:, text:, placeholder:, view:, index: "
                      + "or a registered predicate", column: 6),
        ErrorCase(selector: "hasBadge:2count:1",
                  message: "unknown filter 'hasBadge:count:': not one of marked:, markedExactly:, text:, placeholder:, view:, index: "
                      + "or a registered predicate", column: 1),
        ErrorCase(selector: "view isHidden:YES",
                  message: "unknown filter 'isHidden:': not one of marked:, markedExactly:, text:, placeholder:, view:, index: "
                      + "or a registered predicate", column: 6),
    ]

    @Test("shelley reports each malformed selector with its column", arguments: cases)
    func strictError(_ c: ErrorCase) throws {
        let error = try #require(compileError(c.selector))
        #expect(error.kind == .syntax)
        #expect(error.message == c.message)
        #expect(error.column == c.column)
        #expect(error.selector == c.selector)
    }

    @Test("the leftmost problem is the one reported")
    func leftmost() throws {
        #expect(compileError("-x foo:'a'bar")?.column == 1)
        #expect(compileError("view marked: foo:'a")?.column == 13)
    }

    @Test("the description ends with the column")
    func description() throws {
        #expect(compileError("view:''")?.description == "view: needs a class name in quotes, e.g. view:'UIButton' at column 6")
    }
}
