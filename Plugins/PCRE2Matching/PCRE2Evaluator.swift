import CPCRE2
package import SelectorCore

/// One thread's use of a `PCRE2Regex`: owns the match data, so matching allocates nothing.
///
/// The core makes one evaluator per thread per string column it evaluates, then calls `matches`
/// once per distinct value. The match data is sized for the whole match only (one ovector pair):
/// selection asks "does it match", never for groups. Since PCRE2 10.41 the interpreter keeps its
/// backtracking frames in the match data too, so they are reused from value to value.
///
/// Under a deadline (`useDeadline`), a subject longer than `guardThreshold` bytes runs the
/// pattern's guarded code, whose callouts read the clock, so one match on a megabyte label stops
/// at the query's budget with `QueryBudget.deadlineError`; shorter subjects keep the plain code,
/// whose cost the length and the match limit bound.
package final class PCRE2Evaluator: StringEvaluator {
    /// Subjects up to this many bytes run the plain code even under a deadline: at this length
    /// the match limit keeps one match to milliseconds, and the callout points would make every
    /// match about three times slower.
    package static let guardThreshold = 1024

    /// How errors name the pattern: each engine names it its own way (a step, a `MATCHES` clause),
    /// and its tests pin the exact text.
    package struct Wording: Sendable {
        /// Follows "regex match limit exceeded in " and "regex match failed in ".
        package var site: String
        /// Follows "out of memory creating PCRE2 match data " (`in step 2`, `for MATCHES "a+"`).
        package var matchDataSite: String
        /// Whether a plain match-limit error adds PCRE2's own text, which only repeats it.
        package var explainsMatchLimit: Bool

        package init(site: String, matchDataSite: String, explainsMatchLimit: Bool) {
            self.site = site; self.matchDataSite = matchDataSite; self.explainsMatchLimit = explainsMatchLimit
        }
    }

    private let regex: PCRE2Regex
    private let wording: Wording
    /// Applied to each subject before matching, for a pattern compiled against folded text.
    private let foldSubject: ((String) -> String)?
    /// The `pcre2_match_data`; nil only when PCRE2 could not allocate it.
    private let matchData: OpaquePointer?
    package private(set) var evaluations = 0
    /// The callout's state (the deadline and a countdown); allocated by `useDeadline`, so that
    /// evaluators used without one never pay for it.
    private var callout: UnsafeMutablePointer<CalloutState>?
    /// A copy of the pattern's match context that also names the callout; made with `callout`.
    private var guardedContext: OpaquePointer?

    package init(_ regex: PCRE2Regex, wording: Wording, foldSubject: ((String) -> String)? = nil) {
        self.regex = regex
        self.wording = wording
        self.foldSubject = foldSubject
        self.matchData = pcre2_match_data_create_8(1, nil)
    }

    deinit {
        if let matchData { pcre2_match_data_free_8(matchData) }
        if let guardedContext { pcre2_match_context_free_8(guardedContext) }
        if let callout { callout.deinitialize(count: 1); callout.deallocate() }
    }

    package func useDeadline(_ deadline: QueryDeadline) {
        guard deadline.isSet else {
            callout?.pointee.deadline = deadline
            return
        }
        if let callout {
            callout.pointee = CalloutState(deadline: deadline)
            return
        }
        // Own match context: the pattern's is shared by threads, and the callout data is ours.
        guard let context = pcre2_match_context_copy_8(regex.matchContext) else { return }
        let state = UnsafeMutablePointer<CalloutState>.allocate(capacity: 1)
        state.initialize(to: CalloutState(deadline: deadline))
        pcre2_set_callout_8(context, pcre2DeadlineCallout, UnsafeMutableRawPointer(state))
        callout = state
        guardedContext = context
    }

    package func matches(_ subject: UnsafeBufferPointer<UInt8>) throws(SelectorError) -> Bool {
        guard let matchData else {
            throw SelectorError(.evaluation, "out of memory creating PCRE2 match data \(wording.matchDataSite)")
        }
        evaluations += 1
        if let foldSubject {
            let folded = Array(foldSubject(String(decoding: subject, as: UTF8.self)).utf8)
            return try folded.withUnsafeBufferPointer { buffer throws(SelectorError) in try run(buffer, matchData) }
        }
        return try run(subject, matchData)
    }

    private func run(_ subject: UnsafeBufferPointer<UInt8>, _ matchData: OpaquePointer) throws(SelectorError) -> Bool {
        var code = regex.code, context = regex.matchContext, jit = regex.usesJIT
        if subject.count > Self.guardThreshold, let callout, callout.pointee.deadline.isSet,
           let guardedContext, let guarded = regex.guarded() {
            try callout.pointee.deadline.check()
            callout.pointee.countdown = CalloutState.interval
            code = guarded.code; context = guardedContext; jit = guarded.usesJIT
        }
        // Subjects come from Swift strings, so they are valid UTF-8: pcre2_jit_match skips the UTF
        // check and pcre2_match does it (cheap next to matching). An empty value may have no base
        // address; PCRE2 wants a pointer even for length 0.
        var empty: UInt8 = 0
        let rc: Int32 = withUnsafePointer(to: &empty) { emptyPointer in
            let base = subject.baseAddress ?? emptyPointer
            return jit
                ? pcre2_jit_match_8(code, base, subject.count, 0, 0, matchData, context)
                : pcre2_match_8(code, base, subject.count, 0, 0, matchData, context)
        }
        // rc 0 would mean "matched, ovector too small": still a match.
        if rc >= 0 { return true }
        switch rc {
        case PCRE2_ERROR_NOMATCH:
            return false
        case PCRE2_ERROR_CALLOUT:
            // Only our callout returns it, and only once the deadline has passed.
            throw QueryBudget.deadlineError
        case PCRE2_ERROR_MATCHLIMIT where !wording.explainsMatchLimit:
            throw SelectorError(.limit, "regex match limit exceeded in \(wording.site)")
        case PCRE2_ERROR_MATCHLIMIT, PCRE2_ERROR_DEPTHLIMIT, PCRE2_ERROR_HEAPLIMIT, PCRE2_ERROR_JIT_STACKLIMIT:
            // The same runaway backtracking, stopped by a different bound.
            throw SelectorError(.limit, "regex match limit exceeded in \(wording.site) (PCRE2: \(PCRE2Regex.message(for: rc)))")
        default:
            throw SelectorError(.evaluation, "regex match failed in \(wording.site): \(PCRE2Regex.message(for: rc))")
        }
    }
}

/// What the guarded code's callout reads: the deadline, and how many callouts remain until the
/// next clock read.
struct CalloutState {
    /// Callouts between clock reads. One item runs between two callouts, and an item is at most a
    /// pass over the subject (a back reference, a 65,535-fold repeat), so 32 of them on a
    /// megabyte label stay within milliseconds, while a clock read costs more than a callout.
    static let interval: Int32 = 32

    var deadline: QueryDeadline
    var countdown: Int32 = interval
}

/// The guarded code's callout: 0 lets the match go on; `PCRE2_ERROR_CALLOUT` (negative) abandons
/// it once the deadline has passed. A positive value would only fail the current path and let
/// PCRE2 try the next start, so it would not stop the work.
private func pcre2DeadlineCallout(_ block: UnsafeMutablePointer<pcre2_callout_block_8>?,
                                  _ data: UnsafeMutableRawPointer?) -> Int32 {
    guard let state = data?.assumingMemoryBound(to: CalloutState.self) else { return 0 }
    state.pointee.countdown -= 1
    guard state.pointee.countdown <= 0 else { return 0 }
    state.pointee.countdown = CalloutState.interval
    return state.pointee.deadline.hasPassed ? PCRE2_ERROR_CALLOUT : 0
}
