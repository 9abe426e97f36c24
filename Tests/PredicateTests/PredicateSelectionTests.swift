import PredicateEngine
import PredicateFormat
import SelectorCore
import Testing
import ViewSelectorsTesting

/// A registry with only the predicate engine, serial so results never depend on threads.
let predicateRegistry: EngineRegistry = {
    let r = EngineRegistry(matcher: Matcher(configuration: .serial))
    try! r.register(PredicateEngine())
    return r
}()

/// A small app: buttons, switches, labels with accents and quotes, a hidden field, mixed-type tags.
let sampleTree = N("UIWindow", "w", [], [
    N("UIView", "root", [], [
        N("UIButton", "blue", label: "Blue Button", [("accessibilityIdentifier", "btn.blue"), ("isEnabled", .bool(true)), ("tag", 1)]),
        N("UIButton", "red", label: "red button", [("isEnabled", .bool(false)), ("tag", 2)]),
        N("UISwitch", "wifi", label: "Wi-Fi", [("isOn", .bool(true)), ("tag", 3)]),
        N("UISwitch", "bt", label: "Bluetooth", [("isOn", .bool(false)), ("tag", 7)]),
        N("UILabel", "cafe", label: "Café", [("text", "Crème brûlée"), ("alpha", .double(0.5))]),
        N("UITextField", "field", [("placeholder", "Search"), ("text", ""), ("isHidden", .bool(true))]),
        N("UILabel", "quote", label: "It's \"quoted\" \\ here"),
        N("UILabel", "star", label: "a*b?c", [("tag", "7")]),
        N("UILabel", "abc", label: "abc"),
    ]),
]).build()

func select(_ selector: String, in tree: ViewTree = sampleTree) throws -> [String] {
    try predicateRegistry.selectUIDs(selector, engine: "predicate", in: tree)
}

