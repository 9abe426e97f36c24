/// Stage 2: `Token`s → `ParsedPath`. Knows the words; knows nothing about trees or programs.
struct Parser {
    private let tokens: [Token]
    private var position = 0

    init(_ tokens: [Token]) { self.tokens = tokens }

    static func parse(_ path: String) throws(ParseError) -> ParsedPath {
        var parser = Parser(try Tokenizer.tokens(of: path))
        return try parser.parsePath()
    }

    private mutating func next() -> Token? {
        guard position < tokens.count else { return nil }
        defer { position += 1 }
        return tokens[position]
    }

    private mutating func parsePath() throws(ParseError) -> ParsedPath {
        var steps: [QueryStep] = []
        while let token = next() {
            if token.name == "should" && token.parameter == nil {
                let expectation = try parseExpectation(at: token.offset)
                return ParsedPath(steps: steps, expectation: expectation)
            }
            let next = try step(token)
            // UIParents sends `-superview` to each view; the application has none, and UISpec crashes.
            if next == .traverse(.parent), steps.allSatisfy(\.keepsTheApplication) {
                throw ParseError(.parentOfApplication, at: token.offset)
            }
            steps.append(next)
        }
        return ParsedPath(steps: steps, expectation: nil)
    }

    /// One word of the query part.
    private mutating func step(_ token: Token) throws(ParseError) -> QueryStep {
        let name = token.name
        if Vocabulary.actions.contains(name) { throw ParseError(.action(token.actionName), at: token.offset) }
        if Vocabulary.expectationWords.contains(name) {
            throw ParseError(.misplacedExpectationWord(name), at: token.offset)
        }
        guard let parameter = token.parameter else { return try bareStep(token) }
        if Vocabulary.bareOnly.contains(name) { throw ParseError(.takesNoValue(name), at: token.offset) }
        switch name {
        case "view":
            guard case .string(let className) = parameter.value else {
                throw ParseError(.needsString(name: name, what: "class name"), at: parameter.offset)
            }
            return .classStep(className)
        case "index":
            guard case .integer(let n) = parameter.value else {
                throw ParseError(.indexNeedsInteger(got: parameter.value.spelling), at: parameter.offset)
            }
            return .index(n)
        case "timeout", "wait":
            switch parameter.value {
            case .integer(let n): return name == "timeout" ? .timeout(n) : .pause
            case .decimal(let d):
                // `intValue` truncates toward zero and saturates.
                return name == "timeout" ? .timeout(d >= Double(Int32.max) ? Int(Int32.max) : d <= Double(Int32.min) ? Int(Int32.min) : Int(d)) : .pause
            case .missing: throw ParseError(.missingValue(name: name), at: parameter.offset)
            default: throw ParseError(.badValue(name: name, got: parameter.value.spelling ?? ""), at: parameter.offset)
            }
        case "marked":
            guard case .string(let label) = parameter.value else {
                if case .missing = parameter.value { throw ParseError(.missingValue(name: name), at: parameter.offset) }
                throw ParseError(.needsString(name: name, what: "string"), at: parameter.offset)
            }
            return .match(PropertyMatch(property: "accessibilityLabel", value: .string(label)))
        default:
            return .checkedMatch(try propertyMatch(token), offset: token.offset)
        }
    }

    private mutating func bareStep(_ token: Token) throws(ParseError) -> QueryStep {
        let name = token.name
        if let traversal = Vocabulary.traversal(name) { return .traverse(traversal) }
        if let className = Vocabulary.className(forShorthand: name) { return .classStep(className) }
        switch name {
        case "first": return .index(0)
        case "last": return .last
        case "all": return .all
        case "with":
            guard let following = next() else {
                throw ParseError(.withNeedsProperty, at: token.offset + token.name.utf8.count)
            }
            guard following.parameter != nil else { throw ParseError(.withNeedsProperty, at: following.offset) }
            // `with` hands the message to a UIFilter, which skips the query's existence check.
            switch try step(following) {
            case .match(let m), .checkedMatch(let m, _): return .match(m)
            default: throw ParseError(.withNeedsProperty, at: following.offset)
            }
        case "marked", "timeout", "wait":
            throw ParseError(.missingValue(name: name), at: token.offset + token.name.utf8.count)
        case "index":
            throw ParseError(.indexNeedsInteger(got: nil), at: token.offset + token.name.utf8.count)
        default:
            throw ParseError(.unknownToken(name), at: token.offset)
        }
    }

