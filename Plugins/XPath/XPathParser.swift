import SelectorCore

// XPath 1.0's grammar (the W3C recommendation, section 3 and the lexical rules of 3.7), read by
// recursive descent straight from the UTF-8 bytes. The lexical rule that makes `*` a multiplication
// and `and`/`or`/`div`/`mod` operator names after an operand is applied by remembering whether the
// previous token can end an operand.

/// Parses XPath text into `XExpr`, with errors at the byte where the problem is.
struct XPathParser {
    /// How deep parentheses, predicates, function calls and unary minus may nest. Each level costs
    /// about a dozen parser frames and as many evaluator frames: at 98 levels `not(not(…))` needed
    /// more than 512 KiB of stack in a release build (a Darwin dispatch thread's), at 32 it fits.
    static let maxNesting = 32

    enum Token: Equatable {
        case lparen, rparen, lbracket, rbracket, dot, dotdot, at, comma, colons, slash, slash2, pipe
        case plus, minus, eq, ne, lt, le, gt, ge, star
        case literal(String)
        case number(Double)
        case name(String)
        case variable(String)
        case end
    }

    let text: String
    let bytes: [UInt8]
    var pos = 0
    /// The current token and where it starts.
    var token: Token = .end
    var tokenStart = 0
    /// Whether the token before the current one can end an operand (then `*` multiplies).
    var afterOperand = false
    /// Whether the current token is an operator (`*` or an operator name after an operand).
    var tokenIsOperator = false
    var depth = 0
    /// Core predicates numbered so far (`XPredicate.coreKey`).
    var coreKeys = 0
    /// Context-free subexpressions numbered so far (`XExpr.invariant`).
    var invariantKeys = 0

    init(_ text: String) {
        self.text = text
        self.bytes = Array(text.utf8)
    }

    static func parse(_ text: String) throws(XPathParseError) -> XExpr {
        var p = XPathParser(text)
        try p.advance()
        if p.token == .end { throw p.error(.emptyExpression, at: 0) }
        let e = try p.parseOr()
        if p.token != .end { throw p.error(.unexpected(p.describe(p.token)), at: p.tokenStart) }
        return e
    }

    /// The problem at byte `offset`.
    func error(_ kind: XPathParseError.Kind, at offset: Int) -> XPathParseError {
        XPathParseError(kind, at: offset)
    }

    /// Token `t` (the current one, for punctuation) as an error names it.
    func describe(_ t: Token) -> XPathParseErrorKind.Found {
        switch t {
        case .end: return .end
        case .literal(let s): return .literal(s)
        case .number(let d): return .number(d)
        case .name(let n): return .name(n)
        case .variable(let n): return .variable(n)
        default:
            let end = min(bytes.count, pos)
            return .symbol(String(decoding: bytes[tokenStart..<end], as: UTF8.self))
        }
    }

    // MARK: Lexer

