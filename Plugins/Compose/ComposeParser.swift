import SelectorCore

// Compose finders as a Kotlin test writes them:
// `composeTestRule.onNode(hasText("Log in") and hasClickAction(), useUnmergedTree = true)`,
// `onAllNodesWithTag("row")[2].onChildren().onFirst()`. The subset read is the finders of
// androidx Finders.kt, the filters of Filters.kt with `and`, `or` (Kotlin infix calls: one
// precedence, left to right), `!`, `.and(…)`, `.or(…)`, `.not()` and parentheses, and the
// navigation of SemanticsNodeInteraction(Collection). Anything else is a syntax error with its
// byte offset.

/// One step after the finder, in the order written.
enum ComposeStep: Equatable {
    /// `onChildren()` (`onChild()` too: one child in Compose, every child here).
    case children
    /// `onParent()`.
    case parent
    /// `onChildAt(k)`: each node's k-th child.
    case childAt(Int)
    /// `onSiblings()`.
    case siblings
    /// `onAncestors()`: nearest first.
    case ancestors
    /// `[k]`, `get(k)`, `onFirst()` (0), `onLast()` (-1).
    case pick(Int)
    /// `filter(m)`, `filterToOne(m)`.
    case filter(Predicate)
}

/// A whole finder expression: the finder's filter and the steps after it.
struct ComposeQuery: Equatable {
    var filter: Predicate
    var steps: [ComposeStep] = []
}

/// A recursive-descent reader of the subset, over UTF-8 bytes (offsets are byte offsets).
struct ComposeParser: CallSyntaxScanner {
    let text: String
    let bytes: [UInt8]
    var i = 0

    init(_ text: String) { self.text = text; bytes = Array(text.utf8) }

    /// The most nested matchers accepted (parentheses, `!`, relation filters, `.and(…)` calls).
    static let maxDepth = 64
    /// Kotlin comments, as a pasted line may carry them; an unclosed one ends the text.
    static let comments = CallSyntaxComments.lineAndBlock(unclosedRunsToEnd: true)
    /// Kotlin's `$` starts a template, not a name.
    static let dollarInIdentifiers = false

    static func parse(_ selector: String) throws(ComposeParseError) -> ComposeQuery {
        var p = ComposeParser(selector)
        return try p.query()
    }

    /// The problem at `offset`, or at the cursor.
    func error(_ kind: ComposeParseError.Kind, at offset: Int? = nil) -> ComposeParseError {
        ComposeParseError(kind, at: offset ?? i)
    }

    // MARK: Lexing

    mutating func expect(_ c: UInt8, _ what: ComposeParseErrorKind.Expected) throws(ComposeParseError) {
        guard eat(c) else { throw error(.expected(what)) }
    }

    mutating func identifier() -> String? {
        skipSpace()
        return identifierHere()
    }

    /// The identifier ahead, without consuming it.
    mutating func peekIdentifier() -> String? {
        let save = i
        defer { i = save }
        return identifier()
    }

    mutating func integer() throws(ComposeParseError) -> Int {
        let (n, start) = wholeNumber(maxDigits: 9)
        guard let n else { throw error(.expectedIndex, at: start) }
        return n
    }

    // MARK: Finder and navigation

    mutating func query() throws(ComposeParseError) -> ComposeQuery {
        skipSpace()
        // A receiver (`composeTestRule.`, `rule.`, `activityRule.composeRule.`): any identifiers
        // before the finder.
        var finderAt = i
        var name = identifier()
        while let n = name, ComposeVocabulary.finders[n] == nil, n != "onRoot" {
            skipSpace()
            guard current == 0x2E else { break }
            i += 1
            finderAt = i
            name = identifier()
        }
        skipSpace()
        // A bare matcher, as `waitUntilAtLeastOneExists(hasText("…"))` and `filter(…)` take one:
        // every node passing it, as `onAllNodes(m)`.
        if name.map({ ComposeVocabulary.filters[$0] != nil || ComposeVocabulary.refused[$0] != nil }) ?? (current == 0x21 || current == 0x28) {
            i = finderAt
            var query = ComposeQuery(filter: try matcher(depth: 0))
            try navigation(&query, collection: true)
            return query
        }
        guard let finderName = name else {
            throw error(.expectedFinder, at: finderAt)
        }
        if finderName == "onRoot" {
            throw error(.onRoot, at: finderAt)
        }
        guard let finder = ComposeVocabulary.finders[finderName] else {
            throw error(.unknownFinder(finderName), at: finderAt)
        }
        try expect(0x28, .openParenthesis(after: finderName))
        let args = try arguments(finder.parameters, of: finderName, at: finderAt, depth: 0)
        let filter: Predicate
        if let f = finder.filter {
            // The first argument is the filter's first; `substring`/`ignoreCase` pass through.
            filter = try self.filter(f, args, at: finderAt)
        } else {
            filter = args.matchers["matcher"] ?? .any
        }
        var query = ComposeQuery(filter: filter)
        try navigation(&query, collection: finder.collection)
        return query
    }

