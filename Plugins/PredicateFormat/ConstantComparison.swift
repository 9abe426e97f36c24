import SelectorCore

/// A comparison of two constants (`1 = 1`, `'a' BEGINSWITH 'a'`, `nil == nil`): NSPredicate
/// evaluates it the same for every object, so it selects every view or none. WebDriverAgent's own
/// tests use `1 = 1`; a selector may too.
///
/// Values compare as NSPredicate's operands do: numbers and YES/NO as NSNumbers (YES is 1),
/// strings with the operator's `[c]`/`[d]` folding, nil equal only to nil; a string and a number
/// are never equal, and ordering them is an error (NSString's `compare:` does not take an NSNumber).
enum ConstantComparison {
    typealias Value = FormatParser.Value

    /// Whether `left op right` holds; nil when NSPredicate could not compare the two (the caller
    /// names the operator in its error).
    static func holds(_ left: Value, _ op: String, _ folding: StringFolding, _ right: Value,
                      regexLimits: RegexMatchLimits) throws(SelectorError) -> Bool? {
        switch op {
        case "!=":
            return try holds(left, "==", folding, right, regexLimits: regexLimits).map { !$0 }
        case "IN":
            guard case .list(let items) = right else { return nil }
            for item in items {
                guard let equal = try holds(left, "==", folding, item.value, regexLimits: regexLimits) else { return nil }
                if equal { return true }
            }
            return false
        case "BETWEEN":
            guard case .list(let items) = right, items.count == 2,
                  let low = try holds(left, ">=", folding, items[0].value, regexLimits: regexLimits),
                  let high = try holds(left, "<=", folding, items[1].value, regexLimits: regexLimits) else { return nil }
            return low && high
        default:
            break
        }
        switch (left, right) {
        case (.list, _), (_, .list):
            return nil
        case (.null, .null):
            return ["==", "<=", ">="].contains(op) ? true : (["<", ">"].contains(op) ? false : nil)
        case (.null, _), (_, .null):
            return ["==", "<", "<=", ">", ">="].contains(op) ? false : nil
        case (.string(let a), .string(let b)):
            return try stringHolds(a, op, folding, b, regexLimits: regexLimits)
        case (.string, _), (_, .string):
            return op == "==" ? false : nil
        default:
            guard let x = number(left), let y = number(right), let cmp = Comparison(rawValue: op) else { return nil }
            return cmp.holds(x, y)
        }
    }

    private static func number(_ v: Value) -> Double? {
        switch v {
        case .number(let x): return x
        case .bool(let b): return b ? 1 : 0
        default: return nil
        }
    }

    /// The string operators, by the same evaluators a key path's values go through.
    private static func stringHolds(_ subject: String, _ op: String, _ folding: StringFolding, _ literal: String,
                                    regexLimits: RegexMatchLimits) throws(SelectorError) -> Bool? {
        let evaluator: any StringEvaluator
        if op == "MATCHES" {
            do {
                evaluator = try RegexMatcher(literal, folding: folding, limits: regexLimits).makeEvaluator()
            } catch {
                return nil
            }
        } else {
            guard let operation = FoldedStringMatcher.Operation(rawValue: op) else { return nil }
            evaluator = FoldedStringMatcher(operation, literal, folding: folding).makeEvaluator()
        }
        var bytes = Array(subject.utf8)
        return try bytes.withUnsafeMutableBufferPointer { b throws(SelectorError) in
            try evaluator.matches(UnsafeBufferPointer(b))
        }
    }
}
