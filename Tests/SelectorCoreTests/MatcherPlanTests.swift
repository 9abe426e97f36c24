import SelectorCore
import SyntheticHierarchy
import Testing
import ViewSelectorsTesting

// Every named strategy is forced through `MatcherTuning`, seen in the recorded plan, and compared
// with the reference interpreter; then random programs run under every route tuning at once.

// The forced tunings and configurations are ViewSelectorsTesting's (`ReferenceComparison`), shared
// with the differential tests and the `reference` fuzz target.
let eagerTuning = ReferenceComparison.eagerTuning
let plainTuning = ReferenceComparison.plainTuning
let fallbackTuning = ReferenceComparison.fallbackTuning
let leftToRightTuning = ReferenceComparison.leftToRightTuning
let tunedConfigurations = ReferenceComparison.tunedConfigurations

@Suite("Matcher plans: every strategy forced, recorded and checked against the reference")
struct MatcherPlanTests {
    static let app = SyntheticApp.generate(nodes: 20_000, seed: 9)
    /// Smaller, for the reference's sake (it walks every input's subtree); the thresholds are
    /// forced, so its size does not decide the strategy.
    static let smallApp = SyntheticApp.generate(nodes: 5_000, seed: 9)

    static let cell = Predicate.kindOf("UITableViewCell")
    static let label = Predicate.kindOf("UILabel")

    static func program(_ start: StartPoint = .document, _ build: (inout ProgramBuilder) -> Void) -> SelectorProgram {
        var b = ProgramBuilder(start: start)
        build(&b)
        return b.build()
    }

