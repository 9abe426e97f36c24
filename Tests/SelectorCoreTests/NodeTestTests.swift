@testable import SelectorCore
import Testing

/// The per-node test has one body and two readers: the scan's pointers and `NodeTest.passes`'
/// arrays. Both must pick the same nodes for every shape of test.
@Suite struct NodeTestTests {
    static let tree: ViewTree = {
        var children: [N] = []
        for k in 0..<40 {
            let cls = ["UIButton", "UILabel", "UIImageView", "UIView"][k % 4]
            var props: [(String, JSONValue)] = []
            if k % 3 != 0 { props.append(("isHidden", .bool(k % 2 == 0))) }
            if k % 5 != 0 { props.append(("alpha", .double(Double(k % 7) / 7))) }
            children.append(N(cls, "n\(k)", label: k % 6 == 0 ? nil : "Row \(k % 5)", props))
        }
        return N("UIWindow", "w", [], children).build()
    }()

    static let predicates: [Predicate] = [
        .kindOf("UIButton"),
        .string(property: "accessibilityLabel", .equals("Row 2")),
        .string(property: "accessibilityLabel", .hasPrefix("Row")),
        .bool(property: "isHidden", true),
        .bool(property: "isHidden", false),
        .and([.kindOf("UIView"), .bool(property: "isHidden", false)]),
        .and([.kindOf("UILabel"), .string(property: "accessibilityLabel", .equals("Row 1")), .bool(property: "isHidden", true)]),
        .and([.string(property: "accessibilityLabel", .contains("ow")), .bool(property: "isHidden", false),
              .number(property: "alpha", .greater, 0.3)]),
        .and([.kindOf("UIButton"), .number(property: "alpha", .less, 0.5)]),
        .and([.kindOf("UIImageView"), .not(.bool(property: "isHidden", true))]),
        .and([.kindOf("UIButton"), .string(property: "accessibilityLabel", .equals("no such label"))]),
    ]

    @Test(arguments: predicates)
    func theScanAndPassesAgree(_ predicate: Predicate) throws {
        let tree = Self.tree
        let matcher = Matcher(configuration: .serial)
        var resolver = Resolver(tree: tree, predicates: PredicateRegistry(), matcher: matcher, deadline: MatchDeadline(nil))
        let test = try resolver.nodeTest(predicate)
        let all = (0..<Int32(tree.count)).map { $0 }
        var scanned: [NodeID] = []
        // Split ranges, as a step scanning many subtrees passes them.
        matcher.scan([(0, 7), (7, 8), (8, Int32(tree.count))][...], test, tree, into: &scanned)
        var statistics = MatchStatistics()
        let filtered = matcher.filter(all, test, tree, statistics: &statistics)
        #expect(scanned == filtered)
        #expect(scanned == all.filter { Self.holds(predicate, $0, tree) })
    }

    /// 6,001 views: long enough for the branch-free scan of long ranges, and cut into enough
    /// short ranges for the scan of their hull. Labels on some views, `text` on others, so an
    /// `or` over both columns (uiselector's `text` on UIKit trees) is a real remainder.
    static let bigTree: ViewTree = {
        var children: [N] = []
        for k in 0..<6000 {
            let cls = ["UIButton", "UILabel", "UIImageView", "UIView", "UITextField"][k % 5]
            var props: [(String, JSONValue)] = []
            if k % 3 != 0 { props.append(("isHidden", .bool(k % 7 < 3))) }
            if k % 11 == 0 { props.append(("text", .string("Row \(k % 13)"))) }
            if k % 4 != 0 { props.append(("order", .int(Int64(k % 50)))) }
            children.append(N(cls, "n\(k)", label: k % 6 == 0 ? nil : "Row \(k % 17)", props))
        }
        return N("UIWindow", "w", [], children).build()
    }()

    static let bigPredicates: [Predicate] = [
        .kindOf("UILabel"),
        .and([.kindOf("UILabel"), .string(property: "accessibilityLabel", .contains("Row 1"))]),
        .and([.kindOf("UIView"), .bool(property: "isHidden", true)]),
        .bool(property: "isHidden", false),
        .and([.kindOf("UIButton"), .string(property: "accessibilityLabel", .equals("Row 3"))]),
        .and([.kindOf("UILabel"), .or([.string(property: "text", .hasPrefix("Row 1")),
                                       .and([.not(.hasProperty("text")), .string(property: "accessibilityLabel", .hasPrefix("Row 1"))])])]),
        .or([.bool(property: "isHidden", true), .not(.string(property: "accessibilityLabel", .contains("2")))]),
        // Remainders a block at a time: `or` over two kinds of column, `not` of an `or`, and
        // three levels of nesting (each level a scratch row).
        .and([.kindOf("UILabel"), .or([.string(property: "text", StringTest(.hasPrefix, "row 1", options: .caseInsensitive)),
                                       .bool(property: "isHidden", true)])]),
        .not(.or([.string(property: "accessibilityLabel", .equals("Row 3")), .and([.hasProperty("text"), .bool(property: "isHidden", false)])])),
        .or([.and([.kindOf("UIButton"), .not(.or([.bool(property: "isHidden", true), .string(property: "text", .contains("1"))]))]),
             .string(property: "accessibilityLabel", .hasPrefix("Row 16"))]),
        // Masks few values pass (2 and 1 of the 17 labels): the value column first, then the class.
        .and([.kindOf("UIView"), .string(property: "accessibilityLabel", .hasSuffix("6"))]),
        .and([.kindOf("UIButton"), .string(property: "accessibilityLabel", .contains("Row 16"))]),
        // uiselector's "`text`, else the label" is one op; beside a closure (presence of a
        // number column) it runs per view instead of a block at a time.
        .and([.kindOf("UILabel"), .hasProperty("order"),
              .or([.string(property: "text", .hasPrefix("Row 1")),
                   .and([.not(.hasProperty("text")), .string(property: "accessibilityLabel", .hasPrefix("Row 1"))])])]),
        .or([.string(property: "text", .contains("2")),
             .and([.not(.hasProperty("text")), .string(property: "accessibilityLabel", .contains("6"))])]),
        // A number column alone or with a class: one loop per comparison; a view without the
        // value passes none of them, `!=` included.
        .number(property: "order", .equal, 7),
        .number(property: "order", .notEqual, 3),
        .and([.kindOf("UIButton"), .number(property: "order", .less, 10)]),
        .number(property: "order", .lessOrEqual, 2),
        .and([.kindOf("UIView"), .number(property: "order", .greater, 45)]),
        .number(property: "order", .greaterOrEqual, 49),
    ]

