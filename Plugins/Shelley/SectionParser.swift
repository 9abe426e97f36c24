/// Groups tokens into `Section`s, one at a time.
///
/// A section is `NAME? (':' ARG? (NAME ':' ARG?)*)?`, read greedily the way Shelley's scanner
/// reads it; the next section starts wherever this one stopped, after any whitespace. The strict
/// dialect additionally requires an argument after every `:` and whitespace between sections.
package struct SectionParser {
    private var tokenizer: Tokenizer
    private var lookahead: Token??
    private let dialect: ShelleyDialect

    package init(_ selector: String, dialect: ShelleyDialect) {
        self.tokenizer = Tokenizer(selector, dialect: dialect)
        self.dialect = dialect
    }

    /// Every section of `selector` (parsing only: a section may still be meaningless).
    package static func sections(of selector: String, dialect: ShelleyDialect) throws(ShelleyParseError) -> [Section] {
        var p = SectionParser(selector, dialect: dialect)
        var out: [Section] = []
        while let s = try p.next() { out.append(s) }
        return out
    }

    /// The next section, or nil at the end.
    package mutating func next() throws(ShelleyParseError) -> Section? {
        while let t = try peek(), t.kind == .space { advance() }
        guard let first = try peek() else { return nil }
        var section = Section(names: [], arguments: [], offset: first.offset, end: first.offset)
        if case .name(let n) = first.kind {
            section.names.append(.init(n, at: first.offset)); consume(first, into: &section)
        }
        guard let colon = try peek(), colon.kind == .colon else {
            // An empty section (a stray character) is returned for the interpreter to reject;
            // step over that character so a caller that keeps going still makes progress.
            if section.names.isEmpty { advance() }
            try checkSeparated(section)
            return section
        }
        consume(colon, into: &section)
        try argument(into: &section)
        while let t = try peek(), case .name(let n) = t.kind {
            section.names.append(.init(n, at: t.offset)); consume(t, into: &section)
            guard let c = try peek(), c.kind == .colon else {
                throw dialect == .strict ? ShelleyParseError(.missingColon(after: n), at: t.end) : ShelleyParseError(.expectedAColon, at: t.offset)
            }
            consume(c, into: &section)
            try argument(into: &section)
        }
        try checkSeparated(section)
        return section
    }

    /// Reads the argument after a `:`, if any.
    private mutating func argument(into section: inout Section) throws(ShelleyParseError) {
        let name = section.names.last?.text ?? ""
        let next = try peek()
        let value: Argument?
        switch next?.kind {
        case .string(let s, _)?:
            // Shelley's scanner leaves an empty string unset, so the argument vanishes.
            value = s.isEmpty && dialect == .compat ? nil : .string(s)
        case .number(let literal)?:
            value = Self.number(literal).map { .number($0) }
        case .boolean(let b)?:
            value = .boolean(b)
        default:
            value = nil
        }
        let consumed: Bool
        switch next?.kind {
        case .string?, .number?, .boolean?: consumed = true
        default: consumed = false
        }
        if let value, let next { section.arguments.append(.init(value, at: next.offset)) }
        if consumed, let next { consume(next, into: &section) }
        if value == nil && dialect == .strict {
            let at = next?.offset ?? section.end
            if section.names.isEmpty { throw ShelleyParseError(.emptySection, at: section.offset) }
            if name == "index" { throw ShelleyParseError(.indexNeedsNumber, at: at) }
            throw ShelleyParseError(.missingArgument(after: name), at: at)
        }
    }

    /// Strict selectors separate sections with whitespace.
    private mutating func checkSeparated(_ section: Section) throws(ShelleyParseError) {
        guard dialect == .strict, !section.names.isEmpty || !section.arguments.isEmpty,
              let t = try peek(), t.kind != .space else { return }
        switch t.kind {
        case .other(let c): throw ShelleyParseError(.missingWhitespace(found: c), at: t.offset)
        default: throw ShelleyParseError(.missingWhitespace(found: "?"), at: t.offset)
        }
    }

    /// Converts a `[0-9.]+` literal the way `NSNumberFormatter` does in a `.`-decimal locale;
    /// nil when it is not a number (`1.2.3`, `.`).
    static func number(_ literal: String) -> Double? {
        let parts = literal.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.contains(where: { !$0.isEmpty }) else { return nil }
        return Double(parts.count == 1 ? literal : (parts[0].isEmpty ? "0" : String(parts[0])) + "." +
                      (parts[1].isEmpty ? "0" : String(parts[1])))
    }

    private mutating func peek() throws(ShelleyParseError) -> Token? {
        if let lookahead { return lookahead }
        let t = try tokenizer.next()
        lookahead = .some(t)
        return t
    }

    private mutating func advance() { lookahead = nil }

    private mutating func consume(_ t: Token, into section: inout Section) {
        section.end = t.end
        advance()
    }
}
