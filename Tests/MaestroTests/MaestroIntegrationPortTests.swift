import SelectorCore
import Testing
import ViewSelectorsTesting

// Maestro's own selector tests, ported: the trees of `IntegrationTest.kt` (maestro-test/src/test/
// kotlin/maestro/test/IntegrationTest.kt at mobile-dev-inc/Maestro 487407f6, Apache-2.0; the
// flows are maestro-test/src/test/resources/NNN_*.yaml), `FiltersTest.kt` and
// `DeepestMatchingElementTest.kt`, built with `E` and `screen` (Support.swift) as Maestro's
// `FakeLayoutElement` builds them. Maestro's tests check the view it acts on (a tap's point, or
// that an assertion passed); each test here checks the whole list in Maestro's order, whose
// first view is that one. The full lists were computed independently by a Python port of
// Maestro's `Filters` and `Orchestra.buildFilter` (the issue's research notes).

/// The 3 × 3 grid of tests 015 and 025 (L466, L764): 100-point cells from y = 100.
let grid = screen(
    E("top_left", text: "Top Left", (0, 100, 100, 200)), E("top", text: "Top", (100, 100, 200, 200)),
    E("top_right", text: "Top Right", (200, 100, 300, 200)),
    E("left", text: "Left", (0, 200, 100, 300)), E("middle", text: "Middle", (100, 200, 200, 300)),
    E("right", text: "Right", (200, 200, 300, 300)),
    E("bottom_left", text: "Bottom Left", (0, 300, 100, 400)), E("bottom", text: "Bottom", (100, 300, 200, 400)),
    E("bottom_right", text: "Bottom Right", (200, 300, 300, 400)))

@Suite("Maestro's IntegrationTest, ported")
struct MaestroIntegrationPortTests {
    /// 001 (L93), 002 (L117), 004 (L165), 005 (L187): an id and a text, found or not.
    @Test func idAndText() throws {
        #expect(try maestro("{id: element_id}", in: screen(E("e", id: "element_id", (0, 0, 100, 100)))) == ["e"])
        #expect(try maestro("{text: \"Element Text\"}", in: screen(E("e", text: "Element Text", (0, 0, 100, 100)))) == ["e"])
        #expect(try maestro("{id: element_id}", in: screen(E("e", id: "another_id", (0, 0, 100, 100)))) == [])
        #expect(try maestro("{text: \"Element Text\"}", in: screen(E("e", text: "Some other text", (0, 0, 100, 100)))) == [])
    }

    /// 003 (L141), 006 (L209), 007 (L231): `width` and `height`, with and without `tolerance`.
    @Test func size() throws {
        let exact = screen(E("e", text: "Element Text", (0, 0, 100, 100)))
        let larger = screen(E("e", text: "Element Text", (0, 0, 101, 101)))
        #expect(try maestro("{width: 100, height: 100}", in: exact) == ["e"])
        #expect(try maestro("{width: 100, height: 100}", in: larger) == [])
        #expect(try maestro("{width: 100, height: 100, tolerance: 1}", in: larger) == ["e"])
        #expect(try maestro("{text: \"Element Text\"}", in: screen(E("e", text: "Some other text", (0, 0, 101, 101)))) == [])
        // `tolerance` alone makes no size test (YamlFluentCommand L981-989): every view passes.
        #expect(try maestro("{tolerance: 1}", in: exact) == ["root", "e"])
        #expect(try maestro("{width: 100}", in: larger) == [])
        #expect(try maestro("{height: 101}", in: larger) == ["e"])
    }

