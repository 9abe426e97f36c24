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

    // MARK: Statements

    /// Every statement, in order (Appium returns their union, first occurrence first).
    mutating func parse() throws(SelectorError) -> [ParsedUiSelector] {
        skipSpace()
        if atEnd { throw error("empty selector; expected new UiSelector() and its methods", at: pos) }
        var statements: [ParsedUiSelector] = []
        while true {
            skipSpace()
            if current == 0x3B { throw error("empty statement; expected new UiSelector() before `;`", at: pos) }
            statements.append(try statement())
            skipSpace()
            if atEnd { break }
            guard accept(0x3B) else {
                throw error("unexpected text after the selector; expected `.` and a method, or `;`", at: pos)
            }
            skipSpace()
            if atEnd { break }  // one trailing `;`
        }
        return statements
    }

    /// A `UiSelector` chain or a `UiScrollable` statement reduced to its target selector.
    mutating func statement() throws(SelectorError) -> ParsedUiSelector {
        skipSpace()
        let start = pos
        if let word = peekIdentifier(), word == "new" || word == "UiScrollable" || word == "UiSelector" {
            _ = identifier()
            var name = word
            if word == "new" {
                skipSpace()
                let nameAt = pos
                guard let constructed = identifier(), constructed == "UiSelector" || constructed == "UiScrollable" else {
                    throw error("expected `new UiSelector()` or `new UiScrollable(new UiSelector()...)`", at: nameAt)
                }
                name = constructed
            }
            if name == "UiScrollable" { return try scrollable(at: start) }
            try expect(0x28, "`(` after UiSelector")
            if !accept(0x29) { throw error("new UiSelector() takes no arguments", at: pos) }
            return try methods(ParsedUiSelector(), leadingPeriod: true)
        }
        return try methods(ParsedUiSelector(), leadingPeriod: current == 0x2E)
    }

    /// A selector given as an argument (`childSelector`, `fromParent`, `UiScrollable`).
    mutating func selectorArgument(for method: String) throws(SelectorError) -> ParsedUiSelector {
        skipSpace()
        let at = pos
        depth += 1
        defer { depth -= 1 }
        if depth > Self.maximumNesting {
            throw SelectorError(.limit, "selectors nested deeper than \(Self.maximumNesting) levels", selector: selector, offset: at)
        }
        if let word = peekIdentifier(), word == "new" || word == "UiSelector" {
            _ = identifier()
            if word == "new" {
                skipSpace()
                let nameAt = pos
                guard identifier() == "UiSelector" else {
                    throw error("\(method) takes a UiSelector such as new UiSelector().text(\"OK\")", at: nameAt)
                }
            }
            try expect(0x28, "`(` after UiSelector")
            if !accept(0x29) { throw error("new UiSelector() takes no arguments", at: pos) }
            return try methods(ParsedUiSelector(), leadingPeriod: true)
        }
        guard let b = current, b == 0x2E || Self.isIdentStart(b) else {
            throw error("\(method) takes a UiSelector such as new UiSelector().text(\"OK\")", at: at)
        }
        return try methods(ParsedUiSelector(), leadingPeriod: b == 0x2E)
    }

    /// `.method(args)` calls until something else follows. Without a constructor the first call
    /// may omit its `.`, as Appium prefixes one.
    mutating func methods(_ start: ParsedUiSelector, leadingPeriod: Bool) throws(SelectorError) -> ParsedUiSelector {
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
                throw error(calls == 0 && !leadingPeriod
                            ? "expected new UiSelector() and its methods"
                            : "expected a UiSelector method such as text(\"OK\")", at: nameAt)
            }
            try call(name, at: nameAt, on: &sel)
            calls += 1
        }
        return sel
    }

    /// One UiSelector method call, applied to `sel`.
    mutating func call(_ name: String, at nameAt: Int, on sel: inout ParsedUiSelector) throws(SelectorError) {
        guard let kind = UiSelectorVocabulary.argument(of: name) else {
            throw error("unknown UiSelector method `\(name)`; expected one of \(UiSelectorVocabulary.methods.joined(separator: ", "))", at: nameAt)
        }
        try expect(0x28, "`(` after \(name)")
        skipSpace()
        let argAt = pos
        switch kind {
        case .string:
            let (value, _) = try string(for: name, what: "a string in double quotes")
            let method = UiSelectorVocabulary.textMethods[name]!
            let test = StringTest(method.operation!, value, options: method.caseInsensitive ? .caseInsensitive : [])
            sel.set(name, UiSelectorVocabulary.firstPresent(method.sources, test))
        case .regex:
            let (pattern, contentAt) = try string(for: name, what: "a regular expression in double quotes")
            let matcher: JavaRegexMatcher
            do {
                matcher = try JavaRegexMatcher(method: name, pattern: pattern, limits: limits)
            } catch {
                // Offsets into the pattern hold when it had no `\"` escapes; else point at the string.
                let exact = !pattern.utf8.contains(0x22)
                let offset = exact ? contentAt + error.patternOffset : argAt
                throw self.error("invalid regular expression in \(name): \(error.message)", at: offset)
            }
            if name == "classNameMatches" {
                sel.set(name, .string(property: "class", .matcher(matcher)))
            } else {
                sel.set(name, UiSelectorVocabulary.firstPresent(UiSelectorVocabulary.textMethods[name]!.sources, .matcher(matcher)))
            }
        case .boolean:
            guard let word = identifier(), word == "true" || word == "false" else {
                throw error("\(name) takes true or false", at: argAt)
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
            throw error(current == 0x2C ? "\(name) takes one argument" : "expected `)` closing \(name)", at: pos)
        }
    }

    // MARK: Arguments

    /// A double-quoted string as Appium reads it: `\"` is a quote and every other backslash stays
    /// as written (a `"` after a `\` never closes the string). Returns the value and the offset of
    /// its first content byte.
    mutating func string(for method: String, what: String) throws(SelectorError) -> (String, Int) {
        skipSpace()
        let open = pos
        guard current == 0x22 else { throw error("\(method) takes \(what)", at: open) }
        pos += 1
        var out: [UInt8] = []
        while pos < bytes.count, bytes[pos] != 0x22 {
            if bytes[pos] == 0x5C, pos + 1 < bytes.count, bytes[pos + 1] == 0x22 {
                out.append(0x22); pos += 2
            } else {
                out.append(bytes[pos]); pos += 1
            }
        }
        guard pos < bytes.count else { throw error("unterminated string", at: open) }
        pos += 1
        return (String(decoding: out, as: UTF8.self), open + 1)
    }

    /// A Java `int` literal as `Integer.parseInt` reads it, refused when negative (no node has a
    /// negative index or instance).
    mutating func integer(for method: String) throws(SelectorError) -> Int {
        skipSpace()
        let at = pos
        var negative = false
        if current == 0x2B || current == 0x2D { negative = current == 0x2D; pos += 1 }
        let digitsAt = pos
        var n = 0
        while let b = current, b >= 0x30, b <= 0x39 {
            n = n * 10 + Int(b - 0x30)
            pos += 1
            if n > Int(Int32.max) { throw error("\(method) takes a whole number up to \(Int32.max)", at: at) }
        }
        if pos == digitsAt { throw error("\(method) takes a whole number", at: at) }
        if negative && n > 0 { throw error("\(method) takes a whole number from 0", at: at) }
        return n
    }

    /// `className`'s argument: a string, or a bare Java class name as Appium's `Class.forName`
    /// reads it (`className(android.widget.Button)`; `….class` is not a class name there).
    mutating func className() throws(SelectorError) -> String {
        skipSpace()
        let at = pos
        if current == 0x22 { return try string(for: "className", what: "a class name").0 }
        guard let first = identifier() else {
            throw error("className takes a class name: \"android.widget.Button\" or android.widget.Button", at: at)
        }
        var parts = [first]
        while true {
            let save = pos
            guard accept(0x2E), let next = identifier() else { pos = save; break }
            parts.append(next)
        }
        if parts.count > 1, parts.last == "class" {
            throw error("className takes the class name without `.class` (Appium looks it up with Class.forName)", at: at)
        }
        return parts.joined(separator: ".")
    }

    // MARK: UiScrollable

    /// `new UiScrollable(container).setAsVerticalList().scrollIntoView(target)`: Appium answers
    /// with the target selector alone, so the container is checked and then dropped.
    mutating func scrollable(at start: Int) throws(SelectorError) -> ParsedUiSelector {
        try expect(0x28, "`(` after UiScrollable")
        _ = try selectorArgument(for: "UiScrollable")
        try expect(0x29, "`)` closing new UiScrollable(...)")
        var target: ParsedUiSelector?
        while true {
            skipSpace()
            guard accept(0x2E) else { break }
            skipSpace()
            let nameAt = pos
            guard let name = identifier() else { throw error("expected a UiScrollable method such as scrollIntoView(...)", at: nameAt) }
            if target != nil {
                throw error("nothing may follow the UiScrollable scroll call; found `\(name)`", at: nameAt)
            }
            try expect(0x28, "`(` after \(name)")
            switch name {
            case "scrollIntoView":
                target = try selectorArgument(for: name)
            case "scrollTextIntoView", "scrollDescriptionIntoView":
                let value = try string(for: name, what: "a string in double quotes").0
                let isText = name == "scrollTextIntoView"
                var sel = ParsedUiSelector()
                sel.set(isText ? "text" : "description",
                        UiSelectorVocabulary.firstPresent(isText ? UiSelectorVocabulary.text : UiSelectorVocabulary.description, .equals(value)))
                target = sel
            case "setAsVerticalList", "setAsHorizontalList":
                break
            case "setMaxSearchSwipes":
                _ = try integer(for: name)
            default:
                throw error("unknown UiScrollable method `\(name)`; expected scrollIntoView, scrollTextIntoView, scrollDescriptionIntoView, setAsVerticalList, setAsHorizontalList or setMaxSearchSwipes", at: nameAt)
            }
            skipSpace()
            guard accept(0x29) else {
                throw error(current == 0x2C ? "\(name) takes \(name.hasPrefix("setAs") ? "no arguments" : "one argument")" : "expected `)` closing \(name)", at: pos)
            }
        }
        guard let target else {
            throw error("a UiScrollable statement ends with scrollIntoView(...), scrollTextIntoView(...) or scrollDescriptionIntoView(...)", at: pos)
        }
        return target
    }
}
