public import PCRE2Matching
public import SelectorCore

// Maestro's string tests as the core's `StringMatcher`s, run once per distinct value.
//
// `text` and `id` are Kotlin regexes built with `REGEX_OPTIONS` (IGNORE_CASE, DOT_MATCHES_ALL,
// MULTILINE; `Orchestra.kt` L1836) and matched whole (`Regex.matches`); a pattern Java refuses
// is matched as literal text, still ignoring case (`StringUtils.kt` L7-13). PCRE2 runs them
// anchored at both ends, in UTF mode, caseless with Unicode case folding as Kotlin adds
// UNICODE_CASE to IGNORE_CASE, without UCP (Java's `\w` and `\d` stay ASCII, as here).

/// Maestro's `text` test on one value (`Filters.textMatches`, `Filters.kt` L58-95): the regex
/// matches the whole value, or the pattern *is* the value (case-sensitive), or either holds
/// with each line break read as a space.
///
/// Its `id` test (`Filters.idMatches`, L97-119): the regex matches the whole value or the part
/// after its last `/` (`keyboard_area` matches `com.x:id/keyboard_area`), with no literal
/// comparison.
public final class MaestroRegexMatcher: StringMatcher {
    /// Which of Maestro's two tests.
    public enum Field: String, Sendable {
        case text, id
    }

    public let field: Field
    /// The pattern as written.
    public let pattern: String
    /// Whether PCRE2 refused the pattern, so it is matched as literal text.
    public let isLiteral: Bool
    let regex: PCRE2Regex

    /// Compiles `pattern`; one PCRE2 refuses becomes a literal, as Java's refusal does in Maestro.
    /// Throws the limit error, at `offset` of `selector`, when PCRE2 cannot hold even the literal
    /// (a pattern past its compiled-size limit, some 64 KiB of code: any text of tens of KB).
    public init(_ field: Field, pattern: String, limits: PCRE2Limits = PCRE2Limits(),
                selector: String? = nil, offset: Int? = nil) throws(SelectorError) {
        self.field = field
        self.pattern = pattern
        if let regex = try? PCRE2Regex(pattern, options: [.caseless, .dotAll, .multiline, .anchored, .endAnchored],
                                       limits: limits, jit: true) {
            self.regex = regex
            self.isLiteral = false
            return
        }
        // PCRE2's literal mode accepts case folding and the anchors, not DOTALL or MULTILINE,
        // which mean nothing to a literal anyway.
        do {
            self.regex = try PCRE2Regex(pattern, options: [.literal, .caseless, .anchored, .endAnchored],
                                        limits: limits, jit: true)
        } catch {
            throw SelectorError(.limit, "`\(field.rawValue)` is neither a regular expression PCRE2 compiles nor text it can hold "
                                + "as a literal (\(pattern.utf8.count) bytes: \(error.message))", selector: selector, offset: offset)
        }
        self.isLiteral = true
    }

    public var description: String {
        "maestro\(field == .text ? "Text" : "Id")(\(SelectorLiteral.quoted(pattern))\(isLiteral ? ", literal" : ""))"
    }

    public func makeEvaluator() -> any StringEvaluator {
        Evaluator(self, PCRE2Evaluator(regex, wording: .init(site: description, matchDataSite: "for \(description)",
                                                             explainsMatchLimit: true)))
    }

    /// One thread's evaluator: the PCRE2 evaluator and the literal comparisons around it.
    final class Evaluator: StringEvaluator {
        let matcher: MaestroRegexMatcher
        let regex: PCRE2Evaluator
        /// The pattern's bytes, for `regex.pattern == value`; a literal pattern's source in
        /// Maestro is the escaped `\Q…\E` text, which no value equals in practice, so none.
        let source: [UInt8]?

        init(_ matcher: MaestroRegexMatcher, _ regex: PCRE2Evaluator) {
            self.matcher = matcher
            self.regex = regex
            self.source = matcher.field == .text && !matcher.isLiteral ? Array(matcher.pattern.utf8) : nil
        }

        var evaluations: Int { regex.evaluations }
        func useDeadline(_ deadline: QueryDeadline) { regex.useDeadline(deadline) }

        func matches(_ subject: UnsafeBufferPointer<UInt8>) throws(SelectorError) -> Bool {
            switch matcher.field {
            case .text:
                if try textMatches(subject) { return true }
                // `value.replace('\n', ' ')`: only when there is a line break is it another value.
                guard subject.contains(0x0A) else { return false }
                let stripped = subject.map { $0 == 0x0A ? 0x20 : $0 }
                return try stripped.withUnsafeBufferPointer { b throws(SelectorError) in try textMatches(b) }
            case .id:
                if try regex.matches(subject) { return true }
                // `substringAfterLast('/')`: the whole value when it has no `/`, already tried.
                guard let slash = subject.lastIndex(of: UInt8(ascii: "/")) else { return false }
                return try regex.matches(UnsafeBufferPointer(rebasing: subject[(slash + 1)...]))
            }
        }

        private func textMatches(_ value: UnsafeBufferPointer<UInt8>) throws(SelectorError) -> Bool {
            if try regex.matches(value) { return true }
            if let source { return source.elementsEqual(value) }
            return false
        }
    }
}

/// Maestro's `long-text` trait (`TraitFilters.hasLongText`): the text is longer than 200
/// characters, counted as Kotlin's `String.length` counts them (UTF-16 code units).
public struct MaestroLongText: StringMatcher {
    public init() {}
    public var description: String { "longerThan200" }
    public func makeEvaluator() -> any StringEvaluator { Evaluator() }

    /// Counts UTF-16 units up to 201.
    final class Evaluator: StringEvaluator {
        private(set) var evaluations = 0
        func matches(_ subject: UnsafeBufferPointer<UInt8>) throws(SelectorError) -> Bool {
            evaluations += 1
            // Bytes under 0x80 are one unit, lead bytes of 4-byte sequences two, other lead
            // bytes one, continuation bytes none.
            var units = 0
            for b in subject {
                if b & 0xC0 == 0x80 { continue }
                units += b >= 0xF0 ? 2 : 1
                if units > 200 { return true }
            }
            return false
        }
    }
}
