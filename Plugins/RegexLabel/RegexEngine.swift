public import PCRE2Matching
public import SelectorCore

/// The `regex` engine: PCRE2 patterns over accessibility labels or any string property.
///
/// Each whitespace-separated step searches the descendants of the previous step's results (the
/// first, the whole tree), in document order without duplicates. A step is
/// `[ClassName] [@property] /pattern/flags` or a bare `ClassName`; see Docs/Engines/Regex.md.
///
/// ```swift
/// try registry.register(RegexEngine())
/// let rows = try registry.select(#"UITableViewCell /^Row 7-/ UIImageView"#, engine: "regex", in: tree)
/// ```
public struct RegexEngine: SelectorEngine {
    public var name: String { "regex" }
    public var summary: String { "PCRE2 patterns over labels: UIButton /^(save|submit)$/i" }
    /// One of the seeds' languages, over UIKit.
    public var recordingSources: Set<RecordingSource> { [.frank] }
    /// `/pattern/` literals: a `>>` inside one does not split a chain.
    public var chainLiterals: ChainLiterals { .slashes }

    /// Bounds applied to every match of the patterns this engine compiles.
    public let limits: PCRE2Limits

    public init(limits: PCRE2Limits = PCRE2Limits()) {
        self.limits = limits
    }

    public func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        // The core's length limit (a registry checks its own before this; compiled without one,
        // the default), so no parse of a megabyte of text.
        try SelectorLimits().checkLength(of: selector)
        var builder = ProgramBuilder(start: .document)
        do throws(RegexParseError) {
            for (index, step) in try RegexParser.parse(selector).enumerated() {
                builder.descendants(try filter(for: step, number: index + 1), unique: true)
            }
        } catch {
            throw error.selectorError(in: selector)
        }
        return builder.build()
    }

    /// `kindOf(Class) ∧ property =~ pattern`, whichever parts the step wrote; a pattern that is text
    /// (`/^Row 7-/`) becomes the core's own string test (see `LiteralPattern`).
    private func filter(for step: ParsedStep, number: Int) throws(RegexParseError) -> Predicate {
        var parts: [Predicate] = []
        if let className = step.className { parts.append(.kindOf(className)) }
        if let pattern = step.pattern {
            let property = step.property ?? ParsedStep.defaultProperty
            let literal = LiteralPattern(pattern.text, multiline: pattern.flags.contains(.multiline),
                                         extended: pattern.flags.contains(.extended),
                                         caseless: pattern.flags.contains(.caseless))?.predicate(property: property)
            let compiled: PCRE2Pattern
            do {
                // Text is still compiled (without JIT) so PCRE2 refuses what it always refused.
                compiled = try PCRE2Pattern(pattern.text, flags: pattern.flags, written: pattern.written,
                                            step: number, limits: limits, jit: literal == nil)
            } catch {
                throw RegexParseError(.invalidPattern(step: number, pcre2Message: error.message),
                                      at: pattern.selectorOffset(ofPatternByte: error.patternOffset))
            }
            parts.append(literal ?? .string(property: property, .matcher(compiled)))
        }
        return .all(parts)
    }
}
