import SelectorCore
import Testing
import UIQueryEngine
import ViewSelectorsTesting

/// Issue 29, items 13-15: where `uiquery` differed from UISpec's own UIQuery.m, UIFilter.m and
/// `$()`, through the registry as `frankly select` runs it (uiquery is its default engine).
@Suite struct UIQueryOriginalsTests {
    private let registry: EngineRegistry = {
        let r = EngineRegistry(matcher: Matcher(configuration: .serial))
        try! r.register(UIQueryEngine())
        return r
    }()

    /// A window with two labels ("Hi", "Hello") and an unlabelled view; no text view.
    private let tree = N("UIWindow", "w", [], [
        N("UILabel", "hi", label: "Hi", [("text", "Hi")]),
        N("UILabel", "hello", label: "Hello", [("text", "Hello")]),
        N("UIView", "plain"),
    ]).build()

    private func uids(_ path: String) throws -> [String] { try registry.selectUIDs(path, engine: "uiquery", in: tree) }

    private func error(_ path: String) -> SelectorError? {
        do { _ = try registry.selectUIDs(path, engine: "uiquery", in: tree); return nil } catch { return error }
    }

    // Item 13.
    @Test("a bare prop:value on an empty selection is UISpec's existence error, at the filter's column")
    func filterOnNothing() throws {
        let cases: [(String, String, Int)] = [
            ("textView text:'x'", "UITextView should exist before you can call text:", 10),
            ("label text:'zzz' text:'y'", "UILabel should exist before you can call text:", 18),
            ("label marked:'nothing' text:'x'", "UILabel should exist before you can call text:", 24),
            ("textView parent tag:0", "UITextView should exist before you can call tag:", 17),
            ("label index:5 hidden:NO", "UILabel should exist before you can call hidden:", 15),
        ]
        for (path, message, column) in cases {
            let e = error(path)
            #expect(e?.message == message, "\(path)")
            #expect(e?.column == column, "\(path)")
        }
    }

    @Test("marked: and with skip the check, and a filter with views before it just filters")
    func filtersThatDoNotCheck() throws {
        #expect(try uids("textView with text:'x'") == [])
        #expect(try uids("textView marked:'x'") == [])
        #expect(try uids("label marked:'nothing' with text:'x'") == [])
        // The labels exist: text:'zzz' filters them all away, no error.
        #expect(try uids("label text:'zzz'") == [])
        #expect(try uids("label text:'H'") == ["plain", "hello", "hi"].filter { $0 != "plain" })
        #expect(try uids("label text:'Hi'") == uids("label with text:'Hi'"))
    }

    // Item 14.
    @Test("parent as the first step is an error, as UISpec crashes there")
    func parentOfTheApplication() throws {
        for (path, column) in [("parent", 1), ("all parent", 5), ("timeout:2 parent label", 11)] {
            let e = error(path)
            #expect(e?.message.hasPrefix("'parent' of the application") == true, "\(path)")
            #expect(e?.column == column, "\(path)")
        }
        #expect(try uids("label parent") == ["w", "w"])
    }

    // Item 15.
    @Test("accessibilityLabel:0 and NO reach UIFilter as nil and match views whose label is nil")
    func zeroIsNil() throws {
        #expect(try uids("view accessibilityLabel:0") == ["w", "plain"])
        #expect(try uids("view accessibilityLabel:NO") == ["w", "plain"])
        #expect(try uids("view with accessibilityLabel:NO") == ["w", "plain"])
        // text: is answered by labels and fields only: a plain view does not respond to it.
        #expect(try uids("view text:NO") == [])
        // A number property still compares with 0.
        let tagged = N("UIWindow", "w", [], [N("UIView", "t0", [("tag", .int(0))]), N("UIView", "t1", [("tag", .int(1))])]).build()
        #expect(try registry.selectUIDs("view tag:0", engine: "uiquery", in: tagged) == ["t0"])
    }

    @Test("text:YES, which crashes UISpec, is an error at its value")
    func yesOnAString() throws {
        let e = error("label text:YES")
        #expect(e?.column == 12)
        #expect(e?.message.hasPrefix("'text:YES' crashes UISpec") == true, "\(String(describing: e))")
        #expect(error("label accessibilityLabel:1")?.column == 26)
    }

    @Test("a timeout of 0 or less leaves the next class step or filter nothing")
    func zeroTimeout() throws {
        #expect(try uids("timeout:0 label") == [])
        #expect(try uids("timeout:-1 label") == [])
        #expect(try uids("label timeout:0 text:'Hi'") == [])
        #expect(try uids("label timeout:0 marked:'Hi'") == [])
        #expect(try uids("label timeout:0 with text:'Hi'") == [])
        // Only the next step: a traversal is not polled, and what follows has its own timeout.
        #expect(try uids("timeout:0 descendant label") == ["hello", "hi"])
        #expect(try uids("label timeout:0 first") == ["hello"])
        #expect(try uids("label timeout:1 text:'Hi'") == ["hi"])
        // The check still runs first: on nothing it is the existence error.
        #expect(error("textView timeout:0 text:'x'")?.message == "UITextView should exist before you can call text:")
    }
}
