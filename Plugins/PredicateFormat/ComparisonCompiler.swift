import SelectorCore

/// Turns one parsed comparison into a core `Predicate`.
///
/// Type rules (Docs/Engines/Predicate.md, "Types"): a string literal matches string values only, a
/// number literal numbers and booleans (as 0 and 1), YES/NO booleans and numbers (non-zero is
/// YES). A view without the property, or with a value of another type, fails every comparison but
/// `!=`, which is `NOT ==` as in NSPredicate (`nil != 'x'` holds).
struct ComparisonCompiler {
    typealias Operand = FormatParser.Operand
    typealias Value = FormatParser.Value

    let format: PredicateFormat

    private func error(_ kind: PredicateFormatParseError.Kind, at offset: Int) -> PredicateFormatParseError {
        PredicateFormatParseError(kind, at: offset)
    }

    func compile(_ left: Operand, at leftOffset: Int, _ op: String, at opOffset: Int, _ folding: StringFolding,
                 _ right: Operand, at rightOffset: Int) throws(PredicateFormatParseError) -> Predicate {
        // A value on the left: flip, so the key path is always on the left.
        switch (left, right) {
        case (.value(let a), .value(let b)):
            if op == "MATCHES", case .string(let pattern) = b {
                _ = try stringTest(op, at: opOffset, folding, pattern, at: rightOffset)   // its error, at its column
            }
            let constant: Bool?
            do {
                constant = try ConstantComparison.holds(a, op, folding, b, regexLimits: format.regexLimits)
            } catch {
                throw self.error(.evaluation(error), at: error.offset ?? opOffset)
            }
            guard let holds = constant else { throw error(.incomparableConstants(op: op), at: opOffset) }
            return holds ? .any : .none
        case (.keyPath, .keyPath), (.keyPath, .selfView), (.selfView, .keyPath), (.selfView, .selfView):
            throw error(.twoKeyPaths, at: rightOffset)
        case (.value(let v), _):
            let flipped: [String: String] = ["==": "==", "!=": "!=", "<": ">", "<=": ">=", ">": "<", ">=": "<="]
            guard let f = flipped[op] else {
                throw error(.keyPathMustBeLeft(op: op), at: opOffset)
            }
            return try compile(right, at: rightOffset, f, at: opOffset, folding, .value(v), at: leftOffset)
        case (.selfView, .value(let v)):
            switch (op, v) {
            case ("==", .null): return .none
            case ("!=", .null): return .any
            default:
                throw error(.selfHasNoValue, at: leftOffset)
            }
        case (.keyPath(let key), .value(let v)):
            return try compile(format.aliases.sources(of: key), op, at: opOffset, folding, v, at: rightOffset)
        }
    }

    private func compile(_ sources: [KeySource], _ op: String, at opOffset: Int, _ folding: StringFolding,
                         _ value: Value, at valueOffset: Int) throws(PredicateFormatParseError) -> Predicate {
        switch op {
        case "!=":
            return FormatParser.negated(try compile(sources, "==", at: opOffset, folding, value, at: valueOffset))
        case "IN":
            guard case .list(let items) = value else {
                throw error(.inNeedsList, at: valueOffset)
            }
            var parts: [Predicate] = []
            for item in items {
                parts.append(try compile(sources, "==", at: opOffset, folding, item.value, at: item.offset))
            }
            return FormatParser.any(parts)
        case "BETWEEN":
            guard case .list(let items) = value, items.count == 2 else {
                throw error(.betweenNeedsPair, at: valueOffset)
            }
            switch (items[0].value, items[1].value) {
            case (.number, .number), (.string, .string):
                return .all([try compile(sources, ">=", at: opOffset, folding, items[0].value, at: items[0].offset),
                             try compile(sources, "<=", at: opOffset, folding, items[1].value, at: items[1].offset)])
            default:
                throw error(.betweenNeedsSameTypes, at: valueOffset)
            }
        default:
            break
        }
        if case .list = value {
            throw error(.listOnlyWithInOrBetween, at: valueOffset)
        }
        if case .null = value {
            switch op {
            case "==": return FormatParser.negated(FormatParser.any(sources.map(Self.has)))
            case "<", ">": return .none
            // NSPredicate: nil <= nil and nil >= nil hold, as nil == nil does.
            case "<=", ">=": return FormatParser.negated(FormatParser.any(sources.map(Self.has)))
            default: throw error(.needsStringNotNil(op: op), at: valueOffset)
            }
        }
        let test = try sourceTest(op, at: opOffset, folding, value, at: valueOffset)
        return Self.firstPresent(sources, test)
    }

