public import SelectorCore

// Espresso matchers as a Kotlin or Java test writes them:
// `onView(allOf(withId(R.id.login), withText("Log in"), isDisplayed())).perform(click())`.
// The parser reads the expression language both share (calls, qualified names, string and
// number literals, `R.id.x` references, `Button::class.java` and `Button.class`) into
// `EspressoExpression`s; `EspressoVocabulary` then gives them their Espresso meaning, so one
// reader serves view matchers and Hamcrest string matchers alike. Offsets are UTF-8 byte offsets.

/// One parsed expression with where it starts.
indirect enum EspressoExpression: Equatable {
    /// `name(args)`, with the qualifier written before it (`Matchers.allOf` → ["Matchers"]).
    case call(name: String, qualifier: [String], arguments: [EspressoExpression], at: Int)
    /// A string literal's value.
    case string(String, at: Int)
    /// A whole number.
    case number(Int, at: Int)
    /// A dotted name that is not a call: `R.id.login`, `Visibility.VISIBLE`.
    case path([String], at: Int)
    /// A class literal: `Button::class.java`, `android.widget.Button.class`.
    case classLiteral(String, at: Int)
    /// A class's name as a string: `Button::class.java.name`, `Button.class.getName()`.
    case className(String, at: Int)

    /// Where the expression starts.
    var offset: Int {
        switch self {
        case let .call(_, _, _, at), let .string(_, at), let .number(_, at), let .path(_, at),
             let .classLiteral(_, at), let .className(_, at): return at
        }
    }
}

/// What the whole selector holds: the matcher inside `onView(…)` (or alone).
struct EspressoStatement: Equatable {
    var matcher: EspressoExpression
}

/// A recursive-descent reader over UTF-8 bytes.
struct EspressoParser: CallSyntaxScanner {
    let text: String
    let bytes: [UInt8]
    var i = 0

    init(_ text: String) { self.text = text; bytes = Array(text.utf8) }

    /// The most nested calls accepted (`allOf(withParent(allOf(…)))`…).
    static let maxDepth = 64
    /// Comments, which a pasted test line may hold; an unclosed one is left for the grammar to refuse.
    static let comments = CallSyntaxComments.lineAndBlock(unclosedRunsToEnd: false)
    /// Java's identifiers may hold `$` (Kotlin reads `$` in strings only, as a template).
    static let dollarInIdentifiers = true

    static func parse(_ selector: String) throws(EspressoParseError) -> EspressoStatement {
        var p = EspressoParser(selector)
        return try p.statement()
    }

    /// The problem at `offset`, or at the cursor.
    func error(_ kind: EspressoParseError.Kind, at offset: Int? = nil) -> EspressoParseError {
        EspressoParseError(kind, at: offset ?? i)
    }

    /// A Java or Kotlin identifier; Kotlin's backticked `` `is` `` reads as `is`.
    mutating func identifier() throws(EspressoParseError) -> String? {
        skipSpace()
        guard let c = current else { return nil }
        if c == 0x60 {
            let start = i
            i += 1
            let nameStart = i
            while i < bytes.count, bytes[i] != 0x60, bytes[i] != 0x0A { i += 1 }
            guard current == 0x60, i > nameStart else { throw error(.unterminatedBacktickName, at: start) }
            let name = String(decoding: bytes[nameStart..<i], as: UTF8.self)
            i += 1
            return name
        }
        return identifierHere()
    }

    mutating func statement() throws(EspressoParseError) -> EspressoStatement {
        skipSpace()
        guard i < bytes.count else { throw error(.expectedOnViewOrMatcher) }
        let expression = try self.expression(depth: 0)
        var matcher = expression
        if case let .call(name, qualifier, arguments, at) = expression, name == "onView" || name == "onData" {
            guard qualifier.isEmpty || qualifier.last == "Espresso" else { throw error(.unknownReceiver(call: name), at: at) }
            guard name == "onView" else {
                throw error(.onData, at: at)
            }
            guard arguments.count == 1 else { throw error(.onViewArity, at: at) }
            matcher = arguments[0]
            try interactions()
        }
        _ = eat(0x3B)
        skipSpace()
        guard i == bytes.count else { throw error(.textAfterMatcher) }
        return EspressoStatement(matcher: matcher)
    }

