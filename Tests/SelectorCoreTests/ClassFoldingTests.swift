@testable import SelectorCore
import SyntheticHierarchy
import Testing
import ViewSelectorsTesting

/// A conjunction of class tests (and their negations and disjunctions) names a set of classes,
/// and the class table is finite: the resolver folds it into one class mask on the scan's fast
/// path, whatever the engine wrote around it (FRY's `¬kindOf(UIApplication) ∧ kindOf(C)`,
/// `any` operands, nested conjunctions). Issue 30: one meaning, one plan.
@Suite("Class folding in the resolver")
struct ClassFoldingTests {
    /// An application above a window with a table, cells, labels, images and buttons.
    static let tree: ViewTree = N("UIApplication", "app", [], [
        N("UIWindow", "w", [], [
            N("UITableView", "table", [], (0..<6).map { k in
                N("UITableViewCell", "cell\(k)", [], [
                    N("UITableViewCellContentView", "content\(k)", [], [
                        N("UIImageView", "img\(k)"),
                        N("UILabel", "lbl\(k)", label: "Row \(k % 3)"),
                        N("UIButton", "btn\(k)", label: k % 2 == 0 ? "Delete" : "Row 1"),
                    ]),
                ])
            }),
            N("UILabel", "title", label: "Row 1"),
        ]),
    ]).build()

    static func nodeTest(_ p: Predicate, in tree: ViewTree = tree) throws -> NodeTest {
        var resolver = Resolver(tree: tree, predicates: PredicateRegistry(), matcher: Matcher(configuration: .serial),
                                deadline: MatchDeadline(nil))
        return try resolver.nodeTest(p)
    }

    /// A test that is one class mask and nothing else, as `kindOf(C)` alone resolves.
    static func isClassSetOnly(_ t: NodeTest) -> Bool {
        !t.never && t.classMask != nil && t.stringIDs == nil && t.boolColumn == nil && t.rest == nil
    }

    /// The classes of the tree's views that a class-only test passes.
    static func instanceClasses(_ t: NodeTest, in tree: ViewTree = tree) -> Set<String> {
        Set(tree.classIDs.filter { t.classMask![Int($0)] }.map { tree.classes.names[Int($0)] })
    }

    static let label = Predicate.string(property: "accessibilityLabel", .equals("Row 1"))

    /// Each row: a predicate an engine writes, and the plain one with the same meaning.
    static let equivalents: [(written: Predicate, plain: Predicate)] = [
        (.and([.not(.kindOf("UIApplication")), .kindOf("UITableViewCell")]), .kindOf("UITableViewCell")),
        (.and([.kindOf("UITableViewCell"), .not(.kindOf("UIApplication"))]), .kindOf("UITableViewCell")),
        (.and([.not(.kindOf("UIApplication")), .and([.any, .kindOf("UIImageView")])]), .kindOf("UIImageView")),
        (.and([.any, .kindOf("UILabel"), .not(.none), .any]), .kindOf("UILabel")),
        (.and([.kindOf("UIView"), .kindOf("UIControl")]), .kindOf("UIControl")),
        (.and([.memberOf("UIButton"), .not(.kindOf("UILabel"))]), .memberOf("UIButton")),
        (.or([.kindOf("UILabel"), .none]), .kindOf("UILabel")),
        (.not(.not(.kindOf("UILabel"))), .kindOf("UILabel")),
    ]

    @Test("a conjunction of class tests resolves to the same class mask as the plain test", arguments: 0..<8)
    func foldedEqualsPlain(_ k: Int) throws {
        let (written, plain) = Self.equivalents[k]
        let folded = try Self.nodeTest(written), alone = try Self.nodeTest(plain)
        #expect(Self.isClassSetOnly(alone))
        #expect(Self.isClassSetOnly(folded), "\(written) kept a general test")
        #expect(folded.classMask == alone.classMask, "\(written)")
    }

    @Test("FRY's lookup of a label: one class mask and the label's value id, no general test")
    func classesAndALabel() throws {
        let written = try Self.nodeTest(.and([.not(.kindOf("UIApplication")), .and([.kindOf("UILabel"), Self.label])]))
        let plain = try Self.nodeTest(.and([.kindOf("UILabel"), Self.label]))
        #expect(written.rest == nil && plain.rest == nil)
        #expect(written.classMask == plain.classMask)
        #expect(written.stringID == plain.stringID && written.stringID >= 0)
    }

