import SelectorCore
import Testing

/// A selector `shelley_compat` rejects the way Shelley did.
struct CompatErrorCase: Sendable, CustomTestStringConvertible {
    var selector: String
    var message: String
    var column: Int
    var testDescription: String { selector.debugDescription }
}

/// `shelley_compat` keeps Shelley's quirks so existing Frank suites select the same views.
@Suite struct CompatQuirkTests {
    static let errors: [CompatErrorCase] = [
        // Shelley's `missing paramater`, at the scanner position after the empty section.
        CompatErrorCase(selector: "-x", message: "missing paramater", column: 1),
        CompatErrorCase(selector: "'x'", message: "missing paramater", column: 1),
        CompatErrorCase(selector: "view invalid-string", message: "missing paramater", column: 13),
        CompatErrorCase(selector: "view'foo'", message: "missing paramater", column: 5),
        CompatErrorCase(selector: "marked:'x''y'", message: "missing paramater", column: 11),
        CompatErrorCase(selector: "view\nbutton", message: "missing paramater", column: 5),
        CompatErrorCase(selector: ":", message: "missing paramater", column: 2),
        CompatErrorCase(selector: "index:-1", message: "missing paramater", column: 7),
        // `expected a :`, at the name missing its colon.
        CompatErrorCase(selector: "foo:'a'bar", message: "expected a :", column: 8),
        CompatErrorCase(selector: "foo:bar", message: "expected a :", column: 5),
        CompatErrorCase(selector: "foo:YES", message: "expected a :", column: 5),
        // Exceptions Shelley let escape, with their Objective-C reasons.
        CompatErrorCase(selector: ":'x'", message: "*** -[__NSArrayM objectAtIndex:]: index 0 beyond bounds for empty array", column: 5),
        CompatErrorCase(selector: "index:'3'", message: "-[__NSCFString unsignedIntValue]: unrecognized selector sent to instance", column: 7),
        CompatErrorCase(selector: "view:12", message: "-[__NSCFNumber length]: unrecognized selector sent to instance", column: 6),
    ]

    @Test("shelley_compat raises Shelley's errors", arguments: errors)
    func compatError(_ c: CompatErrorCase) throws {
        let error = try #require(compileError(c.selector, engine: compat))
        #expect(error.kind == .syntax)
        #expect(error.message == c.message)
        #expect(error.column == c.column)
    }

    /// Pairs whose programs must be equal in `shelley_compat`.
    static let sameAs: [(String, String)] = [
        // An unterminated string takes the rest of the selector.
        ("view marked:'abc button", "view marked:'abc button'"),
        // Dropped arguments leave the bare first name.
        ("index:1.2.3", "index"),
        ("marked:''", "marked"),
        ("marked:foo:", "marked"),
        ("view:", "view"), ("view:''", "view"), ("view:1.2.3", "view"), ("button:", "button"),
        ("parent:''", "parent"),
        // Backslashes are literal.
        (#"marked:'a\n'"#, "marked:\"a\\n\""),
        // index: truncates like unsignedIntValue.
        ("button index:1.9", "button index:1"),
        ("button index:4294967297", "button index:1"),
        // Tabs and other Unicode spaces separate sections.
        ("view\tbutton\u{3000}first", "view button first"),
    ]

    @Test("shelley_compat reads odd selectors as Shelley did",
          arguments: sameAs.map { CompatPair(odd: $0.0, plain: $0.1) })
    func sameProgram(_ pair: CompatPair) throws {
        #expect(try compat.compile(pair.odd) == compat.compile(pair.plain))
    }

    @Test("words only the strict engine knows are predicates in shelley_compat")
    func strictWordsArePredicates() throws {
        let tree = standardTree()
        for word in ["last", "child", "sibling"] {
            #expect(try select("view \(word)", in: tree, engine: compat) == [])
        }
        #expect(try select("button last", in: tree, engine: strict) == ["viewB"])
        #expect(try select("view:'UIButton' child", in: tree, engine: strict) == ["viewBA"])
        #expect(try select("button sibling", in: tree, engine: strict) == ["viewAB", "viewA", "viewC"])
    }

    @Test("keywords with arguments are predicates that match nothing in shelley_compat")
    func keywordsWithArguments() throws {
        let tree = standardTree()
        #expect(try select("view first:1", in: tree, engine: compat) == [])
        #expect(try select("button parent:'x'", in: tree, engine: compat) == [])
        #expect(try select("button:'x'", in: tree, engine: compat) == [])
        #expect(try select("view view:'UIButton'marked:'x'", in: tree, engine: compat) == [])
    }

    @Test("an unterminated string in shelley_compat matches the whole rest")
    func unterminatedMatches() throws {
        let tree = T("UIWindow", "w", [T("UILabel", "l", label: "abc button")]).build()
        #expect(try select("view marked:'abc button", in: tree, engine: compat) == ["l"])
    }

    @Test("a backslash in shelley_compat is an ordinary character")
    func literalBackslash() throws {
        let tree = T("UIWindow", "w", [T("UILabel", "l", label: #"C:\dir"#)]).build()
        #expect(try select(#"view marked:'C:\dir'"#, in: tree, engine: compat) == ["l"])
        #expect(try select(#"view marked:'C:\\dir'"#, in: tree, engine: strict) == ["l"])
    }
}

/// Two selectors `shelley_compat` must read the same way.
struct CompatPair: Sendable, CustomTestStringConvertible {
    var odd: String
    var plain: String
    var testDescription: String { "\(odd.debugDescription) ≡ \(plain.debugDescription)" }
}