    /// The steps after the finder, through the end of the text; `collection` is whether the
    /// finder returned a collection (Kotlin's types decide which calls may follow).
    mutating func navigation(_ query: inout ComposeQuery, collection start: Bool) throws(ComposeParseError) {
        var collection = start
        while true {
            skipSpace()
            let at = i
            if eat(0x5B) {
                guard collection else { throw error(.pickNeedsCollection, at: at) }
                let k = try integer()
                try expect(0x5D, .closingIndex)
                query.steps.append(.pick(k))
                collection = false
                continue
            }
            guard eat(0x2E) else { break }
            let nameAt = i
            skipSpace()
            guard let call = identifier() else { throw error(.expectedCallAfterDot) }
            try expect(0x28, .openParenthesis(after: call))
            func one(_ step: ComposeStep, needs isCollection: Bool, gives result: Bool) throws(ComposeParseError) {
                if isCollection && !collection {
                    throw error(.needsCollection(call: call), at: nameAt)
                }
                if !isCollection && collection {
                    throw error(.needsOneNode(call: call), at: nameAt)
                }
                query.steps.append(step)
                collection = result
            }
            switch call {
            case "onChildren": try one(.children, needs: false, gives: true)
            case "onChild": try one(.children, needs: false, gives: false)
            case "onParent": try one(.parent, needs: false, gives: false)
            case "onSiblings": try one(.siblings, needs: false, gives: true)
            case "onAncestors": try one(.ancestors, needs: false, gives: true)
            case "onChildAt": try one(.childAt(try integer()), needs: false, gives: false)
            case "onSibling": try one(.siblings, needs: false, gives: false)
            case "onFirst": try one(.pick(0), needs: true, gives: false)
            case "onLast": try one(.pick(-1), needs: true, gives: false)
            case "get": try one(.pick(try integer()), needs: true, gives: false)
            case "filter", "filterToOne":
                let m = try matcher(depth: 0)
                try one(.filter(m), needs: true, gives: call == "filter")
            default:
                throw error(.notNavigation(call: call), at: nameAt)
            }
            try expect(0x29, .closingParenthesis(of: "\(call)("))
        }
        _ = eat(0x3B)
        skipSpace()
        guard i == bytes.count else { throw error(.textAfterFinder) }
    }

    // MARK: Arguments

    /// A call's arguments after its `(`, through its `)`.
    struct Arguments {
        var strings: [String: [String]] = [:]
        var bools: [String: Bool] = [:]
        var matchers: [String: Predicate] = [:]
        var at: [String: Int] = [:]
    }

