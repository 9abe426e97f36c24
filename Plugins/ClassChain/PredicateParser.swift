import SelectorCore

/// Parses the NSPredicate subset inside a class chain's backticks:
///
///     predicate  := or
///     or         := and ('OR' and)*
///     and        := unary ('AND' unary)*
///     unary      := 'NOT' unary | '(' or ')' | comparison
///     comparison := attribute operator value
///     operator   := ('==' | '!=' | 'BEGINSWITH' | 'ENDSWITH' | 'CONTAINS') '[c]'?  |  '<' | '<=' | '>' | '>='
///     value      := "…" | '…' | number | TRUE | FALSE | YES | NO
///
/// Keywords are case-insensitive, as in NSPredicate. Offsets are UTF-8 bytes of the whole selector.
struct PredicateParser {
    let bytes: ArraySlice<UInt8>
    let selector: String
    var position: Int

    /// Parses `bytes` (a slice of the selector's bytes, between the backticks).
    static func parse(_ bytes: ArraySlice<UInt8>, in selector: String) throws(SelectorError) -> Predicate {
        var parser = PredicateParser(bytes: bytes, selector: selector, position: bytes.startIndex)
        parser.skipSpace()
        guard parser.position < bytes.endIndex else { throw .syntax("empty predicate", at: bytes.startIndex, in: selector) }
        let predicate = try parser.parseOr()
        parser.skipSpace()
        guard parser.position == bytes.endIndex else {
            throw .syntax("expected AND, OR or the end of the predicate", at: parser.position, in: selector)
        }
        return predicate
    }

    private mutating func parseOr() throws(SelectorError) -> Predicate {
        var parts = [try parseAnd()]
        while keyword("OR") { parts.append(try parseAnd()) }
        return parts.count == 1 ? parts[0] : .or(parts)
    }

    private mutating func parseAnd() throws(SelectorError) -> Predicate {
        var parts = [try parseUnary()]
        while keyword("AND") { parts.append(try parseUnary()) }
        return parts.count == 1 ? parts[0] : .all(parts)
    }

    private mutating func parseUnary() throws(SelectorError) -> Predicate {
        if keyword("NOT") { return .not(try parseUnary()) }
        skipSpace()
        if peek("(") {
            let open = position
            position += 1
            let inner = try parseOr()
            skipSpace()
            guard peek(")") else { throw error("expected ')' to close the '(' at offset \(open - bytes.startIndex)", at: position) }
            position += 1
            return inner
        }
        return try parseComparison()
    }

    private mutating func parseComparison() throws(SelectorError) -> Predicate {
        skipSpace()
        let start = position
        while position < bytes.endIndex && ChainParser.isClassByte(bytes[position]) { position += 1 }
        guard position > start else { throw error("expected an attribute name", at: start) }
        let attribute = String(decoding: bytes[start..<position], as: UTF8.self)
        skipSpace()
        let operatorStart = position
        guard let op = parseOperator() else {
            throw error("expected an operator (==, !=, BEGINSWITH, ENDSWITH, CONTAINS, <, <=, >, >=)", at: operatorStart)
        }
        var options: StringTest.Options = []
        if consume("[c]") || consume("[C]") { options.insert(.caseInsensitive) }
        skipSpace()
        let valueStart = position
        let value = try parseValue()
        return try Self.comparison(attribute, op, value, options, at: operatorStart, valueAt: valueStart, in: selector)
    }

    enum Value { case string(String), number(Double), bool(Bool) }

    private mutating func parseOperator() -> String? {
        for op in ["==", "!=", "<=", ">=", "<", ">", "="] where consume(op) { return op == "=" ? "==" : op }
        for word in ["BEGINSWITH", "ENDSWITH", "CONTAINS"] where keyword(word) { return word }
        return nil
    }