    /// `.perform(…)`, `.check(…)` and `.withFailureHandler(…)` after `onView(…)`: what the test does
    /// with the view, read past (balanced), since the selector names the view.
    mutating func interactions() throws(EspressoParseError) {
        while true {
            skipSpace()
            guard current == 0x2E else { return }
            i += 1
            let at = i
            guard let name = try identifier() else { throw error(.expectedInteraction) }
            switch name {
            case "perform", "check", "withFailureHandler", "noActivity": break
            case "inRoot": throw error(.inRoot, at: at)
            default: throw error(.onlyPerformOrCheck, at: at)
            }
            guard eat(0x28) else { throw error(.openParenthesisAfterInteraction(name)) }
            try skipBalanced(open: i - 1)
        }
    }

    /// Past the `)` matching the `(` just read, strings and characters skipped whole.
    mutating func skipBalanced(open: Int) throws(EspressoParseError) {
        var depth = 1
        while i < bytes.count {
            let c = bytes[i]
            if c == 0x22 || c == 0x27 {
                // A string or character literal, skipped whole: a `)` inside it closes nothing.
                let quote = c, open = i
                i += 1
                while i < bytes.count, bytes[i] != quote { i += bytes[i] == 0x5C ? 2 : 1 }
                guard i < bytes.count else { throw error(.unterminatedString, at: open) }
                i += 1
                continue
            }
            if c == 0x28 || c == 0x7B || c == 0x5B { depth += 1 }
            if c == 0x29 || c == 0x7D || c == 0x5D {
                depth -= 1
                if depth == 0 { i += 1; return }
            }
            i += 1
        }
        throw error(.unclosedParenthesis, at: open)
    }

    mutating func expression(depth: Int) throws(EspressoParseError) -> EspressoExpression {
        guard depth < Self.maxDepth else { throw error(.nestingTooDeep(limit: Self.maxDepth)) }
        skipSpace()
        let start = i
        guard let c = current else { throw error(.expectedMatcher) }
        if c == 0x22 { return .string(try string(), at: start) }
        if c == 0x27 { throw error(.characterLiteral) }
        if (c >= 0x30 && c <= 0x39) || c == 0x2D { return .number(try integer(), at: start) }
        guard let first = try identifier() else { throw error(.expectedMatcher) }
        var names = [first]
        while true {
            skipSpace()
            if current == 0x3A, i + 1 < bytes.count, bytes[i + 1] == 0x3A {
                // Kotlin: `Button::class`, `Button::class.java`, `Button::class.java.name`.
                i += 2
                guard try identifier() == "class" else { throw error(.expectedClassAfterColons) }
                var java = false
                while eat(0x2E) {
                    let at = i
                    guard let member = try identifier() else { throw error(.expectedMemberAfterDot) }
                    switch member {
                    case "java" where !java: java = true
                    case "name" where java, "canonicalName" where java, "qualifiedName" where !java:
                        return .className(names.joined(separator: "."), at: start)
                    default: throw error(.unexpectedClassMember(member), at: at)
                    }
                }
                return .classLiteral(names.joined(separator: "."), at: start)
            }
            guard current == 0x2E else { break }
            i += 1
            guard let next = try identifier() else { throw error(.expectedNameAfterDot) }
            names.append(next)
        }
        if eat(0x28) {
            let name = names.removeLast()
            var arguments: [EspressoExpression] = []
            if !eat(0x29) {
                repeat {
                    skipSpace()
                    if current == 0x29 { break }  // Kotlin's trailing comma
                    arguments.append(try expression(depth: depth + 1))
                } while eat(0x2C)
                guard eat(0x29) else { throw error(.unclosedCall(name)) }
            }
            if names.last == "class", name == "getName" || name == "getCanonicalName", arguments.isEmpty {
                return .className(names.dropLast().joined(separator: "."), at: start)
            }
            return .call(name: name, qualifier: names, arguments: arguments, at: start)
        }
        if names.count > 1, names.last == "class" {
            return .classLiteral(names.dropLast().joined(separator: "."), at: start)
        }
        return .path(names, at: start)
    }

