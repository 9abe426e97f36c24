import SelectorCore
@testable import ShelleyEngine
import Testing

private func kinds(_ s: String, _ d: ShelleyDialect = .strict) throws -> [Token.Kind] {
    try Tokenizer.tokens(of: s, dialect: d).map(\.kind)
}

/// The first stage: text to tokens, with UTF-8 offsets.
@Suite struct TokenizerTests {
    @Test("names, colons, strings and spaces carry their byte ranges")
    func ranges() throws {
        let tokens = try Tokenizer.tokens(of: "foo:'x' bar", dialect: .strict)
        #expect(tokens == [
            Token(.name("foo"), offset: 0, end: 3), Token(.colon, offset: 3, end: 4),
            Token(.string("x", terminated: true), offset: 4, end: 7), Token(.space, offset: 7, end: 8),
            Token(.name("bar"), offset: 8, end: 11),
        ])
    }

    @Test("a name is letters, digits and underscores")
    func names() throws {
        #expect(try kinds("is_Hidden2") == [.name("is_Hidden2")])
        #expect(try kinds("123abc") == [.name("123abc")])
    }

    @Test("digits right after a colon are a number, then a name may follow")
    func numbers() throws {
        #expect(try kinds("argOne:123argTwo:1.5") == [
            .name("argOne"), .colon, .number("123"), .name("argTwo"), .colon, .number("1.5"),
        ])
    }

    @Test("both quote kinds make strings, each holding the other")
    func strings() throws {
        #expect(try kinds("a:'say \"hi\"'") == [.name("a"), .colon, .string("say \"hi\"", terminated: true)])
        #expect(try kinds("a:\"I'm\"") == [.name("a"), .colon, .string("I'm", terminated: true)])
        #expect(try kinds("a:''") == [.name("a"), .colon, .string("", terminated: true)])
    }

    @Test("strict strings resolve escapes")
    func escapes() throws {
        #expect(try kinds(#"a:'it\'s \\ \"x\" \n\t\r \u{1F600}'"#)
            == [.name("a"), .colon, .string("it's \\ \"x\" \n\t\r \u{1F600}", terminated: true)])
    }

    @Test("compat strings keep backslashes and run to the end when unterminated")
    func compatStrings() throws {
        #expect(try kinds(#"a:'x\'"#, .compat) == [.name("a"), .colon, .string(#"x\"#, terminated: true)])
        #expect(try kinds("a:'abc button", .compat) == [.name("a"), .colon, .string("abc button", terminated: false)])
    }

    @Test("strict reads true, false, YES and NO after a colon as booleans")
    func booleans() throws {
        #expect(try kinds("f:true g:NO h:YES i:false") == [
            .name("f"), .colon, .boolean(true), .space, .name("g"), .colon, .boolean(false), .space,
            .name("h"), .colon, .boolean(true), .space, .name("i"), .colon, .boolean(false),
        ])
        #expect(try kinds("f:YES", .compat) == [.name("f"), .colon, .name("YES")])
        #expect(try kinds("f:NO:1") == [.name("f"), .colon, .name("NO"), .colon, .number("1")])
        #expect(try kinds("f:YESx") == [.name("f"), .colon, .name("YESx")])
    }

    @Test("compat spaces are Unicode Zs and tab; strict adds line breaks")
    func spaces() throws {
        #expect(try kinds("a \t\u{A0}\u{3000}b", .compat) == [.name("a"), .space, .name("b")])
        #expect(try kinds("a\nb", .compat) == [.name("a"), .other("\n"), .name("b")])
        #expect(try kinds("a\r\nb") == [.name("a"), .space, .name("b")])
    }

    @Test("anything else is a single other character")
    func others() throws {
        #expect(try kinds("-x") == [.other("-"), .name("x")])
        #expect(try kinds("'x'") == [.other("'"), .name("x"), .other("'")])
        #expect(try kinds("é") == [.other("é")])
    }
}
