public import PredicateFormat
public import SelectorCore

/// A parsed FRY query: the selection program and, when the text ends in one, its check.
///
/// `FRY.lookup(ofKind(UISwitch)).count(2)` parses to the program of
/// `FRY.lookup(ofKind(UISwitch))` and the check `count(2)`; `evaluate` runs both.
public struct FRYQuery: Sendable {
    /// A FRY check: how many results the query must have.
    public enum Check: Sendable, Equatable, CustomStringConvertible {
        /// `.count(n)`: exactly `n`.
        case count(Int)
        /// `.present()`: exactly one, as FRY's `count(1)`.
        case present
        /// `.absent()`: none, as FRY's `count(0)`.
        case absent

        /// The number of results the check wants.
        public var expected: Int {
            switch self {
            case .count(let n): return n
            case .present: return 1
            case .absent: return 0
            }
        }

        public var description: String {
            switch self {
            case .count(let n): return "count(\(n))"
            case .present: return "present()"
            case .absent: return "absent()"
            }
        }
    }

    /// What `check` found.
    public struct CheckResult: Sendable, Equatable, CustomStringConvertible {
        /// Whether the count was the expected one.
        public var passed: Bool
        /// The check and the count found.
        public var message: String
        /// `PASS` or `FAIL: <message>`, as `frankly expect` prints it.
        public var description: String { passed ? "PASS" : "FAIL: \(message)" }
    }

    /// The selection: every lookup, without the check.
    public let program: SelectorProgram
    /// The trailing check, if any.
    public let check: Check?
    /// UTF-8 offset of the check's name in the text (for errors that point at it).
    public let checkOffset: Int?

    /// Parses `selector` (the grammar is in Docs/Engines/FRY.md); string arguments go to `format`.
    public init(parsing selector: String, format: PredicateFormat = PredicateFormat()) throws(SelectorError) {
        var parser = FRYParser(selector: selector, format: format)
        let parsed: ParsedFRY
        do throws(FRYParseError) {
            parsed = try parser.parse()
        } catch {
            throw error.selectorError(in: selector)
        }
        program = FRYCompiler.program(for: parsed.lookups)
        check = parsed.check
        checkOffset = parsed.checkOffset
    }

    /// Runs the selection in `tree` and compares its count with the check (a query without a
    /// check passes when it finds anything, as a plain lookup that FRY waits on would).
    public func evaluate(in tree: ViewTree, matcher: Matcher = Matcher(),
                         predicates: PredicateRegistry = PredicateRegistry()) throws(SelectorError) -> CheckResult {
        let found = try matcher.select(program, in: tree, predicates: predicates).count
        guard let check else {
            return CheckResult(passed: found > 0, message: "expected at least one view, found 0")
        }
        let passed = found == check.expected
        let noun = check.expected == 1 ? "view" : "views"
        return CheckResult(passed: passed,
                           message: passed ? "\(check)" : "\(check): expected \(check.expected) \(noun), found \(found)")
    }
}