    static func isNameStart(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b >= 0x80
    }
    static func isNameChar(_ b: UInt8) -> Bool {
        isNameStart(b) || (b >= 0x30 && b <= 0x39) || b == 0x2E || b == 0x2D
    }
    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    mutating func advance() throws(XPathParseError) {
        // Whether the token just consumed ends an operand.
        switch token {
        case .rparen, .rbracket, .dot, .dotdot, .literal, .number, .variable: afterOperand = true
        case .name, .star: afterOperand = !tokenIsOperator
        default: afterOperand = false
        }
        defer {
            switch token {
            case .star: tokenIsOperator = afterOperand
            case .name(let n): tokenIsOperator = afterOperand && (n == "and" || n == "or" || n == "div" || n == "mod")
            default: tokenIsOperator = false
            }
        }
        while pos < bytes.count && Self.isSpace(bytes[pos]) { pos += 1 }
        tokenStart = pos
        guard pos < bytes.count else { token = .end; return }
        let b = bytes[pos]
        func one(_ t: Token, _ n: Int = 1) { token = t; pos += n }
        let next: UInt8 = pos + 1 < bytes.count ? bytes[pos + 1] : 0
        switch b {
        case UInt8(ascii: "("): one(.lparen)
        case UInt8(ascii: ")"): one(.rparen)
        case UInt8(ascii: "["): one(.lbracket)
        case UInt8(ascii: "]"): one(.rbracket)
        case UInt8(ascii: "@"): one(.at)
        case UInt8(ascii: ","): one(.comma)
        case UInt8(ascii: "|"): one(.pipe)
        case UInt8(ascii: "+"): one(.plus)
        case UInt8(ascii: "-"): one(.minus)
        case UInt8(ascii: "="): one(.eq)
        case UInt8(ascii: "*"): one(.star)
        case UInt8(ascii: "/"): next == UInt8(ascii: "/") ? one(.slash2, 2) : one(.slash)
        case UInt8(ascii: "!"):
            guard next == UInt8(ascii: "=") else { throw error(.bangWithoutEquals, at: pos) }
            one(.ne, 2)
        case UInt8(ascii: "<"): next == UInt8(ascii: "=") ? one(.le, 2) : one(.lt)
        case UInt8(ascii: ">"): next == UInt8(ascii: "=") ? one(.ge, 2) : one(.gt)
        case UInt8(ascii: ":"):
            guard next == UInt8(ascii: ":") else { throw error(.unexpectedColon, at: pos) }
            one(.colons, 2)
        case UInt8(ascii: "'"), UInt8(ascii: "\""):
            var j = pos + 1
            while j < bytes.count && bytes[j] != b { j += 1 }
            guard j < bytes.count else { throw error(.unterminatedLiteral, at: pos) }
            token = .literal(String(decoding: bytes[(pos + 1)..<j], as: UTF8.self))
            pos = j + 1
        case UInt8(ascii: "."):
            if next == UInt8(ascii: ".") { one(.dotdot, 2) }
            else if next >= 0x30 && next <= 0x39 { try lexNumber() }
            else { one(.dot) }
        case 0x30...0x39: try lexNumber()
        case UInt8(ascii: "$"):
            pos += 1
            let start = pos
            while pos < bytes.count && Self.isNameChar(bytes[pos]) { pos += 1 }
            token = .variable(String(decoding: bytes[start..<pos], as: UTF8.self))
        default:
            guard Self.isNameStart(b) else {
                throw error(.unexpectedCharacter(String(decoding: bytes[pos..<min(bytes.count, pos + utf8Length(b))], as: UTF8.self)), at: pos)
            }
            let start = pos
            while pos < bytes.count && Self.isNameChar(bytes[pos]) { pos += 1 }
            // A QName prefix (`ns:name`, `ns:*`) is a namespace, which views do not have.
            if pos + 1 < bytes.count && bytes[pos] == UInt8(ascii: ":") && bytes[pos + 1] != UInt8(ascii: ":") {
                throw error(.namespacePrefix, at: start)
            }
            token = .name(String(decoding: bytes[start..<pos], as: UTF8.self))
        }
    }

    private func utf8Length(_ b: UInt8) -> Int { b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1 }

    mutating func lexNumber() throws(XPathParseError) {
        let start = pos
        while pos < bytes.count && bytes[pos] >= 0x30 && bytes[pos] <= 0x39 { pos += 1 }
        if pos < bytes.count && bytes[pos] == UInt8(ascii: ".") {
            pos += 1
            while pos < bytes.count && bytes[pos] >= 0x30 && bytes[pos] <= 0x39 { pos += 1 }
        }
        // libxml2 reads an exponent too (`1e3`, `2E-2`).
        if pos < bytes.count && (bytes[pos] == UInt8(ascii: "e") || bytes[pos] == UInt8(ascii: "E")) {
            var j = pos + 1
            if j < bytes.count && (bytes[j] == UInt8(ascii: "+") || bytes[j] == UInt8(ascii: "-")) { j += 1 }
            if j < bytes.count && bytes[j] >= 0x30 && bytes[j] <= 0x39 {
                while j < bytes.count && bytes[j] >= 0x30 && bytes[j] <= 0x39 { j += 1 }
                pos = j
            }
        }
        token = .number(Double(String(decoding: bytes[start..<pos], as: UTF8.self)) ?? .nan)
    }

