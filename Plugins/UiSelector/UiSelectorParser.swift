import PCRE2Matching
import SelectorCore

/// A recursive-descent reader of Appium's `-android uiautomator` strings over UTF-8 bytes.
///
/// It accepts what appium-uiautomator2-server's `UiAutomatorParser` accepts: statements separated
/// by `;` (one trailing `;` allowed), each a `UiSelector` chain or a `UiScrollable` statement; the
/// constructor `new UiSelector()` may be written `UiSelector()` or left out (`text("OK")`,
/// `.text("OK")`). Nesting of `childSelector`, `fromParent` and `UiScrollable` arguments is bounded
/// so that deep input is a `.limit` error, never a stack overflow.
struct UiSelectorParser: ByteCursorParser {
    let selector: String
    let bytes: [UInt8]
    let limits: PCRE2Limits
    var pos = 0
    var depth = 0
    static let maximumNesting = 64

    init(selector: String, limits: PCRE2Limits) {
        self.selector = selector; self.bytes = Array(selector.utf8); self.limits = limits
    }

    var atEnd: Bool { pos >= bytes.count }
    var current: UInt8? { pos < bytes.count ? bytes[pos] : nil }

    /// A Java identifier: ASCII letters, digits, `_` and `$`.
    static func isIdentStart(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x24 }

    /// The identifier at the cursor without consuming it.
    mutating func peekIdentifier() -> String? {
        let save = pos
        defer { pos = save }
        return identifier()
    }

    /// The typed error at byte `offset` (the protocol's `error` words its own message).
    func error(_ kind: UiSelectorParseError.Kind, at offset: Int) -> UiSelectorParseError {
        UiSelectorParseError(kind, at: offset)
    }

    /// Consumes `c` after any spaces, or throws `kind` at the cursor.
    mutating func expect(_ c: UInt8, _ kind: UiSelectorParseError.Kind) throws(UiSelectorParseError) {
        guard accept(c) else { throw error(kind, at: pos) }
    }

    // MARK: Statements

    /// Every statement, in order (Appium returns their union, first occurrence first).
    mutating func parse() throws(UiSelectorParseError) -> [ParsedUiSelector] {
        skipSpace()
        if atEnd { throw error(.emptySelector, at: pos) }
        var statements: [ParsedUiSelector] = []
        while true {
            skipSpace()
            if current == 0x3B { throw error(.emptyStatement, at: pos) }
            statements.append(try statement())
            skipSpace()
            if atEnd { break }
            guard accept(0x3B) else {
                throw error(.textAfterSelector, at: pos)
            }
            skipSpace()
            if atEnd { break }  // one trailing `;`
        }
        return statements
    }

    /// A `UiSelector` chain or a `UiScrollable` statement reduced to its target selector.
    mutating func statement() throws(UiSelectorParseError) -> ParsedUiSelector {
        skipSpace()
        let start = pos
        if let word = peekIdentifier(), word == "new" || word == "UiScrollable" || word == "UiSelector" {
            _ = identifier()
            var name = word
            if word == "new" {
                skipSpace()
                let nameAt = pos
                guard let constructed = identifier(), constructed == "UiSelector" || constructed == "UiScrollable" else {
                    throw error(.expectedConstructor, at: nameAt)
                }
                name = constructed
            }
            if name == "UiScrollable" { return try scrollable(at: start) }
            try expect(0x28, .openParenthesis(after: "UiSelector"))
            if !accept(0x29) { throw error(.constructorTakesNoArguments, at: pos) }
            return try methods(ParsedUiSelector(), leadingPeriod: true)
        }
        return try methods(ParsedUiSelector(), leadingPeriod: current == 0x2E)
    }

    /// A selector given as an argument (`childSelector`, `fromParent`, `UiScrollable`).
    mutating func selectorArgument(for method: String) throws(UiSelectorParseError) -> ParsedUiSelector {
        skipSpace()
        let at = pos
        depth += 1
        defer { depth -= 1 }
        if depth > Self.maximumNesting {
            throw error(.nestingTooDeep(limit: Self.maximumNesting), at: at)
        }
        if let word = peekIdentifier(), word == "new" || word == "UiSelector" {
            _ = identifier()
            if word == "new" {
                skipSpace()
                let nameAt = pos
                guard identifier() == "UiSelector" else {
                    throw error(.needsSelectorArgument(method: method), at: nameAt)
                }
            }
            try expect(0x28, .openParenthesis(after: "UiSelector"))
            if !accept(0x29) { throw error(.constructorTakesNoArguments, at: pos) }
            return try methods(ParsedUiSelector(), leadingPeriod: true)
        }
        guard let b = current, b == 0x2E || Self.isIdentStart(b) else {
            throw error(.needsSelectorArgument(method: method), at: at)
        }
        return try methods(ParsedUiSelector(), leadingPeriod: b == 0x2E)
    }

