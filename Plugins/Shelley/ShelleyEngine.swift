public import SelectorCore

/// Frank's Shelley selector language, compiled to the core's program form.
///
/// `ShelleyEngine()` is the strict engine `shelley`: escapes in strings, `last`, `child`,
/// `sibling`, boolean literals, and a `SelectorError` with a column for every malformed
/// selector. `ShelleyEngine(dialect: .compat)` reads selectors exactly as Frank's Shelley did
/// (see `ShelleyCompatEngine`, which wraps it under the name `shelley_compat`).
///
/// The strict engine refuses names that mean nothing (`buton`, `markd:'x'`), so it must know the
/// custom predicates selectors may call: give it the registry's `predicates`, registered before
/// selectors are compiled (a registry caches compiled selectors and their errors alike).
///
/// ```swift
/// let program = try ShelleyEngine().compile("tableViewCell label marked:'Row 1'")
/// let views = try Matcher().select(program, in: tree)
/// ```
public struct ShelleyEngine: SelectorEngine {
    /// Which flavour of the language this engine reads.
    public let dialect: ShelleyDialect
    private let names: StrictNames

    /// An engine of `dialect`; a strict one accepts the names registered in `predicates` (besides
    /// Shelley's own words and Boolean properties) and rejects other names.
    public init(dialect: ShelleyDialect = .strict, predicates: PredicateRegistry? = nil) {
        self.dialect = dialect
        self.names = StrictNames(predicates: predicates)
    }

    public var name: String { dialect == .strict ? "shelley" : "shelley_compat" }

    public var summary: String {
        dialect == .strict
            ? "Shelley, strict: escapes, last/child/sibling, booleans, errors with columns"
            : "Shelley exactly as Frank runs it, quirks included"
    }

    /// Frank's own language, over UIKit.
    public var recordingSources: Set<RecordingSource> { [.frank] }

    public func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        do {
            return ProgramCompiler.program(try ShelleyParser.filters(of: selector, dialect: dialect, names: names))
        } catch {
            throw error.selectorError(in: selector)
        }
    }
}
