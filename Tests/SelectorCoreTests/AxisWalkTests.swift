import SelectorCore
import SyntheticHierarchy
import Testing
import ViewSelectorsTesting

// Every axis walked from single nodes, and the per-input position step, against the reference
// interpreter, whose axes are written from their definitions over `children(of:)` and
// `ancestors(of:)` ("after `v` in preorder and not inside it"), not from subtree ends. Inputs are
// a shuffled sample with repeats and the virtual document node, so the walks see every kind of
// start: roots, leaves, first and last children, nodes deep in a chain.

private let walkTrees: [(String, ViewTree)] = [
    ("random", RandomTrees.build(nodes: 2_000, seed: 71, shape: .random, frames: .some)),
    ("wide", RandomTrees.build(nodes: 2_000, seed: 72, shape: .wide, frames: .none)),
    ("deep", RandomTrees.build(nodes: 300, seed: 73, shape: .deep, frames: .all)),
    ("app", SyntheticApp.generate(nodes: 3_000, seed: 74)),
]

/// Trees past the first chunks of a scan stopped at its pick (4,096 views, then doubling).
private let pickTrees = walkTrees + [("app 60,000", SyntheticApp.generate(nodes: TestScale.views(60_000), seed: 76))]

private let allAxes = Axis.allCases

/// Every `every`-th node and the last, shuffled, a few repeated, and the virtual document node.
private func sampleInputs(_ tree: ViewTree, every: Int = 23) -> [NodeID] {
    var rng = SeededRandom(seed: UInt64(tree.count))
    var inputs = stride(from: 0, to: tree.count, by: every).map { NodeID($0) } + [NodeID(tree.count - 1)]
    inputs += inputs.prefix(5) + [-1]
    for i in inputs.indices.reversed() { inputs.swapAt(i, rng.below(i + 1)) }
    return inputs
}

private let filters: [Predicate] = [.any, .memberOf("UILabel"), .kindOf("UIView"), .not(.memberOf("UIView"))]

@Suite("axis walks and per-input positions against the reference")
struct AxisWalkTests {
    @Test("each axis from each input, in the axis's order, with and without de-duplication",
          arguments: walkTrees.map(\.0))
    func axes(_ name: String) throws {
        let tree = try #require(walkTrees.first { $0.0 == name }?.1)
        let reference = ReferenceInterpreter(tree: tree)
        let inputs = sampleInputs(tree)
        for axis in allAxes {
            for filter in filters {
                for unique in [false, true] {
                    var b = ProgramBuilder(start: .document)
                    b.axis(axis, filter: filter, unique: unique)
                    let program = b.build()
                    // The reference once a program, each configuration against it.
                    let expected = try reference.select(program, from: inputs)
                    for (name, matcher) in ReferenceComparison.forcedConfigurations.prefix(3) {
                        let actual = try matcher.select(program, in: tree, from: inputs, budget: .unlimited)
                        #expect(actual == expected, "\(name): \(axis) \(filter) unique \(unique)")
                    }
                }
            }
        }
    }

    @Test("the node at a position on each axis from each input", arguments: walkTrees.map(\.0))
    func positions(_ name: String) throws {
        let tree = try #require(walkTrees.first { $0.0 == name }?.1)
        let reference = ReferenceInterpreter(tree: tree)
        let inputs = sampleInputs(tree, every: 53)
        var nonEmpty = 0
        for axis in allAxes {
            for filter in filters {
                for index in [-3, -1, 0, 1, 4] {
                    var b = ProgramBuilder(start: .document)
                    b.axisPosition(axis, filter: filter, index: index)
                    let program = b.build()
                    let expected = try reference.select(program, from: inputs)
                    let actual = try Matcher().select(program, in: tree, from: inputs, budget: .unlimited)
                    #expect(actual == expected, "\(axis) \(filter) index \(index)")
                    if !expected.isEmpty { nonEmpty += 1 }
                }
            }
        }
        // The comparisons are not all of empty lists.
        #expect(nonEmpty > allAxes.count * filters.count)
    }