    /// `.method(args)` calls until something else follows. Without a constructor the first call
    /// may omit its `.`, as Appium prefixes one.
    mutating func methods(_ start: ParsedUiSelector, leadingPeriod: Bool) throws(UiSelectorParseError) -> ParsedUiSelector {
        var sel = start
        var first = !leadingPeriod
        var calls = 0
        while true {
            skipSpace()
            if first {
                first = false
            } else {
                guard accept(0x2E) else { break }
            }
            skipSpace()
            let nameAt = pos
            guard let name = identifier() else {
                throw error(calls == 0 && !leadingPeriod ? .expectedConstructorAndMethods : .expectedMethod, at: nameAt)
            }
            try call(name, at: nameAt, on: &sel)
            calls += 1
        }
        return sel
    }

    /// One UiSelector method call, applied to `sel`.
    mutating func call(_ name: String, at nameAt: Int, on sel: inout ParsedUiSelector) throws(UiSelectorParseError) {
        guard let kind = UiSelectorVocabulary.argument(of: name) else {
            throw error(.unknownMethod(name), at: nameAt)
        }
        try expect(0x28, .openParenthesis(after: name))
        skipSpace()
        let argAt = pos
        switch kind {
        case .string:
            let (value, _) = try string(for: name, what: .text)
            let method = UiSelectorVocabulary.textMethods[name]!
            let test = StringTest(method.operation!, value, options: method.caseInsensitive ? .caseInsensitive : [])
            sel.set(name, UiSelectorVocabulary.firstPresent(method.sources, test))
        case .regex:
            let (pattern, contentAt) = try string(for: name, what: .regex)
            let matcher: JavaRegexMatcher
            do {
                matcher = try JavaRegexMatcher(method: name, pattern: pattern, limits: limits)
            } catch {
                // Offsets into the pattern hold when it had no `\"` escapes; else point at the string.
                let exact = !pattern.utf8.contains(0x22)
                let offset = exact ? contentAt + error.patternOffset : argAt
                throw self.error(.invalidRegex(method: name, pcre2Message: error.message), at: offset)
            }
            // A pattern that is text (`"(?s)Row 7-.*"`) is the core's own string test, which costs
            // what `descriptionStartsWith` costs; any other stays with PCRE2.
            let test = LiteralPattern(wholeValue: pattern)?.stringTest ?? .matcher(matcher)
            if name == "classNameMatches" {
                sel.set(name, .string(property: "class", test))
            } else {
                sel.set(name, UiSelectorVocabulary.firstPresent(UiSelectorVocabulary.textMethods[name]!.sources, test))
            }
        case .boolean:
            guard let word = identifier(), word == "true" || word == "false" else {
                throw error(.needsBoolean(method: name), at: argAt)
            }
            sel.set(name, UiSelectorVocabulary.flag(UiSelectorVocabulary.booleanMethods[name]!, word == "true"))
        case .integer:
            let n = try integer(for: name)
            if name == "index" { sel.index = n } else { sel.instance = n }
        case .className:
            sel.set(name, .memberOf(try className()))
        case .selector:
            let inner = try selectorArgument(for: name)
            sel.link(name == "childSelector" ? .child : .parent, inner)
        }
        skipSpace()
        guard accept(0x29) else {
            throw error(current == 0x2C ? .oneArgument(method: name) : .unclosedCall(method: name), at: pos)
        }
    }

    // MARK: Arguments

    /// A double-quoted string as Appium reads it: `\"` is a quote and every other backslash stays
    /// as written (a `"` after a `\` never closes the string). Returns the value and the offset of
    /// its first content byte.
    mutating func string(for method: String, what: UiSelectorParseErrorKind.StringRole) throws(UiSelectorParseError) -> (String, Int) {
        skipSpace()
        let open = pos
        guard current == 0x22 else { throw error(.needsString(method: method, what), at: open) }
        pos += 1
        var out: [UInt8] = []
        while pos < bytes.count, bytes[pos] != 0x22 {
            if bytes[pos] == 0x5C, pos + 1 < bytes.count, bytes[pos + 1] == 0x22 {
                out.append(0x22); pos += 2
            } else {
                out.append(bytes[pos]); pos += 1
            }
        }
        guard pos < bytes.count else { throw error(.unterminatedString, at: open) }
        pos += 1
        return (String(decoding: out, as: UTF8.self), open + 1)
    }