    /// Whether the current token is the operator name `word` (only after an operand).
    func isOperatorName(_ word: String) -> Bool {
        if case .name(let n) = token, afterOperand, n == word { return true }
        return false
    }

    mutating func expect(_ t: Token, _ what: String) throws(XPathParseError) {
        guard token == t else { throw error(.expected(token: what, found: describe(token)), at: tokenStart) }
        try advance()
    }

    mutating func enter(at offset: Int) throws(XPathParseError) {
        depth += 1
        if depth > Self.maxNesting {
            throw error(.nestingTooDeep(limit: Self.maxNesting), at: offset)
        }
    }

    // MARK: Expressions

    mutating func parseOr() throws(XPathParseError) -> XExpr {
        var parts = [try parseAnd()]
        while isOperatorName("or") { try advance(); parts.append(try parseAnd()) }
        return parts.count == 1 ? parts[0] : .or(parts)
    }

    mutating func parseAnd() throws(XPathParseError) -> XExpr {
        var parts = [try parseEquality()]
        while isOperatorName("and") { try advance(); parts.append(try parseEquality()) }
        return parts.count == 1 ? parts[0] : .and(parts)
    }

    mutating func parseEquality() throws(XPathParseError) -> XExpr {
        let first = try parseRelational()
        var rest: [(XCompare, XExpr)] = []
        while true {
            let op: XCompare
            switch token { case .eq: op = .eq; case .ne: op = .ne; default: return rest.isEmpty ? first : .compare(first, rest) }
            try advance()
            rest.append((op, try parseRelational()))
        }
    }

    mutating func parseRelational() throws(XPathParseError) -> XExpr {
        let first = try parseAdditive()
        var rest: [(XCompare, XExpr)] = []
        while true {
            let op: XCompare
            switch token {
            case .lt: op = .lt; case .le: op = .le; case .gt: op = .gt; case .ge: op = .ge
            default: return rest.isEmpty ? first : .compare(first, rest)
            }
            try advance()
            rest.append((op, try parseAdditive()))
        }
    }

    mutating func parseAdditive() throws(XPathParseError) -> XExpr {
        let first = try parseMultiplicative()
        var rest: [(XArith, XExpr)] = []
        while true {
            let op: XArith
            switch token { case .plus: op = .add; case .minus: op = .sub; default: return rest.isEmpty ? first : .arith(first, rest) }
            try advance()
            rest.append((op, try parseMultiplicative()))
        }
    }

    mutating func parseMultiplicative() throws(XPathParseError) -> XExpr {
        let first = try parseUnary()
        var rest: [(XArith, XExpr)] = []
        while true {
            let op: XArith
            if token == .star && afterOperand { op = .mul }
            else if isOperatorName("div") { op = .div }
            else if isOperatorName("mod") { op = .mod }
            else { return rest.isEmpty ? first : .arith(first, rest) }
            try advance()
            rest.append((op, try parseUnary()))
        }
    }

    mutating func parseUnary() throws(XPathParseError) -> XExpr {
        guard token == .minus else { return try parseUnion() }
        let start = tokenStart
        try advance()
        try enter(at: start)
        let e = try parseUnary()
        depth -= 1
        return .negate(e)
    }

    mutating func parseUnion() throws(XPathParseError) -> XExpr {
        let start = tokenStart
        let first = try parsePath()
        guard token == .pipe else { return first }
        var parts = [first]
        var partStart = start
        while true {
            if parts.last!.type != .nodeSet {
                throw error(.unionOfNonNodeSet(parts.last!.type), at: partStart)
            }
            guard token == .pipe else { break }
            try advance()
            partStart = tokenStart
            parts.append(try parsePath())
        }
        return .union(parts)
    }

    /// Whether the current token starts a filter expression rather than a location path.
    func startsPrimary() -> Bool {
        switch token {
        case .lparen, .literal, .number, .variable: return true
        case .name(let n):
            // A function call: a name before `(` that is not a node type.
            guard nextNonSpace() == UInt8(ascii: "(") else { return false }
            return !["node", "text", "comment", "processing-instruction"].contains(n)
        default: return false
        }
    }