    mutating func arguments(_ parameters: [ComposeVocabulary.Parameter], of name: String, at nameAt: Int,
                            depth: Int) throws(ComposeParseError) -> Arguments {
        var out = Arguments()
        var positional = 0
        var sawNamed = false
        if !eat(0x29) {
            repeat {
                skipSpace()
                let argAt = i
                // `name = value` (not `==`).
                var parameter: ComposeVocabulary.Parameter?
                let save = i
                if let n = identifier(), eat(0x3D), current != 0x3D {
                    guard let p = parameters.first(where: { $0.name == n }) else {
                        throw error(.noSuchParameter(call: name, parameter: n, takes: parameters.map(\.name)), at: argAt)
                    }
                    guard out.at[n] == nil else { throw error(.argumentTwice(n), at: argAt) }
                    parameter = p
                    sawNamed = true
                } else {
                    i = save
                    guard !sawNamed else { throw error(.positionalAfterNamed, at: argAt) }
                    // A vararg takes every positional argument.
                    if positional > 0, positional <= parameters.count, parameters[positional - 1].kind == .varargString {
                        parameter = parameters[positional - 1]
                    } else {
                        guard positional < parameters.count else {
                            throw error(.tooManyArguments(call: name, count: parameters.count), at: argAt)
                        }
                        parameter = parameters[positional]
                        positional += 1
                    }
                }
                guard let p = parameter else { break }
                out.at[p.name] = out.at[p.name] ?? argAt
                switch p.kind {
                case .string, .varargString:
                    out.strings[p.name, default: []].append(try string(for: p.name))
                case .bool:
                    skipSpace()
                    let valueAt = i
                    switch identifier() {
                    case "true": out.bools[p.name] = true
                    case "false": out.bools[p.name] = false
                    default: throw error(.needsBoolean(parameter: p.name), at: valueAt)
                    }
                case .matcher:
                    out.matchers[p.name] = try matcher(depth: depth + 1)
                }
            } while eat(0x2C)
            try expect(0x29, .closingParenthesis(of: "\(name)("))
        }
        for p in parameters where !p.optional && out.at[p.name] == nil && p.kind != .varargString {
            throw error(.missingArgument(call: name, parameter: p.name), at: i - 1)
        }
        return out
    }

