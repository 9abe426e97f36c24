import SelectorCore
import SyntheticHierarchy
import Testing

// The core's position steps against plain code: a node's position is its index in
// `tree.children(of: parent)` filtered by `ReferenceInterpreter.holds`, and an input's n-th
// descendant is the n-th of its subtree's ids that pass, so neither side shares the steps' cursors,
// stacks or merged scans. Inputs come in every shape the steps distinguish: document order, one
// family at a time, nested subtrees, shuffled with repeats, with the virtual document node.

/// Trees whose families exercise the cursors: generated apps, one wide family, a deep chain.
private let positionTrees: [(String, ViewTree)] = {
    var wide = ViewTreeBuilder()
    let root = wide.addNode(className: "UIView")
    for k in 0..<3_000 {
        // Every third child a label, so `among` skips siblings; every seventh one holds a child.
        let child = wide.addNode(className: k % 3 == 0 ? "UILabel" : "UIView", parent: root)
        if k % 7 == 0 { _ = wide.addNode(className: "UILabel", parent: child) }
    }
    var chain = ViewTreeBuilder()
    var parent = chain.addNode(className: "UIView")
    for k in 0..<1_500 {
        _ = chain.addNode(className: k % 2 == 0 ? "UILabel" : "UIView", parent: parent)
        parent = chain.addNode(className: "UIView", parent: parent)
    }
    // A second root, so the roots form a family too.
    _ = chain.addNode(className: "UILabel")
    return [("app 1,000", SyntheticApp.generate(nodes: 1_000, seed: 31)),
            ("app 20,000", SyntheticApp.generate(nodes: 20_000, seed: 32)),
            ("wide family", wide.build()), ("deep chain", chain.build())]
}()

/// Inputs the steps must take in any order: all views, each family's views, every third view
/// shuffled with repeats and the virtual document node.
private func inputShapes(_ tree: ViewTree, seed: UInt64) -> [(String, [NodeID])] {
    let all = (0..<tree.count).map { NodeID($0) }
    var byParent = all
    byParent.sort { (tree.parents[Int($0)], $0) < (tree.parents[Int($1)], $1) }
    var rng = SplitMix64(seed: seed)
    var shuffled = stride(from: 0, to: tree.count, by: 3).map { NodeID($0) }
    shuffled += shuffled.prefix(50) + [-1]
    for i in shuffled.indices.reversed() { shuffled.swapAt(i, Int(rng.next() % UInt64(i + 1))) }
    return [("document order", all), ("by parent", byParent), ("shuffled", shuffled)]
}

/// `position` for every node, from the definition: each family (the roots, each node's children)
/// filtered by `among`, and a node's index in it.
private func naivePositions(_ position: SiblingPosition, _ reference: ReferenceInterpreter) throws -> [Bool] {
    let tree = reference.tree
    var holds = [Bool](repeating: false, count: tree.count)
    for parent in [NodeID(-1)] + (0..<tree.count).map({ NodeID($0) }) {
        let family = try (parent < 0 ? tree.roots : tree.children(of: parent)).filter { try reference.holds(position.among, $0) }
        for (k, v) in family.enumerated() {
            holds[Int(v)] = position.index >= 0 ? k == position.index : family.count - k == -position.index
        }
    }
    for v in 0..<tree.count where try reference.holds(position.exempt, NodeID(v)) { holds[v] = true }
    return holds
}

/// One step run by the matcher from `input`, on an unlimited budget.
private func run(_ step: Step, _ tree: ViewTree, from input: [NodeID]) throws -> [NodeID] {
    var b = ProgramBuilder(start: .roots)
    b.append(step)
    return try Matcher(configuration: .serial).select(b.build(), in: tree, from: input, budget: .unlimited)
}

@Suite("Position steps against the definition")
struct PositionStepsTests {
    static let positions: [SiblingPosition] = [
        SiblingPosition(0), SiblingPosition(1), SiblingPosition(4), SiblingPosition(-1), SiblingPosition(-2),
        SiblingPosition(1, among: .kindOf("UILabel")), SiblingPosition(-1, among: .memberOf("UITableViewCell")),
        SiblingPosition(2, exempt: .kindOf("UIButton")), SiblingPosition(0, among: .kindOf("UILabel"), exempt: .kindOf("UISwitch")),
        SiblingPosition(0, among: .none), SiblingPosition(3, among: .memberOf("NoSuchClass"), exempt: .kindOf("UIButton")),
    ]

