import SelectorCore
import Testing

/// `R[A[a1,a2],B[b1]]`
private let rab = N("UIWindow", "R", [], [
    N("UIView", "A", [], [N("UILabel", "a1", label: "one"), N("UIButton", "a2", label: "two")]),
    N("UIView", "B", [], [N("UILabel", "b1", label: "three")]),
]).build()

private func run(_ build: (inout ProgramBuilder) -> Void, start: StartPoint = .roots, in tree: ViewTree = rab,
                 matcher: Matcher = Matcher(configuration: .serial)) throws -> [String] {
    var b = ProgramBuilder(start: start)
    build(&b)
    return tree.uids(of: try matcher.select(b.build(), in: tree))
}

@Suite struct MatcherStepTests {
    @Test func descendantsExcludeTheInputInPreorder() throws {
        #expect(try run { $0.descendants(unique: false) } == ["A", "a1", "a2", "B", "b1"])
    }

    @Test func descendantsOrSelfIncludeTheInput() throws {
        #expect(try run { $0.axis(.descendantsOrSelf, unique: true) } == ["R", "A", "a1", "a2", "B", "b1"])
    }

    @Test func reverseOrderIsUISpecs() throws {
        #expect(try run({ $0.descendants(order: .reverse, unique: false) }) == ["B", "A", "b1", "a2", "a1"])
    }

    @Test func reverseOrderFromTheVirtualApplicationIncludesTheWindow() throws {
        #expect(try run({ $0.descendants(order: .reverse, unique: false) }, start: .application)
            == ["R", "B", "A", "b1", "a2", "a1"])
    }

    @Test func kindFilterUsesTheClassHierarchy() throws {
        // UIButton is a UIControl is a UIView; UILabel is a UIView but not a UIControl.
        #expect(try run { $0.descendants(.kindOf("UIControl"), unique: false) } == ["a2"])
        #expect(try run { $0.descendants(.kindOf("UIView"), unique: false) } == ["A", "a1", "a2", "B", "b1"])
        #expect(try run { $0.descendants(.memberOf("UIView"), unique: false) } == ["A", "B"])
    }

    @Test func ancestorsAreNearestFirstAndDeduplicated() throws {
        let out = try run {
            $0.descendants(.kindOf("UILabel"), unique: false)
            $0.axis(.ancestors, unique: true)
        }
        #expect(out == ["A", "R", "B"])
        let dup = try run {
            $0.descendants(.kindOf("UILabel"), unique: false)
            $0.axis(.ancestors, unique: false)
        }
        #expect(dup == ["A", "R", "B", "R"])
    }

    @Test func childrenSiblingsAndParent() throws {
        #expect(try run { $0.axis(.children, unique: false) } == ["A", "B"])
        #expect(try run { $0.axis(.children, order: .reverse, unique: false) } == ["B", "A"])
        #expect(try run {
            $0.descendants(.string(property: "accessibilityLabel", .equals("one")), unique: false)
            $0.axis(.siblings, unique: true)
        } == ["a2"])
        #expect(try run {
            $0.descendants(.kindOf("UILabel"), unique: false)
            $0.axis(.parent, unique: true)
        } == ["A", "B"])
    }

    @Test func unorderedInputsWithDedupKeepFirstOccurrence() throws {
        // Inputs [A, R]: A's descendants first, then the rest of R's in preorder.
        let out = try run {
            $0.descendants(.string(property: "accessibilityLabel", .equals("one")), unique: false)
            $0.axis(.ancestors, unique: true)
            $0.descendants(unique: true)
        }
        #expect(out == ["a1", "a2", "A", "B", "b1"])
    }

    @Test func stringOperations() throws {
        func labels(_ t: StringTest) throws -> [String] {
            try run { $0.descendants(.string(property: "accessibilityLabel", t), unique: false) }
        }
        #expect(try labels(.contains("o")) == ["a1", "a2"])
        #expect(try labels(.hasPrefix("t")) == ["a2", "b1"])
        #expect(try labels(.hasSuffix("e")) == ["a1", "b1"])
        #expect(try labels(.equals("two")) == ["a2"])
        #expect(try labels(.equals("absent")) == [])
        #expect(try labels(StringTest(.equals, "TWO", options: .caseInsensitive)) == ["a2"])
    }

    @Test func pickFirstLastAndOutOfRange() throws {
        #expect(try run { $0.descendants(unique: false); $0.pick(0) } == ["A"])
        #expect(try run { $0.descendants(unique: false); $0.pick(-1) } == ["b1"])
        #expect(try run { $0.descendants(unique: false); $0.pick(9) } == [])
    }

    @Test func unionConcatenatesEachBranchFromTheSameInputsWithoutDuplicates() throws {
        var labels = ProgramBuilder(start: .roots)
        labels.descendants(.kindOf("UILabel"), unique: true)
        var controls = ProgramBuilder(start: .roots)
        controls.descendants(.kindOf("UIControl"), unique: true)
        var again = ProgramBuilder(start: .roots)
        again.descendants(.string(property: "accessibilityLabel", .equals("one")), unique: true)
        let out = try run { $0.union([controls.build(), labels.build(), again.build()]) }
        #expect(out == ["a2", "a1", "b1"])
    }

    @Test func deduplicateKeepsFirstOccurrencesAndSortRestoresDocumentOrder() throws {
        // Ancestors without de-duplication repeat R: [A, R, B, R].
        let repeated = try run {
            $0.descendants(.kindOf("UILabel"), unique: false)
            $0.axis(.ancestors, unique: false)
            $0.deduplicate()
        }
        #expect(repeated == ["A", "R", "B"])
        let sorted = try run {
            $0.descendants(.kindOf("UILabel"), unique: false)
            $0.axis(.ancestors, unique: false)
            $0.sortInDocumentOrder()
        }
        #expect(sorted == ["R", "A", "B"])
    }

    @Test func boolAndNumberPredicatesReadTypedColumns() throws {
        let tree = N("UIWindow", "w", [("tag", 0)], [
            N("UISwitch", "on", [("isOn", true), ("tag", 7)]),
            N("UISwitch", "off", [("isOn", false), ("tag", 3)]),
            N("UIView", "plain"),
        ]).build()
        func uids(_ p: Predicate) throws -> [String] {
            var b = ProgramBuilder(start: .roots)
            b.axis(.descendantsOrSelf, filter: p, unique: true)
            return tree.uids(of: try Matcher(configuration: .serial).select(b.build(), in: tree))
        }
        #expect(try uids(.bool(property: "isOn", true)) == ["on"])
        #expect(try uids(.bool(property: "isOn", false)) == ["off"])
        #expect(try uids(.number(property: "tag", .greater, 2)) == ["on", "off"])
        #expect(try uids(.number(property: "tag", .equal, 0)) == ["w"])
        #expect(try uids(.hasProperty("isOn")) == ["on", "off"])
        #expect(try uids(.not(.hasProperty("tag"))) == ["plain"])
    }
}
