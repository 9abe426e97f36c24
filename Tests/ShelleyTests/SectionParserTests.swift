@testable import ShelleyEngine
import Testing

private func sections(_ s: String, _ d: ShelleyDialect = .strict) throws -> [(String, [Argument])] {
    try SectionParser.sections(of: s, dialect: d).map { ($0.selectorName, $0.arguments.map(\.value)) }
}

/// The second stage: tokens to sections.
@Suite struct SectionParserTests {
    @Test("a bare name is a section without arguments")
    func bare() throws {
        let s = try SectionParser.sections(of: "noArgMethod", dialect: .strict)
        #expect(s == [Section(names: [.init("noArgMethod", at: 0)], arguments: [], offset: 0, end: 11)])
    }

    @Test("name:arg parts glued together form one section")
    func glued() throws {
        let s = try sections("argOne:123argTwo:'foo'argThree:789")
        #expect(s.count == 1)
        #expect(s[0].0 == "argOne:argTwo:argThree:")
        #expect(s[0].1 == [.number(123), .string("foo"), .number(789)])
    }

    @Test("whitespace separates sections")
    func separated() throws {
        let s = try sections("view:'UITextView'   somePredicate:'method'\tfirst")
        #expect(s.map(\.0) == ["view:", "somePredicate:", "first"])
        #expect(s.map(\.1) == [[.string("UITextView")], [.string("method")], []])
    }

    @Test("strings may hold spaces")
    func spacesInStrings() throws {
        #expect(try sections("foo:'string with spaces'").map(\.1) == [[.string("string with spaces")]])
    }

    @Test("compat drops empty strings and unreadable numbers")
    func compatDrops() throws {
        #expect(try sections("marked:''", .compat).map(\.0) == ["marked"])
        #expect(try sections("index:1.2.3", .compat).map(\.0) == ["index"])
        #expect(try sections("marked:foo:", .compat).map(\.0) == ["marked"])
        #expect(try sections("a:.5 b:1.", .compat).map(\.1) == [[.number(0.5)], [.number(1)]])
    }

    @Test("compat sections need no space between them")
    func compatTouching() throws {
        // `view` ends at the quote; the next section starts there (and is empty).
        let s = try SectionParser.sections(of: "view'x'", dialect: .compat).prefix(2)
        #expect(s.map(\.names.count) == [1, 0])
    }

    @Test("strict keeps empty strings and booleans")
    func strictValues() throws {
        #expect(try sections("markedExactly:'' f:YES").map(\.1) == [[.string("")], [.boolean(true)]])
    }
}
