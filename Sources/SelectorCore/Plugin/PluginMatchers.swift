#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
internal import CSelectorPlugin

// Engine-supplied string matchers across the plug-in boundary.
//
// A `StringMatcher` is code (a compiled LIKE pattern, a PCRE2 regex), and the host's copy of
// SelectorCore cannot hold the plug-in's Swift values. So the matcher stays in the plug-in: the
// program JSON names it by an id, and the host's matcher calls back through the engine's
// `matcher_*` functions once per distinct value, exactly where an in-process matcher would run.
// What a plug-in can compile, the host can therefore run, with the same results and limits.

/// Where a program writer hands the engine-supplied matchers it meets (the plug-in side); the id
/// returned is what the JSON names.
public protocol PluginMatcherSink {
    /// Keeps `matcher` until the host releases the id returned.
    func add(_ matcher: any StringMatcher) -> UInt64
}

/// How a program reader turns a string test's matcher id back into a matcher (the host side).
public protocol PluginMatcherSource {
    /// The matcher `id` names; `path` is the JSON path, for errors.
    func matcher(_ id: UInt64, description: String, at path: String) throws(SelectorError) -> any StringMatcher
}

extension QueryDeadline {
    /// The deadline as `CLOCK_MONOTONIC` nanoseconds, 0 for none and 1 once cancelled, for a plug-in
    /// matcher that checks it inside one long value.
    package var monotonicNanoseconds: UInt64 {
        if deadline.cancellation?.isCancelled == true { return 1 }
        return deadline.nanos == .max ? 0 : deadline.nanos
    }

    /// The deadline a host passed as `CLOCK_MONOTONIC` nanoseconds (0: none).
    package init(monotonicNanoseconds nanos: UInt64) {
        guard nanos != 0 else { self = .none; return }
        let left = Int64(bitPattern: nanos &- MatchDeadline.now())
        // Past deadlines (negative `left`) become an instant now, which has passed by the first check.
        self.init(MatchDeadline(ContinuousClock.now.advanced(by: .nanoseconds(max(0, left))), cancellation: nil))
    }
}

/// The plug-in side: matchers its compiled programs named, kept until the host releases their ids.
enum PluginMatcherTable {
    private static let table = Locked<(next: UInt64, matchers: [UInt64: any StringMatcher])>((1, [:]))

    static func add(_ matcher: any StringMatcher) -> UInt64 {
        table.withLock { t in
            let id = t.next
            t.next += 1
            t.matchers[id] = matcher
            return id
        }
    }

    static func matcher(_ id: UInt64) -> (any StringMatcher)? { table.withLock { $0.matchers[id] } }

    static func release(_ id: UInt64) { table.withLock { _ = $0.matchers.removeValue(forKey: id) } }

    /// How many matchers the host still holds (for tests: a released program leaves none behind).
    static var count: Int { table.withLock { $0.matchers.count } }
}

extension SelectorPlugin {
    /// How many engine-supplied matchers this plug-in keeps for the host's compiled programs; it
    /// falls back when the host drops them (tests check that nothing is left behind).
    public static var liveMatcherCount: Int { PluginMatcherTable.count }
}

/// One compile's matchers: dropped again when the program cannot be written after all.
final class CompileMatcherSink: PluginMatcherSink {
    private(set) var ids: [UInt64] = []

    func add(_ matcher: any StringMatcher) -> UInt64 {
        let id = PluginMatcherTable.add(matcher)
        ids.append(id)
        return id
    }

    func abandon() { for id in ids { PluginMatcherTable.release(id) } }
}

/// A matcher's per-thread evaluator as the host holds it, with the last deadline it was handed.
final class PluginEvaluatorBox {
    let evaluator: any StringEvaluator
    var deadlineNanos: UInt64 = 0
    init(_ evaluator: any StringEvaluator) { self.evaluator = evaluator }
}

func pluginMatcherEvaluator(_ context: UnsafeMutableRawPointer?, _ id: UInt64) -> UnsafeMutableRawPointer? {
    guard let matcher = PluginMatcherTable.matcher(id) else { return nil }
    return Unmanaged.passRetained(PluginEvaluatorBox(matcher.makeEvaluator())).toOpaque()
}

func pluginMatcherTest(_ raw: UnsafeMutableRawPointer?, _ subject: UnsafePointer<CChar>?, _ length: Int,
                       _ deadline: UInt64, _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    guard let raw else { return -1 }
    let box = Unmanaged<PluginEvaluatorBox>.fromOpaque(raw).takeUnretainedValue()
    if deadline != box.deadlineNanos {
        box.deadlineNanos = deadline
        box.evaluator.useDeadline(QueryDeadline(monotonicNanoseconds: deadline))
    }
    let bytes = UnsafeBufferPointer(start: subject.map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) },
                                    count: subject == nil ? 0 : length)
    do {
        return try box.evaluator.matches(bytes) ? 1 : 0
    } catch let e {
        error?.pointee = strdup(e.pluginJSON.jsonString)
        return -1
    }
}

func pluginMatcherEvaluatorFree(_ raw: UnsafeMutableRawPointer?) {
    guard let raw else { return }
    Unmanaged<PluginEvaluatorBox>.fromOpaque(raw).release()
}

func pluginMatcherRelease(_ context: UnsafeMutableRawPointer?, _ id: UInt64) { PluginMatcherTable.release(id) }
