@testable import SelectorCore
import SyntheticHierarchy
import Testing
import ViewSelectorsTesting

/// The shortcuts issue 20's second round added, each against the plain way it replaces.
@Suite struct FastPathTests {
    // MARK: Case-insensitive comparisons on bytes

    static let subjects = [
        "", "row 7-3", "Row 7-3", "ROW 7-", "Row 7", "Row 7-3x", "xRow 7-3", "e\u{301}", "é", "E\u{301}clair",
        "\u{212A}elvin", "kelvin", "İstanbul", "istanbul", "a\r\nb", "A\r", "Straße", "STRASSE", "row 7-\u{301}",
        "Row 7-Ω", "Σ", "σ", "ς", "\u{00A0}Row", "ab", "AB", "aB\u{0300}",
        // Eight-byte words: needles and subjects across the word boundary, non-ASCII bytes on
        // either side of the first difference, and bytes that OR 0x20 turns into other bytes.
        "ROW 7-3 AND MORE", "row 7-3 and more", "Row 7-3 and mor\u{E9}", "Row 7-\u{E9}", "\u{E9}ow 7-3",
        "[ow 7-", "@ROW 7-", "Row\u{0}7-", "Strasse!", "STRASSEX", "strassE", "Kelvin Scale", "\u{212A}elvin Scale",
        "ROW 7-3 AND MORE\u{301}", "row 7-3 and mor", "AB\u{E9}", "I\u{307}",
    ]
    static let longNeedles = ["row 7-3 and more", "strasse", "kelvin s", "[ow", "`ow", "ab\u{E9}"]
    static let needles = ["", "row 7-", "ROW 7-3", "e", "é", "k", "kelvin", "i", "a\r", "ab", "strasse", "σ", "\u{0301}"]

    /// Every built-in operation with `.caseInsensitive`, against the `String` comparison the byte
    /// paths stand in for (both sides `lowercased()`, then Swift's comparison).
    @Test func caseInsensitiveBytesAgreeWithLowercasedStrings() {
        let operations: [StringTest.Operation] = [.equals, .hasPrefix, .hasSuffix, .contains]
        var checked = 0
        for needle in Self.needles + Self.longNeedles {
            for operation in operations {
                let evaluator = BuiltinStringEvaluator(StringTest(operation, needle, options: .caseInsensitive))
                for subject in Self.subjects {
                    let s = subject.lowercased(), n = needle.lowercased()
                    let expected: Bool
                    switch operation {
                    case .equals: expected = s == n
                    case .hasPrefix: expected = s.hasPrefix(n)
                    case .hasSuffix: expected = s.hasSuffix(n)
                    default: expected = n.isEmpty || s.contains(n)
                    }
                    let got = Array(subject.utf8).withUnsafeBufferPointer { evaluator.matches($0) }
                    #expect(got == expected, "\(operation) \(needle.debugDescription) in \(subject.debugDescription)")
                    checked += 1
                }
            }
        }
        #expect(checked == (Self.needles.count + Self.longNeedles.count) * 4 * Self.subjects.count)
    }

    /// The short-value substring loop against `String.contains` on bytes that stress its ends.
    @Test func shortContainsAgreesWithStringContains() {
        let hays = ["", "a", "aa", "aab", "abab", "Row 1", "Row 10-1", "xRow 1", "Row ", String(repeating: "ab", count: 31) + "c",
                    String(repeating: "ab", count: 40) + "c"]
        let needles = ["a", "b", "ab", "ba", "aab", "Row 1", "1", "c", "bc", "abc"]
        for needle in needles {
            let evaluator = BuiltinStringEvaluator(.contains(needle))
            for hay in hays {
                let got = Array(hay.utf8).withUnsafeBufferPointer { evaluator.matches($0) }
                #expect(got == hay.contains(needle), "\(needle) in \(hay)")
            }
        }
    }

    // MARK: A chain of UISpec-order steps, prepared backwards

