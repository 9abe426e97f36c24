import CPCRE2
package import SelectorCore

/// One thread's use of a `PCRE2Regex`: owns the match data, so matching allocates nothing.
///
/// The core makes one evaluator per thread per string column it evaluates, then calls `matches`
/// once per distinct value. Unless made with `groups: true` the match data is sized for the whole
/// match only (one ovector pair): selection asks "does it match", never for groups. Since PCRE2
/// 10.41 the interpreter keeps its backtracking frames in the match data too, so they are reused
/// from value to value.
///
/// `find(_:from:)` and `group(_:)` serve callers that need where a pattern matches and its groups
/// (xpath's `replace()` and `tokenize()`): the same code, limits, guarded copy and error wording
/// as `matches`.
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

    /// `groups`: size the match data for every capturing group, so `group(_:)` answers for all of
    /// them after `find`; otherwise only the whole match is recorded.
    package init(_ regex: PCRE2Regex, wording: Wording, foldSubject: ((String) -> String)? = nil, groups: Bool = false) {
        self.regex = regex
        self.wording = wording
        self.foldSubject = foldSubject
        self.matchData = pcre2_match_data_create_8(groups ? UInt32(regex.captureCount + 1) : 1, nil)
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
        let matchData = try requireMatchData()
        evaluations += 1
        if let foldSubject {
            let folded = Array(foldSubject(String(decoding: subject, as: UTF8.self)).utf8)
            return try folded.withUnsafeBufferPointer { buffer throws(SelectorError) in try run(buffer, from: 0, matchData) }
        }
        return try run(subject, from: 0, matchData)
    }

    /// Capturing groups in the pattern; `group(_:)` takes 0 through this.
    package var groupCount: Int { regex.captureCount }

    /// The byte range of the leftmost match starting at or after `offset` (a character boundary
    /// of `subject`), or nil when there is none. PCRE2 still sees the bytes before `offset`, so
    /// `^`, `\b` and lookbehinds read them as context. A match may be empty; `nextStart(after:in:)`
    /// says where to search next. The subject is not folded: the ranges are offsets in it.
    package func find(_ subject: UnsafeBufferPointer<UInt8>, from offset: Int) throws(SelectorError) -> Range<Int>? {
        assert(foldSubject == nil, "find reports ranges in the subject as given; a folded copy would shift them")
        let matchData = try requireMatchData()
        return try run(subject, from: offset, matchData) ? group(0) : nil
    }

    /// The byte range of group `k` (0: the whole match) in the last `find` that matched; nil when
    /// the group took no part in it, or the evaluator was made without `groups: true` and `k > 0`.
    package func group(_ k: Int) -> Range<Int>? {
        guard let matchData, k >= 0, k < Int(pcre2_get_ovector_count_8(matchData)) else { return nil }
        let ovector = pcre2_get_ovector_pointer_8(matchData)!
        let start = ovector[2 * k], end = ovector[2 * k + 1]
        // PCRE2_UNSET (~0) marks a group that did not take part.
        if start == ~0 { return nil }
        return Int(start)..<Int(end)
    }

    /// Where the search after `match` starts, so successive `find`s give XPath 2's non-overlapping
    /// matches (F&O 7.6.3, 7.6.4): at its end, or, after an empty match, one character on, since
    /// searching again at the same place would find the same empty match forever.
    package static func nextStart(after match: Range<Int>, in subject: UnsafeBufferPointer<UInt8>) -> Int {
        guard match.isEmpty else { return match.upperBound }
        var next = match.upperBound + 1
        while next < subject.count && subject[next] & 0xC0 == 0x80 { next += 1 }
        return next
    }

    private func requireMatchData() throws(SelectorError) -> OpaquePointer {
        guard let matchData else {
            throw SelectorError(.evaluation, "out of memory creating PCRE2 match data \(wording.matchDataSite)")
        }
        return matchData
    }

    private func run(_ subject: UnsafeBufferPointer<UInt8>, from offset: Int, _ matchData: OpaquePointer) throws(SelectorError) -> Bool {
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
                ? pcre2_jit_match_8(code, base, subject.count, offset, 0, matchData, context)
                : pcre2_match_8(code, base, subject.count, offset, 0, matchData, context)
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
