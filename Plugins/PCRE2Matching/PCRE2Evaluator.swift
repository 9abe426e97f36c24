import CPCRE2
package import SelectorCore

/// One thread's use of a `PCRE2Regex`: owns the match data, so matching allocates nothing.
///
/// The core makes one evaluator per thread per string column it evaluates, then calls `matches`
/// once per distinct value. The match data is sized for the whole match only (one ovector pair):
/// selection asks "does it match", never for groups. Since PCRE2 10.41 the interpreter keeps its
/// backtracking frames in the match data too, so they are reused from value to value.
package final class PCRE2Evaluator: StringEvaluator {
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

    package init(_ regex: PCRE2Regex, wording: Wording, foldSubject: ((String) -> String)? = nil) {
        self.regex = regex
        self.wording = wording
        self.foldSubject = foldSubject
        self.matchData = pcre2_match_data_create_8(1, nil)
    }

    deinit {
        if let matchData { pcre2_match_data_free_8(matchData) }
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
        // Subjects come from Swift strings, so they are valid UTF-8: pcre2_jit_match skips the UTF
        // check and pcre2_match does it (cheap next to matching). An empty value may have no base
        // address; PCRE2 wants a pointer even for length 0.
        var empty: UInt8 = 0
        let rc: Int32 = withUnsafePointer(to: &empty) { emptyPointer in
            let base = subject.baseAddress ?? emptyPointer
            return regex.usesJIT
                ? pcre2_jit_match_8(regex.code, base, subject.count, 0, 0, matchData, regex.matchContext)
                : pcre2_match_8(regex.code, base, subject.count, 0, 0, matchData, regex.matchContext)
        }
        // rc 0 would mean "matched, ovector too small": still a match.
        if rc >= 0 { return true }
        switch rc {
        case PCRE2_ERROR_NOMATCH:
            return false
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
