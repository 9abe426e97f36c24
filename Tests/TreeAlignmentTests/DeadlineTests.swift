import SelectorCore
import SyntheticHierarchy
import Testing
@testable import TreeAlignment

/// Counts the stop checks of one alignment (one every `WorkMeter.interval` units of work).
private final class CheckCounter: AlignmentStop {
    var calls = 0
    func check() { calls += 1 }
}

/// Stops an alignment at its `at`-th check, as a deadline passing then would.
private final class StopAt: AlignmentStop {
    let at: Int
    var calls = 0
    init(_ at: Int) { self.at = at }
    func check() throws(SelectorError) {
        calls += 1
        if calls >= at { throw QueryBudget.deadlineError }
    }
}

/// Issue 40, items 3 and 4: the alignment stops at a deadline, in every phase, and costs what
/// its size says, on the shapes that made it quadratic. No test here times anything: the growth
/// is measured by the `align.*` benchmark rows; here work is counted in the meter's units.
@Suite("stopping the alignment at a deadline")
struct DeadlineTests {
    /// The error `body` throws, if it is a `SelectorError`.
    func thrown(_ body: () throws(SelectorError) -> ViewTreeAlignment) -> SelectorError? {
        do throws(SelectorError) {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }

    @Test func aDeadlineAlreadyPassedStopsABigAlignmentAtOnce() {
        let old = SyntheticApp.generate(nodes: 100_000, seed: 3), new = SyntheticApp.generate(nodes: 100_000, seed: 4)
        let past = QueryDeadline(ContinuousClock.now.advanced(by: .seconds(-1)))
        #expect(thrown { () throws(SelectorError) in try align(old, new, deadline: past) } == QueryBudget.deadlineError)
        // The meter checks before any work: a stop that always throws stops the first check.
        let stop = StopAt(1)
        #expect(thrown { () throws(SelectorError) in try Aligner.run(old, new, AlignmentOptions(), stop) } == QueryBudget.deadlineError)
        #expect(stop.calls == 1)
    }

    @Test func aCancelledQueryStopsTheAlignmentWithTheCancellationError() {
        let (old, new) = AdversarialShapes.chains(2000)
        let token = QueryCancellation()
        let deadline = token.whileCurrent { QueryDeadline(nil) }
        token.cancel()
        #expect(thrown { () throws(SelectorError) in try align(old, new, deadline: deadline) } == QueryBudget.cancelledError)
    }

    @Test func aDeadlineOfAFewMillisecondsStopsTheAdversarialShapes() {
        let shapes = [AdversarialShapes.chains(8000), AdversarialShapes.siblings(25_000),
                      AdversarialShapes.attack(served: 100_000, recorded: 25_000)]
        for (old, new) in shapes {
            let soon = QueryDeadline(ContinuousClock.now.advanced(by: .milliseconds(2)))
            #expect(thrown { () throws(SelectorError) in try align(old, new, deadline: soon) } == QueryBudget.deadlineError)
        }
    }

    /// A stop at the first, a middle or the last of an alignment's checks stops it there, with
    /// the deadline's error; the checks are one every `WorkMeter.interval` units of work.
    @Test(arguments: ["chains", "siblings", "attack", "app"])
    func aStopAtAnyCheckStopsTheAlignment(_ shape: String) {
        let (old, new) = Self.shape(shape, scale: 1)
        let counter = CheckCounter()
        let whole = Aligner.run(old, new, AlignmentOptions(), counter)
        #expect(counter.calls > 10)
        let at = Set([1, 2, counter.calls / 4, counter.calls / 2, 3 * counter.calls / 4, counter.calls - 1, counter.calls])
        for k in at.sorted() where k >= 1 {
            let stop = StopAt(k)
            #expect(thrown { () throws(SelectorError) in try Aligner.run(old, new, AlignmentOptions(), stop) } == QueryBudget.deadlineError,
                    "stopped at check \(k) of \(counter.calls)")
            #expect(stop.calls == k)
        }
        // With a deadline that does not pass, the result is the plain alignment's.
        let later = QueryDeadline(ContinuousClock.now.advanced(by: .seconds(3600)))
        let timed = try? align(old, new, deadline: later)
        #expect(timed.map { sameAlignment($0, whole) } == true)
    }

