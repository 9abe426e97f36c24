public import SelectorCore

/// Frank's Shelley selector language, compiled to the core's program form.
///
/// `ShelleyEngine()` is the strict engine `shelley`: escapes in strings, `last`, `child`,
/// `sibling`, boolean literals, and a `SelectorError` with a column for every malformed
/// selector. `ShelleyEngine(dialect: .compat)` reads selectors exactly as Frank's Shelley did
/// (see `ShelleyCompatEngine`, which wraps it under the name `shelley_compat`).
///
/// ```swift
/// let program = try ShelleyEngine().compile("tableViewCell label marked:'Row 1'")
/// let views = try Matcher().select(program, in: tree)
/// ```
public struct ShelleyEngine: SelectorEngine {
    /// Which flavour of the language this engine reads.
    public let dialect: ShelleyDialect

    public init(dialect: ShelleyDialect = .strict) { self.dialect = dialect }

    public var name: String { dialect == .strict ? "shelley" : "shelley_compat" }

    public var summary: String {
        dialect == .strict
            ? "Shelley, strict: escapes, last/child/sibling, booleans, errors with columns"
            : "Shelley exactly as Frank runs it, quirks included"
    }

    public func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        do {
            return ProgramCompiler.program(try ShelleyParser.filters(of: selector, dialect: dialect))
        } catch {
            throw error.selectorError(in: selector)
        }
    }
}