    /// Nested cells and tables, so a view reaches a result through several inputs and results repeat.
    static let nested: ViewTree = {
        func cell(_ id: String, _ inner: [N] = []) -> N {
            N("UITableViewCell", id, [], [N("UILabel", id + "l", label: "Row " + id)] + inner)
        }
        return N("UIWindow", "w", [], [
            N("UITableView", "t1", [], [cell("1"), cell("2", [cell("2a"), N("UITableView", "t2", [], [cell("2b")])]), cell("3")]),
            N("UIView", "v", [], [N("UILabel", "free", label: "Row free"), N("UITableView", "t3", [], [cell("4")])]),
        ]).build()
    }()

    static let filters: [Predicate] = [
        .any, .kindOf("UITableView"), .kindOf("UITableViewCell"), .kindOf("UILabel"), .kindOf("UIView"),
        .string(property: "accessibilityLabel", .contains("Row 2")),
        .and([.kindOf("UILabel"), .string(property: "accessibilityLabel", .hasPrefix("Row"))]),
        .none,
    ]

    /// A whole program (whose run of reverse steps is prepared backwards) against the same steps
    /// applied one program at a time (never a chain), on the nested tree and on generated ones.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func preparedChainsGiveTheStepwiseResult(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let trees = [Self.nested, SyntheticApp.generate(nodes: 3_000, seed: seed)]
        let matcher = Matcher(configuration: .serial)
        var nonEmpty = 0, withRepeats = 0
        for tree in trees {
            for _ in 0..<60 {
                var steps: [Step] = []
                for _ in 0..<Int.random(in: 2...4, using: &rng) {
                    let axis: Axis = Int.random(in: 0..<4, using: &rng) == 0 ? .descendantsOrSelf : .descendants
                    steps.append(.axis(axis, order: .reverse, filter: Self.filters.randomElement(using: &rng)!,
                                       unique: Int.random(in: 0..<5, using: &rng) == 0))
                }
                let start: StartPoint = Bool.random(using: &rng) ? .roots : .application
                let whole = try matcher.select(SelectorProgram(start: start, steps: steps), in: tree)
                var list = matcher.startNodes(start, in: tree)
                for step in steps {
                    list = try matcher.select(SelectorProgram(start: start, steps: [step]), in: tree, from: list)
                }
                #expect(whole == list, "\(steps)")
                if !whole.isEmpty { nonEmpty += 1 }
                if Set(whole).count < whole.count { withRepeats += 1 }
            }
        }
        // Worth something only if chains select views, repeated ones included.
        #expect(nonEmpty > 25)
        #expect(withRepeats > 5)
    }

    /// Document-order chains without repeats, matched right to left (small trees, and rare last
    /// matches on a larger one), or left to right (many last matches): the whole program against
    /// the same steps one program at a time, from the document, the roots and sorted lists of
    /// views. The first step may keep repeats (shelley's does), which its disjoint inputs never make.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func rightToLeftChainsGiveTheStepwiseResult(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let trees = [Self.nested, SyntheticApp.generate(nodes: 2_000, seed: seed), SyntheticApp.generate(nodes: 30_000, seed: seed)]
        let filters = Self.filters + [.and([.kindOf("UILabel"), .string(property: "accessibilityLabel", .equals("Row 3-1"))])]
        let matcher = Matcher(configuration: .serial)
        var nonEmpty = 0
        for tree in trees {
            for _ in 0..<50 {
                var steps: [Step] = []
                for n in 0..<Int.random(in: 2...4, using: &rng) {
                    let axis: Axis = Int.random(in: 0..<4, using: &rng) == 0 ? .descendantsOrSelf : .descendants
                    steps.append(.axis(axis, order: .document, filter: filters.randomElement(using: &rng)!,
                                       unique: n > 0 || Bool.random(using: &rng)))
                }
                let starts: [[NodeID]] = [
                    [-1], tree.roots,
                    Array(Set((0..<3).map { _ in NodeID.random(in: 0..<Int32(tree.count), using: &rng) })).sorted(),
                ]
                for start in starts {
                    let whole = try matcher.select(SelectorProgram(start: .document, steps: steps), in: tree, from: start)
                    var list = start
                    for step in steps {
                        list = try matcher.select(SelectorProgram(start: .document, steps: [step]), in: tree, from: list)
                    }
                    #expect(whole == list, "\(steps) from \(start)")
                    if !whole.isEmpty { nonEmpty += 1 }
                }
            }
        }
        #expect(nonEmpty > 40)
    }

    /// Last-step matches bunched between the sample's runs: the estimate says few, the scan finds
    /// many, and the chain goes left to right keeping the scan's matches.
    @Test func aMisleadingSampleStillGivesTheStepwiseResult() throws {
        var groups: [N] = []
        for g in 0..<2_000 {
            let leaves = (0..<9).map { k -> N in
                let index = 2 + g * 10 + k
                return N(index >= 100 && index < 600 ? "UIButton" : "UIView", "v\(index)")
            }
            groups.append(N("UIScrollView", "s\(g)", [], leaves))
        }
        let tree = N("UIWindow", "w", [], groups).build()
        let steps: [Step] = [
            .axis(.descendants, order: .document, filter: .kindOf("UIScrollView"), unique: true),
            .axis(.descendants, order: .document, filter: .kindOf("UIButton"), unique: true),
        ]
        let matcher = Matcher(configuration: .serial)
        let whole = try matcher.select(SelectorProgram(start: .document, steps: steps), in: tree)
        var list: [NodeID] = [-1]
        for step in steps { list = try matcher.select(SelectorProgram(start: .document, steps: [step]), in: tree, from: list) }
        #expect(whole == list)
        #expect(whole.count == 450)
    }

    /// `tableView tableViewCell label`: the nested tree's result written out in UISpec's order.
    @Test func aChainOnNestedTablesRepeatsWhatUISpecRepeats() throws {
        let tree = Self.nested
        let steps: [Step] = [
            .axis(.descendants, order: .reverse, filter: .kindOf("UITableView"), unique: false),
            .axis(.descendants, order: .reverse, filter: .kindOf("UITableViewCell"), unique: false),
            .axis(.descendants, order: .reverse, filter: .kindOf("UILabel"), unique: false),
        ]
        let got = tree.uids(of: try Matcher(configuration: .serial).select(SelectorProgram(start: .roots, steps: steps), in: tree))
        // Tables t1, t3, t2 (UISpec: w's children reversed, then theirs); t1's cells 3, 2, 1,
        // 2a, 2b; each cell's labels in its own walk (cell 2 holds 2's, 2a's and 2b's labels).
        #expect(got == ["3l", "2l", "2bl", "2al", "1l", "2al", "2bl",
                        "4l",
                        "2bl"])
    }
}