    func nextNonSpace() -> UInt8? {
        var j = pos
        while j < bytes.count && Self.isSpace(bytes[j]) { j += 1 }
        return j < bytes.count ? bytes[j] : nil
    }

    mutating func parsePath() throws(XPathParseError) -> XExpr {
        if startsPrimary() {
            let start = tokenStart
            let primary = try parsePrimary()
            var preds: [XPredicate] = []
            while token == .lbracket { preds.append(try parsePredicate()) }
            if !preds.isEmpty && primary.type != .nodeSet {
                throw error(.predicateOnNonNodeSet(primary.type), at: start)
            }
            var steps: [XStep] = []
            if token == .slash || token == .slash2 {
                if primary.type != .nodeSet {
                    throw error(.slashAfterNonNodeSet(primary.type), at: tokenStart)
                }
                if token == .slash2 { steps.append(.descendantOrSelfNode) }
                try advance()
                try parseRelativeSteps(into: &steps)
            }
            if preds.isEmpty && steps.isEmpty { return primary }
            return .filter(primary, preds, steps: steps)
        }
        var steps: [XStep] = []
        switch token {
        case .slash:
            try advance()
            if startsStep() { try parseRelativeSteps(into: &steps) }
            return invariant(.path(absolute: true, steps: steps))
        case .slash2:
            try advance()
            steps.append(.descendantOrSelfNode)
            try parseRelativeSteps(into: &steps)
            return invariant(.path(absolute: true, steps: steps))
        default:
            try parseRelativeSteps(into: &steps)
            return .path(absolute: false, steps: steps)
        }
    }

    /// An absolute path inside a predicate or call has one value per query: evaluated once, not per node.
    mutating func invariant(_ e: XExpr) -> XExpr {
        guard depth > 0 else { return e }
        invariantKeys += 1
        return .invariant(invariantKeys - 1, e)
    }

    func startsStep() -> Bool {
        switch token {
        case .dot, .dotdot, .at, .star, .name: return true
        default: return false
        }
    }

    mutating func parseRelativeSteps(into steps: inout [XStep]) throws(XPathParseError) {
        steps.append(try parseStep())
        while true {
            if token == .slash { try advance() }
            else if token == .slash2 { try advance(); steps.append(.descendantOrSelfNode) }
            else { return }
            steps.append(try parseStep())
        }
    }

    mutating func parseStep() throws(XPathParseError) -> XStep {
        switch token {
        case .dot: try advance(); return XStep(axis: .self, test: .node, predicates: [])
        case .dotdot: try advance(); return XStep(axis: .parent, test: .node, predicates: [])
        case .end: throw error(.expectedStepAtEnd, at: tokenStart)
        default: break
        }
        var axis = XAxis.child
        if token == .at {
            axis = .attribute
            try advance()
        } else if case .name(let n) = token, nextNonSpace() == UInt8(ascii: ":") {
            let start = tokenStart
            guard let a = XAxis(rawValue: n) else { throw error(.unknownAxis(n), at: start) }
            axis = a
            try advance()
            try expect(.colons, "'::'")
        }
        let test: XNodeTest
        let testStart = tokenStart
        switch token {
        case .star: test = .any; try advance()
        case .name(let n):
            try advance()
            if token == .lparen {
                try advance()
                switch n {
                case "node": test = .node
                case "text": test = .text
                case "comment": test = .comment
                case "processing-instruction":
                    if case .literal(let s) = token { try advance(); test = .processingInstruction(s) }
                    else { test = .processingInstruction(nil) }
                default: throw error(.notANodeTest(n), at: testStart)
                }
                try expect(.rparen, "')'")
            } else {
                test = .name(n)
            }
        default:
            throw error(.expectedNodeTest(found: describe(token)), at: tokenStart)
        }
        var preds: [XPredicate] = []
        while token == .lbracket { preds.append(try parsePredicate()) }
        return XStep(axis: axis, test: test, predicates: preds)
    }

