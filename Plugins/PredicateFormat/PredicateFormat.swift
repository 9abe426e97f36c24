public import PCRE2Matching
public import SelectorCore

/// NSPredicate format strings (`accessibilityLabel BEGINSWITH[c] 'blue' AND isOn == YES`) compiled
/// to the core's `Predicate`: the one parser every engine that takes such strings shares.
///
/// Grammar, operators, key path aliases and the differences from Apple's NSPredicate are in
/// Docs/Engines/Predicate.md. Whatever the core's predicates cannot say natively (LIKE, MATCHES,
/// `[d]`, string ordering) becomes a `StringMatcher` the core runs once per distinct value.
///
/// ```swift
/// let predicate = try PredicateFormat().compile("label BEGINSWITH[c] 'blue' AND isOn == YES")
/// ```
public struct PredicateFormat: Sendable {
    /// Key path names mapped to the tree's properties.
    public var aliases: KeyPathAliases
    /// Bounds on each MATCHES evaluation (the `regex` engine's figures by default).
    public var regexLimits: RegexMatchLimits
    /// Deepest nesting of parentheses and NOTs accepted; deeper is a `.limit` error, not a stack
    /// overflow (64 KiB of `(` is within the selector length limit).
    public var maximumNesting: Int

    public init(aliases: KeyPathAliases = .standard, regexLimits: RegexMatchLimits = RegexMatchLimits(),
                maximumNesting: Int = 100) {
        self.aliases = aliases; self.regexLimits = regexLimits; self.maximumNesting = maximumNesting
    }

    /// Compiles the whole of `selector`.
    public func compile(_ selector: String) throws(SelectorError) -> Predicate {
        let bytes = Array(selector.utf8)
        return try compile(selector, bytes: bytes, range: 0..<bytes.count)
    }

    /// Compiles `bytes[range]`, a part of `selector` (a class chain's backticks, say); error
    /// offsets count from the start of `selector`.
    public func compile(_ selector: String, bytes: [UInt8], range: Range<Int>) throws(SelectorError) -> Predicate {
        do throws(PredicateFormatParseError) {
            return try parse(selector, bytes: bytes, range: range)
        } catch {
            throw error.selectorError(in: selector)
        }
    }

    /// `compile`, with the typed error, for engines that embed a format string and report its
    /// problems through their own error type.
    package func parse(_ selector: String, bytes: [UInt8], range: Range<Int>) throws(PredicateFormatParseError) -> Predicate {
        let tokens = try Lexer.tokens(of: selector, bytes: bytes, range: range)
        var parser = FormatParser(tokens: tokens, selector: selector, format: self)
        return try parser.parse()
    }
}