    /// 015 and 025 (L466, L764): the eight neighbours of the grid's middle, anchors as mappings
    /// and as plain strings; Maestro taps the first of each list.
    @Test("relative positions", arguments: [
        ("{above: {text: Middle}, rightOf: {text: Top Left}}", ["top", "top_right"]),
        ("{below: {text: Middle}, rightOf: {text: Bottom Left}}", ["bottom", "bottom_right"]),
        ("{leftOf: {text: Middle}, below: {text: Top Left}}", ["left", "bottom_left"]),
        ("{rightOf: {text: Middle}, below: {text: Top Right}}", ["right", "bottom_right"]),
        ("{above: {text: Middle}, leftOf: {text: Middle}}", ["top_left"]),
        ("{above: {text: Middle}, rightOf: {text: Middle}}", ["top_right"]),
        ("{below: {text: Middle}, leftOf: {text: Middle}}", ["bottom_left"]),
        ("{below: {text: Middle}, rightOf: {text: Middle}}", ["bottom_right"]),
        ("{above: Middle, rightOf: Top Left}", ["top", "top_right"]),
        ("{below: Middle, rightOf: Bottom Left}", ["bottom", "bottom_right"]),
        ("{leftOf: Middle, below: Top Left}", ["left", "bottom_left"]),
        ("{rightOf: Middle, below: Top Right}", ["right", "bottom_right"]),
        ("{above: Middle, leftOf: Middle}", ["top_left"]),
        ("{above: Middle, rightOf: Middle}", ["top_right"]),
        ("{below: Middle, leftOf: Middle}", ["bottom_left"]),
        ("{below: Middle, rightOf: Middle}", ["bottom_right"]),
    ])
    func relativePositions(selector: String, expected: [String]) throws {
        #expect(try maestro(selector, in: grid) == expected)
    }

    /// Each relation alone compares one edge: the whole row or column, in document order (not
    /// nearest first: 2.x keeps the candidates' order, `Filters.intersect` L38-56).
    @Test func eachRelationAlone() throws {
        #expect(try maestro("{below: Middle}", in: grid) == ["bottom_left", "bottom", "bottom_right"])
        #expect(try maestro("{above: Middle}", in: grid) == ["top_left", "top", "top_right"])
        #expect(try maestro("{leftOf: Middle}", in: grid) == ["top_left", "left", "bottom_left"])
        #expect(try maestro("{rightOf: Middle}", in: grid) == ["top_right", "right", "bottom_right"])
        #expect(try maestro("{text: \".*\", below: Top}", in: grid) == ["left", "middle", "right", "bottom_left", "bottom", "bottom_right"])
    }

    /// 016 (L533): a regex over a text with a line break (DOT_MATCHES_ALL, IGNORE_CASE).
    @Test func multilineText() throws {
        let tree = screen(E("e", text: "Hello World\nHere is a second line", (0, 0, 100, 100)))
        #expect(try maestro(#"{text: "Hello world.*"}"#, in: tree) == ["e"])
        // The line break read as a space: `Hello World Here…` matches too.
        #expect(try maestro(#"{text: "hello world here is a second line"}"#, in: tree) == ["e"])
    }

    /// 018 (L577): `containsChild`.
    @Test func containsChild() throws {
        let tree = screen(E("parent", (0, 0, 200, 200), [E("child", text: "Child", (0, 0, 100, 100))]))
        #expect(try maestro("{containsChild: {text: Child}}", in: tree) == ["parent"])
    }

    /// 139 (L605), and its flow's negative form (e2e relatives.yaml L23-27): `containsChild` whose
    /// selector carries its own `containsChild`, `below` and `above`.
    @Test func nestedContainsChildWithRelations() throws {
        let tree = screen(
            E("top", text: "top side", (100, 50, 200, 80)), E("bottom", text: "bottom side", (100, 500, 200, 530)),
            E("l0", id: "level-0", (50, 100, 300, 450), [
                E("l1", id: "level-1", (70, 120, 280, 430), [
                    E("l2", id: "level-2", (90, 140, 260, 410)), E("tr", text: "transient_0", (90, 140, 200, 170)),
                ]),
            ]))
        #expect(try maestro("{id: level-0, containsChild: {id: level-1, containsChild: {id: level-2}, below: top side, above: bottom side}}", in: tree) == ["l0"])
        #expect(try maestro("{id: level-0, containsChild: {id: level-1, below: bottom side}}", in: tree) == [])
    }

    /// 031 (L994): `traits`.
    @Test func traits() throws {
        let tree = screen(E("text", text: "Text", (0, 0, 200, 100)), E("square", text: "Square", (0, 100, 100, 200)),
                          E("long", text: String(repeating: "\u{0}", count: 500), (0, 200, 200, 400)))
        #expect(try maestro("{traits: text}", in: tree) == ["text", "square", "long"])
        #expect(try maestro("{traits: square}", in: tree) == ["square", "long"])
        #expect(try maestro("{traits: long-text}", in: tree) == ["long"])
        #expect(try maestro("{traits: text square}", in: tree) == ["square", "long"])
        #expect(try maestro("{traits: [square, long-text]}", in: tree) == ["long"])
    }

