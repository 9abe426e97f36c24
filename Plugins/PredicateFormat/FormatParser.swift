import SelectorCore

/// Recursive descent over the tokens, with NSPredicate's precedence (NOT binds tightest, then
/// AND, then OR):
///
///     predicate  := or END
///     or         := and (('OR' | '||') and)*
///     and        := unary (('AND' | '&&') unary)*
///     unary      := ('NOT' | '!') unary | '(' or ')' | 'TRUEPREDICATE' | 'FALSEPREDICATE' | comparison
///     comparison := operand operator modifier? operand
///     operator   := '==' | '=' | '!=' | '<>' | '<' | '<=' | '=<' | '>' | '>=' | '=>'
///                 | 'BEGINSWITH' | 'ENDSWITH' | 'CONTAINS' | 'LIKE' | 'MATCHES' | 'IN' | 'BETWEEN'
///     modifier   := '[' ('c' | 'd' | 'cd' | 'dc') ']'
///     operand    := keypath | 'SELF' | string | ['-'|'+'] number | YES | NO | TRUE | FALSE | nil | NULL
///                 | '{' (operand (',' operand)*)? '}'
struct FormatParser {
    let tokens: [Token]
    let selector: String
    let format: PredicateFormat
    var index = 0
    var depth = 0

    init(tokens: [Token], selector: String, format: PredicateFormat) {
        self.tokens = tokens; self.selector = selector; self.format = format
    }

    /// Words that are never key paths (NSPredicate's reserved words; `#word` escapes one).
    static let reserved: Set<String> = [
        "AND", "OR", "NOT", "IN", "BETWEEN", "LIKE", "MATCHES", "CONTAINS", "BEGINSWITH", "ENDSWITH",
        "TRUEPREDICATE", "FALSEPREDICATE", "YES", "NO", "TRUE", "FALSE", "NIL", "NULL", "SELF",
        "ANY", "ALL", "SOME", "NONE", "ANYKEY", "SUBQUERY", "FUNCTION", "CAST", "FETCH", "FIRST", "LAST", "SIZE",
    ]
    /// Reserved words for features views have no use for (collections, functions).
    static let unsupported: Set<String> = ["ANY", "ALL", "SOME", "NONE", "ANYKEY", "SUBQUERY", "FUNCTION", "CAST",
                                           "FETCH", "FIRST", "LAST", "SIZE"]

    private var current: Token { tokens[index] }

    private func error(_ kind: PredicateFormatParseError.Kind, at offset: Int) -> PredicateFormatParseError {
        PredicateFormatParseError(kind, at: offset)
    }

    /// The upper-cased word at the current token, when it is a plain word.
    private var keyword: String? {
        if case .word(let w) = current.kind { return w.uppercased() }
        return nil
    }

    private func isSymbol(_ s: String) -> Bool { current.kind == .symbol(s) }

    mutating func parse() throws(PredicateFormatParseError) -> Predicate {
        if current.kind == .end {
            throw error(.emptyPredicate, at: current.offset)
        }
        let p = try parseOr()
        guard current.kind == .end else {
            throw error(.expectedAndOrEnd, at: current.offset)
        }
        return p
    }

    private mutating func parseOr() throws(PredicateFormatParseError) -> Predicate {
        var parts = [try parseAnd()]
        while keyword == "OR" || isSymbol("||") {
            index += 1
            parts.append(try parseAnd())
        }
        return Self.any(parts)
    }

    private mutating func parseAnd() throws(PredicateFormatParseError) -> Predicate {
        var parts = [try parseUnary()]
        while keyword == "AND" || isSymbol("&&") {
            index += 1
            parts.append(try parseUnary())
        }
        return .all(parts)
    }

    private mutating func enter(at offset: Int) throws(PredicateFormatParseError) {
        depth += 1
        if depth > format.maximumNesting {
            throw error(.nestingTooDeep(limit: format.maximumNesting), at: offset)
        }
    }

    private mutating func parseUnary() throws(PredicateFormatParseError) -> Predicate {
        let token = current
        if keyword == "NOT" || isSymbol("!") {
            try enter(at: token.offset)
            index += 1
            let inner = try parseUnary()
            depth -= 1
            return Self.negated(inner)
        }
        if isSymbol("(") {
            try enter(at: token.offset)
            index += 1
            let inner = try parseOr()
            guard isSymbol(")") else {
                throw error(.unclosedParenthesis(openedAtColumn: column(of: token.offset)), at: current.offset)
            }
            index += 1
            depth -= 1
            return inner
        }
        if keyword == "TRUEPREDICATE" { index += 1; return .any }
        if keyword == "FALSEPREDICATE" { index += 1; return .none }
        return try parseComparison()
    }

    /// The 1-based column of `offset`, for messages that point back at an opening.
    private func column(of offset: Int) -> Int {
        SelectorError.syntax("", at: offset, in: selector).column ?? 1
    }

    // MARK: Comparisons

    /// One side of a comparison.
    enum Operand {
        case keyPath(String)
        case selfView
        case value(Value)
    }

    /// A literal value.
    indirect enum Value: Equatable {
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
        case list([Located])
    }

    /// A value with the offset it was written at.
    struct Located: Equatable {
        var value: Value
        var offset: Int
    }