/// `StringPool` finds ASCII values by their bytes and the rest by `String`; one id per value as
/// `==` counts values, whichever path a value or a lookup takes.
@Suite struct StringPoolPathTests {
    @Test func canonicallyEqualSpellingsShareAnIdInEitherOrder() {
        var asciiFirst = StringPool()
        let k = asciiFirst.intern("K")
        #expect(asciiFirst.id(of: "\u{212A}") == k)  // the Kelvin sign, on a pool of ASCII values only
        #expect(asciiFirst.intern("\u{212A}") == k)
        #expect(asciiFirst.intern("K") == k)
        #expect(asciiFirst.count == 1)

        var kelvinFirst = StringPool()
        let kelvin = kelvinFirst.intern("\u{212A}")
        #expect(kelvinFirst.intern("K") == kelvin)
        #expect(kelvinFirst.id(of: "K") == kelvin)
        #expect(kelvinFirst.count == 1)

        var accents = StringPool()
        let composed = accents.intern("\u{E9}")
        #expect(accents.intern("e\u{301}") == composed)
        #expect(accents.id(of: "e\u{301}") == composed)
        #expect(accents.id(of: "e") == nil)
    }

    @Test func manyValuesKeepTheirIdsThroughGrowthAndMixedPaths() {
        var pool = StringPool()
        var ids: [String: Int32] = [:]
        for k in 0..<5_000 {
            let value = k % 7 == 0 ? "Zeile \(k) \u{E4}" : "Row \(k)"
            ids[value] = pool.intern(value)
        }
        // A value that is not ASCII arrived early: from then on ASCII values are in both indexes.
        for (value, id) in ids {
            #expect(pool.id(of: value) == id)
            #expect(pool.intern(value) == id)
            #expect(pool[id] == value)
        }
        #expect(pool.count == 5_000)
        #expect(pool.id(of: "Row 5000") == nil)
        #expect(pool.id(of: "") == nil)
        let empty = pool.intern("")
        #expect(pool.id(of: "") == empty)
    }
}
