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
struct XCUITestParser: CallSyntaxScanner {
    let text: String
    let bytes: [UInt8]
    var i = 0

    /// Most members in one query (each nests the query before it) and most nested block comments.
    static let maxDepth = 64
    /// Swift's identifiers have no `$` (`$0` is a closure's, which a query never holds).
    static let dollarInIdentifiers = false

    init(_ text: String) { self.text = text; bytes = Array(text.utf8) }

    static func parse(_ selector: String) throws(XCUITestParseError) -> XCUIQuery {
        var p = XCUITestParser(selector)
        return try p.query()
    }

    /// The problem at `offset`, or at the cursor.
    func error(_ kind: XCUITestParseError.Kind, at offset: Int? = nil) -> XCUITestParseError {
        XCUITestParseError(kind, at: offset ?? i)
    }

    // MARK: Lexical

    /// Skips blanks and Swift comments (`//…` to the line's end, `/* … */`, which nest, so an
    /// unclosed or too deep one is an error).
    mutating func skipSpace() throws(XCUITestParseError) {
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
                    guard depth <= Self.maxDepth else { throw error(.commentsTooDeep(limit: Self.maxDepth)) }
                    i += 2
                } else if i + 1 < bytes.count, bytes[i] == 0x2A, bytes[i + 1] == 0x2F {
                    depth -= 1
                    i += 2
                } else {
                    i += 1
                }
            } while depth > 0 && i < bytes.count
            guard depth == 0 else { throw error(.unterminatedComment, at: open) }
        }
    }

    mutating func expect(_ c: UInt8, _ what: XCUITestParseErrorKind.Expected) throws(XCUITestParseError) {
        guard try eat(c) else { throw error(.expected(what)) }
    }

    /// A Swift identifier (ASCII), or one in backticks (`` `switch` ``).
    mutating func identifier() throws(XCUITestParseError) -> String? {
        try skipSpace()
        let ticked = peek(0x60)
        let save = i
        if ticked { i += 1 }
        guard let name = identifierHere() else { i = save; return nil }
        if ticked {
            guard peek(0x60) else { throw error(.expected(.closingBacktick)) }
            i += 1
        }
        return name
    }

    /// `label:` of an argument.
    mutating func argumentLabel(_ label: String, of call: String) throws(XCUITestParseError) {
        try skipSpace()
        let at = i
        guard try identifier() == label, try eat(0x3A) else { throw error(.argumentLabel(call: call, label: label), at: at) }
    }

    /// A whole number from 0 (`_` separators allowed, as Swift's).
    mutating func index(of call: String) throws(XCUITestParseError) -> Int {
        try skipSpace()
        let start = i
        if peek(0x2D) { throw error(.negativeIndex(call: call), at: start) }
        var digits = ""
        while i < bytes.count, (bytes[i] >= 0x30 && bytes[i] <= 0x39) || (bytes[i] == 0x5F && !digits.isEmpty) {
            if bytes[i] != 0x5F { digits.append(Character(Unicode.Scalar(bytes[i]))) }
            i += 1
        }
        guard !digits.isEmpty, digits.count <= 9, let n = Int(digits) else {
            throw error(.badIndex(call: call), at: start)
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

    mutating func stringLiteral(_ what: XCUITestParseErrorKind.StringRole = .string) throws(XCUITestParseError) -> Literal {
        try skipSpace()
        let start = i
        var hashes = 0
        while peek(0x23) { hashes += 1; i += 1 }
        guard peek(0x22) else { i = start; throw error(.expected(.string(what))) }
        if i + 2 < bytes.count, bytes[i + 1] == 0x22, bytes[i + 2] == 0x22 {
            throw error(.multilineString)
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
            guard i < bytes.count, bytes[i] != 0x0A else { throw error(.unterminatedString, at: start) }
            if closes(at: i) { break }
            // An escape: `\` then as many `#` as the literal's delimiter has.
            if bytes[i] == 0x5C, (0..<hashes).allSatisfy({ i + 1 + $0 < bytes.count && bytes[i + 1 + $0] == 0x23 }) {
                let at = i
                i += 1 + hashes
                guard i < bytes.count else { throw error(.unterminatedString, at: start) }
                var out: [UInt8]
                switch bytes[i] {
                case 0x30: out = [0]
                case 0x5C: out = [0x5C]
                case 0x74: out = [0x09]
                case 0x6E: out = [0x0A]
                case 0x72: out = [0x0D]
                case 0x22: out = [0x22]
                case 0x27: out = [0x27]
                case 0x28: throw error(.interpolation, at: at)
                case 0x75:
                    guard i + 1 < bytes.count, bytes[i + 1] == 0x7B else { throw error(.badUnicodeBrace, at: at) }
                    var k = i + 2
                    while k < bytes.count, bytes[k] != 0x7D, k - i < 12 { k += 1 }
                    guard k < bytes.count, bytes[k] == 0x7D, k > i + 2, k - i - 2 <= 8,
                          let v = UInt32(String(decoding: bytes[(i + 2)..<k], as: UTF8.self), radix: 16),
                          let scalar = Unicode.Scalar(v) else { throw error(.badUnicodeDigits, at: at) }
                    out = Array(String(Character(scalar)).utf8)
                    i = k
                default: throw error(.invalidEscape, at: at)
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

    mutating func query() throws(XCUITestParseError) -> XCUIQuery {
        try skipSpace()
        guard i < bytes.count else { throw error(.emptyQuery) }
        // `let name = …` / `var name = …`, as a test keeps a query.
        let save = i
        if let w = try identifier(), w == "let" || w == "var" {
            guard try identifier() != nil else { throw error(.expected(.nameAfter(keyword: w))) }
            try expect(0x3D, .equalsAfterName)
        } else {
            i = save
        }
        try receiver()
        var members: [XCUIMember] = []
        var isElement = true
        var end = i
        while true {
            try skipSpace()
            end = i
            guard i < bytes.count else { break }
            if bytes[i] == 0x3B {
                i += 1
                try skipSpace()
                guard i == bytes.count else { throw error(.textAfterSemicolon) }
                break
            }
            guard members.count < Self.maxDepth else { throw error(.chainTooDeep(limit: Self.maxDepth)) }
            let start = i
            if bytes[i] == 0x5B {
                guard !isElement else {
                    throw error(.subscriptOnElement)
                }
                i += 1
                let key = try stringLiteral(.identifier)
                try expect(0x5D, .closingSubscript)
                members.append(XCUIMember(kind: .filter(XCUITestVocabulary.identifying(key.string)), range: start..<i,
                                          subscriptKey: key.whole))
                isElement = true
                continue
            }
            guard bytes[i] == 0x2E else { throw error(.expected(.dotSubscriptOrEnd)) }
            i += 1
            try skipSpace()
            let nameAt = i
            guard let name = try identifier() else { throw error(.expected(.memberName)) }
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
    mutating func receiver() throws(XCUITestParseError) {
        let at = i
        let name = try identifier()
        if name == "app" || name == "application" { return }
        guard name == "XCUIApplication" else {
            throw error(.expected(.application), at: at)
        }
        try expect(0x28, .openParenthesis(after: "XCUIApplication"))
        if try eat(0x29) { return }
        try argumentLabel("bundleIdentifier", of: "XCUIApplication(")
        _ = try stringLiteral(.bundleIdentifier)
        try expect(0x29, .closingParenthesis(of: "XCUIApplication("))
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
    mutating func trailing(_ name: String, at nameAt: Int, isElement: Bool) throws(XCUITestParseError) {
        if name == "count" {
            guard !isElement else { throw error(.countOnElement, at: nameAt) }
        } else if !isElement {
            throw error(.needsElement(member: name), at: nameAt)
        }
        try skipSpace()
        if peek(0x28) { try skipArguments() }
        // Swift lets a property read continue (`.frame.origin`, `.label.isEmpty`); nothing here
        // names another view, so it is read past. An action returns nothing to continue from.
        while !Self.actions.contains(name), try eat(0x2E) {
            guard try identifier() != nil else { throw error(.expected(.memberName)) }
            if peek(0x28) { try skipArguments() }
        }
        _ = try eat(0x3B)
        try skipSpace()
        guard i == bytes.count else { throw error(.nothingMayFollow(member: name)) }
    }

    /// `( … )` with nested parentheses and string literals.
    mutating func skipArguments() throws(XCUITestParseError) {
        let open = i
        var depth = 0
        while i < bytes.count {
            try skipSpace()
            guard i < bytes.count else { break }
            switch bytes[i] {
            case 0x28: depth += 1; i += 1
            case 0x29:
                depth -= 1; i += 1
                if depth == 0 { return }
            case 0x22, 0x23: _ = try stringLiteral()
            default: i += 1
            }
            guard depth <= Self.maxDepth else { throw error(.argumentsTooDeep(limit: Self.maxDepth)) }
        }
        throw error(.expected(.closingParenthesis(of: "the arguments")), at: open)
    }

    /// One member after `.`: what it does and whether it leaves an element (else a query).
    mutating func member(_ name: String, at nameAt: Int, isElement: Bool) throws(XCUITestParseError) -> (XCUIMember.Kind, Bool) {
        func needsQuery() throws(XCUITestParseError) {
            guard !isElement else {
                throw error(.queryMemberOnElement(name), at: nameAt)
            }
        }
        if let t = XCUITestVocabulary.typeOfProperty[name] { return (.descendants(t), false) }
        switch name {
        case "descendants", "children":
            try expect(0x28, .openParenthesis(after: name))
            try argumentLabel("matching", of: "\(name)(")
            let t = try elementType()
            try expect(0x29, .closingParenthesis(of: "\(name)("))
            return (name == "children" ? .children(t) : .descendants(t), false)
        case "firstMatch":
            return (isElement ? .same : .pick(0), true)
        case "element":
            try needsQuery()
            guard try eat(0x28) else { return (.same, true) }
            try skipSpace()
            let at = i
            let label = try identifier()
            guard try eat(0x3A), label == "boundBy" || label == "matching" else {
                throw error(.elementArguments, at: at)
            }
            let kind: XCUIMember.Kind
            if label == "boundBy" {
                kind = .pick(try index(of: "element(boundBy:)"))
            } else {
                kind = .filter(try condition(of: "element(matching:"))
            }
            try expect(0x29, .closingParenthesis(of: "element("))
            return (kind, true)
        case "matching", "containing":
            try needsQuery()
            try expect(0x28, .openParenthesis(after: name))
            let p = try condition(of: "\(name)(", identifierAlone: name == "matching")
            try expect(0x29, .closingParenthesis(of: "\(name)("))
            return (name == "matching" ? .filter(p) : .containing(p), false)
        case "allElementsBoundByIndex", "allElementsBoundByAccessibilityElement":
            try needsQuery()
            throw error(.arrayMember(name), at: nameAt)
        case "any", "anyElement":
            throw error(.notAQuery(name), at: nameAt)
        default:
            throw error(.unknownMember(name, suggestion: Self.nearestMember(to: name)), at: nameAt)
        }
    }

    /// The query member `name` is a near miss of (`buttns` → `buttons`), if any.
    static func nearestMember(to name: String) -> String? {
        let known = Array(XCUITestVocabulary.typeOfProperty.keys) + ["descendants", "children", "matching", "containing",
                                                                   "element", "firstMatch"]
        let lower = name.lowercased()
        let best = known.min { EditDistance.distance(lower, $0.lowercased()) < EditDistance.distance(lower, $1.lowercased()) }
        guard let best, EditDistance.distance(lower, best.lowercased()) <= 2 else { return nil }
        return best
    }

    /// The argument of `matching(…)`, `containing(…)` or `element(matching:…)`: an element type with
    /// an identifier (or nil), `identifier:` alone (only `matching`), or an `NSPredicate(format:)`.
    mutating func condition(of call: String, identifierAlone: Bool = false) throws(XCUITestParseError) -> Predicate {
        try skipSpace()
        let at = i
        let save = i
        if let word = try identifier() {
            if word == "identifier", identifierAlone {
                guard try eat(0x3A) else { throw error(.expected(.colonAfterIdentifier)) }
                return XCUITestVocabulary.identifying(try stringLiteral(.identifier).string)
            }
            if word == "NSPredicate" { return try predicate() }
            i = save
            guard word == "XCUIElement" || word == "XCUIElementType" else {
                throw error(.conditionArgument(call: call), at: at)
            }
        }
        guard peek(0x2E) || peek(0x58) else {
            throw error(.conditionArgument(call: call), at: at)
        }
        let t = try elementType()
        try expect(0x2C, .identifierAfterType)
        try argumentLabel("identifier", of: call)
        try skipSpace()
        let typeTest = XCUITestVocabulary.predicate(forType: t)
        let nilAt = i
        if try identifier() == "nil" { return typeTest }
        i = nilAt
        let key = try stringLiteral(.identifierOrNil)
        return .all([typeTest, XCUITestVocabulary.identifying(key.string)])
    }

    /// `.button`, `XCUIElement.ElementType.button` or `XCUIElementType.button`.
    mutating func elementType() throws(XCUITestParseError) -> String {
        try skipSpace()
        let start = i
        if let w = try identifier() {
            if w == "XCUIElement" {
                guard try eat(0x2E), try identifier() == "ElementType" else { throw error(.expected(.xcuiElementType), at: start) }
            } else if w != "XCUIElementType" {
                throw error(.expected(.elementType), at: start)
            }
        }
        guard try eat(0x2E) else { throw error(.expected(.elementType)) }
        try skipSpace()
        let at = i
        guard let name = try identifier() else { throw error(.expected(.elementTypeName)) }
        guard XCUITestVocabulary.typeSet.contains(name) else {
            let best = XCUITestVocabulary.elementTypes.min { EditDistance.distance(name, $0) < EditDistance.distance(name, $1) }
            let suggestion = best.flatMap { EditDistance.distance(name, $0) <= 2 ? $0 : nil }
            throw error(.unknownElementType(name, suggestion: suggestion), at: at)
        }
        return name
    }

    /// `NSPredicate(format: "…", arguments…)` (the word `NSPredicate` read): the format string with
    /// its `%@`, `%K`, `%d` placeholders filled from the literal arguments, compiled by the shared
    /// NSPredicate parser (`PredicateFormat`) with errors pointing into the selector.
    mutating func predicate() throws(XCUITestParseError) -> Predicate {
        try expect(0x28, .openParenthesis(after: "NSPredicate"))
        try skipSpace()
        let at = i
        guard try identifier() == "format", try eat(0x3A) else {
            throw error(.blockPredicate, at: at)
        }
        let format = try stringLiteral(.formatString)
        var arguments: [(text: String, at: Int, isString: Bool)] = []
        while try eat(0x2C) {
            try skipSpace()
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
                throw error(.formatArgumentNotLiteral, at: argAt)
            }
        }
        try expect(0x29, .closingParenthesis(of: "NSPredicate("))
        return try compileFormat(format, arguments)
    }

    func compileFormat(_ format: Literal, _ arguments: [(text: String, at: Int, isString: Bool)]) throws(XCUITestParseError) -> Predicate {
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
                    throw error(.unknownPlaceholder, at: format.origins[k])
                }
                guard next < arguments.count else {
                    throw error(.morePlaceholdersThanArguments, at: format.origins[k])
                }
                let argument = arguments[next]
                next += 1
                let text: String
                switch spec {
                case 0x4B:
                    guard argument.isString else { throw error(.keyPathPlaceholder, at: argument.at) }
                    text = argument.text
                case 0x40: text = argument.isString ? FormatPrinter.literal(argument.text) : argument.text
                default:
                    guard !argument.isString else { throw error(.numberPlaceholder(Character(Unicode.Scalar(spec))), at: argument.at) }
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
        if next < arguments.count { throw error(.moreArgumentsThanPlaceholders, at: arguments[next].at) }
        if format.isVerbatim, value == format.value {
            do throws(PredicateFormatParseError) {
                return try PredicateFormat().parse(text, bytes: bytes, range: format.content)
            } catch {
                throw XCUITestParseError(.predicate(error), at: error.offset)
            }
        }
        // Escapes or arguments: compile the text as NSPredicate reads it, then point errors back.
        do throws(PredicateFormatParseError) {
            return try PredicateFormat().parse(String(decoding: value, as: UTF8.self), bytes: value, range: 0..<value.count)
        } catch var e {
            let offset = e.offset
            e.offset = offset >= 0 && offset < origins.count ? origins[offset] : format.content.upperBound
            if case .evaluation(var inner) = e.kind {
                inner.offset = e.offset
                inner.selector = text
                e.kind = .evaluation(inner)
            }
            throw XCUITestParseError(.predicate(e), at: e.offset)
        }
    }
}
