public import PCRE2Matching
public import SelectorCore

/// The `maestro` engine: Maestro's element selectors as a flow writes them, after `tapOn:` or
/// `assertVisible:` — a text (`Login`, a regex over the view's text, hint and accessibility
/// text), a YAML mapping (`{text: "Log.*", below: {id: header}, index: 1}`, or the same in block
/// style on several lines) or a JSON object.
///
/// Results come in Maestro's order: the first is the view Maestro would act on. Docs/Engines/Maestro.md
/// has the grammar, the semantics with Maestro's source lines, and where this engine differs.
///
/// ```swift
/// let next = try registry.select(#"{text: "Next", below: {id: "header"}}"#, engine: "maestro", in: tree)
/// ```
public struct MaestroEngine: SelectorEngine {
    /// The registered name.
    public static let engineName = "maestro"

    /// Bounds on each `text` and `id` pattern's match.
    public let regexLimits: PCRE2Limits

    public init(regexLimits: PCRE2Limits = PCRE2Limits()) { self.regexLimits = regexLimits }

    public var name: String { Self.engineName }
    public var summary: String { #"Maestro's selectors (mobile.dev): Login, {text: "Log.*", below: {id: "header"}, index: 1}"# }
    /// Maestro drives both platforms.
    public var recordingSources: Set<RecordingSource> { [.xcuitest, .uiautomator, .maestro] }
    // YAML's double quotes take `\` escapes, as the splitter reads them. Single quotes are left
    // out: a plain text's apostrophe (`Don't allow`) would otherwise swallow a later `>>`.
    public var chainLiterals: ChainLiterals { .doubleQuotes }

    public func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        try MaestroCompiler(limits: regexLimits, text: selector).program(try MaestroSelector.parse(selector))
    }
}