    mutating func integer() throws(EspressoParseError) -> Int {
        skipSpace()
        let start = i
        if current == 0x2D { i += 1 }
        let digits = i
        while i < bytes.count, bytes[i] >= 0x30 && bytes[i] <= 0x39 { i += 1 }
        guard i > digits, i - digits <= 18, let n = Int(String(decoding: bytes[start..<i], as: UTF8.self)) else {
            throw error(.expectedWholeNumber, at: start)
        }
        // `0L`, `3f`: Kotlin and Java number suffixes say nothing here.
        if let c = current, c == 0x4C || c == 0x6C { i += 1 }
        return n
    }

    /// `"…"` with Java's and Kotlin's escapes, or a Kotlin raw string `"""…"""`; a Kotlin
    /// template (`$name`, `${…}`) is not a fixed string.
    mutating func string() throws(EspressoParseError) -> String {
        skipSpace()
        let start = i
        guard current == 0x22 || current == 0x27 else { throw error(.expectedString) }
        let quote = bytes[i]
        if quote == 0x22, i + 2 < bytes.count, bytes[i + 1] == 0x22, bytes[i + 2] == 0x22 {
            i += 3
            let contentStart = i
            while i + 2 < bytes.count, !(bytes[i] == 0x22 && bytes[i + 1] == 0x22 && bytes[i + 2] == 0x22) {
                if bytes[i] == 0x24, Self.isTemplateStart(bytes, i + 1) { throw error(.kotlinTemplate) }
                i += 1
            }
            guard i + 2 < bytes.count else { throw error(.unterminatedString, at: start) }
            let value = String(decoding: bytes[contentStart..<i], as: UTF8.self)
            i += 3
            return value
        }
        i += 1
        var out: [UInt8] = []
        while i < bytes.count, bytes[i] != quote {
            let c = bytes[i]
            if c == 0x0A { break }
            if c == 0x24, quote == 0x22, Self.isTemplateStart(bytes, i + 1) {
                throw error(.kotlinTemplate)
            }
            if c == 0x5C {
                let escape = i
                i += 1
                guard i < bytes.count else { break }
                switch bytes[i] {
                case 0x6E: out.append(0x0A)
                case 0x74: out.append(0x09)
                case 0x72: out.append(0x0D)
                case 0x62: out.append(0x08)
                case 0x66: out.append(0x0C)
                case 0x30: out.append(0x00)
                case 0x22, 0x27, 0x5C, 0x24: out.append(bytes[i])
                case 0x75:
                    var j = i
                    while j < bytes.count, bytes[j] == 0x75 { j += 1 }  // Java allows \uuuu0041
                    guard j + 4 <= bytes.count,
                          let v = UInt32(String(decoding: bytes[j..<(j + 4)], as: UTF8.self), radix: 16),
                          let scalar = Unicode.Scalar(v) else { throw error(.badUnicodeEscape, at: escape) }
                    out += Array(String(Character(scalar)).utf8)
                    i = j + 3
                default: throw error(.unknownEscape(String(decoding: [bytes[i]], as: UTF8.self)), at: escape)
                }
                i += 1
                continue
            }
            out.append(c)
            i += 1
        }
        guard i < bytes.count, bytes[i] == quote else { throw error(.unterminatedString, at: start) }
        i += 1
        guard quote == 0x22 else { throw error(.characterLiteral, at: start) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether a `$` is followed by what makes it a Kotlin template (`$name`, `${`).
    static func isTemplateStart(_ bytes: [UInt8], _ j: Int) -> Bool {
        j < bytes.count && (bytes[j] == 0x7B || isIdentifierStart(bytes[j]))
    }
}