    /// A Java `int` literal as `Integer.parseInt` reads it, refused when negative (no node has a
    /// negative index or instance).
    mutating func integer(for method: String) throws(UiSelectorParseError) -> Int {
        skipSpace()
        let at = pos
        var negative = false
        if current == 0x2B || current == 0x2D { negative = current == 0x2D; pos += 1 }
        let digitsAt = pos
        var n = 0
        while let b = current, b >= 0x30, b <= 0x39 {
            n = n * 10 + Int(b - 0x30)
            pos += 1
            if n > Int(Int32.max) { throw error(.numberTooLarge(method: method), at: at) }
        }
        if pos == digitsAt { throw error(.needsWholeNumber(method: method), at: at) }
        if negative && n > 0 { throw error(.negativeNumber(method: method), at: at) }
        return n
    }

    /// `className`'s argument: a string, or a bare Java class name as Appium's `Class.forName`
    /// reads it (`className(android.widget.Button)`; `….class` is not a class name there).
    mutating func className() throws(UiSelectorParseError) -> String {
        skipSpace()
        let at = pos
        if current == 0x22 { return try string(for: "className", what: .className).0 }
        guard let first = identifier() else {
            throw error(.needsClassName, at: at)
        }
        var parts = [first]
        while true {
            let save = pos
            guard accept(0x2E), let next = identifier() else { pos = save; break }
            parts.append(next)
        }
        if parts.count > 1, parts.last == "class" {
            throw error(.classNameWithClassSuffix, at: at)
        }
        return parts.joined(separator: ".")
    }

    // MARK: UiScrollable

    /// `new UiScrollable(container)` and its method calls, as appium-uiautomator2-server's
    /// `UiScrollableParser` runs them by reflection: each call is looked up by name and argument
    /// types among `UiScrollable`'s own public methods (`UiScrollableVocabulary`); a call with
    /// arguments stores a selector (`scrollTextIntoView(s)` → `text(s)`, `scrollDescriptionIntoView(s)`
    /// → `description(s)`, else its first UiSelector argument, if any); a setter returns the
    /// UiScrollable and the chain goes on. The answer is the last call's UiObject when it returns one
    /// (`getChildBy…`, or a `scroll…IntoView` whose target exists), else the stored selector, else
    /// Appium's error. A recording cannot scroll, so scrolls and flings only count for these rules.
    mutating func scrollable(at start: Int) throws(UiSelectorParseError) -> ParsedUiSelector {
        try expect(0x28, .openParenthesis(after: "UiScrollable"))
        let container = try selectorArgument(for: "UiScrollable")
        try expect(0x29, .closeScrollableConstructor)
        var stored: ParsedUiSelector?
        var answer: ParsedUiSelector?   // the last call's UiObject, when it returned one
        while true {
            skipSpace()
            guard accept(0x2E) else { break }
            skipSpace()
            let nameAt = pos
            guard let name = identifier() else { throw error(.expectedScrollableMethod, at: nameAt) }
            guard let overloads = UiScrollableVocabulary.methods[name] else {
                throw error(.unknownScrollableMethod(name), at: nameAt)
            }
            skipSpace()
            try expect(0x28, .openParenthesis(after: name))
            let args = try scrollableArguments(for: name)
            guard let method = overloads.first(where: { $0.accepts(args.map(\.value)) }) else {
                throw error(.scrollableMismatch(method: name, given: args.map(\.value.kind),
                                                overloads: overloads.map(\.parameters)), at: nameAt)
            }
            if !args.isEmpty {
                switch (name, args[0].value) {
                case ("scrollTextIntoView", .string(let s)): stored = Self.textSelector(isText: true, s)
                case ("scrollDescriptionIntoView", .string(let s)): stored = Self.textSelector(isText: false, s)
                default:
                    for case .selector(let sel) in args.map(\.value) { stored = sel; break }
                }
            }
            switch method.returns {
            case .object:
                answer = try childObject(name, container: container, stored: stored, args: args.map(\.value), at: args.first?.at ?? nameAt)
            case .scrollable, .other:
                answer = nil
            }
        }
        if let answer { return answer }
        guard let stored else {
            // Appium's refusal, for `new UiScrollable(…).scrollForward()` and a statement with no call at all.
            throw error(.scrollableNeedsUiObject, at: pos)
        }
        return stored
    }