    /// `prop:value` with a string, integer or boolean value.
    private func propertyMatch(_ token: Token) throws(ParseError) -> PropertyMatch {
        guard let parameter = token.parameter else { throw ParseError(.unknownToken(token.name), at: token.offset) }
        guard isIdentifier(token.name) else { throw ParseError(.unknownToken(token.spelling), at: token.offset) }
        // `$()` passes YES and integers as object pointers: 0 and NO are nil, any other value a
        // pointer UIFilter sends `isKindOfClass:` to when the property holds an object, and crashes.
        if let kind = Vocabulary.objectProperties[token.name]?.valueKind {
            switch parameter.value {
            case .boolean(true), .integer(1...), .integer(..<0):
                throw ParseError(.crashesUISpec(name: token.name, value: parameter.value.spelling ?? "", kind: kind),
                                 at: parameter.offset)
            default: break
            }
        }
        switch parameter.value {
        case .string(let s): return PropertyMatch(property: token.name, value: .string(s))
        case .integer(let n): return PropertyMatch(property: token.name, value: .integer(n))
        case .boolean(let b): return PropertyMatch(property: token.name, value: .boolean(b))
        case .missing: throw ParseError(.missingValue(name: token.name), at: parameter.offset)
        case .decimal, .word:
            throw ParseError(.badValue(name: token.name, got: parameter.value.spelling ?? ""), at: parameter.offset)
        }
    }

    private func isIdentifier(_ s: String) -> Bool {
        guard let first = s.utf8.first, first.isLetter || first == UInt8(ascii: "_") else { return false }
        return s.utf8.allSatisfy { $0.isLetter || $0.isDigit || $0 == UInt8(ascii: "_") }
    }

    /// After `should`: `[not] exist | be NAME | have prop:value ...`, then the end of the path.
    private mutating func parseExpectation(at offset: Int) throws(ParseError) -> ParsedExpectation {
        var word = try expectationWord(after: "should", at: offset)
        var negated = false
        if word.name == "not" && word.parameter == nil {
            negated = true
            word = try expectationWord(after: "not", at: word.offset)
        }
        let condition: ParsedExpectation.Condition
        switch (word.name, word.parameter) {
        case ("exist", nil):
            condition = .exist
        case ("be", nil):
            guard let property = next() else {
                throw ParseError(.incompleteExpectation(word: "be", wanted: "a property name"), at: word.offset)
            }
            guard property.parameter == nil, isIdentifier(property.name) else {
                throw ParseError(.incompleteExpectation(word: "be", wanted: "a property name without a value"),
                                 at: property.offset)
            }
            condition = .be(property.name)
        case ("have", nil):
            var matches: [PropertyMatch] = []
            while let token = next() {
                guard token.parameter != nil, !Vocabulary.actions.contains(token.name) else {
                    position -= 1
                    break
                }
                matches.append(try propertyMatch(token))
            }
            guard !matches.isEmpty else {
                let at = position < tokens.count ? tokens[position].offset : word.offset
                throw ParseError(.incompleteExpectation(word: "have", wanted: "property matches such as text:'Hi'"), at: at)
            }
            condition = .have(matches)
        default:
            if Vocabulary.actions.contains(word.name) { throw ParseError(.action(word.actionName), at: word.offset) }
            throw ParseError(.incompleteExpectation(word: negated ? "should not" : "should",
                                                    wanted: "exist, be or have"), at: word.offset)
        }
        if let extra = next() {
            if Vocabulary.actions.contains(extra.name) { throw ParseError(.action(extra.actionName), at: extra.offset) }
            throw ParseError(.afterExpectation(extra.spelling), at: extra.offset)
        }
        return ParsedExpectation(negated: negated, condition: condition, offset: offset)
    }

    private mutating func expectationWord(after word: String, at offset: Int) throws(ParseError) -> Token {
        guard let token = next() else {
            throw ParseError(.incompleteExpectation(word: word, wanted: "exist, be or have"), at: offset)
        }
        return token
    }
}

extension ParameterValue {
    /// The value as typed, for messages (nil when there is none).
    var spelling: String? {
        switch self {
        case .string(let s): return "'\(s)'"
        case .boolean(let b): return b ? "YES" : "NO"
        case .integer(let n): return String(n)
        case .decimal(let d): return String(d)
        case .word(let w): return w
        case .missing: return nil
        }
    }
}

extension UInt8 {
    var isLetter: Bool { (self >= 0x41 && self <= 0x5A) || (self >= 0x61 && self <= 0x7A) }
    var isDigit: Bool { self >= 0x30 && self <= 0x39 }
}

extension Token {
    /// `touch`, `setText:`: how messages name an action.
    var actionName: String { parameter == nil ? name : name + ":" }
}

extension QueryStep {
    /// Whether the step leaves a selection of just the application as it is.
    var keepsTheApplication: Bool {
        switch self {
        case .all, .pause, .timeout, .index(0), .last: return true
        default: return false
        }
    }
}
