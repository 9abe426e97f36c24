/// One lexical unit of a Shelley selector.
///
/// `offset` and `end` are UTF-8 byte offsets into the selector, so errors can point at a column.
package struct Token: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// `[A-Za-z0-9_]+`: a section's name part.
        case name(String)
        /// `:`, which ends a name part and opens an argument.
        case colon
        /// A quoted argument, quotes removed (escapes resolved in the strict dialect).
        /// `terminated` is false when the compat dialect ran out of input before the closing quote.
        case string(String, terminated: Bool)
        /// A numeric argument `[0-9.]+`, as written; the section stage converts it.
        case number(String)
        /// `true`/`YES` or `false`/`NO` in argument position (strict dialect only).
        case boolean(Bool)
        /// A run of whitespace between sections.
        case space
        /// Any other single character; it cannot start or continue a section.
        case other(Character)
    }

    package var kind: Kind
    package var offset: Int
    package var end: Int

    package init(_ kind: Kind, offset: Int, end: Int) {
        self.kind = kind; self.offset = offset; self.end = end
    }
}
