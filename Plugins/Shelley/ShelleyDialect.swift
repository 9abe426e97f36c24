/// Which flavour of the Shelley language a parser accepts.
///
/// Both dialects share one grammar (whitespace-separated sections of `name` or `name:arg` parts);
/// they differ where Shelley itself was silent or surprising. See `Docs/Engines/Shelley.md` for
/// the full table.
public enum ShelleyDialect: String, Sendable, Equatable {
    /// The language made strict: escapes in strings, `last`, `child`, `sibling`, boolean
    /// literals, and a positioned error for every malformed selector and every name that means
    /// nothing (`buton`, `markd:'x'`).
    case strict
    /// Shelley exactly as Frank runs it (`shelley_compat`): no escapes, unterminated strings run
    /// to the end, bad numbers and empty strings are dropped, and only the errors Shelley raised.
    case compat
}
