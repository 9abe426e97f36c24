public import SelectorCore

// Detox matchers as a test writes them in JavaScript or TypeScript:
// `element(by.id('login').withAncestor(by.type('RCTView'))).atIndex(0)`. The subset read is the
// matcher API (`by.id`, `by.text`, `by.label`, `by.accessibilityLabel`, `by.type`, `by.traits`,
// `by.value`; `.and`, `.withAncestor`, `.withDescendant`) with string, regex and string-array
// arguments, inside `element(…)` or alone, and `.atIndex(n)`. Anything else is a syntax error with
// its column.

/// One Detox matcher as parsed: its own tests, and the matchers its views must hold below them.
struct DetoxMatcher: Equatable {
    /// What the view itself must pass (its `by.*` test, `.and(…)` and `.withAncestor(…)` folded in).
    var predicate: Predicate
    /// `.withDescendant(…)`: one predicate a descendant must pass, each.
    var descendants: [Predicate] = []
}

/// A whole Detox expression: the matcher and the `.atIndex(n)` picked, if any.
struct DetoxExpression: Equatable {
    var matcher: DetoxMatcher
    var index: Int?
}

/// A recursive-descent reader of the subset, over UTF-8 bytes (offsets are byte offsets).
struct DetoxParser: CallSyntaxScanner {
    let text: String
    let bytes: [UInt8]
    var i = 0

    init(_ text: String) { self.text = text; bytes = Array(text.utf8) }

    /// The most nested matchers accepted (`withAncestor(by.id(…).withAncestor(…))`…).
    static let maxDepth = 64
    /// A matcher is one JavaScript expression: `/` starts a regex literal, not a comment.
    static let comments = CallSyntaxComments.none
    static let dollarInIdentifiers = true

    static func parse(_ selector: String) throws(DetoxParseError) -> DetoxExpression {
        var p = DetoxParser(selector)
        return try p.expression()
    }

    /// The problem at `offset`, or at the cursor.
    func error(_ kind: DetoxParseError.Kind, at offset: Int? = nil) -> DetoxParseError {
        DetoxParseError(kind, at: offset ?? i)
    }

    /// `eat` for the punctuation as the grammar spells it.
    mutating func eat(_ c: Character) -> Bool { eat(c.asciiValue!) }

    mutating func expect(_ c: Character, _ what: DetoxParseErrorKind.Expected) throws(DetoxParseError) {
        guard eat(c) else { throw error(.expected(what)) }
    }

    mutating func identifier() -> String? {
        skipSpace()
        return identifierHere()
    }

    mutating func expression() throws(DetoxParseError) -> DetoxExpression {
        skipSpace()
        let start = i
        var matcher: DetoxMatcher
        if identifier() == "element" {
            try expect("(", .openParenthesis(after: "element"))
            matcher = try self.matcher(depth: 0)
            try expect(")", .closingParenthesis(of: "element("))
        } else {
            i = start
            matcher = try self.matcher(depth: 0)
        }
        var index: Int?
        while eat(".") {
            let at = i
            guard identifier() == "atIndex" else { throw error(.onlyAtIndex, at: at) }
            guard index == nil else { throw error(.secondAtIndex, at: at) }
            try expect("(", .openParenthesis(after: "atIndex"))
            index = try integer()
            try expect(")", .closingParenthesis(of: "atIndex("))
        }
        _ = eat(";")
        skipSpace()
        guard i == bytes.count else { throw error(.textAfterMatcher) }
        return DetoxExpression(matcher: matcher, index: index)
    }

    mutating func integer() throws(DetoxParseError) -> Int {
        let (n, start) = wholeNumber(maxDigits: 9)
        guard let n else { throw error(.expectedIndex, at: start) }
        return n
    }

    mutating func matcher(depth: Int) throws(DetoxParseError) -> DetoxMatcher {
        guard depth < Self.maxDepth else { throw error(.nestingTooDeep(limit: Self.maxDepth)) }
        skipSpace()
        let start = i
        guard identifier() == "by" else { throw error(.expectedMatcher, at: start) }
        try expect(".", .dotAfterBy)
        let nameAt = i
        guard let name = identifier() else { throw error(.expectedMatcherName) }
        try expect("(", .openParenthesis(after: "by.\(name)"))
        var m = DetoxMatcher(predicate: try base(name, at: nameAt))
        try expect(")", .closingParenthesis(of: "by.\(name)("))
        while true {
            let save = i
            guard eat(".") else { break }
            let at = i
            guard let combinator = identifier(), ["and", "withAncestor", "withDescendant"].contains(combinator) else {
                i = save
                break
            }
            try expect("(", .openParenthesis(after: ".\(combinator)"))
            let inner = try matcher(depth: depth + 1)
            try expect(")", .closingParenthesis(of: ".\(combinator)("))
            switch combinator {
            case "and":
                m.predicate = .all([m.predicate, inner.predicate])
                m.descendants += inner.descendants
            case "withAncestor":
                guard inner.descendants.isEmpty else {
                    throw error(.ancestorWithDescendant, at: at)
                }
                m.predicate = .all([m.predicate, .hasAncestor(inner.predicate)])
            default:
                guard inner.descendants.isEmpty else {
                    throw error(.descendantWithDescendant, at: at)
                }
                m.descendants.append(inner.predicate)
            }
        }
        return m
    }

