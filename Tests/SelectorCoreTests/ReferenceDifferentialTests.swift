import SelectorCore
import SyntheticHierarchy
import Testing
import ViewSelectorsTesting

// The matcher against `ReferenceInterpreter` (issue 30, item 4): random programs over the whole
// compiled form on random trees (generated apps of 10^3 to 10^5 views, a 10^4-deep chain, a root
// with 10^4 children, random parents), each run under every matcher configuration that picks a
// route, with thresholds at both extremes. Results must be the same arrays: order and repeats.
// Seeds are fixed; a failure prints the tree, the seed, the configuration and the program.

// The generators and the comparison live in ViewSelectorsTesting (RandomTrees, RandomPrograms,
// ReferenceComparison), shared with the `reference` fuzz target; below are the names this
// target's tests call them by.

/// Matcher configurations forcing each configurable route at both extremes.
let forcedConfigurations = ReferenceComparison.forcedConfigurations

/// The custom predicates random programs call.
func testPredicates() -> PredicateRegistry { RandomPrograms.predicates() }

/// The shapes of built trees.
typealias TreeShape = RandomTrees.Shape

/// Whether a built tree has frames on every view, on none, or on cells and windows only.
typealias FramePolicy = RandomTrees.Frames

/// A tree of `nodes` views of many classes and every column kind (`RandomTrees.build`).
func builtTree(nodes: Int, seed: UInt64, shape: TreeShape, frames: FramePolicy) -> ViewTree {
    RandomTrees.build(nodes: nodes, seed: seed, shape: shape, frames: frames)
}

/// Random programs for `tree` from `seed`, then the directed ones.
func randomPrograms(_ tree: ViewTree, seed: UInt64, count: Int, directed: Bool = true) -> [SelectorProgram] {
    RandomPrograms.make(tree, seed: seed, count: count, directed: directed)
}

/// What a differential run compared.
typealias DifferentialCount = ReferenceComparison.Count

let timing = false

/// Runs `programs` through the reference and every configuration; records a failure per mismatch.
func compare(_ programs: [SelectorProgram], on tree: ViewTree, treeName: String, seed: UInt64,
             maxWork: Int, configurations: [(String, Matcher)] = forcedConfigurations,
             count: inout DifferentialCount) {
    ReferenceComparison.compare(programs, on: tree, predicates: testPredicates(), maxWork: maxWork,
                                configurations: configurations, count: &count) { mismatch in
        Issue.record("\(treeName) seed \(seed) \(mismatch)")
    }
    if timing {
        print("TIMING \(treeName): reference \(count.referenceTime), matchers \(count.matcherTime), \(count)")
    }
}

// MARK: tests

@Suite("Reference differential")
struct ReferenceDifferentialTests {
    @Test("generated apps of 10^3 views", arguments: [UInt64(1), 2])
    func smallApps(seed: UInt64) {
        let tree = SyntheticApp.generate(nodes: 1_000, seed: seed)
        var count = DifferentialCount()
        compare(randomPrograms(tree, seed: seed &* 7919, count: 150), on: tree, treeName: "app 10^3", seed: seed,
                maxWork: 100_000, count: &count)
        #expect(count.programs > 150)
        #expect(count.nonEmpty > count.programs / 5)
        #expect(count.parallelScans > 0)
    }

    @Test("a generated app of 10^4 views")
    func mediumApp() {
        let tree = SyntheticApp.generate(nodes: 10_000, seed: 3)
        var count = DifferentialCount()
        compare(randomPrograms(tree, seed: 33, count: 20), on: tree, treeName: "app 10^4", seed: 3,
                maxWork: 200_000, count: &count)
        #expect(count.programs > 45)
        #expect(count.parallelScans > 0)
    }

    @Test("a generated app of 10^5 views: above the sample and parallel thresholds")
    func largeApp() {
        let tree = SyntheticApp.generate(nodes: TestScale.views(100_000), seed: 4)
        // Above `MatcherConfiguration`'s default parallel threshold only with a merged scan of
        // most of the tree; the right-to-left sample needs over 8,192 views reached.
        #expect(tree.count == TestScale.views(100_000))
        var count = DifferentialCount()
        compare(randomPrograms(tree, seed: 44, count: 2), on: tree, treeName: "app 10^5", seed: 4,
                maxWork: 400_000, configurations: [forcedConfigurations[0], forcedConfigurations[2], forcedConfigurations[5]],
                count: &count)
        #expect(count.programs > 35)
    }

