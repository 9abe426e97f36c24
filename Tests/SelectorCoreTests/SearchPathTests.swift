import SelectorCore
import Testing

/// Programs read back as search paths (what every engine's printer takes, issue 31), and the
/// reading of a path's tests against the recordings it will be proved on.
@Suite("Search paths: programs read back for the printers")
struct SearchPathTests {
    static let tree = N("UIWindow", "w", [], [
        N("UITableViewCell", "c1", label: "Row 1", [], [N("UIButton", "b1", label: "Delete")]),
        N("UITableViewCell", "c2", label: "Row 2", [], [N("UIButton", "b2", label: "Delete"), N("UILabel", "l2", label: "Row 2")]),
        N("UISwitch", "s", label: "Wi-Fi", [("isOn", .bool(true))]),
    ]).build()

    @Test("descendant and child steps, filters fused, a last pick; a start's own axis read as the whole tree")
    func shapes() throws {
        var b = ProgramBuilder(start: .document)
        b.descendants(.kindOf("UITableViewCell"), unique: true)
        b.axis(.children, filter: .kindOf("UIButton"), unique: true)
        b.filter(.string(property: "accessibilityLabel", .equals("Delete")))
        b.sortInDocumentOrder()
        b.pick(-1)
        let path = try b.build().searchPath().get()
        #expect(path.steps == [
            SearchPath.Step(link: .descendant, filter: .kindOf("UITableViewCell")),
            SearchPath.Step(link: .child, filter: .all([.kindOf("UIButton"), .string(property: "accessibilityLabel", .equals("Delete"))]),
                            pick: -1),
        ])
        #expect(path.pick == -1)
        #expect(path.order == .document)

        // A predicate's program: every view from the roots, the roots included.
        var p = ProgramBuilder(start: .roots)
        p.axis(.descendantsOrSelf, filter: .memberOf("UISwitch"), unique: true)
        p.sortInDocumentOrder()
        #expect(try p.build().searchPath().get() == SearchPath(steps: [SearchPath.Step(link: .descendant, filter: .memberOf("UISwitch"))]))

        // UISpec's order is kept as the path's order.
        var u = ProgramBuilder(start: .application)
        u.descendants(.kindOf("UIButton"), order: .reverse, unique: false)
        #expect(try u.build().searchPath().get().order == .reverse)
    }

    @Test("what is not a path says which part", arguments: [
        (Step.axis(.siblings, order: .document, filter: .any, unique: true), "the siblings axis"),
        (Step.axis(.ancestors, order: .document, filter: .any, unique: true), "the ancestors axis"),
        (Step.union([]), "a union of selectors"),
    ])
    func notPaths(step: Step, part: String) {
        var b = ProgramBuilder(start: .document)
        b.descendants(.kindOf("UIView"), unique: true)
        b.append(step)
        guard case .failure(let e) = b.build().searchPath() else { Issue.record("\(step) read as a path"); return }
        #expect(e.part == part)
        #expect(e.description == "the source compiles to \(part), which no printer reads")
    }

    @Test("a pick before another step and a position among siblings are steps' own; a filter after one is not a path")
    func positions() throws {
        var b = ProgramBuilder(start: .document)
        b.descendants(.kindOf("UITableViewCell"), unique: true)
        b.pick(1)
        b.axisPosition(.children, filter: .kindOf("UIButton"), index: 0)
        b.sortInDocumentOrder()
        let path = try b.build().searchPath().get()
        #expect(path.steps == [SearchPath.Step(link: .descendant, filter: .kindOf("UITableViewCell"), pick: 1),
                               SearchPath.Step(link: .child, filter: .kindOf("UIButton"), position: 0)])
        #expect(path.pick == nil)
        #expect(path.positionalPart == "a step's position among its siblings")
        #expect(Self.tree.uids(of: try Matcher(configuration: .serial).select(path.program, in: Self.tree)) == ["b2"])
        #expect(try path.program.searchPath().get() == path)

        // `//UIButton[2]`: the scan's views standing second among their UIButton siblings.
        var s = ProgramBuilder(start: .document)
        s.descendants(.memberOf("UIButton"), unique: true)
        s.siblingPosition(SiblingPosition(-1, among: .memberOf("UIButton")))
        #expect(try s.build().searchPath().get().steps == [SearchPath.Step(link: .descendant, filter: .memberOf("UIButton"), position: -1)])

        // A pick alone before another step is positional too; at the end it is not.
        let picked = SearchPath(steps: [SearchPath.Step(link: .descendant, filter: .any, pick: 0),
                                        SearchPath.Step(link: .child, filter: .any)])
        #expect(picked.positionalPart == "a pick by position before another step")
        #expect(SearchPath(steps: [SearchPath.Step(link: .descendant, filter: .any)], pick: 0).positionalPart == nil)

        // A filter after a position counts among other views; a position among other views is a step of its own.
        var f = ProgramBuilder(start: .document)
        f.descendants(.kindOf("UIView"), unique: true)
        f.pick(0)
        f.filter(.hasProperty("accessibilityLabel"))
        guard case .failure(let e) = f.build().searchPath() else { Issue.record("read as a path"); return }
        #expect(e.part == "a filter after a position")
        var o = ProgramBuilder(start: .document)
        o.descendants(.kindOf("UIView"), unique: true)
        o.siblingPosition(SiblingPosition(0, among: .any))
        guard case .failure(let other) = o.build().searchPath() else { Issue.record("read as a path"); return }
        #expect(other.part.hasPrefix("the step `keep position 0"))
    }

    @Test("the path as a program reads back as itself and selects what the path says")
    func programRoundTrip() throws {
        let path = SearchPath(steps: [SearchPath.Step(link: .descendant, filter: .kindOf("UITableViewCell")),
                                      SearchPath.Step(link: .child, filter: .kindOf("UIButton"))], pick: 1)
        #expect(try path.program.searchPath().get() == path)
        let found = try Matcher(configuration: .serial).select(path.program, in: Self.tree)
        #expect(Self.tree.uids(of: found) == ["b2"])
    }

    @Test("kinds become the recorded classes, absent properties and classes fall away, idle fallbacks are pruned")
    func specialized() {
        func read(_ p: Predicate, _ trees: [ViewTree] = [Self.tree]) -> Predicate {
            SearchPath(steps: [SearchPath.Step(link: .descendant, filter: p)]).specialized(for: trees).steps[0].filter
        }
        // UISwitch is a kind of UIControl, and the only one recorded here; UIButton is one too.
        #expect(read(.kindOf("UISwitch")) == .memberOf("UISwitch"))
        #expect(read(.kindOf("UIControl")) == .or([.memberOf("UIButton"), .memberOf("UISwitch")]))
        #expect(read(.kindOf("UITextField")) == .none)
        #expect(read(.memberOf("UITextField")) == .none)
        // No view records `text`: a test of it is false, its absence is true.
        #expect(read(.string(property: "text", .equals("x"))) == .none)
        #expect(read(.not(.hasProperty("text"))) == .any)
        // Every view records a uid.
        #expect(read(.hasProperty("uid")) == .any)
        // A fallback guarded by a negation that no view passes goes; the first alternative stays
        // even when it too matches nothing here (it is the source's own test).
        let alias = Predicate.or([.string(property: "accessibilityIdentifier", .equals("ok")),
                                  .and([.not(.hasProperty("uid")), .string(property: "accessibilityLabel", .equals("ok"))])])
        #expect(read(alias) == .none)
        let label = Predicate.or([.string(property: "accessibilityLabel", .equals("Delete")),
                                  .and([.not(.hasProperty("isOn")), .string(property: "accessibilityLabel", .equals("Wi-Fi"))])])
        #expect(read(label) == .string(property: "accessibilityLabel", .equals("Delete")))
        // A negated conjunct every view passing the others passes goes; the class stays although
        // the label alone finds the same views.
        let guarded = Predicate.and([.not(.memberOf("UILabel")), .memberOf("UIButton"),
                                     .string(property: "accessibilityLabel", .equals("Delete"))])
        #expect(read(guarded) == .and([.memberOf("UIButton"), .string(property: "accessibilityLabel", .equals("Delete"))]))
    }

    @Test("a column a loader copied reads as the attribute it copied, for tests no empty value passes")
    func copiedColumns() {
        var tree = N("XCUIElementTypeWindow", "w", [("name", .string("main")), ("accessibilityIdentifier", .string("main"))]).build()
        tree.copiedColumns = ["accessibilityIdentifier": "name"]
        func read(_ p: Predicate, _ trees: [ViewTree]) -> Predicate {
            SearchPath(steps: [SearchPath.Step(link: .descendant, filter: p)]).specialized(for: trees).steps[0].filter
        }
        #expect(read(.string(property: "accessibilityIdentifier", .hasPrefix("ma")), [tree])
                == .string(property: "name", .hasPrefix("ma")))
        #expect(read(.string(property: "accessibilityIdentifier", .equals("")), [tree])
                == .string(property: "accessibilityIdentifier", .equals("")))
        // A second tree that records the column as its own keeps the column's name.
        let own = N("UIView", "v", [("accessibilityIdentifier", .string("main"))]).build()
        #expect(read(.string(property: "accessibilityIdentifier", .equals("main")), [tree, own])
                == .string(property: "accessibilityIdentifier", .equals("main")))
    }
}