    @Test("SiblingPositionStep keeps exactly the inputs at the position, in input order")
    func siblingPositions() throws {
        var compared = 0, kept = 0
        for (name, tree) in positionTrees {
            let reference = ReferenceInterpreter(tree: tree)
            for (shape, input) in inputShapes(tree, seed: UInt64(tree.count)) {
                for position in Self.positions {
                    let holds = try naivePositions(position, reference)
                    let expected = input.filter { $0 >= 0 && holds[Int($0)] }
                    let actual = try run(.siblingPosition(SiblingPositionStep(position)), tree, from: input)
                    #expect(actual == expected, "\(name), \(shape), \(position)")
                    compared += 1
                    kept += expected.count
                }
            }
        }
        #expect(compared == positionTrees.count * 3 * Self.positions.count)
        #expect(kept > 10_000)
    }

    static let picks: [(Predicate, SiblingPosition?, Int)] = [
        (.kindOf("UILabel"), nil, 0), (.kindOf("UILabel"), nil, 1), (.memberOf("UITableViewCell"), nil, 2),
        (.any, nil, 5), (.kindOf("UIView"), SiblingPosition(1), 0), (.any, SiblingPosition(0, among: .kindOf("UILabel")), 1),
        (.kindOf("UILabel"), SiblingPosition(-1), 0), (.none, nil, 0), (.any, nil, -1),
    ]

    @Test("NthDescendantStep: each input's n-th counted descendant, disjoint or nested inputs")
    func nthDescendants() throws {
        var found = 0
        for (name, tree) in positionTrees {
            let reference = ReferenceInterpreter(tree: tree)
            var shapes = inputShapes(tree, seed: UInt64(tree.count) + 1)
            // Disjoint subtrees in document order take the per-input scan; the others, the merged one.
            let cells = try (0..<tree.count).map { NodeID($0) }.filter { try reference.holds(.memberOf("UITableView"), $0) }
            shapes.append(("tables", cells))
            shapes.append(("the document", [-1]))
            for (shape, input) in shapes {
                for (filter, position, n) in Self.picks {
                    let passes = try (0..<tree.count).map { try reference.holds(filter, NodeID($0)) }
                    let placed = try position.map { try naivePositions($0, reference) } ?? passes.map { _ in true }
                    var expected: [NodeID] = []
                    for u in input where n >= 0 {
                        // The subtree's ids in order, counting until the n-th that passes.
                        let end = u < 0 ? tree.count : Int(tree.ends[Int(u)])
                        var seen = 0
                        for v in (Int(u) + 1)..<end where passes[v] && placed[v] {
                            if seen == n { expected.append(NodeID(v)); break }
                            seen += 1
                        }
                    }
                    let step = NthDescendantStep(filter, position: position, n: n)
                    #expect(try run(.nthDescendant(step), tree, from: input) == expected, "\(name), \(shape), \(step)")
                    found += expected.count
                }
            }
        }
        #expect(found > 5_000)
    }

    @Test("a work limit stops the steps with the budget's error, never a partial list")
    func budget() throws {
        let tree = SyntheticApp.generate(nodes: 20_000, seed: 33)
        let all = (0..<tree.count).map { NodeID($0) }
        let steps: [Step] = [.siblingPosition(SiblingPositionStep(SiblingPosition(-1))), .nthDescendant(NthDescendantStep(.kindOf("UILabel"), n: 3)),
                             .nthDescendant(NthDescendantStep(.kindOf("UILabel"), position: SiblingPosition(0), n: 0))]
        for step in steps {
            var b = ProgramBuilder(start: .roots)
            b.append(step)
            let program = b.build()
            let full = try Matcher().select(program, in: tree, from: all, budget: .unlimited)
            for limit in [100, 5_000, 40_000] {
                do {
                    let answer = try Matcher().select(program, in: tree, from: all,
                                                      budget: QueryBudget(maxStepResults: .max, maxWork: limit))
                    #expect(answer == full, "\(step) under \(limit)")
                } catch {
                    #expect(error.kind == .limit, "\(step) under \(limit): \(error)")
                }
            }
        }
    }

    @Test("programs print the steps by what they keep")
    func printed() {
        var b = ProgramBuilder(start: .document)
        b.descendants(.kindOf("UITableView"), unique: true)
        b.nthDescendant(.memberOf("UITableViewCell"), position: SiblingPosition(0, exempt: .hasProperty("index")), n: 1)
        b.siblingPosition(SiblingPosition(-1, among: .kindOf("UILabel")))
        #expect(b.build().description == """
            start .document
            1  axis descendants  document  filter kindOf(UITableView)  unique
            2  per input: descendant 1 passing memberOf(UITableViewCell), at position 0 among siblings, or has(index)
            3  keep position -1 among siblings passing kindOf(UILabel)
            """)
        #expect(NthDescendantStep(.any, n: 1) == NthDescendantStep(.any, n: 1))
        #expect(NthDescendantStep(.any, n: 1) != NthDescendantStep(.any, n: 2))
        #expect(SiblingPositionStep(SiblingPosition(1)) != SiblingPositionStep(SiblingPosition(1, among: .kindOf("A"))))
    }
}
