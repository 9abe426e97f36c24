import PredicateFormat
import SelectorCore

// XCUITest element queries as a Swift test writes them, `app.tables.cells.element(boundBy: 2)`:
// a receiver (`app`, `XCUIApplication()`), then members that make queries (type properties,
// `descendants`/`children(matching:)`, `matching`, `containing`, subscripts) or elements
// (`element`, `firstMatch`, `element(boundBy:)`, `element(matching:)`), optionally ending in one
// action or property (`.tap()`, `.exists`) as the recorder writes them. Swift's comments are
// blanks, so the recorder's `/*@START_MENU_TOKEN@*/` markers read as nothing. Each member is
// type-checked as Swift would: a subscript or `matching` needs a query, an action an element.

/// One member of the chain as parsed, with the bytes it was written in.
struct XCUIMember: Sendable {
    /// What the member does to the views so far.
    enum Kind: Sendable {
        /// `.buttons`, `descendants(matching: .button)`: descendants of that type.
        case descendants(String)
        /// `children(matching: .cell)`.
        case children(String)
        /// `matching(…)`, a subscript, `element(matching:…)`: keep the views passing it.
        case filter(Predicate)
        /// `containing(…)`: keep the views with a descendant passing it.
        case containing(Predicate)
        /// `element(boundBy: n)` (`firstMatch` is 0).
        case pick(Int)
        /// `.element`, or `firstMatch` on an element: the views as they are.
        case same
    }
    var kind: Kind
    /// From the member's `.` (or the subscript's `[`) to its end.
    var range: Range<Int>
    /// For a subscript, the key's literal as written.
    var subscriptKey: Range<Int>?
}

/// A parsed query: its members, and where the query ends (before a trailing action or `;`).
struct XCUIQuery: Sendable {
    var members: [XCUIMember]
    var end: Int
}

/// A recursive-descent reader over UTF-8 bytes; every offset is a byte offset in `text`.
struct XCUITestParser {
    let text: String
    let bytes: [UInt8]
    var i = 0

    /// Most members in one query (each nests the query before it) and most nested block comments.
    static let maxDepth = 64

    init(_ text: String) { self.text = text; bytes = Array(text.utf8) }

    static func parse(_ selector: String) throws(SelectorError) -> XCUIQuery {
        var p = XCUITestParser(selector)
        return try p.query()
    }

    func error(_ message: String, at offset: Int? = nil) -> SelectorError {
        .syntax(message, at: offset ?? i, in: text)
    }

    // MARK: Lexical

    /// Skips blanks and Swift comments (`//…` to the line's end, `/* … */`, which nest).
    mutating func skipTrivia() throws(SelectorError) {
        while i < bytes.count {
            let c = bytes[i]
            if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { i += 1; continue }
            guard c == 0x2F, i + 1 < bytes.count else { return }
            if bytes[i + 1] == 0x2F {
                while i < bytes.count, bytes[i] != 0x0A { i += 1 }
                continue
            }
            guard bytes[i + 1] == 0x2A else { return }
            let open = i
            var depth = 0
            repeat {
                if i + 1 < bytes.count, bytes[i] == 0x2F, bytes[i + 1] == 0x2A {
                    depth += 1
                    guard depth <= Self.maxDepth else { throw error("comments nested deeper than \(Self.maxDepth)") }
                    i += 2
                } else if i + 1 < bytes.count, bytes[i] == 0x2A, bytes[i + 1] == 0x2F {
                    depth -= 1
                    i += 2
                } else {
                    i += 1
                }
            } while depth > 0 && i < bytes.count
            guard depth == 0 else { throw error("unterminated comment", at: open) }
        }
    }

    func peek(_ c: UInt8) -> Bool { i < bytes.count && bytes[i] == c }

    mutating func eat(_ c: UInt8) throws(SelectorError) -> Bool {
        try skipTrivia()
        guard peek(c) else { return false }
        i += 1
        return true
    }

    mutating func expect(_ c: UInt8, _ what: String) throws(SelectorError) {
        guard try eat(c) else { throw error("expected \(what)") }
    }

