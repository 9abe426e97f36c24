import SelectorCore
import SyntheticHierarchy
import Testing
import ViewSelectorsTesting

// The core's steps for Maestro's selectors (issue 33): `relation` (below, above, leftOf, rightOf,
// parentOf a reference program's views), `deepest` and `sort(by:)`, on their own definitions
// (hand-built trees with frames), against the reference interpreter on large trees with every
// route forced, and through the printer, the plug-in JSON, the budget and `searchPath`.

/// A view at `frame` (x, y, width, height; nil: none) with `children`.
private func V(_ uid: String, _ frame: (Double, Double, Double, Double)?, _ props: [(String, JSONValue)] = [],
               _ children: [N] = []) -> N {
    var p = props
    if let (x, y, w, h) = frame { p.append(("accessibilityFrame", Rect(x: x, y: y, width: w, height: h).json)) }
    return N("UIView", uid, p, children)
}

/// A program from the roots: its steps.
private func program(_ steps: [Step], from start: StartPoint = .roots) -> SelectorProgram {
    var b = ProgramBuilder(start: start)
    for s in steps { b.append(s) }
    return b.build()
}

/// Every view with `label`, from the roots or self.
private func labelled(_ label: String) -> SelectorProgram {
    program([.axis(.descendantsOrSelf, order: .document, filter: .string(property: "accessibilityLabel", .equals(label)), unique: true)])
}

private let all = Step.axis(.descendantsOrSelf, order: .document, filter: .any, unique: true)

/// The matcher's and the reference's uids for `p` in `tree`; the two must agree.
private func both(_ p: SelectorProgram, _ tree: ViewTree) throws -> [String] {
    let matched = try Matcher(configuration: .serial).select(p, in: tree)
    #expect(matched == (try ReferenceInterpreter(tree: tree).select(p)), "\(p)")
    return tree.uids(of: matched)
}

@Suite("Relation, deepest and sort steps")
struct RelationStepTests {
    /// A 3 × 3 grid of 100-point cells (labels a…i, row by row) under a frameless root, a view
    /// without a frame, and a view whose frame column entry is absent.
    static let grid: ViewTree = N("UIWindow", "root", [], [
        V("a", (0, 100, 100, 100), [("accessibilityLabel", "a")]), V("b", (100, 100, 100, 100), [("accessibilityLabel", "b")]),
        V("c", (200, 100, 100, 100), [("accessibilityLabel", "c")]),
        V("d", (0, 200, 100, 100), [("accessibilityLabel", "d")]), V("e", (100, 200, 100, 100), [("accessibilityLabel", "e"), ("isOn", true)]),
        V("f", (200, 200, 100, 100), [("accessibilityLabel", "f"), ("isOn", false)]),
        V("g", (0, 300, 100, 100), [("accessibilityLabel", "g")]), V("h", (100, 300, 100, 100), [("accessibilityLabel", "h"), ("isOn", true)]),
        V("i", (200, 300, 100, 100), [("accessibilityLabel", "i")]),
        V("none", nil, [("accessibilityLabel", "e")]),
    ]).build()