    private mutating func parseValue() throws(SelectorError) -> Value {
        if let quote = bytes[safe: position], quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            let open = position
            position += 1
            var out: [UInt8] = []
            while position < bytes.endIndex && bytes[position] != quote {
                if bytes[position] == UInt8(ascii: "\\"), position + 1 < bytes.endIndex { position += 1 }
                out.append(bytes[position]); position += 1
            }
            guard position < bytes.endIndex else { throw error("unterminated string", at: open) }
            position += 1
            return .string(String(decoding: out, as: UTF8.self))
        }
        for (word, b) in [("TRUE", true), ("YES", true), ("FALSE", false), ("NO", false)] where keyword(word) { return .bool(b) }
        let start = position
        while position < bytes.endIndex, let b = bytes[safe: position],
              (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: ".") || (b == UInt8(ascii: "-") && position == start) {
            position += 1
        }
        guard position > start, let d = Double(String(decoding: bytes[start..<position], as: UTF8.self)) else {
            throw error("expected a quoted string, a number, TRUE or FALSE", at: start)
        }
        return .number(d)
    }

    /// UIKit names for Appium's attributes; other names are read as view properties.
    static let attributeAliases = ["label": PropertyName.accessibilityLabel, "name": "accessibilityIdentifier",
                                   "identifier": "accessibilityIdentifier", "value": "accessibilityValue"]

    private static func comparison(_ attribute: String, _ op: String, _ value: Value, _ options: StringTest.Options,
                                   at offset: Int, valueAt valueOffset: Int, in selector: String) throws(SelectorError) -> Predicate {
        let property = attributeAliases[attribute] ?? attribute
        switch value {
        case .string(let s):
            if attribute == "type" || attribute == "class" {
                guard op == "==" || op == "!=", options.isEmpty else {
                    throw .syntax("'\(attribute)' takes only == or != with a class name", at: offset, in: selector)
                }
                return op == "==" ? .memberOf(s) : .not(.memberOf(s))
            }
            let operation: StringTest.Operation
            switch op {
            case "==", "!=": operation = .equals
            case "BEGINSWITH": operation = .hasPrefix
            case "ENDSWITH": operation = .hasSuffix
            case "CONTAINS": operation = .contains
            default: throw .syntax("'\(op)' compares numbers, not strings", at: offset, in: selector)
            }
            let test = Predicate.string(property: property, StringTest(operation, s, options: options))
            return op == "!=" ? .not(test) : test
        case .number(let d):
            guard let comparison = Comparison(rawValue: op), options.isEmpty else {
                throw .syntax("'\(op)\(options.isEmpty ? "" : "[c]")' compares strings, not numbers", at: offset, in: selector)
            }
            return .number(property: property, comparison, d)
        case .bool(let b):
            guard op == "==" || op == "!=", options.isEmpty else {
                throw .syntax("TRUE and FALSE take only == or !=", at: valueOffset, in: selector)
            }
            return .bool(property: property, op == "==" ? b : !b)
        }
    }

    // MARK: Scanning

    private mutating func skipSpace() {
        while let b = bytes[safe: position], b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { position += 1 }
    }

    private func peek(_ s: Character) -> Bool { bytes[safe: position] == s.asciiValue }

    private mutating func consume(_ s: String) -> Bool {
        let u = Array(s.utf8)
        guard position + u.count <= bytes.endIndex, Array(bytes[position..<position + u.count]) == u else { return false }
        position += u.count
        return true
    }

    /// A case-insensitive keyword, after optional spaces, not followed by a name byte.
    private mutating func keyword(_ word: String) -> Bool {
        let saved = position
        skipSpace()
        let u = Array(word.utf8)
        guard position + u.count <= bytes.endIndex else { position = saved; return false }
        for (i, c) in u.enumerated() where bytes[position + i] & 0xDF != c { position = saved; return false }
        if let next = bytes[safe: position + u.count], ChainParser.isClassByte(next) { position = saved; return false }
        position += u.count
        return true
    }

    private func error(_ message: String, at offset: Int) -> SelectorError { .syntax(message, at: offset, in: selector) }
}

extension ArraySlice {
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
