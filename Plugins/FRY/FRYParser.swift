import PredicateFormat
import SelectorCore

/// What the parser read: the lookup chain and the optional check.
struct ParsedFRY {
    var lookups: [FRYLookup]
    var check: FRYQuery.Check?
    var checkOffset: Int?
}

/// A recursive-descent reader of FRY's DSL over UTF-8 bytes; nesting is bounded so that 64 KiB
/// of `[` or `(` is an error, not a stack overflow.
struct FRYParser: ByteCursorParser {
    let selector: String
    let bytes: [UInt8]
    let format: PredicateFormat
    var pos = 0
    var depth = 0
    static let maximumNesting = 64

    init(selector: String, format: PredicateFormat) {
        self.selector = selector; self.bytes = Array(selector.utf8); self.format = format
    }

    /// FRY's identifiers: ASCII letters, digits and `_`.
    static func isIdentStart(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F }

    /// The typed error at byte `offset` (the protocol's `error` words its own message).
    func error(_ kind: FRYParseError.Kind, at offset: Int) -> FRYParseError { FRYParseError(kind, at: offset) }

    /// Consumes `c` after any spaces, or throws "expected `what`" at the cursor.
    mutating func expect(_ c: UInt8, _ what: FRYParseErrorKind.Expected) throws(FRYParseError) {
        guard accept(c) else { throw error(.expected(what), at: pos) }
    }

    // MARK: Chain

    mutating func parse() throws(FRYParseError) -> ParsedFRY {
        var lookups: [FRYLookup] = [FRYLookup()]
        var check: FRYQuery.Check?
        var checkOffset: Int?
        skipSpace()
        let save = pos
        if identifier() == "FRY", accept(0x2E) {} else { pos = save }
        var first = true
        while true {
            skipSpace()
            if !first {
                if pos >= bytes.count { break }
                guard accept(0x2E) else { throw error(.textAfterQuery, at: pos) }
                skipSpace()
            }
            let nameAt = pos
            guard let name = identifier() else {
                throw error(.expectedCall, at: pos)
            }
            if let check { throw error(.afterCheck(check), at: nameAt) }
            try expect(0x28, .openParenthesis(after: name))
            let current = lookups.count - 1
            // FRY's blocks set `firstOnly` on the query they are called on before chaining a new
            // one, so the flags below follow FRYQuery.m call by call.
            func add(_ p: Predicate, to lookups: inout [FRYLookup]) {
                if lookups[lookups.count - 1].predicate == nil { lookups[lookups.count - 1].predicate = p }
                else { lookups.append(FRYLookup(predicate: p)) }
            }
            switch name {
            case "lookup":
                let p = try argument()
                try expect(0x29, .closing("lookup"))
                lookups[current].firstOnly = false
                add(p, to: &lookups)
            case "lookupByAccessibilityLabel":
                let label = try stringLiteral(for: name)
                try expect(0x29, .closing("lookupByAccessibilityLabel"))
                lookups[current].firstOnly = true
                // FRY's own is label ∧ not animating ∧ on screen (an earlier FRY: ∧ visible); a
                // recording shows no animation, and the issue asks for visible and on screen.
                add(.all([FRYLabel.matching(label), Self.visible, .structural(StructuralCondition(FRYOnScreen()))]), to: &lookups)
            case "shallow":
                try expect(0x29, .noArguments("shallow"))
                lookups[current].firstOnly = true
            case "count":
                skipSpace()
                let at = pos
                var n = 0
                while pos < bytes.count, bytes[pos] >= 0x30, bytes[pos] <= 0x39, n < 1_000_000_000 {
                    n = n * 10 + Int(bytes[pos] - 0x30); pos += 1
                }
                if pos == at { throw error(.countNeedsNumber, at: at) }
                try expect(0x29, .closing("count"))
                check = .count(n); checkOffset = nameAt
            case "present", "absent":
                try expect(0x29, .noArguments(name))
                check = name == "present" ? .present : .absent; checkOffset = nameAt
            default:
                throw error(.unknownCall(name), at: nameAt)
            }
            first = false
        }
        if lookups[0].predicate == nil {
            throw error(.noLookup, at: 0)
        }
        return ParsedFRY(lookups: lookups, check: check, checkOffset: checkOffset)
    }

