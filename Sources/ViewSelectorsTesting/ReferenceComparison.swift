public import SelectorCore

/// Programs run by `ReferenceInterpreter` and by matchers under several configurations, and
/// every difference between them: the same list (order and repeats) or an error on both sides.
///
/// The differential tests record each difference as an issue; the `reference` fuzz target stops
/// at the first, so that libFuzzer keeps the input.
public enum ReferenceComparison {
    /// What a run compared.
    public struct Count: Sendable {
        /// Programs the reference finished, and so compared.
        public var programs = 0
        /// Programs the reference gave up on (its work limit).
        public var skipped = 0
        /// Compared programs whose reference list is not empty.
        public var nonEmpty = 0
        /// Parallel scans the matchers ran, over every configuration.
        public var parallelScans = 0
        /// Time in the reference interpreter.
        public var referenceTime = Duration.zero
        /// Time in the matchers, every configuration together.
        public var matcherTime = Duration.zero

        public init() {}
    }

    /// One program on which one matcher configuration and the reference disagree.
    public struct Mismatch: Sendable, CustomStringConvertible {
        /// The program's place in the list compared.
        public var index: Int
        public var program: SelectorProgram
        /// The configuration's name.
        public var configuration: String
        /// The reference's answer.
        public var expected: Result<[NodeID], any Error>
        /// The matcher's answer.
        public var actual: Result<[NodeID], any Error>

        /// The first position where the two lists differ; nil when one is a prefix of the other
        /// (or an answer is an error).
        public var firstDifference: Int? {
            zip(expected.list, actual.list).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        }

        public var description: String {
            """
            program #\(index), matcher '\(configuration)': reference \(expected.summary), matcher \
            \(actual.summary); first difference at \(firstDifference.map(String.init) ?? "the end")
            \(program)
            """
        }
    }

    /// Configurations forcing each `MatcherConfiguration` route at both extremes: serial,
    /// every scan, filter and distinct-value evaluation split over threads down to one node, many
    /// threads, and threads allowed but never used.
    public static let forcedConfigurations: [(String, Matcher)] = [
        ("default", Matcher()),
        ("serial", Matcher(configuration: .serial)),
        ("parallel thresholds 0", Matcher(configuration: MatcherConfiguration(maxThreads: 4, parallelThreshold: 0,
                                                                              parallelValueThreshold: 0))),
        ("parallel thresholds 1", Matcher(configuration: MatcherConfiguration(maxThreads: 3, parallelThreshold: 1,
                                                                              parallelValueThreshold: 1))),
        ("many threads", Matcher(configuration: MatcherConfiguration(maxThreads: 64, parallelThreshold: 2,
                                                                     parallelValueThreshold: 2))),
        ("thresholds Int.max", Matcher(configuration: MatcherConfiguration(maxThreads: 8, parallelThreshold: .max,
                                                                           parallelValueThreshold: .max))),
    ]

    /// Every `MatcherTuning` threshold at the value that takes its shortcut: parallel from one
    /// node, compaction and hulls always, right to left and the reverse chain from two steps, UISpec
    /// ranks on every tree (chains step by step, matches marked by rank).
    public static let eagerTuning: MatcherTuning = {
        var t = MatcherTuning()
        t.parallelThreshold = 0
        t.parallelValueThreshold = 0
        t.compactionRange = 0
        t.hullMinimumRanges = 1
        t.hullMaximumAverageRange = .max
        t.hullMaximumSpread = .max
        t.rightToLeftMinimumSteps = 2
        t.rightToLeftViewsPerMatch = 0
        t.rightToLeftFallbackViewsPerMatch = 0
        t.rightToLeftUnsampledReach = 0
        t.reverseChainMinimumSteps = 2
        t.reverseRankMinimumViews = 0
        t.reverseChainViewsPerMatch = .max
        t.rankSortViewsPerMatch = .max
        t.descendantTestViewsPerTarget = 0
        t.parallelWalkInputs = 1
        return t
    }()

    /// Every `MatcherTuning` threshold at the value that takes no shortcut.
    public static let plainTuning: MatcherTuning = {
        var t = MatcherTuning()
        t.parallelThreshold = .max
        t.parallelValueThreshold = .max
        t.compactionRange = .max
        t.hullMinimumRanges = .max
        t.rightToLeftMinimumSteps = .max
        t.reverseChainMinimumSteps = .max
        t.reverseRankMinimumViews = .max
        t.ancestorTestAsChain = false
        t.descendantTestFromTargets = false
        t.positionsInList = false
        t.pickStopsScan = false
        t.parallelWalkInputs = .max
        return t
    }()

