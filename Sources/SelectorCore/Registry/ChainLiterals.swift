/// Which literals of an engine's language may contain `>>` without splitting a chain.
///
/// Chaining (`shelley:button >> regex:/^OK$/`) splits a selector on `>>` before any engine sees
/// it, so the splitter must skip the literals each engine writes. Quotes are the same in every
/// language we know; a `/` is not: the `regex` engine opens a pattern with it
/// (`UITextField@placeholder/mail/`), while `class_chain` separates path steps with it
/// (`**/UITableViewCell/UIButton`). So each engine says which of these its language uses, and the
/// splitter reads every part by the rules of that part's engine.
public struct ChainLiterals: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `'…'`, with `\` escaping the next character.
    public static let singleQuotes = ChainLiterals(rawValue: 1)
    /// `"…"`, with `\` escaping the next character.
    public static let doubleQuotes = ChainLiterals(rawValue: 2)
    /// `` `…` ``, with `\` escaping the next character (class-chain predicates).
    public static let backticks = ChainLiterals(rawValue: 4)
    /// `/…/`, with `\` escaping the next character: every `/` outside quotes opens a pattern.
    public static let slashes = ChainLiterals(rawValue: 8)

    /// What an engine gets unless it says otherwise: the three kinds of quotes.
    public static let quotes: ChainLiterals = [.singleQuotes, .doubleQuotes, .backticks]
}