    mutating func parsePredicate() throws(XPathParseError) -> XPredicate {
        let start = tokenStart
        try enter(at: start)
        try advance()
        if token == .rbracket { throw error(.emptyPredicate, at: start) }
        let e = XPathCompiler.hoistInvariants(try parseOr(), nextKey: &invariantKeys)
        try expect(.rbracket, "']'")
        depth -= 1
        return XPathCompiler.predicate(e, nextKey: &coreKeys)
    }

    mutating func parsePrimary() throws(XPathParseError) -> XExpr {
        let start = tokenStart
        switch token {
        case .literal(let s): try advance(); return .literal(s)
        case .number(let d): try advance(); return .number(d)
        case .variable(let n): throw error(.variable(n), at: start)
        case .lparen:
            try enter(at: start)
            try advance()
            let e = try parseOr()
            try expect(.rparen, "')'")
            depth -= 1
            return e
        case .name(let n):
            guard let f = XFunction(rawValue: n) else { throw error(.unknownFunction(n), at: start) }
            try advance()
            try enter(at: start)
            try expect(.lparen, "'('")
            var args: [XExpr] = []
            var argStarts: [Int] = []
            if token != .rparen {
                argStarts.append(tokenStart)
                args.append(try parseOr())
                while token == .comma { try advance(); argStarts.append(tokenStart); args.append(try parseOr()) }
            }
            try expect(.rparen, "')' or ','")
            depth -= 1
            guard f.arity.contains(args.count) else {
                throw error(.arity(function: n, takes: f.arity, given: args.count), at: start)
            }
            if f == .count, args[0].type != .nodeSet && args[0].type != .strings {
                throw error(.needsNodeSet(function: n, got: args[0].type), at: start)
            }
            if f == .sum, args[0].type != .nodeSet {
                throw error(.needsNodeSet(function: n, got: args[0].type), at: start)
            }
            if f.patternArgument != nil { return try regexCall(f, args, argStarts) }
            return .call(f, args)
        default:
            throw error(.unexpected(describe(token)), at: start)
        }
    }
}

extension XPathParser {
    /// `matches()`, `replace()` or `tokenize()`: literal flags checked here (XPath 2's `s m i x`,
    /// and `q` in `replace()`, as WebDriverAgent accepts them), a literal pattern compiled once
    /// (with literal flags), a literal replacement checked, each error at its column.
    func regexCall(_ f: XFunction, _ args: [XExpr], _ argStarts: [Int]) throws(XPathParseError) -> XExpr {
        var flagsText: String? = ""
        var flags = XPathRegexFlags()
        if let k = f.flagsArgument, k < args.count {
            if case .literal(let text) = args[k] {
                switch XPathRegexFlags.parse(text, allowsLiteral: f == .replace) {
                case .success(let parsed): flags = parsed
                case .failure(let e):
                    throw error(.unknownRegexFlag(function: f.rawValue, flag: e.flag, allowsQ: f == .replace),
                                at: argStarts[k] + 1 + e.offset)
                }
                flagsText = text
            } else {
                flagsText = nil
            }
        }
        if f == .replace, !flags.literal, case .literal(let replacement) = args[2], let bad = XPathReplacement.error(in: replacement) {
            throw error(.badReplacement(bad.message), at: argStarts[2] + 1 + bad.offset)
        }
        guard let p = f.patternArgument, p < args.count, case .literal(let pattern) = args[p], let flagsText else {
            return .call(f, args)
        }
        if f == .matches {
            do { return .matches(args[0], try XPathRegex(pattern, flags: flags, text: flagsText)) } catch {
                // The pattern starts one byte after the literal's opening quote.
                throw self.error(.invalidRegex(pcre2Message: error.message), at: argStarts[1] + 1 + error.patternOffset)
            }
        }
        let compiled: XPathPattern
        do { compiled = try XPathPattern(pattern, flags: flags) } catch {
            throw self.error(.invalidRegex(pcre2Message: error.message), at: argStarts[1] + 1 + error.patternOffset)
        }
        if compiled.matchesEmpty {
            throw self.error(.patternMatchesEmpty(function: f.rawValue), at: argStarts[1])
        }
        var out = args
        out[p] = .pattern(compiled)
        return .call(f, out)
    }
}
