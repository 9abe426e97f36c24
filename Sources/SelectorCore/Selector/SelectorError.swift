/// Why a selector could not be compiled or run.
///
/// Parse errors carry the position of the problem: `offset` in UTF-8 bytes (what parsers count) and
/// `column`, 1-based in characters (what people count).
public struct SelectorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The broad class of failure.
    public enum Kind: Sendable, Equatable {
        /// The selector text is malformed.
        case syntax
        /// No engine is registered under the requested name.
        case unknownEngine
        /// A limit was hit (selector length, steps, regex match limit, ...).
        case limit
        /// The query ran past its deadline (`QueryBudget.deadline`).
        case deadline
        /// The query was stopped by its `QueryCancellation` (a server shutting down).
        case cancelled
        /// Valid syntax asked for something the engine refuses (e.g. an action in a selection).
        case usage
        /// Evaluation failed for another reason.
        case evaluation
    }

    public var kind: Kind
    /// The problem in words, without position.
    public var message: String
    /// The selector text, when known.
    public var selector: String?
    /// The engine name, when known.
    public var engine: String?
    /// UTF-8 byte offset of the problem in `selector`.
    public var offset: Int?

    public init(_ kind: Kind, _ message: String, selector: String? = nil, offset: Int? = nil, engine: String? = nil) {
        self.kind = kind; self.message = message; self.selector = selector; self.offset = offset; self.engine = engine
    }

    /// A syntax error at UTF-8 byte `offset` of `selector`.
    public static func syntax(_ message: String, at offset: Int, in selector: String) -> SelectorError {
        SelectorError(.syntax, message, selector: selector, offset: offset)
    }

    /// 1-based column in characters (nil when the error has no position).
    public var column: Int? {
        guard let offset, let selector else { return nil }
        let utf8 = selector.utf8
        let clamped = min(max(offset, 0), utf8.count)
        let idx = utf8.index(utf8.startIndex, offsetBy: clamped)
        // An offset inside a multi-byte character counts as that character.
        let charIdx = idx.samePosition(in: selector) ?? selector.index(before: selector.index(after: idx))
        return selector.distance(from: selector.startIndex, to: charIdx) + 1
    }

    /// One line: the message and, for parse errors, the column.
    public var description: String {
        if let column { return "\(message) at column \(column)" }
        return message
    }

    /// The selector with a caret under the column, for terminals.
    public var caretDiagram: String? {
        guard let selector, let column else { return nil }
        return selector + "\n" + String(repeating: " ", count: column - 1) + "^"
    }
}