    /// 032 (L1032), 091 (L2738), and FiltersTest (L8-59): `index` after the (y, x) sort,
    /// negative from the end, a fraction cut off, out of range nothing.
    @Test func index() throws {
        let tree = screen(E("i2", text: "Item 2", (0, 200, 100, 300)), E("i1", text: "Item 1", (0, 100, 100, 200)))
        #expect(try maestro("{text: Item.*}", in: tree) == ["i2", "i1"])
        #expect(try maestro("{text: Item.*, index: 0}", in: tree) == ["i1"])
        #expect(try maestro("{text: Item.*, index: 1}", in: tree) == ["i2"])
        #expect(try maestro("{text: Item.*, index: '1.9'}", in: tree) == ["i2"])
        #expect(try maestro("{text: Item.*, index: 2}", in: tree) == [])
        #expect(try maestro("{text: Item.*, index: -1}", in: tree) == ["i2"])
        #expect(try maestro("{text: Item.*, index: -2}", in: tree) == ["i1"])
        #expect(try maestro("{text: Item.*, index: -3}", in: tree) == [])
        // FiltersTest: three views on a diagonal; 1, -1, -3 and -4.
        let diagonal = screen(E("a", text: "n", (0, 0, 5, 5)), E("b", text: "n", (10, 10, 15, 15)), E("c", text: "n", (20, 20, 25, 25)))
        #expect(try maestro("{text: n, index: 1}", in: diagonal) == ["b"])
        #expect(try maestro("{text: n, index: -1}", in: diagonal) == ["c"])
        #expect(try maestro("{text: n, index: -3}", in: diagonal) == ["a"])
        #expect(try maestro("{text: n, index: -4}", in: diagonal) == [])
        // The grid by index: row by row, left to right.
        #expect(try maestro("{text: .*, index: 4}", in: grid) == ["middle"])
        #expect(try maestro("{text: .*, index: -1}", in: grid) == ["bottom_right"])
    }

    /// 033 (L1065) and 040 (L1268): a YAML number is its text; a regex escaped by hand.
    @Test func scalarsAsText() throws {
        #expect(try maestro("2022", in: screen(E("e", text: "2022", (0, 0, 100, 100)))) == ["e"])
        #expect(try maestro(#"\+123456"#, in: screen(E("e", text: "+123456", (0, 0, 100, 100)))) == ["e"])
    }

    /// 035 (L1136): `below` alone: every view below, the first the one Maestro taps.
    @Test func belowAlone() throws {
        let tree = screen(E("icon1", id: "icon", (0, 0, 100, 100)), E("item", text: "Item", (0, 100, 100, 200)),
                          E("icon2", id: "icon", (0, 200, 100, 300)))
        #expect(try maestro("{below: Item}", in: tree) == ["icon2"])
    }

    /// 038 (L1211): an id matches whole, or its part after the last `/`; case is ignored.
    @Test func partialID() throws {
        let tree = screen(E("k1", id: "com.google.android.inputmethod.latin:id/another_keyboard_area", (0, 0, 100, 100)),
                          E("k2", id: "com.google.android.inputmethod.latin:id/keyboard_area", (0, 100, 100, 200)))
        #expect(try maestro(#"{id: "keyboard_area"}"#, in: tree) == ["k2"])
        #expect(try maestro(#"{id: ".*keyboard_area"}"#, in: tree) == ["k1", "k2"])
        #expect(try maestro(#"{id: "KEYBOARD_AREA"}"#, in: tree) == ["k2"])
        // No literal fallback for ids: a pattern that does not match as a regex matches nothing.
        #expect(try maestro(#"{id: "(keyboard_area"}"#, in: tree) == [])
    }

    /// 048 (L1500): clickable views first.
    @Test func clickableFirst() throws {
        let tree = screen(E("child1", text: "Button", (0, 0, 100, 100)), E("child2", text: "Button", (0, 0, 200, 200), clickable: true))
        #expect(try maestro("Button", in: tree) == ["child2", "child1"])
    }