    @Test("a position among siblings after a descendant step, counted in the list and by hops",
          arguments: walkTrees.map(\.0))
    func positionsInList(_ name: String) throws {
        let tree = try #require(walkTrees.first { $0.0 == name }?.1)
        let reference = ReferenceInterpreter(tree: tree)
        let inputs = sampleInputs(tree)
        var plain = MatcherTuning()
        plain.positionsInList = false
        let matchers = [("in the list", MatcherTuning()), ("by hops", plain)].map {
            ($0.0, Matcher(configuration: MatcherConfiguration(maxThreads: 1, tuning: $0.1)))
        }
        for filter in filters {
            for index in [-2, -1, 0, 1, 3] {
                for (order, unique) in [(TraversalOrder.document, true), (.document, false), (.reverse, false)] {
                    var b = ProgramBuilder(start: .document)
                    b.descendants(filter, order: order, unique: unique)
                    b.siblingPosition(SiblingPosition(index, among: filter))
                    let program = b.build()
                    // From nested inputs a repeating step's list grows with the nesting;
                    // from the document node it holds each view once in either order.
                    for from in unique && order == .document ? [inputs, [-1]] : [[-1]] {
                        let expected = try reference.select(program, from: from)
                        for (tuningName, matcher) in matchers {
                            let actual = try matcher.select(program, in: tree, from: from, budget: .unlimited)
                            #expect(actual == expected, "\(tuningName): \(filter) index \(index) \(order) unique \(unique)")
                        }
                    }
                }
            }
        }
    }

    @Test("a scan followed by a pick, stopped at the pick and scanned whole", arguments: pickTrees.map(\.0))
    func scanToPick(_ name: String) throws {
        let tree = try #require(pickTrees.first { $0.0 == name }?.1)
        let reference = ReferenceInterpreter(tree: tree)
        var whole = MatcherTuning()
        whole.pickStopsScan = false
        let ascending = sampleInputs(tree).filter { $0 >= 0 }.sortedUnique()
        // Picks inside the first chunk, across chunks (rare matches), past the last match.
        let picks = [0, 1, 2, 5, 400, 5_000, 1_000_000, -1, -2, -7, -3_000, -1_000_000]
        let matchers = [MatcherTuning(), whole].map { Matcher(configuration: MatcherConfiguration(maxThreads: 2, tuning: $0)) }
        for filter in filters + [.string(property: "accessibilityLabel", StringTest(.equals, "OK"))] {
            for (axis, unique) in [(Axis.descendants, true), (.descendantsOrSelf, true), (.descendants, false)] {
                var scan = ProgramBuilder(start: .document)
                scan.axis(axis, filter: filter, unique: unique)
                // A repeating step from nested inputs is not one scan (and its list grows).
                for from in unique ? [[-1], ascending, tree.roots] : [[-1], tree.roots] {
                    // The reference runs the scan once; each pick is then `Step.pick`'s definition.
                    let listed = try reference.select(scan.build(), from: from)
                    for n in picks {
                        var b = scan
                        b.pick(n)
                        let k = n >= 0 ? n : listed.count + n
                        let expected = k >= 0 && k < listed.count ? [listed[k]] : []
                        for matcher in matchers {
                            let actual = try matcher.select(b.build(), in: tree, from: from, budget: .unlimited)
                            #expect(actual == expected, "\(filter) \(axis) unique \(unique) pick \(n)")
                        }
                    }
                }
            }
        }
    }

    @Test("a walk along a long axis stops at the budget")
    func budget() throws {
        let tree = RandomTrees.build(nodes: 20_000, seed: 75, shape: .wide, frames: .none)
        var b = ProgramBuilder(start: .document)
        b.axis(.preceding, filter: .any, unique: false)
        let inputs = (0..<NodeID(tree.count)).reversed().map { $0 }
        #expect(throws: SelectorError.self) {
            try Matcher().select(b.build(), in: tree, from: Array(inputs.prefix(2_000)),
                                 budget: QueryBudget(maxStepResults: .max, maxWork: 1_000_000))
        }
    }
}