    /// The test one source must pass, for a string, number or boolean literal.
    private func sourceTest(_ op: String, at opOffset: Int, _ folding: StringFolding, _ value: Value,
                            at valueOffset: Int) throws(PredicateFormatParseError) -> (KeySource) -> Predicate {
        switch value {
        case .string(let s):
            let stringTest = try self.stringTest(op, at: opOffset, folding, s, at: valueOffset)
            return { source in
                switch source {
                case .property(let p): return .string(property: p, stringTest)
                case .className:
                    // Plain equality is the class table's own exact-name mask; the rest reads the
                    // class names as strings.
                    if case .equals = stringTest.operation, stringTest.options.isEmpty { return .memberOf(s) }
                    return .string(property: "class", stringTest)
                case .negatedBool: return .none
                }
            }
        case .number(let x):
            guard let cmp = Comparison(rawValue: op) else {
                throw error(.needsStringNotNumber(op: op), at: valueOffset)
            }
            return { source in
                switch source {
                case .property(let p): return .number(property: p, cmp, x)
                case .className: return .none
                case .negatedBool(let p): return Self.negatedBool(p, cmp, x)
                }
            }
        case .bool(let b):
            guard let cmp = Comparison(rawValue: op) else {
                throw error(.needsStringNotBool(op: op), at: valueOffset)
            }
            if cmp == .equal {
                return { source in
                    switch source {
                    case .property(let p): return .bool(property: p, b)
                    case .className: return .none
                    case .negatedBool(let p): return .bool(property: p, !b)
                    }
                }
            }
            // YES and NO order as 1 and 0, as NSNumber's do.
            return { source in
                switch source {
                case .property(let p): return .number(property: p, cmp, b ? 1 : 0)
                case .className: return .none
                case .negatedBool(let p): return Self.negatedBool(p, cmp, b ? 1 : 0)
                }
            }
        case .null, .list:
            preconditionFailure("handled by the caller")
        }
    }

    /// The string test for `op` with a string literal: built-in where the core has it, else a matcher.
    private func stringTest(_ op: String, at opOffset: Int, _ folding: StringFolding, _ s: String,
                            at valueOffset: Int) throws(PredicateFormatParseError) -> StringTest {
        let builtin: StringTest.Operation?
        let folded: FoldedStringMatcher.Operation
        switch op {
        case "==": builtin = .equals; folded = .equals
        case "BEGINSWITH": builtin = .hasPrefix; folded = .beginsWith
        case "ENDSWITH": builtin = .hasSuffix; folded = .endsWith
        case "CONTAINS": builtin = .contains; folded = .contains
        case "LIKE": builtin = nil; folded = .like
        case "<": builtin = nil; folded = .less
        case "<=": builtin = nil; folded = .lessOrEqual
        case ">": builtin = nil; folded = .greater
        case ">=": builtin = nil; folded = .greaterOrEqual
        case "MATCHES":
            do {
                return .matcher(try RegexMatcher(s, folding: folding, limits: format.regexLimits))
            } catch {
                throw self.error(.invalidRegex(message: error.message, patternOffset: error.patternOffset), at: valueOffset)
            }
        default:
            throw self.error(.cannotCompareString(op: op), at: opOffset)
        }
        if let builtin, !folding.contains(.diacriticInsensitive) {
            return StringTest(builtin, s, options: folding.contains(.caseInsensitive) ? .caseInsensitive : [])
        }
        return .matcher(FoldedStringMatcher(folded, s, folding: folding))
    }

    /// `p` read as `!p` (0 or 1) compared with `x`, as a test on `p` itself.
    private static func negatedBool(_ p: String, _ cmp: Comparison, _ x: Double) -> Predicate {
        let whenFalse = cmp.holds(1, x)  // p false reads as 1
        let whenTrue = cmp.holds(0, x)
        switch (whenFalse, whenTrue) {
        case (true, true): return .hasProperty(p)
        case (false, false): return .none
        case (true, false): return .bool(property: p, false)
        case (false, true): return .bool(property: p, true)
        }
    }

    static func has(_ source: KeySource) -> Predicate {
        switch source {
        case .property(let p), .negatedBool(let p): return .hasProperty(p)
        case .className: return .any
        }
    }

    /// The first source a view has decides: `t(s1) ∨ (¬has(s1) ∧ (t(s2) ∨ ...))`.
    static func firstPresent(_ sources: [KeySource], _ test: (KeySource) -> Predicate) -> Predicate {
        var result = Predicate.none
        for (k, source) in sources.enumerated().reversed() {
            let t = test(source)
            if k == sources.count - 1 { result = t; continue }
            if result == .none { result = t; continue }
            result = FormatParser.any([t, .all([FormatParser.negated(has(source)), result])])
        }
        return result
    }
}