    /// 054 (L1685) and 083 (L2537): the state keys, true and false.
    @Test func states() throws {
        let tree = screen(E("f", text: "Field", (0, 0, 100, 100), selected: true, checked: true, focused: true),
                          E("flip", text: "Flip", (0, 100, 100, 200)))
        for key in ["checked", "selected", "focused", "enabled"] {
            #expect(try maestro("{text: Field, \(key): true}", in: tree) == ["f"], "\(key)")
            #expect(try maestro("{text: Field, \(key): false}", in: tree) == [], "\(key)")
        }
        let flipped = screen(E("f", text: "Field", (0, 0, 100, 100), enabled: false), E("flip", text: "Flip", (0, 100, 100, 200)))
        for key in ["checked", "selected", "focused", "enabled"] {
            #expect(try maestro("{text: Field, \(key): false}", in: flipped) == ["f"], "\(key)")
        }
        #expect(try maestro("{enabled: true}", in: tree) == ["f", "flip"])
        // 054: the button once tapped is disabled.
        let button = screen(E("b", text: "Button", (0, 0, 100, 100), enabled: false))
        #expect(try maestro("{text: Button, enabled: true}", in: button) == [])
        #expect(try maestro("{text: Button, enabled: false}", in: button) == ["b"])
    }

    /// 055 (L1717): a pattern that does not match itself matches its own text literally.
    @Test func literalComparison() throws {
        let tree = screen(E("e", text: "(Secondary button)", (0, 100, 100, 200)))
        #expect(try maestro("{text: (Secondary button)}", in: tree) == ["e"])
        // The literal comparison is case-sensitive; the regex is not (and does not match here).
        #expect(try maestro("{text: (secondary button)}", in: tree) == [])
        // A pattern PCRE2 refuses is matched as literal text, ignoring case (StringUtilsTest).
        let star = screen(E("e", text: "*Oświadczam, że", (0, 0, 100, 100)))
        #expect(try maestro("'*oŚwiadczam, że'", in: star) == ["e"])
    }

    /// 072 (L2152): the deepest of nested matches.
    @Test func deepestOfNested() throws {
        let tree = screen(E("outer", text: "Element", (0, 0, 100, 100), [E("inner", text: "Element", (0, 0, 50, 50))]),
                          E("second", text: "Element", (0, 100, 100, 200)))
        #expect(try maestro("Element", in: tree) == ["inner", "second"])
    }

    /// 080 (L2408) and 081 (L2454): Maestro prunes views under a tenth on screen (540 × 960).
    @Test func offScreenPruning() throws {
        let visible = screen(E("r", id: "root", (0, 0, 500, 500), [
            E("v1", id: "visible_1", (0, 0, 100, 100)), E("v2", id: "visible_2", (490, 0, 640, 100)),
            E("v3", id: "visible_3", (0, 910, 100, 1060)), E("v4", id: "visible_4", (-100, -100, 740, 1160)),
        ]))
        #expect(try maestro("{id: visible_.*}", in: visible) == ["v1", "v2", "v3", "v4"])
        let hidden = screen(E("r", id: "root", (0, 0, 500, 500), [
            E("n1", id: "not_visible_1", (-100, -100, 0, 0)), E("n2", id: "not_visible_2", (540, 0, 640, 100)),
            E("n3", id: "not_visible_3", (0, 960, 100, 1060)), E("n4", id: "not_visible_4", (0, 950, 100, 1060)),
        ]))
        #expect(try maestro("{id: not_visible_.*}", in: hidden) == [])
        #expect(try maestro("{}", in: hidden) == ["root", "r"])
    }

    /// 097 (L2882): `containsDescendants`, each entry somewhere strictly below.
    @Test func containsDescendants() throws {
        let tree = screen(E("id1", id: "id1", (0, 0, 200, 200), [
            E("mid", (0, 0, 200, 200), [
                E("id2", id: "id2", (0, 0, 200, 200), [E("c1", text: "Child 1", (0, 0, 100, 50))]),
                E("c2", text: "Child 2", (0, 0, 100, 100), enabled: false),
            ]),
        ]))
        #expect(try maestro(#"{id: id1, containsDescendants: [Child 1, {text: "Child 2", enabled: false}]}"#, in: tree) == ["id1"])
        #expect(try maestro("{id: id2, containsDescendants: [Child 1]}", in: tree) == ["id2"])
        #expect(try maestro("{id: id1, containsDescendants: [Child 1, Child 3]}", in: tree) == [])
        #expect(try maestro("{containsDescendants: [Child 1]}", in: tree) == ["root", "id1", "mid", "id2"])
        // The flow's block form (097_contains_descendants.yaml). Through the registry a
        // selector that starts with `id:` names the `id` engine, so the prefix says `maestro:`.
        let block = """
            maestro:id: id1
            containsDescendants:
              - text: "Child 1"
              - text: "Child 2"
                enabled: false
            """
        #expect(try maestro(block, in: tree) == ["id1"])
    }