/// Format strings → the exact uids they select on `sampleTree`, in document order.
@Suite struct PredicateSelectionTests {
    static let table: [(String, [String])] = [
        // Comparisons and their spellings.
        ("accessibilityLabel == 'Wi-Fi'", ["wifi"]),
        ("accessibilityLabel = \"Wi-Fi\"", ["wifi"]),
        ("accessibilityLabel != 'Wi-Fi'", ["w", "root", "blue", "red", "bt", "cafe", "field", "quote", "star", "abc"]),
        ("accessibilityLabel <> 'Wi-Fi' AND accessibilityLabel != nil", ["blue", "red", "bt", "cafe", "quote", "star", "abc"]),
        ("tag > 2", ["wifi", "bt"]),
        ("tag >= 2", ["red", "wifi", "bt"]),
        ("tag => 2", ["red", "wifi", "bt"]),
        ("tag < 2", ["blue"]),
        ("tag <= 2", ["blue", "red"]),
        ("tag =< 2", ["blue", "red"]),
        ("tag == 7", ["bt"]),
        ("tag == 7.0", ["bt"]),
        ("tag == '7'", ["star"]),
        ("tag == -1 OR tag == +1", ["blue"]),
        ("alpha == 0.5", ["cafe"]),
        ("alpha == 5e-1", ["cafe"]),
        ("tag == 0x7", ["bt"]),
        ("tag == 0b11 OR tag == 0o2", ["red", "wifi"]),
        // Strings.
        ("accessibilityLabel BEGINSWITH 'Blue'", ["blue", "bt"]),
        ("accessibilityLabel BEGINSWITH 'blue'", []),
        ("accessibilityLabel BEGINSWITH[c] 'blue'", ["blue", "bt"]),
        ("accessibilityLabel beginswith[C] 'BLUE'", ["blue", "bt"]),
        ("accessibilityLabel ENDSWITH 'button'", ["red"]),
        ("accessibilityLabel ENDSWITH[c] 'button'", ["blue", "red"]),
        ("accessibilityLabel CONTAINS 'i-F'", ["wifi"]),
        ("accessibilityLabel CONTAINS[c] 'I-f'", ["wifi"]),
        ("accessibilityLabel == 'Cafe'", []),
        ("accessibilityLabel == [d] 'Cafe'", ["cafe"]),
        ("accessibilityLabel ==[cd] 'CAFE'", ["cafe"]),
        ("accessibilityLabel ==[c] 'CAFÉ'", ["cafe"]),
        ("text CONTAINS[d] 'bru'", ["cafe"]),
        ("text BEGINSWITH[cd] 'CREME'", ["cafe"]),
        ("text ENDSWITH[d] 'lee'", ["cafe"]),
        ("text CONTAINS 'bru'", []),
        ("text == ''", ["field"]),
        ("accessibilityLabel < 'B'", []),
        ("accessibilityLabel >= 'a' AND accessibilityLabel < 'b'", ["star", "abc"]),
        ("accessibilityLabel > 'r'", ["red"]),
        ("accessibilityLabel > 'Wa'", ["red", "wifi", "star", "abc"]),
        ("accessibilityLabel >= 'r'", ["red"]),
        ("accessibilityLabel <[c] 'bluf'", ["blue", "bt", "star", "abc"]),
        // LIKE: * any run, ? one character, \\ escapes a wildcard.
        ("accessibilityLabel LIKE 'B*'", ["blue", "bt"]),
        ("accessibilityLabel LIKE '*button'", ["red"]),
        ("accessibilityLabel LIKE[c] '*BUTTON'", ["blue", "red"]),
        ("accessibilityLabel LIKE 'Wi?Fi'", ["wifi"]),
        ("accessibilityLabel LIKE 'Wi?i'", []),
        ("accessibilityLabel LIKE '*'", ["blue", "red", "wifi", "bt", "cafe", "quote", "star", "abc"]),
        ("accessibilityLabel LIKE 'a\\\\*b\\\\?c'", ["star"]),
        ("accessibilityLabel LIKE 'a\\\\*bxc'", []),
        ("accessibilityLabel LIKE 'a?b?c'", ["star"]),
        ("accessibilityLabel LIKE[d] 'Caf?'", ["cafe"]),
        ("accessibilityLabel LIKE 'Caf?'", ["cafe"]),
        ("accessibilityLabel LIKE 'Caf'", []),
        // MATCHES: the whole string, PCRE2 syntax.
        ("accessibilityLabel MATCHES 'B.*'", ["blue", "bt"]),
        ("accessibilityLabel MATCHES 'lue'", []),
        ("accessibilityLabel MATCHES '.*lue.*'", ["blue", "bt"]),
        ("accessibilityLabel MATCHES[c] 'blue.*'", ["blue", "bt"]),
        ("accessibilityLabel MATCHES 'Wi-Fi|abc'", ["wifi", "abc"]),
        ("accessibilityLabel MATCHES[d] 'Cafe'", ["cafe"]),
        ("accessibilityLabel MATCHES 'a\\\\*b\\\\?c'", ["star"]),
        ("accessibilityLabel MATCHES '\\\\w+'", ["bt", "abc"]),
        // IN and BETWEEN.
        ("accessibilityLabel IN {'Wi-Fi', 'abc', 'nope'}", ["wifi", "abc"]),
        ("accessibilityLabel IN[c] {'WI-FI'}", ["wifi"]),
        ("tag IN {1, 7}", ["blue", "bt"]),
        ("tag IN {}", []),
        ("NOT tag IN {1, 2, 3, 7}", ["w", "root", "cafe", "field", "quote", "star", "abc"]),
        ("tag BETWEEN {2, 3}", ["red", "wifi"]),
        ("accessibilityLabel BETWEEN {'a', 'b'}", ["star", "abc"]),
        // Booleans.
        ("isOn == YES", ["wifi"]),
        ("isOn == TRUE", ["wifi"]),
        ("isOn == NO", ["bt"]),
        ("isOn == false", ["bt"]),
        ("isOn != YES", ["w", "root", "blue", "red", "bt", "cafe", "field", "quote", "star", "abc"]),
        ("isOn == 1", ["wifi"]),
        ("isOn > 0", ["wifi"]),
        ("tag == YES", ["blue", "red", "wifi", "bt"]),
        ("accessibilityLabel BEGINSWITH[c] 'blue' AND isOn == NO", ["bt"]),
        // nil.
        ("accessibilityIdentifier != nil", ["blue"]),
        ("accessibilityIdentifier == nil", ["w", "root", "red", "wifi", "bt", "cafe", "field", "quote", "star", "abc"]),
        ("placeholder != NULL", ["field"]),
        ("noSuchProperty == 'x'", []),
        ("noSuchProperty != 'x'", ["w", "root", "blue", "red", "wifi", "bt", "cafe", "field", "quote", "star", "abc"]),
        ("noSuchProperty == nil AND tag == 1", ["blue"]),
        ("noSuchProperty < 3", []),
        ("SELF != nil AND tag == 2", ["red"]),
        ("SELF == nil", []),
        ("SELF.accessibilityLabel == 'abc'", ["abc"]),
        // Mixed types: strings never equal numbers, numbers never equal strings.
        ("accessibilityLabel == 1", []),
        ("tag == '1'", []),
        ("isOn == 'YES'", []),
        // Logic and precedence: NOT over AND over OR.
        ("tag == 1 OR tag == 2 AND isEnabled == NO", ["blue", "red"]),
        ("(tag == 1 OR tag == 2) AND isEnabled == NO", ["red"]),
        ("tag == 1 || tag == 2 && isEnabled == NO", ["blue", "red"]),
        ("tag == 1 AND tag == 2 OR isEnabled == NO", ["red"]),
        ("NOT tag == 1 AND tag < 3", ["red"]),
        ("! (tag == 1 OR tag == 2) AND tag < 5", ["wifi"]),
        ("NOT NOT tag == 1", ["blue"]),
        ("not tag >= 2 and tag != nil", ["blue", "star"]),
        ("((((tag == 3))))", ["wifi"]),
        ("TRUEPREDICATE AND tag == 3", ["wifi"]),
        ("FALSEPREDICATE OR tag == 3", ["wifi"]),
        ("FALSEPREDICATE", []),
        ("TRUEPREDICATE", ["w", "root", "blue", "red", "wifi", "bt", "cafe", "field", "quote", "star", "abc"]),
        // Literals on the left read as flipped comparisons.
        ("2 < tag", ["wifi", "bt"]),
        ("'Wi-Fi' == accessibilityLabel", ["wifi"]),
        // Escapes.
        (#"accessibilityLabel == 'It\'s "quoted" \\ here'"#, ["quote"]),
        (#"accessibilityLabel == "It's \"quoted\" \\ here""#, ["quote"]),
        (#"accessibilityLabel == 'Caf\u00e9'"#, ["cafe"]),
        (#"accessibilityLabel == '\x61bc'"#, ["abc"]),
        // Aliases.
        ("label == 'abc'", ["abc"]),
        ("name == 'btn.blue'", ["blue"]),
        ("identifier == 'btn.blue'", ["blue"]),
        ("type == 'UISwitch'", ["wifi", "bt"]),
        ("type ==[c] 'uiswitch'", ["wifi", "bt"]),
        ("type != 'UISwitch' AND tag != nil", ["blue", "red", "star"]),
        ("elementType == 'UIControl'", []),
        ("className BEGINSWITH 'UIT'", ["field"]),
        ("enabled == NO", ["red"]),
        ("visible == NO", ["field"]),
        ("visible == YES", []),
        ("#IN == nil AND tag == 1", ["blue"]),
        ("#type == 'UIButton'", ["blue", "red"]),
        ("wdLabel == 'abc'", ["abc"]),
    ]

    @Test(arguments: table)
    func selects(_ selector: String, _ expected: [String]) throws {
        #expect(try select(selector) == expected, "\(selector)")
    }

    @Test func chainedRootsAreSearchedIncludingThemselvesEachViewOnce() throws {
        let root = sampleTree.node(withUID: "root")!
        let wifi = sampleTree.node(withUID: "wifi")!
        // Nested roots in document order: every view once, in document order.
        let found = try predicateRegistry.select("tag != nil", engine: "predicate", in: sampleTree, from: [root, wifi])
        #expect(sampleTree.uids(of: found) == ["blue", "red", "wifi", "bt", "star"])
        // Roots out of order (as a uiquery part gives them): still document order, none twice.
        let reversed = try predicateRegistry.select("tag != nil", engine: "predicate", in: sampleTree, from: [wifi, root])
        #expect(sampleTree.uids(of: reversed) == ["blue", "red", "wifi", "bt", "star"])
        #expect(try predicateRegistry.selectUIDs("TRUEPREDICATE", engine: "predicate", in: sampleTree, from: [wifi]) == ["wifi"])
    }

    @Test func visibleReadsTheRecordedAttributeBeforeIsHidden() throws {
        let tree = N("UIWindow", "w", [("visible", .bool(true))], [
            N("UIView", "shown", [("visible", .bool(true)), ("isHidden", .bool(true))]),
            N("UIView", "hidden", [("isHidden", .bool(true))]),
            N("UIView", "plain", [("isHidden", .bool(false))]),
        ]).build()
        #expect(try select("visible == YES", in: tree) == ["w", "shown", "plain"])
        #expect(try select("visible == NO", in: tree) == ["hidden"])
        #expect(try select("visible == 1", in: tree) == ["w", "shown", "plain"])
        #expect(try select("visible != nil", in: tree) == ["w", "shown", "hidden", "plain"])
    }
}