    @Test func spatialRelationsCompareOneEdgeStrictly() throws {
        let tree = Self.grid
        #expect(try both(program([all, .relation(.below, labelled("e"))]), tree) == ["g", "h", "i"])
        #expect(try both(program([all, .relation(.above, labelled("e"))]), tree) == ["a", "b", "c"])
        #expect(try both(program([all, .relation(.leftOf, labelled("e"))]), tree) == ["a", "d", "g"])
        #expect(try both(program([all, .relation(.rightOf, labelled("e"))]), tree) == ["c", "f", "i"])
        // Any reference will do: below the higher of two is below either.
        #expect(try both(program([all, .relation(.below, labelled("a")), .relation(.below, labelled("g"))]), tree) == [])
        let eitherOf = program([.union([labelled("b"), labelled("h")])])
        #expect(try both(program([all, .relation(.below, eitherOf)]), tree) == ["d", "e", "f", "g", "h", "i"])
        #expect(try both(program([all, .relation(.above, eitherOf)]), tree) == ["a", "b", "c", "d", "e", "f"])
        // No reference (or none with a frame): nothing.
        #expect(try both(program([all, .relation(.below, labelled("zzz"))]), tree) == [])
        #expect(try both(program([all, .relation(.below, program([.axis(.descendantsOrSelf, order: .document,
            filter: .string(property: "uid", .equals("none")), unique: true)]))]), tree) == [])
    }

    @Test func parentOfIsADirectChild() throws {
        let tree = N("UIWindow", "root", [], [
            V("p", (0, 0, 10, 10), [], [V("c", (0, 0, 5, 5), [("accessibilityLabel", "x")], [V("gc", (0, 0, 1, 1), [("accessibilityLabel", "x")])])]),
        ]).build()
        #expect(try both(program([all, .relation(.parentOf, labelled("x"))]), tree) == ["p", "c"])
        #expect(try both(program([all, .relation(.parentOf, program([.axis(.descendantsOrSelf, order: .document,
            filter: .string(property: "uid", .equals("root")), unique: true)]))]), tree) == [])
    }

    /// The references run from the query's roots, not from the list: in a chain part, below
    /// its roots; in a union member, from the whole query's roots.
    @Test func referencesRunFromTheQueryRoots() throws {
        let tree = Self.grid
        let p = program([.axis(.children, order: .document, filter: .any, unique: false), .relation(.below, labelled("e"))])
        let e = NodeID(5)
        #expect(tree.uids(of: [e]) == ["e"])
        #expect(try Matcher().select(p, in: tree, from: [0]).map { tree.uids(of: [$0])[0] } == ["g", "h", "i"])
        // From `e` itself (a chain part's root), `e` is the only reference, and its children none.
        #expect(try Matcher().select(program([all, .relation(.below, labelled("e"))]), in: tree, from: [e]) == [])
        #expect(try ReferenceInterpreter(tree: tree).select(program([all, .relation(.below, labelled("e"))]), from: [e]) == [])
    }

    @Test func deepestKeepsViewsWithoutADescendantInTheList() throws {
        let tree = N("UIWindow", "root", [], [
            V("a", nil, [("accessibilityLabel", "x")], [V("b", nil, [("accessibilityLabel", "x")], [V("c", nil, [("accessibilityLabel", "x")])])]),
            V("d", nil, [("accessibilityLabel", "x")], [V("e", nil)]),
        ]).build()
        let x = Step.axis(.descendantsOrSelf, order: .document, filter: .string(property: "accessibilityLabel", .equals("x")), unique: true)
        #expect(try both(program([x, .deepest]), tree) == ["c", "d"])
        // Out of order, with repeats: the same views kept, in the list's order, repeats too.
        let up = program([.axis(.descendants, order: .document, filter: .string(property: "accessibilityLabel", .equals("x")), unique: false),
                          .axis(.ancestorsOrSelf, order: .document, filter: .any, unique: false), .deepest])
        #expect(try both(up, tree) == ["c", "d"])
        // From the document: the virtual node is dropped, whatever else is there.
        #expect(try both(program([.deepest], from: .document), tree) == [])
    }

    @Test func sortsAreStable() throws {
        let tree = Self.grid
        // Reverse document order in, (y, x) order out; the frameless view last.
        let reversed = program([.axis(.descendants, order: .reverse, filter: .any, unique: true), .sort(by: .frameTopLeft)])
        #expect(try both(reversed, tree) == ["a", "b", "c", "d", "e", "f", "g", "h", "i", "none"])
        // True first, then false, then without the property, each in the list's order.
        #expect(try both(program([all, .sort(by: .trueFirst("isOn"))]), tree)
                == ["e", "h", "f", "root", "a", "b", "c", "d", "g", "i", "none"])
        // Ties on (y, x) keep their order: two views at one place.
        let twins = N("UIWindow", "root", [], [V("p", (0, 0, 9, 9)), V("q", (0, 0, 5, 5)), V("r", (0, -1, 1, 1))]).build()
        #expect(try both(program([.axis(.descendants, order: .reverse, filter: .any, unique: true), .sort(by: .frameTopLeft)]), twins)
                == ["r", "q", "p"])
    }

    /// A frame column the loader kept generic (a value that is not a frame among frames) still
    /// gives its frames to the relations and the sort.
    @Test func framesInAGenericColumn() throws {
        var b = ViewTreeBuilder()
        let root = b.addNode(className: "UIWindow")
        b.set("accessibilityFrame", .string("not a frame"), on: root)
        for (k, y) in [30.0, 10, 20].enumerated() {
            let v = b.addNode(className: "UIView", parent: root)
            b.set("uid", .string("v\(k)"), on: v)
            b.set("accessibilityFrame", Rect(x: 0, y: y, width: 1, height: 1).json, on: v)
        }
        let tree = b.build()
        #expect(try both(program([.axis(.descendants, order: .document, filter: .any, unique: true), .sort(by: .frameTopLeft)]), tree)
                == ["v1", "v2", "v0"])
        let topmost = program([.axis(.descendants, order: .document, filter: .string(property: "uid", .equals("v1")), unique: true)])
        #expect(try both(program([.axis(.descendants, order: .document, filter: .any, unique: true), .relation(.below, topmost)]), tree)
                == ["v0", "v2"])
    }

    /// The matcher against the reference on large trees with frames, every route forced:
    /// relations to reference programs of several sizes, deepest lists, sorts, Maestro's shape.
    @Test("against the reference on large trees", arguments: [0, 1, 2])
    func againstTheReference(kind: Int) {
        let tree: ViewTree
        switch kind {
        // Above every threshold but the parallel scan's (ParallelEqualityTests has that one).
        case 0: tree = SyntheticApp.generate(nodes: TestScale.views(40_000), seed: 33)
        case 1: tree = RandomTrees.build(nodes: 20_000, seed: 34, shape: .random, frames: .all)
        default: tree = RandomTrees.build(nodes: 5_000, seed: 35, shape: .deep, frames: .all)
        }
        let label = "accessibilityLabel"
        let references: [SelectorProgram] = [
            program([.axis(.descendantsOrSelf, order: .document, filter: .string(property: label, .equals("Delete")), unique: true), .deepest]),
            program([.axis(.descendantsOrSelf, order: .document, filter: .kindOf("UITableViewCell"), unique: true),
                     .sort(by: .frameTopLeft), .pick(3)]),
            program([.axis(.descendantsOrSelf, order: .document, filter: .string(property: label, .hasPrefix("Row 1")), unique: true)]),
            program([.axis(.descendants, order: .reverse, filter: .kindOf("UILabel"), unique: false), .pick(-1)]),
        ]
        var programs: [SelectorProgram] = []
        for relation in Relation.allCases {
            for reference in references {
                programs.append(program([.axis(.descendantsOrSelf, order: .document, filter: .kindOf("UIButton"), unique: true),
                                         .relation(relation, reference)]))
                programs.append(program([.axis(.descendantsOrSelf, order: .document, filter: .kindOf("UILabel"), unique: true), .deepest,
                                         .relation(relation, reference), .sort(by: .trueFirst("isHidden"))]))
            }
            programs.append(program([.axis(.descendants, order: .document, filter: .any, unique: false),
                                     .relation(relation, references[1]), .sort(by: .frameTopLeft), .pick(-2)], from: .document))
        }
        programs.append(program([.axis(.descendantsOrSelf, order: .document, filter: .hasProperty(label), unique: true), .deepest]))
        programs.append(program([.axis(.descendants, order: .reverse, filter: .kindOf("UIView"), unique: false), .deepest,
                                 .sort(by: .frameTopLeft)]))
        programs.append(program([.axis(.descendantsOrSelf, order: .document, filter: .kindOf("UITableViewCell"), unique: true), .pick(0),
                                 .axis(.descendantsOrSelf, order: .document, filter: .kindOf("UILabel"), unique: true), .deepest,
                                 .relation(.below, references[0]), .sort(by: .trueFirst("isHidden"))]))
        var count = ReferenceComparison.Count()
        // The reference tests each candidate against each reference (early out): the programs
        // past its work limit are skipped, not failed.
        ReferenceComparison.compare(programs, on: tree, predicates: RandomPrograms.predicates(), maxWork: 5_000_000,
                                    configurations: ReferenceComparison.forcedConfigurations, count: &count) { mismatch in
            Issue.record("tree \(kind): \(mismatch)")
        }
        #expect(count.programs > programs.count / 2)
        #expect(count.nonEmpty > count.programs / 5)
    }

    @Test func printed() {
        let p = program([all, .deepest, .relation(.leftOf, labelled("e")), .sort(by: .frameTopLeft), .sort(by: .trueFirst("clickable"))])
        #expect(p.description == """
            start .roots
            1  axis descendantsOrSelf  document  filter any  unique
            2  deepest
            3  relation leftOf
               { start .roots
                 1  axis descendantsOrSelf  document  filter accessibilityLabel == "e"  unique
               }
            4  sort by frame (y, x)
            5  sort by clickable (true first)
            """)
    }

    @Test func pluginJSONRoundTrips() throws {
        for relation in Relation.allCases {
            let p = program([all, .deepest, .relation(relation, labelled("e")), .sort(by: .frameTopLeft), .sort(by: .trueFirst("clickable"))])
            let json = try p.pluginJSON()
            #expect(try SelectorProgram(pluginJSON: json) == p)
        }
        let bad = try JSONReader.parse(Array(#"{"start":"roots","steps":[{"relation":"under","to":{"start":"roots","steps":[]}}]}"#.utf8))
        #expect(throws: SelectorError.self) { try SelectorProgram(pluginJSON: bad) }
        let badSort = try JSONReader.parse(Array(#"{"start":"roots","steps":[{"sortBy":"size"}]}"#.utf8))
        #expect(throws: SelectorError.self) { try SelectorProgram(pluginJSON: badSort) }
    }

    /// A relation's work is charged: a tiny work budget stops it with the limit error.
    @Test func budgets() throws {
        let tree = SyntheticApp.generate(nodes: 20_000, seed: 5)
        let p = program([all, .relation(.below, program([all]))])
        #expect(throws: SelectorError.self) {
            try Matcher().select(p, in: tree, budget: QueryBudget(maxStepResults: .max, maxWork: 30_000))
        }
        #expect(throws: SelectorError.self) {
            try Matcher().select(p, in: tree, budget: QueryBudget(maxStepResults: .max, maxWork: .max,
                                                                  deadline: ContinuousClock.now - .seconds(1)))
        }
    }

    @Test func notASearchPath() {
        #expect(program([all, .relation(.below, labelled("e"))]).searchPath() == .failure(SearchPathError("a spatial relation (below)")))
        #expect(program([all, .relation(.parentOf, labelled("e"))]).searchPath() == .failure(SearchPathError("a relation to another selector's views")))
        #expect(program([all, .deepest]).searchPath() == .failure(SearchPathError("a reduction to the deepest views")))
        #expect(program([all, .sort(by: .frameTopLeft)]).searchPath() == .failure(SearchPathError("an order by frame or by a property")))
    }

    @Test func sizesCountTheReferenceProgram() {
        let small = program([all, .deepest])
        let withReference = program([all, .deepest, .relation(.below, labelled(String(repeating: "x", count: 1_000)))])
        #expect(withReference.estimatedBytes > small.estimatedBytes + 1_000)
    }
}

/// `Predicate.hasRelative`: the views around a view, decided for the whole tree in one pass, as the
/// reference interpreter defines them, under `or` and `not` too (Espresso's `withParent`,
/// `withChild`, `hasDescendant`, `hasSibling`; Compose's `hasParent`, `hasAny…`).
@Suite("relative predicates against the reference")
struct RelativePredicateTests {
    @Test("each relation, alone, negated and in an or, on random trees and an app, with several roots", arguments: [0, 1, 2])
    func relations(kind: Int) throws {
        let tree: ViewTree
        switch kind {
        case 0: tree = RandomTrees.build(nodes: 3_000, seed: 61, shape: .random, frames: .some)
        case 1: tree = RandomTrees.build(nodes: 2_000, seed: 62, shape: .wide, frames: .none)
        default: tree = SyntheticApp.generate(nodes: 5_000, seed: 63)
        }
        let reference = ReferenceInterpreter(tree: tree)
        let inner: [Predicate] = [.kindOf("UILabel"), .memberOf("UIButton"), .string(property: "accessibilityLabel", .hasPrefix("Row 1")), .any]
        var nonEmpty = 0
        for relative in Relative.allCases {
            for q in inner {
                for p in [Predicate.hasRelative(relative, q), .not(.hasRelative(relative, q)),
                          .or([.kindOf("UITableViewCell"), .hasRelative(relative, q)])] {
                    var b = ProgramBuilder(start: .document)
                    b.descendants(p, unique: true)
                    let program = b.build()
                    let ours = try Matcher().select(program, in: tree)
                    let theirs = try reference.select(program)
                    #expect(ours == theirs, "\(relative) \(p)")
                    if !ours.isEmpty { nonEmpty += 1 }
                }
            }
        }
        #expect(nonEmpty > 30)
    }

    @Test("the definitions on a small tree: a parent, children, a descendant, siblings and roots")
    func definitions() throws {
        // window > (cell > (label "A", button), cell > label "B"); a second root: label "C".
        var builder = ViewTreeBuilder(hierarchy: .standard)
        func add(_ n: N, _ parent: ViewTreeBuilder.Handle?) {
            let h = builder.addNode(className: n.className, parent: parent)
            builder.setString("uid", n.uid, on: h)
            for (k, v) in n.properties { builder.set(k, v, on: h) }
            for c in n.children { add(c, h) }
        }
        add(N("UIWindow", "1", [], [N("UITableViewCell", "2", [], [N("UILabel", "3", label: "A"), N("UIButton", "4")]),
                                     N("UITableViewCell", "5", [], [N("UILabel", "6", label: "B")])]), nil)
        add(N("UILabel", "7", label: "C"), nil)
        let tree = builder.build()
        func uids(_ p: Predicate) throws -> [String] {
            var b = ProgramBuilder(start: .document)
            b.descendants(p, unique: true)
            return tree.uids(of: try Matcher().select(b.build(), in: tree))
        }
        #expect(try uids(.hasRelative(.parent, .kindOf("UITableViewCell"))) == ["3", "4", "6"])
        #expect(try uids(.hasRelative(.child, .kindOf("UIButton"))) == ["2"])
        #expect(try uids(.hasRelative(.descendant, .kindOf("UILabel"))) == ["1", "2", "5"])
        #expect(try uids(.hasRelative(.sibling, .kindOf("UIButton"))) == ["3"])
        #expect(try uids(.hasRelative(.sibling, .string(property: "accessibilityLabel", .equals("C")))) == ["1"])
        #expect(try uids(.not(.hasRelative(.parent, .any))) == ["1", "7"])
    }
}