    @Test("random trees with every column kind", arguments: [(UInt64(5), FramePolicy.all), (6, .none), (7, .some)])
    func randomTrees(seed: UInt64, frames: FramePolicy) {
        let tree = builtTree(nodes: 3_000, seed: seed, shape: .random, frames: frames)
        var count = DifferentialCount()
        compare(randomPrograms(tree, seed: seed &* 31, count: 40), on: tree, treeName: "random 3000", seed: seed,
                maxWork: 100_000, count: &count)
        #expect(count.programs > 45)
        #expect(count.nonEmpty > count.programs / 5)
    }

    @Test("a 10^4-deep chain")
    func deepChain() {
        let tree = builtTree(nodes: TestScale.depth(10_000), seed: 8, shape: .deep, frames: .all)
        var count = DifferentialCount()
        compare(randomPrograms(tree, seed: 88, count: 24), on: tree, treeName: "deep 10^4", seed: 8,
                maxWork: 60_000, count: &count)
        #expect(count.programs > 30)
    }

    @Test("a root with 10^4 children")
    func wideRoot() {
        let tree = builtTree(nodes: 10_001, seed: 9, shape: .wide, frames: .some)
        var count = DifferentialCount()
        compare(randomPrograms(tree, seed: 99, count: 30), on: tree, treeName: "wide 10^4", seed: 9,
                maxWork: 150_000, count: &count)
        #expect(count.programs > 30)
    }
}

@Suite("Reference differential: generators and fuzz cases")
struct ReferenceGeneratorTests {
    /// ViewSelectorsTesting's generator is SyntheticHierarchy's SplitMix64, so the seeds above name the
    /// cases they named before the generators moved.
    @Test func seededRandomIsSplitMix64() {
        var a = SeededRandom(seed: 5), b = SplitMix64(seed: 5)
        for _ in 0..<100 { #expect(a.next() == b.next()) }
    }

    @Test func byteStreamReadsEightBytesADrawThenContinues() {
        var rng = ByteStreamRandom([1, 0, 0, 0, 0, 0, 0, 0, 0x34, 0x12])
        #expect(rng.next() == 1)
        #expect(rng.next() == 0x1234)
        #expect(rng.isExhausted)
        let tail = rng.next()
        var again = ByteStreamRandom([1, 0, 0, 0, 0, 0, 0, 0, 0x34, 0x12])
        _ = again.next(); _ = again.next()
        #expect(again.next() == tail)
        // The continuation depends on every byte.
        var other = ByteStreamRandom([1, 0, 0, 0, 0, 0, 0, 0, 0x34, 0x13])
        _ = other.next(); _ = other.next()
        #expect(other.next() != tail)
    }

    /// What the `reference` fuzz target does to an input, on a few inputs (including none).
    @Test("fuzz cases agree with the reference", arguments: [[UInt8](), [0], Array(repeating: 0xFF, count: 64),
                                                            (0..<255).map { UInt8($0) }, [7, 1, 0, 0, 0, 0, 0, 0, 2]])
    func fuzzCases(bytes: [UInt8]) {
        let c = ReferenceFuzzCase(bytes: bytes)
        #expect((1...ReferenceFuzzCase.maximumViews).contains(c.tree.count))
        #expect(c.programs.count >= 2)
        if let mismatch = c.firstMismatch(predicates: testPredicates()) {
            Issue.record("\(c.treeDescription): \(mismatch)")
        }
    }
}

// MARK: minimized mismatches

/// The matcher's and the reference's answers for one predicate over every node of `tree`.
private func bothAnswers(_ p: Predicate, _ tree: ViewTree) throws -> (matcher: [NodeID], reference: [NodeID]) {
    var b = ProgramBuilder(start: .document)
    b.descendants(p, unique: false)
    let program = b.build()
    return (try Matcher().select(program, in: tree), try ReferenceInterpreter(tree: tree).select(program))
}

@Suite("Reference differential: minimized cases")
struct ReferenceDifferentialRegressionTests {
    /// A generic column (mixed value types) holding a JSON boolean: `bitsSet` read it as 1 there,
    /// while the same boolean in a typed boolean column fails, as the doc's "a numeric property"
    /// says (found by `randomTrees`, seed 5; fixed in the resolver).
    @Test
    func bitsOfABooleanInAMixedColumn() throws {
        var b = ViewTreeBuilder()
        let root = b.addNode(className: "UIWindow")
        let mixed = b.addNode(className: "UIView", parent: root)
        b.set("misc", .string("x"), on: root)
        b.set("misc", .bool(true), on: mixed)
        let (matcher, reference) = try bothAnswers(.bitsSet(property: "misc", mask: 1), b.build())
        #expect(matcher == reference)
    }