    /// One argument of a UiScrollable call, and where it starts.
    struct ScrollableArgument {
        var value: UiScrollableVocabulary.Value
        var at: Int
    }

    /// The arguments up to the closing `)`: strings, Java ints, `true`/`false`, UiSelectors; any other
    /// literal (`0.5`) is read as what Appium cannot coerce.
    mutating func scrollableArguments(for method: String) throws(UiSelectorParseError) -> [ScrollableArgument] {
        var args: [ScrollableArgument] = []
        skipSpace()
        if accept(0x29) { return args }
        while true {
            skipSpace()
            let at = pos
            let value: UiScrollableVocabulary.Value
            if current == 0x22 {
                value = .string(try string(for: method, what: .text).0)
            } else if let b = current, b == 0x2B || b == 0x2D || (b >= 0x30 && b <= 0x39) {
                pos += 1
                while let c = current, (c >= 0x30 && c <= 0x39) || c == 0x2E || c == 0x5F || Self.isIdentStart(c) { pos += 1 }
                let text = String(decoding: bytes[at..<pos], as: UTF8.self)
                // Integer.parseInt: an optional sign and decimal digits within Java's int.
                if let n = Int32(text.hasPrefix("+") ? String(text.dropFirst()) : text) { value = .int(Int(n)) } else { value = .other(text) }
            } else if let word = peekIdentifier(), word == "true" || word == "false", followedByArgumentEnd(after: word) {
                _ = identifier()
                value = .bool(word == "true")
            } else {
                value = .selector(try selectorArgument(for: method))
            }
            args.append(ScrollableArgument(value: value, at: at))
            skipSpace()
            if accept(0x2C) { continue }
            guard accept(0x29) else { throw error(.unclosedScrollableArguments(method: method), at: pos) }
            return args
        }
    }

    /// Whether `word` at the cursor is followed by `,` or `)` (so it is a boolean, not a method name).
    func followedByArgumentEnd(after word: String) -> Bool {
        var i = pos + word.utf8.count
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
        return i < bytes.count && (bytes[i] == 0x2C || bytes[i] == 0x29)
    }

    /// `text(s)` or `description(s)`, as Appium stores for `scrollTextIntoView` / `scrollDescriptionIntoView`.
    static func textSelector(isText: Bool, _ value: String) -> ParsedUiSelector {
        var sel = ParsedUiSelector()
        sel.set(isText ? "text" : "description",
                UiSelectorVocabulary.firstPresent(isText ? UiSelectorVocabulary.text : UiSelectorVocabulary.description, .equals(value)))
        return sel
    }

    /// The UiObject a call returns, as a selector: `scroll…IntoView` returns the stored target when it
    /// exists (on a recording, the target or nothing: the same answer); `getChildByInstance(p, n)` is
    /// `container.childSelector(p.instance(n))` (UiCollection builds exactly that); `getChildByText(p, t)`
    /// and `getChildByDescription(p, t)` are the first of the container's `p` descendants whose own
    /// text (description) is `t` or that holds a descendant with it (UiCollection's loop over
    /// `p.instance(x)`), nothing when there is none (UiObjectNotFoundException: no element).
    mutating func childObject(_ name: String, container: ParsedUiSelector, stored: ParsedUiSelector?,
                              args: [UiScrollableVocabulary.Value], at: Int) throws(UiSelectorParseError) -> ParsedUiSelector? {
        guard name.hasPrefix("getChildBy"), case .selector(var pattern)? = args.first else { return stored }
        var sel = container
        switch name {
        case "getChildByInstance":
            guard case .int(let n) = args[1] else { return stored }
            if n < 0 { throw error(.negativeChildInstance, at: at) }
            pattern.instance = n
            sel.link(.child, pattern)
        default:
            guard case .string(let text) = args[1] else { return stored }
            // UiCollection overwrites the pattern's instance with its own counter.
            pattern.instance = nil
            sel.link(.child, pattern)
            sel.holding = Self.textSelector(isText: name == "getChildByText", text).predicate
        }
        return sel
    }
}