    /// FRY's `fry_isVisible`: neither the view nor any superview is hidden or has an alpha of
    /// 0.1 or less (a missing `isHidden` or `alpha` counts as visible).
    static let visible: Predicate = {
        let invisible = Predicate.or([.bool(property: PropertyName.isHidden, true),
                                      .number(property: PropertyName.alpha, .lessOrEqual, 0.1)])
        return .all([.not(invisible), .not(.hasAncestor(invisible))])
    }()

    // MARK: Arguments

    /// A predicate argument: a helper, an NSPredicate format string, or an array of them (AND).
    mutating func argument() throws(FRYParseError) -> Predicate {
        skipSpace()
        guard pos < bytes.count else { throw error(.expectedPredicate, at: pos) }
        depth += 1
        defer { depth -= 1 }
        if depth > Self.maximumNesting { throw error(.nestingTooDeep(limit: Self.maximumNesting), at: pos) }
        switch bytes[pos] {
        case 0x5B: // [
            pos += 1
            var parts: [Predicate] = []
            if accept(0x5D) { return .any }
            repeat { parts.append(try argument()) } while accept(0x2C)
            try expect(0x5D, .arrayContinuation)
            return .all(parts)
        case 0x22, 0x40: // " or @"
            return try formatString()
        default:
            return try helper()
        }
    }

    /// A double-quoted string (ObjC's `@"…"` too) compiled by the shared NSPredicate parser.
    mutating func formatString() throws(FRYParseError) -> Predicate {
        let (text, range, escaped) = try quoted()
        // FRY's own keys (`fry_isVisible`) read what FRY computes, not a recorded property.
        if !escaped {
            do throws(PredicateFormatParseError) {
                return FRYKeys.rewrite(try format.parse(selector, bytes: bytes, range: range))
            } catch {
                throw FRYParseError(.predicate(error), at: error.offset)
            }
        }
        do throws(PredicateFormatParseError) {
            let unescaped = Array(text.utf8)
            return FRYKeys.rewrite(try format.parse(text, bytes: unescaped, range: 0..<unescaped.count))
        } catch var e {
            // Positions inside an unescaped copy are near enough: point at the string.
            e.offset = range.lowerBound
            if case .evaluation(var inner) = e.kind {
                inner.offset = range.lowerBound
                inner.selector = selector
                e.kind = .evaluation(inner)
            }
            throw FRYParseError(.predicate(e), at: range.lowerBound)
        }
    }

    /// A string literal's value, its content's byte range, and whether it had escapes.
    mutating func quoted() throws(FRYParseError) -> (String, Range<Int>, Bool) {
        skipSpace()
        let open = pos
        if pos < bytes.count, bytes[pos] == 0x40 { pos += 1 }
        guard pos < bytes.count, bytes[pos] == 0x22 else { throw error(.expectedString, at: open) }
        pos += 1
        let start = pos
        var out: [UInt8] = []
        var escaped = false
        while pos < bytes.count, bytes[pos] != 0x22 {
            if bytes[pos] == 0x5C {
                escaped = true
                pos += 1
                guard pos < bytes.count else { break }
                switch bytes[pos] {
                case 0x6E: out.append(0x0A)
                case 0x74: out.append(0x09)
                case 0x72: out.append(0x0D)
                default: out.append(bytes[pos])
                }
            } else {
                out.append(bytes[pos])
            }
            pos += 1
        }
        guard pos < bytes.count else { throw error(.unterminatedString, at: open) }
        let range = start..<pos
        pos += 1
        return (String(decoding: out, as: UTF8.self), range, escaped)
    }

    mutating func stringLiteral(for helper: String) throws(FRYParseError) -> String {
        skipSpace()
        guard pos < bytes.count, bytes[pos] == 0x22 || bytes[pos] == 0x40 else {
            throw error(.helperNeedsString(helper: helper), at: pos)
        }
        return try quoted().0
    }