    private mutating func parseComparison() throws(PredicateFormatParseError) -> Predicate {
        let leftStart = current.offset
        let left = try parseOperand(expecting: .comparison)
        let opToken = current
        guard let op = comparisonOperator() else {
            let after = String(decoding: Array(selector.utf8)[leftStart..<tokens[index - 1].end], as: UTF8.self)
            throw error(.expectedOperator(after: after), at: opToken.offset)
        }
        index += 1
        let folding = try parseModifier()
        let rightStart = current.offset
        let right = try parseOperand(expecting: .value)
        return try ComparisonCompiler(format: format)
            .compile(left, at: leftStart, op, at: opToken.offset, folding, right, at: rightStart)
    }

    private func comparisonOperator() -> String? {
        switch current.kind {
        case .symbol(let s) where ["==", "!=", "<", "<=", ">", ">="].contains(s): return s
        case .word(let w):
            let u = w.uppercased()
            return ["BEGINSWITH", "ENDSWITH", "CONTAINS", "LIKE", "MATCHES", "IN", "BETWEEN"].contains(u) ? u : nil
        default: return nil
        }
    }

    private mutating func parseModifier() throws(PredicateFormatParseError) -> StringFolding {
        guard isSymbol("[") else { return [] }
        let open = current.offset
        index += 1
        guard case .word(let letters) = current.kind else {
            throw error(.expectedModifierLetters, at: current.offset)
        }
        var folding: StringFolding = []
        for (k, ch) in letters.utf8.enumerated() {
            switch ch {
            case UInt8(ascii: "c"), UInt8(ascii: "C"): folding.insert(.caseInsensitive)
            case UInt8(ascii: "d"), UInt8(ascii: "D"): folding.insert(.diacriticInsensitive)
            default:
                throw error(.unknownModifier(Character(Unicode.Scalar(ch))), at: current.offset + k)
            }
        }
        index += 1
        guard isSymbol("]") else {
            throw error(.unclosedModifier(openedAtColumn: column(of: open)), at: current.offset)
        }
        index += 1
        return folding
    }

    private mutating func parseOperand(expecting what: PredicateFormatParseErrorKind.OperandRole) throws(PredicateFormatParseError) -> Operand {
        let token = current
        switch token.kind {
        case .end:
            throw error(.expectedOperand(what), at: token.offset)
        case .string(let s):
            index += 1
            return .value(.string(s))
        case .number(let n):
            index += 1
            return .value(.number(n))
        case .symbol("-"), .symbol("+"):
            index += 1
            guard case .number(let n) = current.kind, current.offset == token.end else {
                throw error(.arithmetic(sign: token.kind == .symbol("-") ? "-" : "+"), at: token.offset)
            }
            index += 1
            return .value(.number(token.kind == .symbol("-") ? -n : n))
        case .symbol("{"):
            return .value(try parseList())
        case .escapedWord(let w):
            index += 1
            return .keyPath(w)
        case .word(let w):
            let upper = w.uppercased()
            switch upper {
            case "YES", "TRUE": index += 1; return .value(.bool(true))
            case "NO", "FALSE": index += 1; return .value(.bool(false))
            case "NIL", "NULL": index += 1; return .value(.null)
            case "SELF": index += 1; return .selfView
            default: break
            }
            if Self.unsupported.contains(upper) {
                throw error(.unsupportedKeyword(upper), at: token.offset)
            }
            if Self.reserved.contains(upper) {
                throw error(.reservedKeyword(what, keyword: upper, written: w), at: token.offset)
            }
            index += 1
            if upper.hasPrefix("SELF."), w.count > 5 { return .keyPath(String(w.dropFirst(5))) }
            return .keyPath(w)
        case .variable(let v):
            throw error(.substitutionVariable(v), at: token.offset)
        case .format(let f):
            throw error(.formatSpecifier(f), at: token.offset)
        case .symbol(let s):
            throw error(.unexpectedSymbol(what, symbol: s == "==" ? "=" : s), at: token.offset)
        }
    }

    /// `{a, b, ...}`: literals only.
    private mutating func parseList() throws(PredicateFormatParseError) -> Value {
        let open = current.offset
        index += 1
        var items: [Located] = []
        if isSymbol("}") { index += 1; return .list(items) }
        while true {
            let at = current.offset
            // Checked before descending: `{{{{…` must not recurse once per brace.
            if isSymbol("{") { throw error(.nestedList, at: at) }
            let item = try parseOperand(expecting: .listItem)
            guard case .value(let v) = item else {
                throw error(.keyPathInList, at: at)
            }
            items.append(Located(value: v, offset: at))
            if isSymbol(",") { index += 1; continue }
            if isSymbol("}") { index += 1; return .list(items) }
            throw error(.unclosedList(openedAtColumn: column(of: open)), at: current.offset)
        }
    }

    // MARK: Folding

    static func any(_ parts: [Predicate]) -> Predicate {
        var flat: [Predicate] = []
        for p in parts {
            switch p {
            case .none: continue
            case .any: return .any
            case .or(let inner): flat.append(contentsOf: inner)
            default: flat.append(p)
            }
        }
        if flat.isEmpty { return .none }
        return flat.count == 1 ? flat[0] : .or(flat)
    }

    static func negated(_ p: Predicate) -> Predicate {
        switch p {
        case .any: return .none
        case .none: return .any
        case .not(let inner): return inner
        default: return .not(p)
        }
    }
}