    static func isIdentifierByte(_ b: UInt8, first: Bool) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || (!first && b >= 0x30 && b <= 0x39)
    }

    /// A Swift identifier (ASCII), or one in backticks (`` `switch` ``).
    mutating func identifier() throws(SelectorError) -> String? {
        try skipTrivia()
        let ticked = peek(0x60)
        let save = i
        if ticked { i += 1 }
        let start = i
        while i < bytes.count, Self.isIdentifierByte(bytes[i], first: i == start) { i += 1 }
        guard i > start else { i = save; return nil }
        let name = String(decoding: bytes[start..<i], as: UTF8.self)
        if ticked {
            guard peek(0x60) else { throw error("expected ` closing the identifier") }
            i += 1
        }
        return name
    }

    /// `label:` of an argument.
    mutating func argumentLabel(_ label: String, of call: String) throws(SelectorError) {
        try skipTrivia()
        let at = i
        guard try identifier() == label, try eat(0x3A) else { throw error("\(call) takes `\(label):` here", at: at) }
    }

    /// A whole number from 0 (`_` separators allowed, as Swift's).
    mutating func index(of call: String) throws(SelectorError) -> Int {
        try skipTrivia()
        let start = i
        if peek(0x2D) { throw error("\(call) takes an index from 0", at: start) }
        var digits = ""
        while i < bytes.count, (bytes[i] >= 0x30 && bytes[i] <= 0x39) || (bytes[i] == 0x5F && !digits.isEmpty) {
            if bytes[i] != 0x5F { digits.append(Character(Unicode.Scalar(bytes[i]))) }
            i += 1
        }
        guard !digits.isEmpty, digits.count <= 9, let n = Int(digits) else {
            throw error("\(call) takes an index: a whole number from 0", at: start)
        }
        return n
    }

    /// A Swift string literal, `"…"` or raw `#"…"#`: its value, and for each byte of the value the
    /// offset in `text` it came from (an escape's bytes all come from its backslash).
    struct Literal {
        var value: [UInt8]
        var origins: [Int]
        /// The bytes between the quotes as written.
        var content: Range<Int>
        /// The whole literal, quotes included.
        var whole: Range<Int>
        var string: String { String(decoding: value, as: UTF8.self) }
        /// Whether the value is the content as written (no escapes).
        var isVerbatim: Bool { value.count == content.count }
    }

    mutating func stringLiteral(_ what: String = "a string in double quotes") throws(SelectorError) -> Literal {
        try skipTrivia()
        let start = i
        var hashes = 0
        while peek(0x23) { hashes += 1; i += 1 }
        guard peek(0x22) else { i = start; throw error("expected \(what)") }
        if i + 2 < bytes.count, bytes[i + 1] == 0x22, bytes[i + 2] == 0x22 {
            throw error("a multi-line string literal is not read here: write the string on one line")
        }
        i += 1
        let contentStart = i
        var value: [UInt8] = []
        var origins: [Int] = []
        func closes(at k: Int) -> Bool {
            guard bytes[k] == 0x22 else { return false }
            for h in 0..<hashes where k + 1 + h >= bytes.count || bytes[k + 1 + h] != 0x23 { return false }
            return true
        }
        while true {
            guard i < bytes.count, bytes[i] != 0x0A else { throw error("unterminated string", at: start) }
            if closes(at: i) { break }
            // An escape: `\` then as many `#` as the literal's delimiter has.
            if bytes[i] == 0x5C, (0..<hashes).allSatisfy({ i + 1 + $0 < bytes.count && bytes[i + 1 + $0] == 0x23 }) {
                let at = i
                i += 1 + hashes
                guard i < bytes.count else { throw error("unterminated string", at: start) }
                var out: [UInt8]
                switch bytes[i] {
                case 0x30: out = [0]
                case 0x5C: out = [0x5C]
                case 0x74: out = [0x09]
                case 0x6E: out = [0x0A]
                case 0x72: out = [0x0D]
                case 0x22: out = [0x22]
                case 0x27: out = [0x27]
                case 0x28: throw error("string interpolation is not a fixed string", at: at)
                case 0x75:
                    guard i + 1 < bytes.count, bytes[i + 1] == 0x7B else { throw error("\\u takes {hex digits}", at: at) }
                    var k = i + 2
                    while k < bytes.count, bytes[k] != 0x7D, k - i < 12 { k += 1 }
                    guard k < bytes.count, bytes[k] == 0x7D, k > i + 2, k - i - 2 <= 8,
                          let v = UInt32(String(decoding: bytes[(i + 2)..<k], as: UTF8.self), radix: 16),
                          let scalar = Unicode.Scalar(v) else { throw error("\\u{…} takes 1 to 8 hex digits of a character", at: at) }
                    out = Array(String(Character(scalar)).utf8)
                    i = k
                default: throw error("invalid escape in a string literal", at: at)
                }
                i += 1
                value += out
                origins += Array(repeating: at, count: out.count)
                continue
            }
            value.append(bytes[i]); origins.append(i)
            i += 1
        }
        let content = contentStart..<i
        i += 1 + hashes
        return Literal(value: value, origins: origins, content: content, whole: start..<i)
    }

    // MARK: Grammar

    mutating func query() throws(SelectorError) -> XCUIQuery {
        try skipTrivia()
        guard i < bytes.count else { throw error("empty query: write one such as app.buttons[\"Log In\"]") }
        // `let name = …` / `var name = …`, as a test keeps a query.
        let save = i
        if let w = try identifier(), w == "let" || w == "var" {
            guard try identifier() != nil else { throw error("expected a name after `\(w)`") }
            try expect(0x3D, "`=` after the name")
        } else {
            i = save
        }
        try receiver()
        var members: [XCUIMember] = []
        var isElement = true
        var end = i
        while true {
            try skipTrivia()
            end = i
            guard i < bytes.count else { break }
            if bytes[i] == 0x3B {
                i += 1
                try skipTrivia()
                guard i == bytes.count else { throw error("unexpected text after `;`") }
                break
            }
            guard members.count < Self.maxDepth else { throw error("a query chained deeper than \(Self.maxDepth) members") }
            let start = i
            if bytes[i] == 0x5B {
                guard !isElement else {
                    throw error("a subscript needs a query: an XCUIElement has none (write .otherElements[…] or descendants(matching: .any)[…])")
                }
                i += 1
                let key = try stringLiteral("an identifier in double quotes")
                try expect(0x5D, "`]` closing the subscript")
                members.append(XCUIMember(kind: .filter(XCUITestVocabulary.identifying(key.string)), range: start..<i,
                                          subscriptKey: key.whole))
                isElement = true
                continue
            }
            guard bytes[i] == 0x2E else { throw error("expected `.`, `[` or the end of the query") }
            i += 1
            try skipTrivia()
            let nameAt = i
            guard let name = try identifier() else { throw error("expected a member name after `.`") }
            if Self.actions.contains(name) || Self.elementProperties.contains(name) || name == "count" {
                try trailing(name, at: nameAt, isElement: isElement)
                end = start
                break
            }
            let (kind, element) = try member(name, at: nameAt, isElement: isElement)
            members.append(XCUIMember(kind: kind, range: start..<i))
            isElement = element
        }
        return XCUIQuery(members: members, end: end)
    }

    /// `app`, `XCUIApplication()` or `XCUIApplication(bundleIdentifier: "…")`.
    mutating func receiver() throws(SelectorError) {
        let at = i
        let name = try identifier()
        if name == "app" || name == "application" { return }
        guard name == "XCUIApplication" else {
            throw error("expected the application: app or XCUIApplication()", at: at)
        }
        try expect(0x28, "`(` after XCUIApplication")
        if try eat(0x29) { return }
        try argumentLabel("bundleIdentifier", of: "XCUIApplication(")
        _ = try stringLiteral("a bundle identifier in double quotes")
        try expect(0x29, "`)` closing XCUIApplication(")
    }

    /// Members that act on an element and end the query (`XCUIElement`'s interactions).
    static let actions: Set<String> = [
        "tap", "doubleTap", "twoFingerTap", "press", "typeText", "swipeUp", "swipeDown", "swipeLeft", "swipeRight",
        "pinch", "rotate", "adjust", "forceTap", "click", "doubleClick", "rightClick", "hover", "scroll",
        "waitForExistence", "waitForNonExistence", "screenshot", "coordinate", "clearText",
    ]
    /// `XCUIElement`'s properties a test reads after a query.
    static let elementProperties: Set<String> = [
        "exists", "isHittable", "label", "value", "identifier", "title", "placeholderValue", "isEnabled",
        "isSelected", "hasFocus", "frame", "elementType", "debugDescription",
    ]

    /// A final action or property: checked for its receiver, its arguments skipped; nothing may follow.
    mutating func trailing(_ name: String, at nameAt: Int, isElement: Bool) throws(SelectorError) {
        if name == "count" {
            guard !isElement else { throw error("count is a query's: an XCUIElement has none", at: nameAt) }
        } else if !isElement {
            throw error("\(name) needs an element: end the query with .element, .firstMatch, [\"…\"] or .element(boundBy:)", at: nameAt)
        }
        try skipTrivia()
        if peek(0x28) { try skipArguments() }
        // Swift lets a property read continue (`.frame.origin`, `.label.isEmpty`); nothing here
        // names another view, so it is read past. An action returns nothing to continue from.
        while !Self.actions.contains(name), try eat(0x2E) {
            guard try identifier() != nil else { throw error("expected a member name after `.`") }
            if peek(0x28) { try skipArguments() }
        }
        _ = try eat(0x3B)
        try skipTrivia()
        guard i == bytes.count else { throw error("an action or a property ends the query: nothing may follow \(name)") }
    }

    /// `( … )` with nested parentheses and string literals.
    mutating func skipArguments() throws(SelectorError) {
        let open = i
        var depth = 0
        while i < bytes.count {
            try skipTrivia()
            guard i < bytes.count else { break }
            switch bytes[i] {
            case 0x28: depth += 1; i += 1
            case 0x29:
                depth -= 1; i += 1
                if depth == 0 { return }
            case 0x22, 0x23: _ = try stringLiteral()
            default: i += 1
            }
            guard depth <= Self.maxDepth else { throw error("arguments nested deeper than \(Self.maxDepth)") }
        }
        throw error("expected `)` closing the arguments", at: open)
    }

    /// One member after `.`: what it does and whether it leaves an element (else a query).
    mutating func member(_ name: String, at nameAt: Int, isElement: Bool) throws(SelectorError) -> (XCUIMember.Kind, Bool) {
        func needsQuery() throws(SelectorError) {
            guard !isElement else {
                throw error("\(name) is a query's: an XCUIElement has none (it already names one element)", at: nameAt)
            }
        }
        if let t = XCUITestVocabulary.typeOfProperty[name] { return (.descendants(t), false) }
        switch name {
        case "descendants", "children":
            try expect(0x28, "`(` after \(name)")
            try argumentLabel("matching", of: "\(name)(")
            let t = try elementType()
            try expect(0x29, "`)` closing \(name)(")
            return (name == "children" ? .children(t) : .descendants(t), false)
        case "firstMatch":
            return (isElement ? .same : .pick(0), true)
        case "element":
            try needsQuery()
            guard try eat(0x28) else { return (.same, true) }
            try skipTrivia()
            let at = i
            let label = try identifier()
            guard try eat(0x3A), label == "boundBy" || label == "matching" else {
                throw error("element( takes boundBy: or matching:", at: at)
            }
            let kind: XCUIMember.Kind
            if label == "boundBy" {
                kind = .pick(try index(of: "element(boundBy:)"))
            } else {
                kind = .filter(try condition(of: "element(matching:"))
            }
            try expect(0x29, "`)` closing element(")
            return (kind, true)
        case "matching", "containing":
            try needsQuery()
            try expect(0x28, "`(` after \(name)")
            let p = try condition(of: "\(name)(", identifierAlone: name == "matching")
            try expect(0x29, "`)` closing \(name)(")
            return (name == "matching" ? .filter(p) : .containing(p), false)
        case "allElementsBoundByIndex", "allElementsBoundByAccessibilityElement":
            try needsQuery()
            throw error("\(name) is an array: write .element(boundBy: n) for one view", at: nameAt)
        case "any", "anyElement":
            throw error("\(name) is no XCUITest query: write descendants(matching: .any)", at: nameAt)
        default:
            throw error("unknown member .\(name)\(Self.hint(for: name))", at: nameAt)
        }
    }

    /// ` (did you mean .buttons?)` for a near miss of a query member.
    static func hint(for name: String) -> String {
        let known = Array(XCUITestVocabulary.typeOfProperty.keys) + ["descendants", "children", "matching", "containing",
                                                                   "element", "firstMatch"]
        let lower = name.lowercased()
        let best = known.min { EditDistance.distance(lower, $0.lowercased()) < EditDistance.distance(lower, $1.lowercased()) }
        guard let best, EditDistance.distance(lower, best.lowercased()) <= 2 else { return "" }
        return " (did you mean .\(best)?)"
    }

    /// The argument of `matching(…)`, `containing(…)` or `element(matching:…)`: an element type with
    /// an identifier (or nil), `identifier:` alone (only `matching`), or an `NSPredicate(format:)`.
    mutating func condition(of call: String, identifierAlone: Bool = false) throws(SelectorError) -> Predicate {
        try skipTrivia()
        let at = i
        let save = i
        if let word = try identifier() {
            if word == "identifier", identifierAlone {
                guard try eat(0x3A) else { throw error("expected `:` after identifier") }
                return XCUITestVocabulary.identifying(try stringLiteral("an identifier in double quotes").string)
            }
            if word == "NSPredicate" { return try predicate() }
            i = save
            guard word == "XCUIElement" || word == "XCUIElementType" else {
                throw error("\(call) takes an element type (.button) and an identifier, or an NSPredicate(format:)", at: at)
            }
        }
        guard peek(0x2E) || peek(0x58) else {
            throw error("\(call) takes an element type (.button) and an identifier, or an NSPredicate(format:)", at: at)
        }
        let t = try elementType()
        try expect(0x2C, "`, identifier:` after the element type")
        try argumentLabel("identifier", of: call)
        try skipTrivia()
        let typeTest = XCUITestVocabulary.predicate(forType: t)
        let nilAt = i
        if try identifier() == "nil" { return typeTest }
        i = nilAt
        let key = try stringLiteral("an identifier in double quotes, or nil")
        return .all([typeTest, XCUITestVocabulary.identifying(key.string)])
    }

    /// `.button`, `XCUIElement.ElementType.button` or `XCUIElementType.button`.
    mutating func elementType() throws(SelectorError) -> String {
        try skipTrivia()
        let start = i
        if let w = try identifier() {
            if w == "XCUIElement" {
                guard try eat(0x2E), try identifier() == "ElementType" else { throw error("expected XCUIElement.ElementType", at: start) }
            } else if w != "XCUIElementType" {
                throw error("expected an element type such as .button", at: start)
            }
        }
        guard try eat(0x2E) else { throw error("expected an element type such as .button") }
        try skipTrivia()
        let at = i
        guard let name = try identifier() else { throw error("expected an element type name after `.`") }
        guard XCUITestVocabulary.typeSet.contains(name) else {
            let best = XCUITestVocabulary.elementTypes.min { EditDistance.distance(name, $0) < EditDistance.distance(name, $1) }
            let hint = best.flatMap { EditDistance.distance(name, $0) <= 2 ? " (did you mean .\($0)?)" : nil } ?? ""
            throw error("unknown element type .\(name)\(hint)", at: at)
        }
        return name
    }

    /// `NSPredicate(format: "…", arguments…)` (the word `NSPredicate` read): the format string with
    /// its `%@`, `%K`, `%d` placeholders filled from the literal arguments, compiled by the shared
    /// NSPredicate parser (`PredicateFormat`) with errors pointing into the selector.
    mutating func predicate() throws(SelectorError) -> Predicate {
        try expect(0x28, "`(` after NSPredicate")
        try skipTrivia()
        let at = i
        guard try identifier() == "format", try eat(0x3A) else {
            throw error("NSPredicate takes format: here (a block predicate runs code no recording has)", at: at)
        }
        let format = try stringLiteral("a format string in double quotes")
        var arguments: [(text: String, at: Int, isString: Bool)] = []
        while try eat(0x2C) {
            try skipTrivia()
            let argAt = i
            if peek(0x22) || peek(0x23) {
                arguments.append((try stringLiteral().string, argAt, true))
                continue
            }
            let start = i
            if peek(0x2D) { i += 1 }
            while i < bytes.count, (bytes[i] >= 0x30 && bytes[i] <= 0x39) || bytes[i] == 0x2E || bytes[i] == 0x5F { i += 1 }
            let number = String(decoding: bytes[start..<i], as: UTF8.self).replacing("_", with: "")
            if Double(number) != nil {
                arguments.append((number, argAt, false))
            } else if let word = try identifier(), word == "true" || word == "false" {
                arguments.append((word == "true" ? "YES" : "NO", argAt, false))
            } else {
                throw error("a format argument must be a literal: a string, a number, true or false", at: argAt)
            }
        }
        try expect(0x29, "`)` closing NSPredicate(")
        return try compileFormat(format, arguments)
    }

    func compileFormat(_ format: Literal, _ arguments: [(text: String, at: Int, isString: Bool)]) throws(SelectorError) -> Predicate {
        var value: [UInt8] = []
        var origins: [Int] = []
        var next = 0
        var quote: UInt8?
        var k = 0
        let v = format.value
        while k < v.count {
            let c = v[k]
            if let q = quote {
                if c == 0x5C, k + 1 < v.count {
                    value += [c, v[k + 1]]; origins += [format.origins[k], format.origins[k + 1]]
                    k += 2
                    continue
                }
                if c == q { quote = nil }
            } else if c == 0x27 || c == 0x22 {
                quote = c
            } else if c == 0x25, k + 1 < v.count {
                // `%%` is a percent sign; `%@ %K %d %i %u %f %g %ld %lld %lu` take the next argument.
                var e = k + 1
                while e < v.count, v[e] == 0x6C { e += 1 }
                guard e < v.count else { break }
                let spec = v[e]
                if spec == 0x25 {
                    value.append(0x25); origins.append(format.origins[k])
                    k = e + 1
                    continue
                }
                guard [0x40, 0x4B, 0x64, 0x69, 0x75, 0x66, 0x67].contains(spec) else {
                    throw error("unknown format placeholder", at: format.origins[k])
                }
                guard next < arguments.count else {
                    throw error("the format has more placeholders than arguments", at: format.origins[k])
                }
                let argument = arguments[next]
                next += 1
                let text: String
                switch spec {
                case 0x4B:
                    guard argument.isString else { throw error("%K takes a key path string", at: argument.at) }
                    text = argument.text
                case 0x40: text = argument.isString ? FormatPrinter.literal(argument.text) : argument.text
                default:
                    guard !argument.isString else { throw error("%\(Character(Unicode.Scalar(spec))) takes a number", at: argument.at) }
                    text = argument.text
                }
                value += Array(text.utf8)
                origins += Array(repeating: format.origins[k], count: text.utf8.count)
                k = e + 1
                continue
            }
            value.append(c); origins.append(format.origins[k])
            k += 1
        }
        if next < arguments.count { throw error("more format arguments than placeholders", at: arguments[next].at) }
        if format.isVerbatim, value == format.value {
            return try PredicateFormat().compile(text, bytes: bytes, range: format.content)
        }
        // Escapes or arguments: compile the text as NSPredicate reads it, then point errors back.
        do {
            return try PredicateFormat().compile(String(decoding: value, as: UTF8.self))
        } catch var e {
            let offset = e.offset ?? 0
            e.offset = offset >= 0 && offset < origins.count ? origins[offset] : format.content.upperBound
            e.selector = text
            throw e
        }
    }
}