    /// The right-to-left sample always wrong one way (its fallback whenever anything matches),
    /// has-descendant tests from their targets always by a scan and a merge, and UISpec-order
    /// chains always prepared, their matches always sorted by rank (on every tree).
    public static let fallbackTuning: MatcherTuning = {
        var t = MatcherTuning()
        t.rightToLeftViewsPerMatch = 0
        t.rightToLeftFallbackViewsPerMatch = .max
        t.descendantTestViewsPerTarget = .max
        // UISpec ranks on every tree, the other side of each of their choices: chains prepared
        // whatever their matches, matches always sorted by rank.
        t.reverseRankMinimumViews = 0
        t.reverseChainViewsPerMatch = 0
        t.rankSortViewsPerMatch = 1
        return t
    }()

    /// The sample always predicting too many matches: left to right.
    public static let leftToRightTuning: MatcherTuning = {
        var t = MatcherTuning()
        t.rightToLeftViewsPerMatch = .max
        t.rightToLeftUnsampledReach = 0
        return t
    }()

    /// Configurations forcing every `MatcherTuning` route: each tuning above, the eager one both
    /// serial and on threads (their scans split differently).
    public static let tunedConfigurations: [(String, Matcher)] = [
        ("eager, 4 threads", Matcher(configuration: MatcherConfiguration(maxThreads: 4, tuning: eagerTuning))),
        ("eager, serial", Matcher(configuration: MatcherConfiguration(maxThreads: 1, tuning: eagerTuning))),
        ("plain, 4 threads", Matcher(configuration: MatcherConfiguration(maxThreads: 4, tuning: plainTuning))),
        ("fallback", Matcher(configuration: MatcherConfiguration(maxThreads: 1, tuning: fallbackTuning))),
        ("left to right", Matcher(configuration: MatcherConfiguration(maxThreads: 1, tuning: leftToRightTuning))),
    ]

    /// Runs each of `programs` through the reference (skipped when it passes `maxWork`) and then
    /// through every configuration with an unlimited budget, calling `mismatch` for each
    /// difference.
    public static func compare(_ programs: [SelectorProgram], on tree: ViewTree, predicates: PredicateRegistry,
                               maxWork: Int, configurations: [(String, Matcher)], count: inout Count,
                               mismatch: (Mismatch) -> Void) {
        let reference = ReferenceInterpreter(tree: tree, predicates: predicates, maxWork: maxWork)
        let clock = ContinuousClock()
        for (index, program) in programs.enumerated() {
            let t0 = clock.now
            let expected: Result<[NodeID], any Error>
            do { expected = .success(try reference.select(program)) }
            catch ReferenceInterpreter.Failure.workLimit {
                count.skipped += 1
                count.referenceTime += clock.now - t0
                continue
            }
            catch { expected = .failure(error) }
            let t1 = clock.now
            count.referenceTime += t1 - t0
            count.programs += 1
            if case .success(let e) = expected, !e.isEmpty { count.nonEmpty += 1 }
            defer { count.matcherTime += clock.now - t1 }
            for (name, matcher) in configurations {
                var stats = MatchStatistics()
                let actual: Result<[NodeID], any Error>
                do { actual = .success(try matcher.select(program, in: tree, predicates: predicates, budget: .unlimited,
                                                          statistics: &stats)) }
                catch { actual = .failure(error) }
                count.parallelScans += stats.parallelScans
                switch (expected, actual) {
                case let (.success(e), .success(a)) where e == a: continue
                // Errors are not compared: the reference's are its own type.
                case (.failure, .failure): continue
                default: mismatch(Mismatch(index: index, program: program, configuration: name,
                                           expected: expected, actual: actual))
                }
            }
        }
    }
}

extension Result where Success == [NodeID] {
    fileprivate var list: [NodeID] { (try? get()) ?? [] }
    fileprivate var summary: String {
        switch self {
        case .success(let l): return "\(l.count) nodes \(l.prefix(12))\(l.count > 12 ? "…" : "")"
        case .failure(let e): return "error \(e)"
        }
    }
}