    /// A Kotlin string literal: `"…"` with Kotlin's escapes, or a raw `"""…"""`; a template
    /// (`$name`, `${…}`) is a variable, which a selector cannot read.
    mutating func string(for parameter: String) throws(ComposeParseError) -> String {
        skipSpace()
        let start = i
        guard i < bytes.count, bytes[i] == 0x22 else { throw error(.needsString(parameter: parameter), at: start) }
        func templateCheck(_ j: Int) throws(ComposeParseError) {
            guard j + 1 < bytes.count else { return }
            let n = bytes[j + 1]
            if n == 0x7B || Self.isIdentifierStart(n) {
                throw error(.stringTemplate, at: j)
            }
        }
        if i + 2 < bytes.count, bytes[i + 1] == 0x22, bytes[i + 2] == 0x22 {
            i += 3
            let contentStart = i
            while i + 2 < bytes.count, !(bytes[i] == 0x22 && bytes[i + 1] == 0x22 && bytes[i + 2] == 0x22) {
                if bytes[i] == 0x24 { try templateCheck(i) }
                i += 1
            }
            guard i + 2 < bytes.count else { throw error(.unterminatedRawString, at: start) }
            // Kotlin keeps extra closing quotes in the content: `""""a""""` is `"a"`.
            while i + 3 < bytes.count, bytes[i + 3] == 0x22 { i += 1 }
            let value = String(decoding: bytes[contentStart..<i], as: UTF8.self)
            i += 3
            return value
        }
        i += 1
        var out: [UInt8] = []
        while true {
            guard i < bytes.count, bytes[i] != 0x0A else { throw error(.unterminatedString, at: start) }
            let c = bytes[i]
            if c == 0x22 { i += 1; break }
            if c == 0x24 { try templateCheck(i) }
            if c != 0x5C { out.append(c); i += 1; continue }
            guard i + 1 < bytes.count else { throw error(.unterminatedString, at: start) }
            let e = bytes[i + 1]
            switch e {
            case 0x74: out.append(0x09)
            case 0x62: out.append(0x08)
            case 0x6E: out.append(0x0A)
            case 0x72: out.append(0x0D)
            case 0x27, 0x22, 0x5C, 0x24: out.append(e)
            case 0x75:
                let isHex = { (b: UInt8) in (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66) }
                guard i + 5 < bytes.count, bytes[(i + 2)..<(i + 6)].allSatisfy(isHex),
                      let v = UInt32(String(decoding: bytes[(i + 2)..<(i + 6)], as: UTF8.self), radix: 16),
                      let scalar = Unicode.Scalar(v) else {
                    throw error(.badUnicodeEscape, at: i)
                }
                out.append(contentsOf: Array(String(Character(scalar)).utf8))
                i += 6
                continue
            default:
                throw error(.unknownEscape(String(decoding: [e], as: UTF8.self)), at: i)
            }
            i += 2
        }
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: Matchers

    /// `a and b or c`: Kotlin's named infix functions share one precedence, left to right.
    mutating func matcher(depth: Int) throws(ComposeParseError) -> Predicate {
        guard depth < Self.maxDepth else { throw error(.nestingTooDeep(limit: Self.maxDepth)) }
        var left = try unary(depth: depth)
        while true {
            let save = i
            guard let op = identifier(), op == "and" || op == "or" else { i = save; break }
            skipSpace()
            // `a and(b)` is the infix call too; `a.and(b)` is handled as a postfix.
            let right = try unary(depth: depth + 1)
            left = op == "and" ? .all([left, right]) : .or([left, right])
        }
        return left
    }

    /// `!m` (Kotlin's `not` operator), binding looser than a `.call` after it.
    mutating func unary(depth: Int) throws(ComposeParseError) -> Predicate {
        guard depth < Self.maxDepth else { throw error(.nestingTooDeep(limit: Self.maxDepth)) }
        skipSpace()
        if current == 0x21 {
            i += 1
            return .not(try unary(depth: depth + 1))
        }
        var m = try primary(depth: depth)
        while true {
            let save = i
            guard eat(0x2E) else { break }
            let at = i
            guard let call = identifier() else { throw error(.expectedMatcherCall) }
            switch call {
            case "and", "or":
                try expect(0x28, .openParenthesis(after: ".\(call)"))
                let right = try matcher(depth: depth + 1)
                try expect(0x29, .closingParenthesis(of: ".\(call)("))
                m = call == "and" ? .all([m, right]) : .or([m, right])
            case "not":
                try expect(0x28, .openParenthesis(after: ".not"))
                try expect(0x29, .notTakesNoArguments)
                m = .not(m)
            default:
                i = save
                throw error(.badMatcherCall(call), at: at)
            }
        }
        return m
    }

    mutating func primary(depth: Int) throws(ComposeParseError) -> Predicate {
        skipSpace()
        let start = i
        if eat(0x28) {
            let m = try matcher(depth: depth + 1)
            try expect(0x29, .closingParenthesis(of: "the parenthesis"))
            return m
        }
        guard let name = identifier() else {
            throw error(.expectedFilter, at: start)
        }
        if ComposeVocabulary.refused[name] != nil { throw error(.refused(name), at: start) }
        guard let parameters = ComposeVocabulary.filters[name] else {
            throw error(.unknownFilterListing(name), at: start)
        }
        try expect(0x28, .openParenthesis(after: name))
        let args = try arguments(parameters, of: name, at: start, depth: depth)
        return try filter(name, args, at: start)
    }

    /// The predicate of filter `name` called with `args`.
    func filter(_ name: String, _ args: Arguments, at nameAt: Int) throws(ComposeParseError) -> Predicate {
        if let flag = ComposeVocabulary.flags[name] { return flag }
        if let inner = args.matchers["matcher"] { return ComposeVocabulary.relation(name, inner) }
        let substring = args.bools["substring"] ?? false
        let ignoreCase = args.bools["ignoreCase"] ?? false
        switch name {
        case "hasTestTag":
            let tag = args.strings["testTag"]?.first ?? ""
            return .string(property: "resource-id", .equals(tag))
        case "hasText":
            let value = args.strings["text"]?.first ?? ""
            return .string(property: "text", ComposeVocabulary.test(value, substring: substring, ignoreCase: ignoreCase))
        case "hasContentDescription":
            let value = args.strings["value"]?.first ?? args.strings["label"]?.first ?? ""
            return .string(property: "content-desc", ComposeVocabulary.test(value, substring: substring, ignoreCase: ignoreCase))
        case "hasTextExactly", "hasContentDescriptionExactly":
            let key = name == "hasTextExactly" ? "textValues" : "values"
            let property = name == "hasTextExactly" ? "text" : "content-desc"
            let values = args.strings[key] ?? []
            guard values.count <= 1 else {
                throw error(.severalValues(filter: name, property: property), at: args.at[key] ?? nameAt)
            }
            // No values: a view with no text at all, which a recording writes as "".
            return .string(property: property, .equals(values.first ?? ""))
        default:
            throw error(.unknownFilter(name), at: nameAt)
        }
    }
}
