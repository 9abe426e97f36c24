import SelectorCore
@testable import ShelleyEngine
import Testing

/// `shelley` refuses names that mean nothing; `shelley_compat` keeps Shelley's silence.
@Suite struct StrictNameTests {
    @Test("Boolean properties in getter form, and UIKit's listed ones, are still bare words")
    func booleanProperties() throws {
        for word in ["isHidden", "isOn", "isAnimating", "hasText", "canBecomeFirstResponder", "isMyCustomFlag",
                     "bounces", "clipsToBounds", "showsVerticalScrollIndicator"] {
            #expect(try strict.compile("view \(word)") == compat.compile("view \(word)"), "\(word)")
        }
        let tree = T("UIWindow", "w", [T("UISwitch", "on", [("isOn", .bool(true))]), T("UISwitch", "off", [("isOn", .bool(false))])])
            .build()
        #expect(try select("view isOn", in: tree) == ["on"])
    }

    @Test("a word that only starts like a getter is not one")
    func notGetters() {
        #expect(StrictNames.isBooleanProperty("isHidden"))
        #expect(!StrictNames.isBooleanProperty("island"))
        #expect(!StrictNames.isBooleanProperty("is"))
        #expect(!StrictNames.isBooleanProperty("hash"))
        #expect(!StrictNames.isBooleanProperty("canvas"))
    }

    @Test("registered predicates are accepted, bare or with arguments, and suggested")
    func registered() throws {
        let registry = PredicateRegistry()
        let engine = ShelleyEngine(predicates: registry)
        // Registered after the engine was made: the engine reads the registry when it compiles.
        try registry.register(CustomPredicate(name: "hasUID:", arity: 1) { tree, node, args in
            args.first == .string(tree.uidString(of: node) ?? "")
        })
        try registry.register(CustomPredicate(name: "offscreen", arity: 0) { _, _, _ in false })
        let tree = standardTree()
        #expect(tree.uids(of: try Matcher().select(try engine.compile("view hasUID:'viewB'"), in: tree, predicates: registry))
            == ["viewB"])
        // A registered name is the registry's predicate; shelley_compat, which knows no registry,
        // also checks that no view answers it with a non-BOOL value.
        #expect(try engine.compile("view offscreen").steps
            == [.axis(.descendants, order: .document, filter: .and([.kindOf("UIView"), .custom(name: "offscreen", arguments: [])]), unique: false)])
        #expect(compileError("view hasUDI:'viewB'", engine: engine)?.message == "unknown filter 'hasUDI:'; did you mean 'hasUID:'?")
        #expect(compileError("view ofscreen", engine: engine)?.message == "unknown name 'ofscreen'; did you mean 'offscreen'?")
        // An engine without the registry does not know them.
        #expect(compileError("view hasUID:'viewB'")?.column == 6)
        #expect(compileError("view offscreen")?.column == 6)
    }

    /// Selectors `shelley` now refuses, which `shelley_compat` must keep reading as Shelley did.
    static let compatSilent = ["buton", "view lable", "view markd:'x'", "view foo:'x'", "view imageView", "view marked",
                               "button index", "view isHidden:1", "hasBadge:2count:1"]

    @Test("shelley_compat still selects nothing for them, without an error", arguments: compatSilent)
    func compatUnchanged(_ selector: String) throws {
        #expect(compileError(selector) != nil)
        #expect(compileError(selector, engine: compat) == nil)
        #expect(try select(selector, in: standardTree(hidden: true), engine: compat) == [])
    }

    @Test("shelley_compat reads an unknown word as the predicate of that name, as Shelley did")
    func compatPredicates() throws {
        #expect(try ShelleyParser.filters(of: "buton markd:'x'", dialect: .compat)
            == [.checkedPredicate(.custom(name: "buton", arguments: []), ShelleyReturnTypeCheck(name: "buton", classes: [], offset: 0)),
                .predicate(.custom(name: "markd:", arguments: [.string("x")]))])
    }

    @Test("the suggestion is the nearest word, and none when nothing is close")
    func nearest() {
        let words = Vocabulary.bareWords
        #expect(StrictNames.nearest(to: "buton", in: words) == "button")
        #expect(StrictNames.nearest(to: "Button", in: words) == "button")
        #expect(StrictNames.nearest(to: "lable", in: words) == "label")
        #expect(StrictNames.nearest(to: "tablViewCel", in: words) == "tableViewCell")
        #expect(StrictNames.nearest(to: "cell", in: words) == nil)
        #expect(StrictNames.nearest(to: "x", in: words) == nil)
        #expect(StrictNames.nearest(to: "zzzzzzzz", in: words) == nil)
        #expect(StrictNames.nearest(to: "markd:", in: Vocabulary.filterNames) == "marked:")
    }

    @Test("edit distance counts a swap of neighbours as one edit and stops past the limit")
    func distance() {
        // What `nearest` asks of the core's `EditDistance`: scalars, swaps, a limit.
        func d(_ a: String, _ b: String, limit: Int = 9) -> Int {
            EditDistance.distance(a.unicodeScalars, b.unicodeScalars, limit: limit, transpositions: true)
        }
        #expect(d("buton", "button") == 1)
        #expect(d("lable", "label") == 1)
        #expect(d("kitten", "sitting") == 3)
        #expect(d("", "abc") == 3)
        #expect(d("same", "same") == 0)
        #expect(d("abcdef", "uvwxyz", limit: 2) == 3)
    }
}
