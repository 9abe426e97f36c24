@testable import SelectorCore
import Testing

/// How `>>` chains split before any engine sees them.
@Suite("Chain splitting")
struct ChainSplitterTests {
    static let engines: Set<String> = ["shelley", "regex", "class_chain", "uiquery"]

    static func split(_ s: String, default engine: String = "shelley") throws(SelectorError) -> [ChainPart] {
        try ChainSplitter.split(s, defaultEngine: engine) {
            engines.contains($0) ? ($0 == "regex" ? .slashes : .quotes) : nil
        }
    }

    @Test("a chain splits into prefixed parts with their offsets")
    func prefixedParts() throws {
        let s = "shelley:tableViewCell marked:'Row 7' >> regex:/^Delete$/"
        #expect(try Self.split(s) == [
            ChainPart(engine: "shelley", text: "tableViewCell marked:'Row 7'", offset: 8),
            ChainPart(engine: "regex", text: "/^Delete$/", offset: 46),
        ])
    }

    @Test("a part without a prefix uses the request's engine")
    func defaultEngine() throws {
        #expect(try Self.split("button >> regex:/OK/", default: "uiquery").map(\.engine) == ["uiquery", "regex"])
    }

    @Test("a prefix that is no registered engine belongs to the selector")
    func unregisteredPrefix() throws {
        #expect(try Self.split("view:'UILabel' >> label") == [
            ChainPart(engine: "shelley", text: "view:'UILabel'", offset: 0),
            ChainPart(engine: "shelley", text: "label", offset: 18),
        ])
    }

    @Test(">> inside quotes, backticks or a regex does not split", arguments: [
        "marked:'a >> b'", #"marked:"a >> b""#, "**/A[`label == \"a >> b\"`]", #"marked:'it\'s >> b'"#,
    ])
    func quoted(_ selector: String) throws {
        #expect(try Self.split(selector).map(\.text) == [selector])
    }

    @Test("in a regex part, slashes delimit literals; elsewhere they do not")
    func slashes() throws {
        #expect(try Self.split(#"regex:UIButton/a>>b\/c/i >> x"#).map(\.text) == [#"UIButton/a>>b\/c/i"#, "x"])
        #expect(try Self.split("class_chain:**/A/B >> regex:/^C$/").map(\.text) == ["**/A/B", "/^C$/"])
    }

    @Test("an unterminated literal runs to the end, for the engine to report")
    func unterminated() throws {
        #expect(try Self.split("marked:'a >> b").map(\.text) == ["marked:'a >> b"])
    }

    @Test("empty parts are errors with their column", arguments: [
        (">> a", "empty selector before '>>'", 1), ("a >> ", "empty selector after '>>'", 6),
        ("a >>  >> b", "empty selector after '>>'", 7), ("regex:", "empty selector", 7),
    ])
    func empty(_ selector: String, _ message: String, _ column: Int) {
        #expect { try Self.split(selector) } throws: { error in
            let e = error as! SelectorError
            return e.message == message && e.column == column
        }
    }

    @Test("only >> or a registered prefix takes the chain path")
    func mayBeChain() {
        let isEngine = { (name: String) in Self.engines.contains(name) }
        #expect(ChainSplitter.mayBeChain("a >> b", isEngine: isEngine))
        #expect(ChainSplitter.mayBeChain("  regex:/x/", isEngine: isEngine))
        #expect(!ChainSplitter.mayBeChain("view:'UILabel'", isEngine: isEngine))
        #expect(!ChainSplitter.mayBeChain("button marked:'a > b'", isEngine: isEngine))
        #expect(!ChainSplitter.mayBeChain("", isEngine: isEngine))
    }
}
