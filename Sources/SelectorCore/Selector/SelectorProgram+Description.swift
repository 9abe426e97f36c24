// The printer for compiled programs, in the notation the header of SelectorProgram.swift defines
// (a golden test compiles that header's examples and compares them with this output).

extension SelectorProgram: CustomStringConvertible {
    /// The program in the notation of the `SelectorProgram.swift` header, one line per step.
    public var description: String { ProgramPrinter.lines(self).joined(separator: "\n") }
}

extension Predicate: CustomStringConvertible {
    /// The predicate in the same notation (`kindOf(UIButton) ∧ accessibilityLabel == "OK"`).
    public var description: String { ProgramPrinter.text(self) }
}

/// Prints programs, steps and predicates in the header's notation.
enum ProgramPrinter {
    static func lines(_ program: SelectorProgram) -> [String] {
        // Only the axis name varies in width before the order column, so padding it lines the
        // orders and filters of consecutive axis steps up.
        let axisWidth = program.steps.reduce(0) { width, step in
            guard case let .axis(axis, _, _, _) = step else { return width }
            return max(width, axis.rawValue.count)
        }
        var out = ["start .\(program.start)"]
        for (k, step) in program.steps.enumerated() {
            let number = "\(k + 1)  "
            let stepLines = lines(step, axisWidth: axisWidth)
            out.append(number + stepLines[0])
            let indent = String(repeating: " ", count: number.count)
            out += stepLines.dropFirst().map { indent + $0 }
        }
        return out
    }

    static func lines(_ step: Step, axisWidth: Int) -> [String] {
        switch step {
        case let .axis(axis, order, filter, unique):
            let name = axis.rawValue + String(repeating: " ", count: axisWidth - axis.rawValue.count)
            return ["axis \(name)  \(order.rawValue)  filter \(text(filter))" + (unique ? "  unique" : "")]
        case .filter(let p): return ["filter \(text(p))"]
        case .pick(let n): return ["pick \(n)"]
        case .deduplicate: return ["deduplicate"]
        case .sortInDocumentOrder: return ["sort"]
        case .siblingPosition(let step): return [step.description]
        case .nthDescendant(let step): return [step.description]
        case .axisPosition(let step): return [step.description]
        case .hasDescendant(let step): return [step.description]
        case .engine(let step): return ["engine \(step.description)"]
        case .union(let programs):
            var out = ["union"]
            for member in programs { out += block(member) }
            return out
        case let .relation(relation, program):
            return ["relation \(relation.rawValue)"] + block(program)
        case .deepest: return ["deepest"]
        case .sort(.frameTopLeft): return ["sort by frame (y, x)"]
        case .sort(.trueFirst(let property)): return ["sort by \(property) (true first)"]
        }
    }

    /// A program inside a step (a union member, a relation's references): its lines between
    /// `{ ` and `}`, indented by two.
    private static func block(_ program: SelectorProgram) -> [String] {
        let inner = lines(program)
        return ["{ " + inner[0]] + inner.dropFirst().map { "  " + $0 } + ["}"]
    }

    /// A predicate; `and`/`or` operands that are themselves `and`/`or` get parentheses, as does
    /// the operand of `not` when it is one.
    static func text(_ p: Predicate) -> String {
        switch p {
        case .any: return "any"
        case .none: return "none"
        case .kindOf(let c): return "kindOf(\(c))"
        case .memberOf(let c): return "memberOf(\(c))"
        case let .string(property, test): return "\(property) \(text(test))"
        case let .bool(property, value): return "\(property) == \(value)"
        case let .number(property, cmp, x): return "\(property) \(cmp.rawValue) \(number(x))"
        case .hasProperty(let property): return "has(\(property))"
        case let .custom(name, arguments):
            return arguments.isEmpty ? name : "\(name)(\(arguments.map(\.jsonString).joined(separator: ", ")))"
        case .structural(let condition): return condition.test.description
        case let .bitsSet(property, mask): return "\(property) & \(mask) == \(mask)"
        case .hasAncestor(let q): return "ancestor(\(text(q)))"
        case let .hasRelative(relative, q): return "\(relative.rawValue)(\(text(q)))"
        case .and(let ps): return ps.map(operand).joined(separator: " ∧ ")
        case .or(let ps): return ps.map(operand).joined(separator: " ∨ ")
        case .not(let q): return "¬" + operand(q)
        }
    }

    private static func operand(_ p: Predicate) -> String {
        switch p {
        case .and, .or: return "(\(text(p)))"
        default: return text(p)
        }
    }

    private static func text(_ test: StringTest) -> String {
        let value = SelectorLiteral.quoted(test.value)
        var s: String
        switch test.operation {
        case .equals: s = "== \(value)"
        case .contains: s = "⊇ \(value)"
        case .hasPrefix: s = "^= \(value)"
        case .hasSuffix: s = "$= \(value)"
        case .matcher(let m): s = "~ \(m.description)"
        }
        if test.options.contains(.caseInsensitive) { s += " (case-insensitive)" }
        if test.options.contains(.noBreakSpaceAsSpace) { s += " (U+00A0 read as space)" }
        if test.options.contains(.booleanAsText) { s += " (booleans as text)" }
        return s
    }

    /// Whole numbers without a fractional part, as selectors write them.
    private static func number(_ x: Double) -> String {
        if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        return "\(x)"
    }
}