    /// 114 (L3392): `childOf` re-roots the search at the parent's first match, the parent
    /// included, at any depth; the whole-string match refuses `child_id_1`.
    @Test func childOf() throws {
        let tree = screen(E("id1", id: "id1", (0, 0, 200, 600), [
            E("p1", text: "parent_id_1", (0, 0, 200, 200), [E("c1", text: "child_id", (0, 0, 100, 200))]),
            E("p2", text: "parent_id_2", (0, 200, 200, 400), [E("c2", text: "child_id", (0, 200, 100, 400))]),
            E("p3", text: "parent_id_3", (0, 400, 200, 600), [E("c3", text: "child_id_1", (0, 400, 100, 600))]),
        ]))
        #expect(try maestro("{text: child_id, childOf: {text: parent_id_1}}", in: tree) == ["c1"])
        #expect(try maestro("{text: child_id, childOf: {text: parent_id_3}}", in: tree) == [])
        #expect(try maestro("{text: child_id}", in: tree) == ["c1", "c2"])
        #expect(try maestro("{childOf: {text: parent_id_2}}", in: tree) == ["p2", "c2"])
        #expect(try maestro("{text: child_id, childOf: {text: parent_id_.*, index: 1}}", in: tree) == ["c2"])
        // Only the parent's first match is searched (parent_id_1 here), and its anchors too.
        #expect(try maestro("{text: child_id, childOf: {text: parent_id_.*}}", in: tree) == ["c1"])
        #expect(try maestro("{text: child_id, below: parent_id_1, childOf: {text: parent_id_2}}", in: tree) == [])
        // A nested selector's `childOf` is ignored, as Maestro's buildFilter ignores it.
        #expect(try maestro("{below: {text: parent_id_1, childOf: {id: nothing}}, text: child_id}", in: tree) == ["c2"])
    }

    /// 129 (L4067): the basic filters hold together before the deepest match (2.0.3, #2711).
    @Test func textAndIDOnOneView() throws {
        let tree = screen(E("outer", text: "some_text", id: "some_id", (0, 0, 200, 200), [
            E("inner", text: "some_text", id: "", (50, 50, 150, 150)),
        ]))
        #expect(try maestro("{id: some_id, text: some_text}", in: tree) == ["outer"])
        #expect(try maestro("some_text", in: tree) == ["inner"])
    }

    /// 130 (L4097) and DeepestMatchingElementTest: the deepest matches of a chain and a leaf.
    @Test func deepestMatches() throws {
        let tree = screen(E("e1", text: "some_text", id: "1", (0, 0, 200, 200)),
                          E("e2", text: "some_text", id: "2", (0, 0, 200, 200), [
                              E("e3", text: "some_text", id: "3", (0, 0, 200, 200), [E("e4", text: "some_text", id: "4", (50, 50, 150, 150))]),
                          ]))
        #expect(try maestro("{text: some_text}", in: tree) == ["e1", "e4"])
        #expect(try maestro("{text: some_text, index: 2}", in: tree) == [])
        #expect(try maestro("{text: some_text, index: 1}", in: tree) == ["e4"])
        // A matching parent of a child that does not match is itself the deepest.
        let parent = screen(E("p", text: "some_text", (0, 0, 100, 100), [E("c", text: "other", (0, 0, 50, 50))]))
        #expect(try maestro("some_text", in: parent) == ["p"])
        #expect(try maestro("nothing", in: parent) == [])
    }

    /// ChildOfSelectorMessageTest's screen (L23-191): the card's child found inside it, and not
    /// when the target lies outside.
    @Test func childOfCard() throws {
        let inside = screen(E("card", id: "address_card", (0, 0, 200, 200), [E("edit", text: "Edit", (10, 10, 190, 50))]))
        let outside = screen(E("card", id: "address_card", (0, 0, 200, 200), [E("other", text: "Something else", (10, 10, 190, 50))]),
                             E("edit", text: "Edit", (0, 300, 200, 340)))
        #expect(try maestro("{text: Edit, childOf: {id: address_card}}", in: inside) == ["edit"])
        #expect(try maestro("{text: Edit, childOf: {id: address_card}}", in: outside) == [])
        #expect(try maestro("{text: Edit, childOf: {id: adress_card}}", in: outside) == [])
        #expect(try maestro("Edit", in: outside) == ["edit"])
    }
}