    /// One case: a program, a tuning and the strategy its plan must name.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var program: SelectorProgram
        var tuning = MatcherTuning()
        var maxThreads = 1
        var strategy: MatchStrategy
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "scan", program: program { $0.descendants(label, unique: true) }, strategy: .scan),
        Case(name: "per-input scan", program: program {
            $0.descendants(.kindOf("UITableView"), unique: false)
            $0.descendants(.any, unique: false)
            $0.descendants(label, unique: false)
        }, strategy: .perInputScan),
        Case(name: "gap scan", program: program {
            $0.descendants(label, unique: false)
            $0.axis(.ancestors, unique: true)
            $0.descendants(.kindOf("UIImageView"), unique: true)
        }, strategy: .gapScan),
        Case(name: "right to left", program: program {
            $0.descendants(cell, unique: true)
            $0.descendants(label, unique: true)
        }, tuning: { var t = MatcherTuning(); t.rightToLeftViewsPerMatch = 0; t.rightToLeftFallbackViewsPerMatch = 0; return t }(),
             strategy: .rightToLeft),
        Case(name: "left to right", program: program {
            $0.descendants(cell, unique: true)
            $0.descendants(label, unique: true)
        }, tuning: leftToRightTuning, strategy: .leftToRight),
        Case(name: "right to left, fallback", program: program {
            $0.descendants(cell, unique: true)
            $0.descendants(label, unique: true)
        }, tuning: fallbackTuning, strategy: .rightToLeftFallback),
        Case(name: "reverse chain", program: program(.application) {
            $0.descendants(.kindOf("UITableView"), order: .reverse, unique: false)
            $0.descendants(cell, order: .reverse, unique: false)
            $0.descendants(label, order: .reverse, unique: false)
        }, strategy: .reverseChain),
        Case(name: "reverse walk (chains not prepared)", program: program(.application) {
            $0.descendants(.kindOf("UITableView"), order: .reverse, unique: false)
            $0.descendants(cell, order: .reverse, unique: false)
        }, tuning: { var t = MatcherTuning(); t.reverseChainMinimumSteps = .max; t.reverseRankMinimumViews = .max; return t }(),
             strategy: .reverseWalk),
        Case(name: "reverse rank (UISpec ranks on any tree)", program: program(.application) {
            $0.descendants(.kindOf("UITableView"), order: .reverse, unique: false)
            $0.descendants(cell, order: .reverse, unique: false)
        }, tuning: { var t = MatcherTuning(); t.reverseChainMinimumSteps = .max; t.reverseRankMinimumViews = 0; return t }(),
             strategy: .reverseRank),
        Case(name: "reverse chain step by step, slices by rank (many last-step matches)", program: program(.application) {
            $0.descendants(cell, order: .reverse, unique: false)
            $0.descendants(.any, order: .reverse, unique: false)
        }, tuning: { var t = MatcherTuning(); t.reverseRankMinimumViews = 0; t.reverseChainViewsPerMatch = .max; return t }(),
             strategy: .reverseRank),
        Case(name: "reverse chain prepared, slices by rank (matches sorted by rank)", program: program(.application) {
            $0.descendants(.any, order: .reverse, unique: false)
            $0.descendants(cell, order: .reverse, unique: true)
            $0.descendants(label, order: .reverse, unique: false)
        }, tuning: { var t = MatcherTuning(); t.reverseRankMinimumViews = 0; t.reverseChainViewsPerMatch = 0
                     t.rankSortViewsPerMatch = 1; return t }(),
             strategy: .reverseChain),
        Case(name: "children", program: program {
            $0.descendants(.kindOf("UITableView"), unique: true)
            $0.axis(.children, filter: cell, unique: false)
        }, strategy: .children),
        Case(name: "parent", program: program {
            $0.descendants(label, unique: true)
            $0.axis(.parent, unique: true)
        }, strategy: .parent),
        Case(name: "siblings", program: program {
            $0.descendants(.kindOf("UIImageView"), unique: true)
            $0.axis(.siblings, order: .reverse, unique: true)
        }, strategy: .siblings),
        Case(name: "ancestors", program: program {
            $0.descendants(.kindOf("UISwitch"), unique: true)
            $0.axis(.ancestors, filter: cell, unique: true)
        }, strategy: .ancestors),
        Case(name: "filter", program: program {
            $0.descendants(cell, unique: true)
            $0.sortInDocumentOrder()
            $0.filter(.hasAncestor(.kindOf("UITableView")))
        }, strategy: .filter),
        Case(name: "pick", program: program { $0.descendants(cell, unique: true); $0.pick(-2) },
             tuning: { var t = MatcherTuning(); t.pickStopsScan = false; return t }(), strategy: .pick),
        Case(name: "deduplicate", program: program {
            $0.descendants(label, unique: false)
            $0.axis(.parent, unique: false)
            $0.deduplicate()
        }, strategy: .deduplicate),
        Case(name: "sort", program: program {
            $0.descendants(label, unique: false)
            $0.axis(.ancestors, unique: false)
            $0.sortInDocumentOrder()
        }, strategy: .sort),
        Case(name: "union", program: program {
            $0.union([program(.roots) { $0.descendants(.kindOf("UISwitch"), unique: true) },
                      program(.roots) { $0.descendants(.kindOf("UITextField"), unique: true) }])
        }, strategy: .union),
        Case(name: "from the targets, ancestors walked", program: program {
            $0.descendants(cell, unique: true)
            $0.hasDescendant(.kindOf("UISwitch"))
        }, tuning: { var t = MatcherTuning(); t.descendantTestViewsPerTarget = 0; return t }(), strategy: .fromTargets),
        Case(name: "from the targets, scanned and merged", program: program {
            $0.descendants(cell, unique: true)
            $0.hasDescendant(label, includingSelf: true)
        }, tuning: { var t = MatcherTuning(); t.descendantTestViewsPerTarget = .max; return t }(), strategy: .fromTargets),
        Case(name: "a has-descendant test from each input", program: program {
            $0.descendants(cell, unique: true)
            $0.hasDescendant(.kindOf("UISwitch"))
        }, tuning: { var t = MatcherTuning(); t.descendantTestFromTargets = false; return t }(), strategy: .hasDescendant),
        Case(name: "each input's n-th descendant", program: program {
            $0.descendants(cell, unique: true)
            $0.nthDescendant(label, n: 1)
        }, strategy: .nthDescendant),
        Case(name: "a position on an axis from each input", program: program {
            $0.descendants(label, unique: true)
            $0.axisPosition(.ancestors, filter: cell, index: 0)
        }, strategy: .axisPosition),
        Case(name: "an engine's own step", program: program {
            $0.descendants(label, unique: true)
            $0.engine(EveryOtherStep())
        }, strategy: .engine),
        Case(name: "a relation to another program's views", program: program {
            $0.descendants(cell, unique: true)
            $0.relation(.parentOf, to: program(.roots) { $0.descendants(label, unique: true) })
        }, strategy: .relation),
        Case(name: "the deepest views", program: program {
            $0.descendants(.kindOf("UIView"), unique: true)
            $0.deepest()
        }, strategy: .deepest),
        Case(name: "a stable order by a property", program: program {
            $0.descendants(label, unique: true)
            $0.sort(by: .trueFirst("isHidden"))
        }, strategy: .stableSort),
        Case(name: "an ancestor test as a chain", program: program {
            $0.descendants(.all([.kindOf("UIImageView"), .hasAncestor(cell)]), unique: true)
        }, tuning: { var t = MatcherTuning(); t.rightToLeftViewsPerMatch = 0; t.rightToLeftFallbackViewsPerMatch = 0; return t }(),
             strategy: .rightToLeft),
        Case(name: "an ancestor test from the roots, kept as a predicate", program: program(.roots) {
            $0.descendants(.all([.kindOf("UIImageView"), .hasAncestor(cell)]), unique: false)
        }, tuning: { var t = MatcherTuning(); t.ancestorTestAsChain = false; return t }(), strategy: .scan),
        Case(name: "skipped after an empty list", program: program {
            $0.descendants(.kindOf("NoSuchClass"), unique: true)
            $0.axis(.children, unique: false)
            $0.pick(0)
        }, strategy: .skipped),
        Case(name: "hull scan", program: program {
            $0.descendants(cell, unique: true)
            $0.axis(.children, unique: false)
            $0.descendants(label, unique: false)
        }, tuning: { var t = MatcherTuning(); t.hullMinimumRanges = 1; t.hullMaximumAverageRange = .max; t.hullMaximumSpread = .max; return t }(),
             strategy: .scan),
        Case(name: "a scan stopped at its pick", program: program {
            $0.descendants(label, unique: true)
            $0.pick(-3)
        }, strategy: .scanToPick),
        Case(name: "positions counted in the list", program: program {
            $0.descendants(label, unique: true)
            $0.siblingPosition(SiblingPosition(-1, among: label))
        }, strategy: .siblingCount),
        Case(name: "positions by sibling hops", program: program {
            $0.descendants(label, unique: true)
            $0.siblingPosition(SiblingPosition(1, among: label))
        }, tuning: { var t = MatcherTuning(); t.positionsInList = false; return t }(), strategy: .siblingPosition),
        Case(name: "an axis walked from each input", program: program {
            $0.descendants(label, unique: true)
            $0.axis(.followingSiblings, filter: .any, unique: true)
        }, strategy: .axisWalk),
        Case(name: "parallel scan", program: program { $0.descendants(label, unique: true) },
             tuning: { var t = MatcherTuning(); t.parallelThreshold = 0; return t }(), maxThreads: 4, strategy: .scan),
    ]

    @Test("each strategy, forced, is the one recorded, and the result is the reference's", arguments: cases)
    func forced(_ c: Case) throws {
        let matcher = Matcher(configuration: MatcherConfiguration(maxThreads: c.maxThreads, tuning: c.tuning))
        var stats = MatchStatistics.recordingPlan()
        let result = try matcher.select(c.program, in: Self.smallApp, budget: .unlimited, statistics: &stats)
        let plan = try #require(stats.plan)
        #expect(plan.strategies.contains(c.strategy), "\(plan)")
        #expect(result == (try ReferenceInterpreter(tree: Self.smallApp).select(c.program)))
        if c.name == "hull scan" { #expect(plan.entries.contains { $0.hullScans > 0 }, "\(plan)") }
        if c.name == "parallel scan" { #expect(plan.entries.contains { $0.threads > 1 }, "\(plan)") }
        // Untuned, the same program gives the same list whatever it chose.
        #expect(try Matcher(configuration: .serial).select(c.program, in: Self.smallApp, budget: .unlimited) == result)
    }

    /// Issue 41: every strategy the matcher can record has a case above that forces it and
    /// checks its result against the reference interpreter.
    @Test("every MatchStrategy is forced by some case")
    func everyStrategyIsForced() {
        let forced = Set(Self.cases.map(\.strategy))
        let missing = MatchStrategy.allCases.filter { !forced.contains($0) }
        #expect(missing.isEmpty, "no case forces \(missing.map(\.rawValue))")
    }

    @Test("a plan is recorded only when asked for, and costs no entry otherwise")
    func recordingIsOptIn() throws {
        var stats = MatchStatistics()
        _ = try Matcher().select(Self.cases[0].program, in: Self.app, statistics: &stats)
        #expect(stats.plan == nil)
    }

    @Test("the plan printer: steps, strategy, sizes, scan work and nesting")
    func printer() throws {
        let program = Self.program {
            $0.descendants(Self.cell, unique: true)
            $0.descendants(Self.label, unique: true)
            $0.pick(0)
            $0.union([Self.program(.roots) { $0.axis(.parent, unique: true) },
                      Self.program(.roots) { $0.axis(.children, unique: false); $0.pick(5) }])
            $0.hasDescendant(.any)
        }
        var tuning = MatcherTuning()
        tuning.rightToLeftViewsPerMatch = 0
        tuning.rightToLeftFallbackViewsPerMatch = 0
        var stats = MatchStatistics.recordingPlan()
        _ = try Matcher(configuration: MatcherConfiguration(maxThreads: 1, tuning: tuning))
            .select(program, in: Self.app, budget: .unlimited, statistics: &stats)
        let text = try #require(stats.plan).description
        #expect(text == """
            1-2  right-to-left   1 → 3,887  scanned 20,000  (about 4,960 last-step matches in 20,000 views, sampled)
            3    pick            3,887 → 1
            4    union           1 → 1
              1  parent          1 → 1
              1  children        1 → 0
              2  skipped         0 → 0
            5    has-descendant  1 → 1  scanned 4  (has descendant(any))
              1  scan            1 → 4  scanned 4
            """)
    }

    @Test("random programs agree with the reference under every route tuning, on trees above every threshold",
          arguments: [(UInt64(21), 20_000)])
    func randomUnderTunings(seed: UInt64, nodes: Int) {
        let tree = SyntheticApp.generate(nodes: nodes, seed: seed)
        var count = DifferentialCount()
        // The thresholds are forced, so 2 * 10^4 views are above every one of them.
        compare(randomPrograms(tree, seed: seed &* 13, count: 5), on: tree, treeName: "app \(nodes)", seed: seed,
                maxWork: 200_000, configurations: tunedConfigurations, count: &count)
        #expect(count.programs > 30)
        #expect(count.nonEmpty > count.programs / 5)
    }

    @Test("ancestor tests as chains agree with the reference, from the document, the roots and the windows, on trees with several roots",
          arguments: [UInt64(31), 32, 33])
    func ancestorTestsAsChains(seed: UInt64) throws {
        let tree = builtTree(nodes: 3_000, seed: seed, shape: .random, frames: .none)
        #expect(tree.roots.count > 1)
        let cell = Self.cell, label = Self.label
        let filters: [Predicate] = [
            .all([label, .hasAncestor(cell)]),
            .hasAncestor(.kindOf("UIWindow")),
            .all([.hasAncestor(.hasAncestor(cell)), .string(property: "accessibilityLabel", StringTest(.hasPrefix, "Row"))]),
            .all([.hasAncestor(.kindOf("UIView")), .not(label), .hasAncestor(cell)]),
            .all([.kindOf("UIButton"), .hasAncestor(.none)]),
        ]
        var compared = 0, nonEmpty = 0
        for start in [StartPoint.document, .roots, .windows, .application] {
            for filter in filters {
                for axis in [Axis.descendants, .descendantsOrSelf] {
                    for unique in [true, false] {
                        let program = Self.program(start) { $0.axis(axis, filter: filter, unique: unique); $0.pick(0); }
                        let whole = Self.program(start) { $0.axis(axis, filter: filter, unique: unique) }
                        for p in [program, whole] {
                            let expected = try ReferenceInterpreter(tree: tree).select(p)
                            for (name, matcher) in tunedConfigurations + [("default", Matcher())] {
                                var stats = MatchStatistics.recordingPlan()
                                let actual = try matcher.select(p, in: tree, budget: .unlimited, statistics: &stats)
                                #expect(actual == expected, "\(name)\n\(p)\n\(stats.plan!)")
                            }
                            compared += 1
                            if !expected.isEmpty { nonEmpty += 1 }
                        }
                    }
                }
            }
        }
        #expect(nonEmpty > compared / 2)
    }

    @Test("random trees of every column kind agree under every route tuning",
          arguments: [(UInt64(23), TreeShape.random), (24, .deep), (25, .wide)])
    func randomTreesUnderTunings(seed: UInt64, shape: TreeShape) {
        let tree = builtTree(nodes: 3_000, seed: seed, shape: shape, frames: .some)
        var count = DifferentialCount()
        compare(randomPrograms(tree, seed: seed &* 17, count: 20), on: tree, treeName: "\(shape) 3000", seed: seed,
                maxWork: 100_000, configurations: tunedConfigurations, count: &count)
        #expect(count.programs > 30)
    }

    @Test("walks and slices by rank on threads stop at the result limit as the serial ones do, and agree with them under it",
          arguments: [false, true])
    func parallelWalksKeepTheBudget(ranks: Bool) throws {
        // UISpec keeps repeats: every table's cells' views, for each of three nested steps.
        let chain = Self.program(.application) {
            $0.descendants(.any, order: .reverse, unique: false)
            $0.descendants(Self.cell, order: .reverse, unique: false)
            $0.descendants(.any, order: .reverse, unique: false)
        }
        // With ranks, the nested inputs (every view, then cells inside cells' tables) repeat
        // matches, so the slices outgrow their first guess of the output's size.
        var tuning = MatcherTuning()
        tuning.reverseRankMinimumViews = ranks ? 0 : .max
        var threaded = tuning
        threaded.parallelWalkInputs = 1
        let serial = Matcher(configuration: MatcherConfiguration(maxThreads: 1, tuning: tuning))
        let parallel = Matcher(configuration: MatcherConfiguration(maxThreads: 4, tuning: threaded))
        let expected = try serial.select(chain, in: Self.smallApp, budget: .unlimited)
        #expect(expected == (try ReferenceInterpreter(tree: Self.smallApp).select(chain)))
        var stats = MatchStatistics.recordingPlan()
        #expect(try parallel.select(chain, in: Self.smallApp, budget: .unlimited, statistics: &stats) == expected)
        let strategy: MatchStrategy = ranks ? .reverseRank : .reverseChain
        #expect(stats.plan!.entries.contains { $0.strategy == strategy && $0.threads > 1 }, "\(stats.plan!)")
        let tight = QueryBudget(maxStepResults: expected.count / 3, maxWork: .max)
        for matcher in [serial, parallel] {
            #expect(throws: SelectorError.self) { try matcher.select(chain, in: Self.smallApp, budget: tight) }
        }
        let lowWork = QueryBudget(maxStepResults: .max, maxWork: expected.count / 3)
        for matcher in [serial, parallel] {
            #expect(throws: SelectorError.self) { try matcher.select(chain, in: Self.smallApp, budget: lowWork) }
        }
    }

    @Test("a scan's pick far past the tree picks nothing and does not overflow (fuzz: shelley_compat `button index:55555555555555555555.`)",
          arguments: [Int.max, Int.min + 1, Int.min, 1 << 40])
    func pickPastTheTree(_ n: Int) throws {
        let program = Self.program { $0.descendants(Self.label, unique: true); $0.pick(n) }
        for (_, matcher) in tunedConfigurations + [("default", Matcher())] {
            #expect(try matcher.select(program, in: Self.smallApp, budget: .unlimited) == [])
        }
    }
}

/// An engine's own step, for the `engine` strategy: keeps every other input.
private struct EveryOtherStep: EngineStep {
    var description: String { "every other input" }
    func apply(to input: [NodeID], in context: inout StepContext) throws(SelectorError) -> [NodeID] {
        try context.charge(input.count)
        return input.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
    }
}