    /// The same JSON boolean in a typed column: both fail it.
    @Test func bitsOfABooleanInABooleanColumn() throws {
        var b = ViewTreeBuilder()
        let root = b.addNode(className: "UIWindow")
        b.set("flag", .bool(true), on: root)
        let (matcher, reference) = try bothAnswers(.bitsSet(property: "flag", mask: 1), b.build())
        #expect(matcher == reference)
        #expect(matcher.isEmpty)
    }

    /// Part of a frame (`accessibilityFrame.x`) is a number (`ViewTree.value`, `number`,
    /// `hasProperty` read it); `bool` and `bitsSet` failed every node on it (fixed in the resolver).
    @Test
    func framePartsAsBooleansAndBits() throws {
        var b = ViewTreeBuilder()
        let root = b.addNode(className: "UIWindow")
        b.setFrame("accessibilityFrame", Rect(x: 3, y: 0, width: 10, height: 10), on: root)
        let tree = b.build()
        for p in [Predicate.bool(property: "accessibilityFrame.x", true), .bitsSet(property: "accessibilityFrame.x", mask: 1),
                  .number(property: "accessibilityFrame.x", .equal, 3), .hasProperty("accessibilityFrame.maxX")] {
            let (matcher, reference) = try bothAnswers(p, tree)
            #expect(matcher == reference, "\(p)")
        }
    }

    /// A right-to-left chain over fewer than 32 reached views, under a tuning that samples every
    /// reach (`rightToLeftUnsampledReach` below 32, as `ReferenceComparison.eagerTuning` has it):
    /// `Run.estimatedMatches` stepped through the reach by `covered / 32`, which was 0, so its
    /// sample grew until memory ran out. Found by the `reference` fuzz target on
    /// `RandomTrees.build(nodes: 2, seed: 5890148615499163602, shape: .random, frames: .none)`;
    /// below, minimized.
    @Test("a right-to-left sample of a reach under 32 views ends")
    func rightToLeftSampleOfAFewViews() throws {
        var b = ViewTreeBuilder()
        let root = b.addNode(className: "UIWindow")
        let view = b.addNode(className: "UIView", parent: root)
        b.setString("accessibilityLabel", "Row 1", on: b.addNode(className: "UILabel", parent: view))
        let tree = b.build()
        var p = ProgramBuilder(start: .document)
        p.descendants(.kindOf("UIView"), unique: true)
        p.descendants(.kindOf("UILabel"), unique: true)
        let program = p.build()
        var tuning = MatcherTuning()
        tuning.rightToLeftUnsampledReach = 0
        let matcher = Matcher(configuration: MatcherConfiguration(maxThreads: 1, tuning: tuning))
        #expect(try matcher.select(program, in: tree, budget: .unlimited) == ReferenceInterpreter(tree: tree).select(program))
    }

    /// Canonically equivalent spellings (precomposed `é`, `e` + U+0301; the Kelvin sign and `K`).
    /// The matcher compares them as equal in `equals` without options (the pool's `String` lookup)
    /// and in every case-insensitive test of a value that is not ASCII (`String` comparisons), but
    /// byte for byte everywhere else: `equals("Cafe\u{301}")` matches `Café` while
    /// `contains("Cafe\u{301}")` and `equals("Cafe\u{301}", noBreakSpaceAsSpace)` do not. The
    /// reference compares UTF-8 bytes throughout.
    @Test(.disabled("matcher bug: canonical equivalence in some string tests and not others"))
    func canonicalEquivalence() throws {
        var b = ViewTreeBuilder()
        let root = b.addNode(className: "UIWindow")
        for label in ["Café", "Cafe\u{301}", "\u{212A}elvin", "kelvin"] {
            b.setString("accessibilityLabel", label, on: b.addNode(className: "UILabel", parent: root))
        }
        let tree = b.build()
        for value in ["Café", "Cafe\u{301}", "Cafe", "kelvin", "Kelvin"] {
            for operation in [StringTest.Operation.equals, .contains, .hasPrefix, .hasSuffix] {
                for options in [StringTest.Options(), .caseInsensitive, .noBreakSpaceAsSpace] {
                    let p = Predicate.string(property: "accessibilityLabel", StringTest(operation, value, options: options))
                    let (matcher, reference) = try bothAnswers(p, tree)
                    #expect(matcher == reference, "\(p)")
                }
            }
        }
    }
}