    /// The test of `by.<name>(argument)`.
    mutating func base(_ name: String, at nameAt: Int) throws(DetoxParseError) -> Predicate {
        skipSpace()
        switch name {
        case "id", "text", "label", "accessibilityLabel", "value":
            let test = try stringTest(for: name)
            return DetoxVocabulary.predicate(name, test)
        case "type":
            let test = try stringTest(for: name)
            guard test.operation == .equals else { throw error(.typeNotPattern, at: nameAt) }
            guard !test.value.isEmpty else { throw error(.typeNeedsClassName, at: nameAt) }
            return .kindOf(test.value)
        case "traits":
            let at = i
            let names = try stringArray()
            if let bad = names.first(where: { DetoxVocabulary.traitBits[$0] == nil }) {
                throw error(.unknownTrait(bad), at: at)
            }
            return DetoxVocabulary.traits(names)
        default:
            throw error(.unknownMatcher(name), at: nameAt)
        }
    }

    /// A string literal (an exact test) or a regex literal (a search, as JavaScript's `RegExp.test`).
    mutating func stringTest(for name: String) throws(DetoxParseError) -> StringTest {
        skipSpace()
        guard i < bytes.count else { throw error(.needsStringOrRegex(matcher: name)) }
        if bytes[i] == 0x2F {
            let (pattern, flags, at) = try regexLiteral()
            do {
                return .matcher(try JSRegexMatcher(pattern: pattern, flags: flags))
            } catch {
                throw self.error(.invalidRegex(pcre2Message: error.message), at: at + error.patternOffset)
            }
        }
        return .equals(try string())
    }

    /// `'…'`, `"…"` or a template literal without `${`, with JavaScript's escapes.
    mutating func string() throws(DetoxParseError) -> String {
        skipSpace()
        guard i < bytes.count, let quote = [0x27, 0x22, 0x60].first(where: { $0 == bytes[i] }) else {
            throw error(.expectedString)
        }
        let start = i
        i += 1
        var out: [UInt8] = []
        while i < bytes.count, bytes[i] != quote {
            if quote == 0x60, bytes[i] == 0x24, i + 1 < bytes.count, bytes[i + 1] == 0x7B {
                throw error(.templateLiteral)
            }
            if bytes[i] == 0x5C {
                i += 1
                guard i < bytes.count else { break }
                switch bytes[i] {
                case 0x6E: out.append(0x0A)
                case 0x74: out.append(0x09)
                case 0x72: out.append(0x0D)
                case 0x30: out.append(0x00)
                case 0x75:
                    let hexStart = i + 1
                    guard hexStart + 4 <= bytes.count,
                          let v = UInt32(String(decoding: bytes[hexStart..<(hexStart + 4)], as: UTF8.self), radix: 16),
                          let scalar = Unicode.Scalar(v) else { throw error(.badUnicodeEscape, at: i - 1) }
                    out += Array(String(Character(scalar)).utf8)
                    i += 4
                default: out.append(bytes[i])
                }
                i += 1
                continue
            }
            out.append(bytes[i])
            i += 1
        }
        guard i < bytes.count else { throw error(.unterminatedString, at: start) }
        i += 1
        return String(decoding: out, as: UTF8.self)
    }

    /// `/pattern/flags`: the pattern as written (its escapes are the regex's), the flags, and where
    /// the pattern starts.
    mutating func regexLiteral() throws(DetoxParseError) -> (String, String, Int) {
        let start = i
        i += 1
        let patternStart = i
        var inClass = false
        while i < bytes.count {
            let c = bytes[i]
            if c == 0x5C { i += 2; continue }
            if c == 0x5B { inClass = true } else if c == 0x5D { inClass = false } else if c == 0x2F && !inClass { break }
            if c == 0x0A { break }
            i += 1
        }
        guard i < bytes.count, bytes[i] == 0x2F else { throw error(.unterminatedRegex, at: start) }
        let pattern = String(decoding: bytes[patternStart..<i], as: UTF8.self)
        i += 1
        let flagStart = i
        while i < bytes.count, (bytes[i] >= 0x61 && bytes[i] <= 0x7A) { i += 1 }
        let flags = String(decoding: bytes[flagStart..<i], as: UTF8.self)
        if let bad = flags.first(where: { !"gimsuy".contains($0) }) { throw error(.unknownRegexFlag(bad), at: flagStart) }
        return (pattern, flags, patternStart)
    }

    /// `['button', 'image']`.
    mutating func stringArray() throws(DetoxParseError) -> [String] {
        try expect("[", .traitList)
        var out: [String] = []
        if eat("]") { throw error(.noTraits) }
        repeat {
            out.append(try string())
        } while eat(",")
        try expect("]", .traitListClose)
        return out
    }
}
