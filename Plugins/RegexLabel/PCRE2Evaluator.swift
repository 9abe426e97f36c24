import CPCRE2
import SelectorCore

/// One thread's use of a `PCRE2Pattern`: owns the match data, so matching allocates nothing.
///
/// The core makes one evaluator per thread per string column it evaluates, then calls `matches`
/// once per distinct value. The match data is sized for the whole match only (one ovector pair):
/// selection asks "does it match", never for groups. Since PCRE2 10.41 the interpreter keeps its
/// backtracking frames in the match data too, so they are reused from value to value.
final class PCRE2Evaluator: StringEvaluator {
    private let pattern: PCRE2Pattern
    /// The `pcre2_match_data`; nil only when PCRE2 could not allocate it.
    private let matchData: OpaquePointer?
    private(set) var evaluations = 0

    init(_ pattern: PCRE2Pattern) {
        self.pattern = pattern
        self.matchData = pcre2_match_data_create_8(1, nil)
    }

    deinit {
        if let matchData { pcre2_match_data_free_8(matchData) }
    }

    func matches(_ subject: UnsafeBufferPointer<UInt8>) throws(SelectorError) -> Bool {
        guard let matchData else {
            throw SelectorError(.evaluation, "out of memory creating PCRE2 match data in step \(pattern.step)")
        }
        evaluations += 1
        // Subjects come from Swift strings, so they are valid UTF-8: pcre2_jit_match skips the UTF
        // check and pcre2_match does it (cheap next to matching). An empty value may have no base
        // address; PCRE2 wants a pointer even for length 0.
        var empty: UInt8 = 0
        let rc: Int32 = withUnsafePointer(to: &empty) { emptyPointer in
            let base = subject.baseAddress ?? emptyPointer
            return pattern.usesJIT
                ? pcre2_jit_match_8(pattern.code, base, subject.count, 0, 0, matchData, pattern.matchContext)
                : pcre2_match_8(pattern.code, base, subject.count, 0, 0, matchData, pattern.matchContext)
        }
        // rc 0 would mean "matched, ovector too small": still a match.
        if rc >= 0 { return true }
        switch rc {
        case PCRE2_ERROR_NOMATCH:
            return false
        case PCRE2_ERROR_MATCHLIMIT:
            throw SelectorError(.limit, "regex match limit exceeded in step \(pattern.step)")
        case PCRE2_ERROR_DEPTHLIMIT, PCRE2_ERROR_HEAPLIMIT, PCRE2_ERROR_JIT_STACKLIMIT:
            // The same runaway backtracking, stopped by a different bound.
            throw SelectorError(.limit, "regex match limit exceeded in step \(pattern.step) (PCRE2: \(PCRE2Pattern.message(for: rc)))")
        default:
            throw SelectorError(.evaluation, "regex match failed in step \(pattern.step): \(PCRE2Pattern.message(for: rc))")
        }
    }
}