    @Test("disjunctions and complements of class tests are class sets too")
    func unionsAndComplements() throws {
        let union = try Self.nodeTest(.or([.kindOf("UILabel"), .kindOf("UIButton")]))
        #expect(Self.isClassSetOnly(union))
        #expect(Self.instanceClasses(union) == ["UILabel", "UIButton"])
        let notViews = try Self.nodeTest(.not(.and([.kindOf("UIView"), .not(.kindOf("UIControl"))])))
        #expect(Self.isClassSetOnly(notViews))
        #expect(Self.instanceClasses(notViews) == ["UIApplication", "UIButton"])
    }

    @Test("empty and universal class sets are constants")
    func constants() throws {
        #expect(try Self.nodeTest(.and([.kindOf("UILabel"), .kindOf("UIButton")])).never)
        #expect(try Self.nodeTest(.and([.not(.kindOf("UILabel")), .memberOf("UILabel")])).never)
        // The table holds superclasses no view is an instance of (`UIResponder`): the set left
        // is those, a class mask that no view passes.
        let nothing = try Self.nodeTest(.not(.or([.kindOf("UIApplication"), .kindOf("UIView")])))
        #expect(nothing.never || (Self.isClassSetOnly(nothing) && Self.instanceClasses(nothing).isEmpty))
        let everything = try Self.nodeTest(.or([.kindOf("UIApplication"), .not(.kindOf("UIApplication"))]))
        #expect(!everything.never && everything.classMask == nil && everything.rest == nil)
        // No application in the tree: its negation says nothing, and the plain test is left.
        let noApp = N("UIWindow", "w", [], [N("UILabel", "l")]).build()
        let t = try Self.nodeTest(.and([.not(.kindOf("UIApplication")), .kindOf("UILabel")]), in: noApp)
        #expect(t.classMask == (try Self.nodeTest(.kindOf("UILabel"), in: noApp)).classMask && t.rest == nil)
    }

    @Test("a class set nested in an or or a not is read as a column, not a closure per view")
    func nestedClassSetsAreColumns() throws {
        let t = try Self.nodeTest(.or([.and([.kindOf("UILabel"), Self.label]), .and([.kindOf("UIButton"), .not(Self.label)])]))
        #expect(t.classMask == nil)
        #expect(t.flatRest?.columnsOnly == true)
    }

    /// Predicates mixing class tests with every other kind of part, nested.
    static let mixed: [Predicate] = [
        .and([.not(.kindOf("UIApplication")), .kindOf("UITableViewCell")]),
        .and([.not(.kindOf("UIApplication")), .and([.kindOf("UILabel"), label])]),
        .and([.not(.kindOf("UIApplication")), .or([.kindOf("UIButton"), label])]),
        .or([.and([.kindOf("UILabel"), label]), .and([.kindOf("UIButton"), .not(label)])]),
        .not(.and([.kindOf("UIView"), .not(.kindOf("UIControl")), .any])),
        .and([.or([.kindOf("UILabel"), .kindOf("UIImageView")]), .not(.kindOf("UIImageView")), .hasAncestor(.kindOf("UITableViewCell"))]),
        .and([.kindOf("UIView"), .not(.and([.kindOf("UILabel"), .string(property: "accessibilityLabel", .hasPrefix("Row 1"))]))]),
        .or([.not(.kindOf("UILabel")), .string(property: "accessibilityLabel", .contains("7"))]),
        .and([.not(.kindOf("UIApplication")), .not(.hasAncestor(.kindOf("UITableView"))), .or([.kindOf("UILabel"), .none])]),
        .and([.memberOf("UITableViewCell"), .or([.any, .kindOf("UILabel")]), .not(.kindOf("UIApplication"))]),
    ]

    @Test("folded tests select what the reference interpreter selects, on generated apps", arguments: [(10_000, UInt64(3)), (60_000, 4)])
    func sameResultsAsTheReference(_ nodes: Int, _ seed: UInt64) throws {
        let tree = SyntheticApp.generate(nodes: nodes, seed: seed)
        let reference = ReferenceInterpreter(tree: tree)
        let matcher = Matcher(configuration: .serial)
        for p in Self.mixed + Self.equivalents.flatMap({ [$0.written, $0.plain] }) {
            var builder = ProgramBuilder()
            builder.axis(.descendantsOrSelf, filter: p, unique: true)
            let program = builder.build()
            let expected = try reference.select(program)
            #expect(try matcher.select(program, in: tree, budget: .unlimited) == expected, "\(p)")
            let all = (0..<Int32(tree.count)).map { $0 }
            let test = try Self.nodeTest(p, in: tree)
            #expect(all.filter { test.passes($0, classIDs: tree.classIDs) } == expected, "\(p)")
        }
    }
}