    /// The work an alignment charges its meter grows as its size on the shapes that were
    /// quadratic (chains, identical siblings, the server's attack): twice the views, at most
    /// 2.5 times the checks.
    @Test(arguments: ["chains", "siblings", "attack"])
    func workGrowsLinearlyOnTheAdversarialShapes(_ shape: String) {
        func checks(_ scale: Int) -> Int {
            let (old, new) = Self.shape(shape, scale: scale)
            let counter = CheckCounter()
            _ = Aligner.run(old, new, AlignmentOptions(), counter)
            return counter.calls
        }
        let small = checks(1), large = checks(2)
        #expect(large <= small * 5 / 2, "\(shape): \(small) checks, then \(large) at twice the size")
    }

    /// The bottom-up phase counts a large subtree's counterparts with `AppendOnlyRangeCounter`
    /// and scans a small one: both give the same alignment (here every subtree is counted).
    @Test func countingInsteadOfScanningChangesNothing() throws {
        var pairs: [(ViewTree, ViewTree)] = [AdversarialShapes.chains(600), AdversarialShapes.siblings(500),
                                             AdversarialShapes.attack(served: 20_000, recorded: 4000),
                                             (SyntheticApp.generate(nodes: 20_000, seed: 3), SyntheticApp.generate(nodes: 20_000, seed: 4))]
        let real = try realRecordings.map(loadReal)
        for a in real { for b in real { pairs.append((a, b)) } }
        for (old, new) in pairs {
            let counted = Aligner.run(old, new, AlignmentOptions(), NeverStop(), scanLimit: -1)
            #expect(sameAlignment(counted, align(old, new)))
        }
    }

    @Test func theRangeCounterAgreesWithCounting() {
        var rng = SplitMix64(seed: 40)
        for valueCount in [1, 2, 5, 63, 64, 65, 200, 1000, 4097] {
            var counter = AppendOnlyRangeCounter(valueCount: valueCount)
            var appended: [Int] = []
            var values = Array(0..<valueCount)
            values.shuffle(using: &rng)
            for v in values.prefix(max(1, valueCount * 3 / 4)) {
                counter.append(v)
                appended.append(v)
                counter.append(v)  // a second time: ignored
                #expect(counter.count == appended.count)
                for _ in 0..<4 {
                    let since = rng.below(appended.count + 1)
                    let lo = rng.below(valueCount + 1), hi = lo + rng.below(valueCount + 1 - lo + 1)
                    let truth = appended[since...].filter { $0 >= lo && $0 < hi }.count
                    #expect(counter.count(since: since, lo, hi) == truth, "n \(valueCount) since \(since) \(lo)..<\(hi)")
                }
            }
        }
    }

    @Test func theFenwickCounterAgreesWithCounting() {
        var counter = FenwickCounter(size: 100)
        var added: [Int] = []
        var rng = SplitMix64(seed: 7)
        for _ in 0..<300 {
            let v = rng.below(100)
            counter.add(v)
            added.append(v)
            let lo = rng.below(101), hi = rng.below(101)
            #expect(counter.count(lo, hi) == added.filter { $0 >= lo && $0 < hi }.count)
        }
    }

    static func shape(_ name: String, scale: Int) -> (ViewTree, ViewTree) {
        switch name {
        case "chains": return AdversarialShapes.chains(2000 * scale)
        case "siblings": return AdversarialShapes.siblings(5000 * scale)
        case "attack": return AdversarialShapes.attack(served: 40_000 * scale, recorded: 8000 * scale)
        default: return (SyntheticApp.generate(nodes: 10_000 * scale, seed: 3), SyntheticApp.generate(nodes: 10_000 * scale, seed: 4))
        }
    }
}

/// Whether two alignments are the same, member by member.
func sameAlignment(_ x: ViewTreeAlignment, _ y: ViewTreeAlignment) -> Bool {
    x.matches == y.matches && x.inserted == y.inserted && x.deleted == y.deleted && x.moved == y.moved && x.changed == y.changed
}
