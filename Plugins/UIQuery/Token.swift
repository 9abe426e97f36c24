/// One space-separated word of a path, split at its first `:`.
///
/// Stage 1 of the pipeline (text → `Token`s → `ParsedPath` → `SelectorProgram`). Offsets are
/// UTF-8 byte offsets into the path, as `SelectorError` expects.
struct Token: Equatable {
    /// The part before the colon (the whole word when there is none).
    var name: String
    /// Where the word starts.
    var offset: Int
    /// The parameter, when the word has a colon.
    var parameter: Parameter?

    /// The text of the word as the user typed it (for messages).
    var spelling: String
}

/// A token's parameter: what follows its colon.
struct Parameter: Equatable {
    var value: ParameterValue
    /// Where the value starts (just after the colon).
    var offset: Int
}

/// A parameter as UISpec's `$()` reads it: a quoted string, `YES`/`NO`, or a number.
enum ParameterValue: Equatable {
    case string(String)
    case boolean(Bool)
    case integer(Int)
    /// A number with a fraction; only `timeout:` and `wait:` take one.
    case decimal(Double)
    /// Unquoted text that is none of the above (UISpec would read it as the integer 0).
    case word(String)
    /// Nothing after the colon.
    case missing
}