    /// A class argument: `UIButton` or `[UIButton class]`.
    mutating func classArgument(for helper: String) throws(FRYParseError) -> String {
        skipSpace()
        let at = pos
        if accept(0x5B) {
            guard let name = identifier() else { throw error(.helperNeedsClass(helper: helper), at: pos) }
            skipSpace()
            let kw = pos
            guard identifier() == "class" else { throw error(.expectedClassKeyword(className: name), at: kw) }
            try expect(0x5D, .classBracketClose(className: name))
            return name
        }
        guard let name = identifier() else { throw error(.helperNeedsClass(helper: helper), at: at) }
        return name
    }

    mutating func helper() throws(FRYParseError) -> Predicate {
        let at = pos
        guard var name = identifier() else {
            throw error(.expectedHelper, at: pos)
        }
        if name.hasPrefix("FRY_") { name.removeFirst(4) }
        skipSpace()
        let hasParens = accept(0x28)
        func noArguments(_ parser: inout FRYParser) throws(FRYParseError) {
            if hasParens { try parser.expect(0x29, .noArguments(name)) }
        }
        func close(_ parser: inout FRYParser, arity: String) throws(FRYParseError) {
            parser.skipSpace()
            guard parser.accept(0x29) else {
                throw parser.error(parser.pos < parser.bytes.count && parser.bytes[parser.pos] == 0x2C
                    ? .wrongArity(helper: name, arity: arity) : .unclosedHelper(helper: name), at: parser.pos)
            }
        }
        let known: Set<String> = ["ofKind", "accessibilityLabel", "accessibilityValue", "accessibilityIdentifier",
                                  "accessibilityTrait", "atSectionAndRow", "parentViewOfClass", "isVisible", "isOnScreen"]
        guard known.contains(name) else {
            throw error(.unknownHelper(name), at: at)
        }
        if !hasParens && name != "isVisible" && name != "isOnScreen" {
            throw error(.helperNeedsParenthesis(helper: name), at: pos)
        }
        switch name {
        case "ofKind":
            let c = try classArgument(for: name)
            try close(&self, arity: "one class")
            return .kindOf(c)
        case "accessibilityLabel":
            let label = try stringLiteral(for: name)
            let p = FRYLabel.matching(label)
            if accept(0x2C) {
                let value = try stringLiteral(for: name)
                try close(&self, arity: "one or two strings")
                return .all([p, .string(property: "accessibilityValue", .equals(value))])
            }
            try close(&self, arity: "one or two strings")
            return p
        case "accessibilityValue", "accessibilityIdentifier":
            let s = try stringLiteral(for: name)
            try close(&self, arity: "one string")
            return .string(property: name, .equals(s))
        case "accessibilityTrait":
            skipSpace()
            let tAt = pos
            guard let raw = identifier() else { throw error(.traitNeedsName, at: tAt) }
            let trait = raw.hasPrefix("UIAccessibilityTrait") ? String(raw.dropFirst(20)) : raw
            guard FRYTraits.names.contains(trait) else {
                throw error(.unknownTrait(raw), at: tAt)
            }
            try close(&self, arity: "one trait")
            return FRYTraits.predicate(trait)
        case "isVisible":
            try noArguments(&self)
            return Self.visible
        case "isOnScreen":
            try noArguments(&self)
            return .structural(StructuralCondition(FRYOnScreen()))
        case "parentViewOfClass":
            let c = try classArgument(for: name)
            try close(&self, arity: "one class")
            return .hasAncestor(.kindOf(c))
        default: // atSectionAndRow
            let section = try wholeNumber(for: name)
            try expect(0x2C, .sectionRowComma)
            let row = try wholeNumber(for: name)
            try close(&self, arity: "two numbers, a section and a row")
            return .structural(StructuralCondition(FRYIndexPath(section: section, row: row)))
        }
    }

    /// A section or row: a non-negative whole number.
    mutating func wholeNumber(for helper: String) throws(FRYParseError) -> Int {
        skipSpace()
        let start = pos
        while pos < bytes.count, bytes[pos] >= 0x30, bytes[pos] <= 0x39 { pos += 1 }
        guard pos > start else { throw error(.needsSectionAndRow(helper: helper), at: start) }
        guard pos - start <= 9, let n = Int(String(decoding: bytes[start..<pos], as: UTF8.self)) else {
            throw error(.numberTooLarge(helper: helper), at: start)
        }
        return n
    }
}