    @Test("long ranges, many short ranges and flat remainders pick what the reference picks", arguments: bigPredicates)
    func longAndShortRanges(_ predicate: Predicate) throws {
        let tree = Self.bigTree
        let matcher = Matcher(configuration: .serial)
        var resolver = Resolver(tree: tree, predicates: PredicateRegistry(), matcher: matcher, deadline: MatchDeadline(nil))
        let test = try resolver.nodeTest(predicate)
        let whole: [(Int32, Int32)] = [(0, Int32(tree.count))]
        // 1,500 ranges of 3 views with one-view gaps: the hull is scanned whole and the gaps dropped.
        let short: [(Int32, Int32)] = (0..<1500).map { k in (Int32(1 + 4 * k), Int32(4 + 4 * k)) }
        #expect(Matcher().sparseHull(short, total: 4500, test) != nil || test.rest != nil)
        for ranges in [whole, short] {
            var statistics = MatchStatistics()
            let scanned = matcher.scan(ranges: ranges, test, tree, statistics: &statistics)
            let expected = ranges.flatMap { (lo, hi) in (lo..<hi).filter { Self.holds(predicate, $0, tree) } }
            #expect(scanned == expected, "\(ranges.count) ranges")
        }
    }

    /// The shape the fast op stands for is recognised (the rows above check its answers).
    @Test func textElseTheLabelIsOneOp() throws {
        var resolver = Resolver(tree: Self.bigTree, predicates: PredicateRegistry(), matcher: Matcher(), deadline: MatchDeadline(nil))
        let test = try resolver.nodeTest(.and([.kindOf("UILabel"), .or([
            .string(property: "text", .hasPrefix("Row 1")),
            .and([.not(.hasProperty("text")), .string(property: "accessibilityLabel", .hasPrefix("Row 1"))]),
        ])]))
        let kinds = test.flatRest?.ops.map(\.kind) ?? []
        #expect(kinds == [.firstPresent])
    }

    @Test func aNegativeNodeNeverPasses() throws {
        var resolver = Resolver(tree: Self.tree, predicates: PredicateRegistry(), matcher: Matcher(), deadline: MatchDeadline(nil))
        #expect(!(try resolver.nodeTest(.any)).passes(-1, classIDs: Self.tree.classIDs))
        #expect((try resolver.nodeTest(.any)).passes(0, classIDs: Self.tree.classIDs))
    }

    /// The predicate read straight from the node's values: the reference both readers must match.
    static func holds(_ p: Predicate, _ node: NodeID, _ tree: ViewTree) -> Bool {
        func value(_ property: String) -> JSONValue? { tree.columns[property]?.value(at: Int(node)) }
        switch p {
        case .kindOf(let name): return tree.classes.kindMask(of: name)[Int(tree.classIDs[Int(node)])]
        case .string(let property, let test):
            guard case .string(var s)? = value(property) else { return false }
            var wanted = test.value
            if test.options.contains(.caseInsensitive) { s = s.lowercased(); wanted = wanted.lowercased() }
            switch test.operation {
            case .equals: return s == wanted
            case .contains: return s.contains(wanted)
            case .hasPrefix: return s.hasPrefix(wanted)
            case .hasSuffix: return s.hasSuffix(wanted)
            default: Issue.record("not in this test"); return false
            }
        case .bool(let property, let want): return value(property)?.boolValue == want
        case .number(let property, let cmp, let x):
            guard let n = value(property)?.numberValue else { return false }
            return cmp.holds(n, x)
        case .and(let ps): return ps.allSatisfy { holds($0, node, tree) }
        case .or(let ps): return ps.contains { holds($0, node, tree) }
        case .hasProperty(let property): return value(property) != nil
        case .not(let q): return !holds(q, node, tree)
        default: Issue.record("not in this test"); return false
        }
    }
}
